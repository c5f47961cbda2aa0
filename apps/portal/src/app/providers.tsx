import { Suspense, useEffect, type ReactNode } from 'react';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { DialogProvider } from '../components/ui/dialog-provider.tsx';
import { isRequirementStatus } from '../lib/session/requirements.ts';
import { userHealthCheckKey } from '../lib/session/api/user-health-check.ts';
import { SessionProvider } from '../lib/session/session-provider.tsx';
import { isApiError } from '../lib/api.ts';
import { siteStatusKeyPrefix } from '../lib/site/get-site-status.ts';
import { sportSettingQueryOptions } from '../lib/site/get-sport-setting.ts';
import type { TGetSiteStatusResponse } from '@casino/contracts/site';
import { BootShell } from './boot-shell.tsx';

/**
 * A call answered 503 `maintenance`: the site went into maintenance since the portal last asked.
 * The site status is read again (the maintenance gate then shows the maintenance page), unless it
 * already says so (the calls that keep failing during the maintenance ask nothing more).
 */
function onMaintenance(client: QueryClient): void {
  const known = client.getQueriesData<TGetSiteStatusResponse>({ queryKey: siteStatusKeyPrefix });
  if (known.some(([, data]) => data?.maintenance.enabled)) return;
  void client.invalidateQueries({ queryKey: siteStatusKeyPrefix });
}

/**
 * Whether a failed call means the session changed: a 401 (it ended), or a 403 saying something must
 * be done first (a password change, newer terms to accept) that the portal may not know of yet.
 */
function changesSession(error: unknown): boolean {
  return isApiError(error) && (error.status === 'unauthenticated' || isRequirementStatus(error.status));
}

/**
 * Any member call answered 401, or 403 because something must be done first, means the session
 * changed: the health check runs again at once; its own 401 moves the session to `unauthenticated`
 * (which sends guarded pages home), its `requires` shows what to do. Any call answered 503
 * `maintenance` means the site is closed (`onMaintenance`).
 */
export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (isApiError(error) && error.status === 'maintenance') onMaintenance(client);
        if (changesSession(error) && query.queryKey[0] !== userHealthCheckKey[0])
          void client.invalidateQueries({ queryKey: userHealthCheckKey });
      },
    }),
    mutationCache: new MutationCache({
      onError: (error) => {
        if (isApiError(error) && error.status === 'maintenance') onMaintenance(client);
        if (changesSession(error)) void client.invalidateQueries({ queryKey: userHealthCheckKey });
      },
    }),
    defaultOptions: {
      queries: { staleTime: 30_000, retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  return client;
}

/**
 * Query client, translations, dialogs and the session, outside the router. At start it also reads
 * the sports settings, which the specification fetches without a screen (lib/site/get-sport-setting.ts).
 */
export function AppProviders({
  i18n,
  queryClient,
  children,
}: {
  i18n: I18n;
  queryClient: QueryClient;
  children: ReactNode;
}) {
  useEffect(() => {
    void queryClient.prefetchQuery(sportSettingQueryOptions());
  }, [queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <Suspense fallback={<BootShell />}>
          <DialogProvider>
            <SessionProvider>{children}</SessionProvider>
          </DialogProvider>
        </Suspense>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
