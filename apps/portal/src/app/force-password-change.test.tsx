import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UserPage } from '../features/account/user-page.tsx';
import { LocaleContext } from '../i18n/locale-context.ts';
import { fakeServer, renderPage, settle } from '../test/fake-server.tsx';
import { fakeSession, TEST_USER, TestProviders } from '../test/test-app.tsx';
import { ForcePasswordChange } from './force-password-change.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function openAt(path: string, mustChangePassword: boolean) {
  const session = fakeSession('authenticated', { user: { ...TEST_USER, mustChangePassword } });
  const router = createMemoryRouter(
    [
      {
        path: '/deposit',
        element: (
          <ForcePasswordChange page="deposit">
            <p>deposit page</p>
          </ForcePasswordChange>
        ),
      },
      {
        path: '/en/deposit',
        element: (
          <ForcePasswordChange page="deposit">
            <p>deposit page</p>
          </ForcePasswordChange>
        ),
      },
      { path: '/user', element: <p>my page</p> },
      { path: '/en/user', element: <p>my page (en)</p> },
    ],
    { initialEntries: [path] },
  );
  const locale = path.startsWith('/en') ? 'en' : 'ko';
  render(
    <TestProviders session={session} lng={locale}>
      <LocaleContext.Provider value={locale}>
        <RouterProvider router={router} />
      </LocaleContext.Provider>
    </TestProviders>,
  );
  return router;
}

describe('the forced password change', () => {
  it('sends a member whose password was reset to my page, in the page locale', async () => {
    const router = openAt('/deposit', true);
    expect(await screen.findByText('my page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/user');
    cleanup();
    openAt('/en/deposit', true);
    expect(await screen.findByText('my page (en)')).toBeTruthy();
  });

  it('leaves every other member where they are', async () => {
    openAt('/deposit', false);
    expect(await screen.findByText('deposit page')).toBeTruthy();
  });

  it('shows only the password change on my page, and refreshes the session once it is done', async () => {
    const api = fakeServer({ 'change-password': () => ({ status: 'success' }) });
    const { refresh } = renderPage('/user', <UserPage />, {
      user: { ...TEST_USER, mustChangePassword: true },
    });
    await settle();
    expect(screen.getByText('비밀번호를 변경해 주세요')).toBeTruthy();
    expect(screen.queryByRole('form', { name: '환전 비밀번호 변경' })).toBeNull();
    // Nothing else of my page is asked for: the server would refuse it.
    expect(api.calls.map((c) => c.name)).toEqual([]);
    const form = screen.getByRole('form', { name: '비밀번호 변경' });
    fireEvent.change(within(form).getByLabelText('현재 비밀번호'), { target: { value: 'abcd2345ef' } });
    fireEvent.change(within(form).getByLabelText('새 비밀번호'), { target: { value: 'Fresh-Start-2026' } });
    fireEvent.change(within(form).getByLabelText('새 비밀번호 확인'), {
      target: { value: 'Fresh-Start-2026' },
    });
    await act(async () => within(form).getByRole('button', { name: '비밀번호 변경' }).click());
    await settle();
    expect(api.bodiesOf('change-password')).toEqual([
      { password: 'abcd2345ef', newPassword: 'Fresh-Start-2026' },
    ]);
    expect(refresh).toHaveBeenCalled();
  });
});
