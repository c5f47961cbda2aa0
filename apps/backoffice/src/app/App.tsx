import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router';
import { DashboardPage } from '../features/dashboard/DashboardPage.tsx';
import { QueuePage } from '../features/queues/QueuePage.tsx';
import { isApiError } from '../lib/api.ts';
import { MENU } from '../lib/menu.ts';
import { ME_KEY } from './session.ts';
import { NotYetPage, RoleGate, Root } from './Shell.tsx';

/** A 401 anywhere means the session ended: the console goes back to the sign-in. */
function signedOutOn(client: () => QueryClient) {
  return (error: unknown) => {
    if (isApiError(error) && error.status === 'unauthenticated') client().setQueryData(ME_KEY, null);
  };
}

function makeClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: signedOutOn(() => client) }),
    mutationCache: new MutationCache({ onError: signedOutOn(() => client) }),
    defaultOptions: {
      queries: {
        retry: (count, error) => count < 2 && isApiError(error) && error.status === 'network',
        refetchOnWindowFocus: true,
      },
      mutations: { retry: false },
    },
  });
  return client;
}

const queryClient = makeClient();

const router = createBrowserRouter(
  [
    {
      path: '/',
      element: <Root />,
      children: [
        {
          index: true,
          element: (
            <RoleGate id="dashboard">
              <DashboardPage />
            </RoleGate>
          ),
        },
        {
          path: 'deposits',
          element: (
            <RoleGate id="deposits">
              <QueuePage key="deposit" kind="deposit" />
            </RoleGate>
          ),
        },
        {
          path: 'withdrawals',
          element: (
            <RoleGate id="withdrawals">
              <QueuePage key="withdraw" kind="withdraw" />
            </RoleGate>
          ),
        },
        ...MENU.filter((item) => !item.ready).map((item) => ({
          path: item.path.slice(1),
          element: (
            <RoleGate id={item.id}>
              <NotYetPage id={item.id} />
            </RoleGate>
          ),
        })),
        { path: '*', element: <Navigate to="/" replace /> },
      ],
    },
  ],
  { basename: '/backoffice' },
);

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
