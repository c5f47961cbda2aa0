import { useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import type { TUser } from '@casino/contracts/members';
import { DialogProvider } from '../components/ui/dialog-provider.tsx';
import { SessionContext, type SessionValue } from '../lib/session/session-context.ts';
import type { TSessionStatus } from '../lib/session/session-state.ts';
import { createTestI18n } from './test-i18n.ts';

export const TEST_USER: TUser = {
  userId: 'gildong7',
  nick: '길동',
  phone: '01012345678',
  rolling: 12_500,
  balance: 1_250_000,
  in_balance: 0,
  bankname: '004',
  bankOwner: '홍길동',
  banknum: '123456789012',
  level: 1,
  noteCount: 0,
  helpCount: 0,
};

export function fakeSession(status: TSessionStatus, overrides: Partial<SessionValue> = {}): SessionValue {
  return {
    status,
    user: status === 'authenticated' ? TEST_USER : null,
    isLoggedOut: status === 'unauthenticated',
    health: null,
    refresh: async () => {},
    ...overrides,
  };
}

/** Providers of the app with a session the test controls (no health check runs). */
export function TestProviders({
  session,
  children,
  lng = 'ko',
}: {
  session: SessionValue;
  children: ReactNode;
  lng?: string;
}) {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  const [i18n] = useState(() => createTestI18n(lng));
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <DialogProvider>
          <SessionContext.Provider value={session}>{children}</SessionContext.Provider>
        </DialogProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
