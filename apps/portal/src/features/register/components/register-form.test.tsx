import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  closeDialog,
  fakeServer,
  invalid,
  renderPage,
  settle,
  type TRoutes,
} from '../../../test/fake-server.tsx';
import { LocaleContext } from '../../../i18n/locale-context.ts';
import { fakeSession, TestProviders } from '../../../test/test-app.tsx';
import { RegisterForm } from './register-form.tsx';

vi.mock('../../../lib/browser.ts', () => ({ reloadPage: vi.fn() }));
const { reloadPage } = await import('../../../lib/browser.ts');

beforeEach(() => {
  vi.mocked(reloadPage).mockReset();
  localStorage.clear();
});

type TSignIn = 'ok' | 'AccessDenied' | 'CredentialsSignin' | 'network';

/**
 * The credentials sign-in beside the fake API (`/api/auth/csrf`, then the form-encoded
 * `/api/auth/callback/credentials`), answering as `outcome` says; records the forms it received.
 */
function authServer(outcome: TSignIn) {
  const calls = globalThis.fetch;
  const signIns: Array<Record<string, string>> = [];
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const url = String(input);
      if (url === '/api/auth/csrf') return json(200, { csrfToken: 'tok' });
      if (url === '/api/auth/callback/credentials') {
        signIns.push(Object.fromEntries(new URLSearchParams(String(init?.body))));
        if (outcome === 'network') throw new TypeError('Failed to fetch');
        if (outcome === 'ok') return json(200, { url: 'http://localhost/' });
        return json(401, { url: `/admin/error?error=${outcome}` });
      }
      return calls(input, init);
    }),
  );
  return { signIns };
}

function server(overrides: TRoutes = {}) {
  return fakeServer({
    'get-banks': () => ({
      status: 'success',
      banks: [{ code: '004', nameKo: '국민은행', nameEn: 'KB Kookmin Bank' }],
    }),
    'get-reg-domain': () => ({ status: 'success', code: 'DEMO', domain: 'localhost' }),
    'check-user-id': () => ({ status: 'success' }),
    'check-user-nick': () => ({ status: 'success' }),
    'user-register': () => ({ status: 'success' }),
    ...overrides,
  });
}

async function open(overrides: TRoutes = {}) {
  const api = server(overrides);
  const { router } = renderPage('/register', <RegisterForm />);
  await settle();
  return { ...api, router };
}

const input = (name: string) =>
  document.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${name}"]`)!;
const messageOf = (name: string) =>
  document.getElementById(input(name).getAttribute('aria-describedby')!.split(' ').at(-1)!)!.textContent;
const type = (name: string, value: string) =>
  act(async () => fireEvent.change(input(name), { target: { value } }));
const leave = (name: string) => act(async () => fireEvent.blur(input(name)));
const topDialogText = () =>
  [...document.querySelectorAll('[role="dialog"], [role="alertdialog"]')].at(-1)?.textContent ?? '';
const submit = () => act(async () => screen.getByRole('button', { name: '가입하기' }).click());

async function fillValid() {
  await type('userId', 'newmember1');
  await type('password', 'Password123');
  await type('passwordConfirm', 'Password123');
  await type('nick', '새회원');
  await type('phone', '01012345678');
  await act(async () => fireEvent.change(input('bankname'), { target: { value: '004' } }));
  await type('bankOwner', '홍길동');
  await type('banknum', '12345678901');
  await type('exchangePassword', '1234');
  await act(async () => (input('agree18') as HTMLInputElement).click());
}

describe('the registration form', () => {
  it('shows a field error once the field was left, and the code comes pre-filled', async () => {
    await open();
    expect(input('code').value).toBe('DEMO');
    await type('userId', 'ab');
    expect(input('userId').getAttribute('aria-invalid')).toBeNull();
    await leave('userId');
    expect(input('userId').getAttribute('aria-invalid')).toBe('true');
    expect(messageOf('userId')).toBe('아이디는 4~16자로 입력해 주세요.');
    // Once left, it is checked as it changes.
    await type('userId', 'abcd1');
    expect(input('userId').getAttribute('aria-invalid')).toBeNull();
  });

  it('the confirmation follows the password once it was checked', async () => {
    await open();
    await type('password', 'Password123');
    await type('passwordConfirm', 'Password123');
    await leave('passwordConfirm');
    expect(input('passwordConfirm').getAttribute('aria-invalid')).toBeNull();
    await type('password', 'Password1234');
    expect(messageOf('passwordConfirm')).toBe('비밀번호가 일치하지 않습니다.');
  });

  it('an empty submit marks every field, says so, focuses the id and sends nothing', async () => {
    const api = await open();
    await submit();
    await settle();
    expect(screen.getByText('표시된 항목을 확인해 주세요.')).toBeTruthy();
    expect(input('userId').getAttribute('aria-invalid')).toBe('true');
    expect(input('agree18').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(input('userId'));
    expect(api.countOf('user-register')).toBe(0);
  });

  it('sends the request without the confirmation, then signs the new member in and loads home', async () => {
    const api = await open();
    const auth = authServer('ok');
    await fillValid();
    await submit();
    await settle();
    expect(api.bodiesOf('user-register')).toEqual([
      {
        userId: 'newmember1',
        password: 'Password123',
        nick: '새회원',
        phone: '01012345678',
        bankname: '004',
        bankOwner: '홍길동',
        banknum: '12345678901',
        exchangePassword: '1234',
        code: 'DEMO',
        agree18: true,
      },
    ]);
    // The credentials sign-in of the login forms, with the id and password just registered.
    expect(auth.signIns).toEqual([
      expect.objectContaining({
        csrfToken: 'tok',
        userId: 'newmember1',
        password: 'Password123',
        json: 'true',
      }),
    ]);
    expect(screen.getByRole('dialog').textContent).toContain('회원가입이 완료되었습니다');
    expect(reloadPage).not.toHaveBeenCalled();
    await closeDialog();
    expect(reloadPage).toHaveBeenCalledWith('/user/responsible?welcome=1');
    expect(localStorage.getItem('portal.lastUserId')).toBe('newmember1');
    expect(JSON.stringify(localStorage)).not.toContain('Password123');
  });

  it('after the registration the availability checks stop: the fields never turn "already in use"', async () => {
    let isRegistered = false;
    const taken = () => ({ status: isRegistered ? ('alread_have_user' as const) : ('success' as const) });
    const api = await open({
      'check-user-id': taken,
      'check-user-nick': taken,
      'user-register': () => {
        isRegistered = true;
        return { status: 'success' };
      },
    });
    authServer('ok');
    await fillValid();
    await settle(500);
    await settle();
    expect(messageOf('userId')).toBe('사용할 수 있는 아이디입니다.');
    const checks = api.countOf('check-user-id') + api.countOf('check-user-nick');
    expect(checks).toBeGreaterThan(0);
    await submit();
    await settle(500);
    await settle();
    expect(api.countOf('check-user-id') + api.countOf('check-user-nick')).toBe(checks);
    expect(document.body.textContent).not.toContain('이미 사용 중인');
    expect(input('userId').getAttribute('aria-invalid')).toBeNull();
    expect(input('nick').getAttribute('aria-invalid')).toBeNull();
    expect(document.querySelector<HTMLButtonElement>('button[type="submit"]')!.disabled).toBe(true);
  });

  it('a new member waiting for approval is told so and goes home, signed out', async () => {
    server();
    const router = createMemoryRouter(
      [
        { path: '/register', element: <RegisterForm /> },
        { path: '/', element: <p>home page</p> },
      ],
      { initialEntries: ['/register'] },
    );
    render(
      <TestProviders session={fakeSession('unauthenticated')}>
        <LocaleContext.Provider value="ko">
          <RouterProvider router={router} />
        </LocaleContext.Provider>
      </TestProviders>,
    );
    await settle();
    authServer('AccessDenied');
    await fillValid();
    await submit();
    await settle();
    expect(topDialogText()).toContain('운영자의 승인 후 로그인할 수 있습니다');
    await closeDialog();
    expect(reloadPage).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByText('home page')).toBeTruthy();
  });

  it('when the sign-in fails, the new member is sent to sign in with the id filled in', async () => {
    const api = await open();
    authServer('network');
    await fillValid();
    await submit();
    await settle();
    expect(topDialogText()).toContain('자동으로 로그인하지 못했습니다');
    await closeDialog();
    expect(reloadPage).not.toHaveBeenCalled();
    expect(api.router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('portal.lastUserId')).toBe('newmember1');
  });

  it('a 400 shows at its field', async () => {
    await open({ 'user-register': () => invalid('phone', 'pattern') });
    await fillValid();
    await submit();
    await settle();
    expect(input('phone').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('표시된 항목을 확인해 주세요.')).toBeTruthy();
  });

  it('sends the recommender when one is typed, and says at its field when no member has that id', async () => {
    const api = await open({
      'user-register': (body) =>
        body.recommender === 'nobody9' ? invalid('recommender', 'pattern') : { status: 'success' },
    });
    authServer('ok');
    // Optional: the empty field is not required and not sent.
    expect(input('recommender').required).toBe(false);
    await fillValid();
    await type('recommender', 'nobody9');
    await submit();
    await settle();
    expect(api.bodiesOf('user-register')[0]).toMatchObject({ recommender: 'nobody9' });
    expect(input('recommender').getAttribute('aria-invalid')).toBe('true');
    expect(messageOf('recommender')).toBe(
      '추천인 아이디를 확인해 주세요. 가입된 회원의 아이디만 입력할 수 있습니다.',
    );
    await type('recommender', 'friend01');
    await submit();
    await settle();
    expect(api.bodiesOf('user-register')[1]).toMatchObject({ recommender: 'friend01' });
    expect(screen.getByRole('dialog').textContent).toContain('회원가입이 완료되었습니다');
  });

  it("a recommender's link pre-fills the recommender", async () => {
    const { router } = await open();
    expect(input('recommender').value).toBe('');
    await act(async () => router.navigate('/register?recommender=Friend01'));
    await settle();
    expect(input('recommender').value).toBe('Friend01');
  });

  it('alread with a field: says so in a dialog and marks that field', async () => {
    await open({ 'user-register': () => ({ status: 'alread', field: 'banknum' }) });
    await fillValid();
    await submit();
    await settle();
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    expect(input('banknum').getAttribute('aria-invalid')).toBe('true');
    await closeDialog();
    await settle();
    expect(document.activeElement).toBe(input('banknum'));
  });
});
