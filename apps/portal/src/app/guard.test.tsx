import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { fakeSession, TestProviders } from '../test/test-app.tsx';
import type { TSessionStatus } from '../lib/session/session-state.ts';
import { guardDecision } from './guard.ts';
import { createRoutes } from './routes.tsx';

const LOGIN_REQUIRED = '로그인이 필요한 서비스입니다. 로그인 후 이용해 주세요.';

function renderApp(path: string, status: TSessionStatus) {
  const router = createMemoryRouter(createRoutes(), { initialEntries: [path] });
  render(
    <TestProviders session={fakeSession(status)}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return router;
}

describe('guardDecision', () => {
  it('lets everyone open public pages', () => {
    for (const status of ['loading', 'unauthenticated', 'authenticated'] as const) {
      for (const page of ['home', 'login', 'register', 'adminError', 'game', 'notice'] as const)
        expect(guardDecision(page, status)).toBe('allow');
    }
  });

  it('blocks guests from the member pages, waits while the session loads', () => {
    for (const page of ['deposit', 'withdraw', 'note', 'comp', 'user', 'help'] as const) {
      expect(guardDecision(page, 'unauthenticated')).toBe('block');
      expect(guardDecision(page, 'loading')).toBe('wait');
      expect(guardDecision(page, 'authenticated')).toBe('allow');
    }
  });
});

describe('the member guard in the app', () => {
  it('a guest opening /deposit by URL gets msg2001 and lands on the home page', async () => {
    const router = renderApp('/deposit', 'unauthenticated');
    expect(await screen.findByText(LOGIN_REQUIRED)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('keeps the locale when it sends a guest home', async () => {
    const router = renderApp('/en/note', 'unauthenticated');
    await waitFor(() => expect(router.state.location.pathname).toBe('/en'));
  });

  it('a guest clicking a member menu entry gets msg2001 and stays on the page', async () => {
    const router = renderApp('/register', 'unauthenticated');
    const link = (await screen.findAllByRole('link', { name: '환전' }))[0]!;
    await act(async () => link.click());
    expect(screen.getByText(LOGIN_REQUIRED)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/register');
  });

  it('a member goes through, and the entry is marked current', async () => {
    const router = renderApp('/', 'authenticated');
    const link = (await screen.findAllByRole('link', { name: '환전' }))[0]!;
    await act(async () => link.click());
    await waitFor(() => expect(router.state.location.pathname).toBe('/withdraw'));
    expect(screen.queryByText(LOGIN_REQUIRED)).toBeNull();
    await waitFor(() =>
      expect(screen.getAllByRole('link', { name: '환전' })[0]!.getAttribute('aria-current')).toBe('page'),
    );
    expect(await screen.findByRole('heading', { level: 1, name: '환전' })).toBeTruthy();
  });

  it('shows no member page while the session is still loading', async () => {
    const router = renderApp('/comp', 'loading');
    await act(async () => {});
    expect(screen.queryByRole('heading', { level: 1, name: '콤프' })).toBeNull();
    expect(screen.queryByText(LOGIN_REQUIRED)).toBeNull();
    expect(router.state.location.pathname).toBe('/comp');
  });
});
