import { useState, type ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { TCallResponse } from '@casino/contracts/calls';
import { createQueryClient } from '../../app/providers.tsx';
import { DialogProvider } from '../../components/ui/dialog-provider.tsx';
import { useSession } from '../../lib/session/session-context.ts';
import { SessionProvider } from '../../lib/session/session-provider.tsx';
import { fakeServer, settle, type TRoutes } from '../../test/fake-server.tsx';
import { TEST_USER } from '../../test/test-app.tsx';
import { createTestI18n } from '../../test/test-i18n.ts';

/** What the fake server counts as unread; its health check answers these. */
export interface ServerCounts {
  noteCount: number;
  helpCount: number;
}

function health(counts: ServerCounts): TCallResponse<'user-health-check'> {
  return { status: 'success', ...counts, user: { ...TEST_USER, ...counts } };
}

/** The header's badges as the member sees them: the session's user (merged from the health check). */
function Badges() {
  const { user } = useSession();
  return (
    <p data-testid="badges">
      notes {user?.noteCount ?? '-'} · helps {user?.helpCount ?? '-'}
    </p>
  );
}

/**
 * A community page in the app's own providers, with the real session (its health check answered
 * by the fake server from `counts()`) and the app's query client, so the tests see what the header
 * sees when a note or an answer is read.
 */
export async function renderCommunityPage(
  path: string,
  page: ReactNode,
  routes: TRoutes,
  counts: () => ServerCounts,
  /** The URL the page opens at (a query such as `?id=3` on `path`); default `path`. */
  url: string = path,
) {
  const api = fakeServer({ 'user-health-check': () => health(counts()), ...routes });
  const client = createQueryClient();
  function App() {
    const [i18n] = useState(() => createTestI18n('ko'));
    const [router] = useState(() =>
      createMemoryRouter(
        [
          {
            path,
            element: (
              <>
                <Badges />
                {page}
              </>
            ),
          },
        ],
        { initialEntries: [url] },
      ),
    );
    return (
      <QueryClientProvider client={client}>
        <I18nextProvider i18n={i18n}>
          <DialogProvider>
            <SessionProvider>
              <RouterProvider router={router} />
            </SessionProvider>
          </DialogProvider>
        </I18nextProvider>
      </QueryClientProvider>
    );
  }
  render(<App />);
  await settle();
  return { api, client: client as QueryClient };
}
