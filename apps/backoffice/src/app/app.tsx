import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router';
import { isApiError } from '../lib/api.ts';
import { MENU } from '../lib/menu.ts';
import { ME_KEY } from './session.ts';
import { SCREENS } from './screens.tsx';
import { NotYetPage, RoleGate, Root } from './shell.tsx';

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
        ...MENU.map((item) => {
          const screen = <RoleGate id={item.id}>{SCREENS[item.id] ?? <NotYetPage id={item.id} />}</RoleGate>;
          return item.path === '/'
            ? { index: true, element: screen }
            : { path: `${item.path.slice(1)}/*`, element: screen };
        }),
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
