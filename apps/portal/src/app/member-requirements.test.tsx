import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { TUser } from '@casino/contracts/members';
import type { TGetLegalDocumentResponse } from '@casino/contracts/site';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UserPage } from '../features/account/user-page.tsx';
import { LocaleContext } from '../i18n/locale-context.ts';
import { closeDialog, fakeServer, HttpAnswer, renderPage, settle } from '../test/fake-server.tsx';
import { fakeSession, TEST_USER, TestProviders } from '../test/test-app.tsx';
import { MemberRequirements } from './member-requirements.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function openAt(path: string, mustChangePassword: boolean) {
  return openWith(path, { ...TEST_USER, mustChangePassword });
}

function openWith(path: string, user: TUser, refresh: () => Promise<void> = async () => {}) {
  const session = fakeSession('authenticated', { user, refresh });
  const router = createMemoryRouter(
    [
      {
        path: '/deposit',
        element: (
          <MemberRequirements page="deposit">
            <p>deposit page</p>
          </MemberRequirements>
        ),
      },
      {
        path: '/en/deposit',
        element: (
          <MemberRequirements page="deposit">
            <p>deposit page</p>
          </MemberRequirements>
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

const terms = (
  version: number,
  body = '<h2>제1조</h2><p>개정된 약관 본문</p>',
): TGetLegalDocumentResponse => ({
  status: 'success',
  document: {
    kind: 'terms',
    version,
    locale: 'ko',
    title: '이용약관',
    body,
    publishedAt: '2025-03-09T16:30:00.000Z',
  },
});
const privacy = (version: number): TGetLegalDocumentResponse => ({
  status: 'success',
  document: {
    kind: 'privacy',
    version,
    locale: 'ko',
    title: '개인정보 처리방침',
    body: '<p>새 처리방침 본문</p>',
    publishedAt: '2025-03-09T16:30:00.000Z',
  },
});

/** A member asked to accept newer texts (what the health check says after a publication). */
const pendingUser = (termsToAccept: NonNullable<TUser['termsToAccept']>): TUser => ({
  ...TEST_USER,
  mustChangePassword: false,
  requires: ['accept_terms'],
  termsToAccept,
});

function dialog() {
  return screen.getByRole('dialog', { name: '약관이 변경되었습니다' });
}

describe('newer terms to accept', () => {
  it('keep the member on the page under a dialog with the new text, and record the acceptance of the versions shown', async () => {
    const api = fakeServer({
      'get-legal-document': (body) => (body.kind === 'terms' ? terms(3) : privacy(5)),
      'accept-terms': () => ({ status: 'success' }),
    });
    const refresh = vi.fn(async () => {});
    openWith(
      '/deposit',
      pendingUser([
        { kind: 'terms', version: 3 },
        { kind: 'privacy', version: 5 },
      ]),
      refresh,
    );
    expect(await screen.findByRole('dialog', { name: '약관이 변경되었습니다' })).toBeTruthy();
    await settle();
    // The page is still there, under the dialog.
    expect(screen.getByText('deposit page')).toBeTruthy();
    const box = dialog();
    expect(within(box).getByRole('heading', { name: '이용약관' })).toBeTruthy();
    const texts = [...box.querySelectorAll('.legal__body')].map((body) => body.textContent);
    expect(texts).toEqual([
      expect.stringContaining('개정된 약관 본문'),
      expect.stringContaining('새 처리방침 본문'),
    ]);
    expect(within(box).getByText('버전 3')).toBeTruthy();
    expect(within(box).getByText('버전 5')).toBeTruthy();
    const agree = within(box).getByRole('checkbox', {
      name: '이용약관(버전 3) 및 개인정보 처리방침(버전 5)의 내용을 읽었으며 이에 동의합니다.',
    });

    // Not ticked: the form says so and nothing is sent.
    await act(async () => within(box).getByRole('button', { name: '동의하고 계속하기' }).click());
    await settle();
    expect(within(box).getByText('내용을 확인한 후 동의란에 체크해 주세요.')).toBeTruthy();
    expect(api.countOf('accept-terms')).toBe(0);

    await act(async () => fireEvent.click(agree));
    await act(async () => within(box).getByRole('button', { name: '동의하고 계속하기' }).click());
    await settle();
    expect(api.bodiesOf('accept-terms')).toEqual([{ terms: 3, privacy: 5 }]);
    expect(refresh).toHaveBeenCalled();
  });

  it('wait for the version asked for instead of showing an older copy', async () => {
    fakeServer({ 'get-legal-document': () => terms(2, '<p>예전 본문</p>') });
    openWith('/deposit', pendingUser([{ kind: 'terms', version: 3 }]));
    expect(await screen.findByRole('dialog', { name: '약관이 변경되었습니다' })).toBeTruthy();
    await settle();
    expect(screen.queryByText('예전 본문')).toBeNull();
    expect(within(dialog()).getByLabelText('문서를 불러오는 중')).toBeTruthy();
  });

  it('say so when a newer version came out meanwhile, and check the session again', async () => {
    fakeServer({
      'get-legal-document': () => terms(3),
      'accept-terms': () => ({ status: 'fail' }),
    });
    const refresh = vi.fn(async () => {});
    openWith('/deposit', pendingUser([{ kind: 'terms', version: 3 }]), refresh);
    await screen.findByRole('dialog', { name: '약관이 변경되었습니다' });
    await settle();
    await act(async () => fireEvent.click(within(dialog()).getByRole('checkbox')));
    await act(async () => within(dialog()).getByRole('button', { name: '동의하고 계속하기' }).click());
    await settle();
    expect(
      screen.getByText('방금 더 새로운 버전이 게시되었습니다. 새 내용을 읽고 다시 동의해 주세요.'),
    ).toBeTruthy();
    expect(refresh).toHaveBeenCalled();
  });

  it('let the member sign out instead (the usual confirmation first), or see an error the server gave', async () => {
    fakeServer({
      'get-legal-document': () => terms(3),
      'accept-terms': () => new HttpAnswer(429, { status: 'too_many' }),
    });
    openWith('/deposit', pendingUser([{ kind: 'terms', version: 3 }]));
    await screen.findByRole('dialog', { name: '약관이 변경되었습니다' });
    await settle();
    await act(async () => fireEvent.click(within(dialog()).getByRole('checkbox')));
    await act(async () => within(dialog()).getByRole('button', { name: '동의하고 계속하기' }).click());
    await settle();
    expect(screen.getByRole('alertdialog', { name: '오류' })).toBeTruthy();
    await closeDialog();
    await act(async () => within(dialog()).getByRole('button', { name: '로그아웃' }).click());
    await settle();
    expect(screen.getByRole('alertdialog', { name: '확인해 주세요' })).toBeTruthy();
  });

  it('come after a forced password change (the first requirement decides)', async () => {
    fakeServer({ 'get-legal-document': () => terms(3) });
    openWith('/deposit', {
      ...pendingUser([{ kind: 'terms', version: 3 }]),
      mustChangePassword: true,
      requires: ['change_password', 'accept_terms'],
    });
    expect(await screen.findByText('my page')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
