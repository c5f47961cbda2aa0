import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeSession, TestProviders } from '../../test/test-app.tsx';
import { useLogin } from './use-login.ts';

vi.mock('../../lib/browser.ts', () => ({ reloadPage: vi.fn() }));
const { reloadPage } = await import('../../lib/browser.ts');

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let login: (id: string, pw: string) => Promise<boolean> = async () => false;
function Capture() {
  login = useLogin();
  return null;
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.mocked(reloadPage).mockReset();
  vi.stubGlobal('fetch', fetchMock);
  localStorage.clear();
  render(
    <TestProviders session={fakeSession('unauthenticated')}>
      <Capture />
    </TestProviders>,
  );
});
/** Lets the fetches settle inside act (React renders the dialogs when act ends), then finds the text. */
async function see(text: string) {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 60));
  });
  return screen.getByText(text);
}

/** Starts a sign-in; `see` then lets it run inside act. */
function run(id: string, pw: string): Promise<boolean> {
  return login(id, pw);
}

describe('the login flow', () => {
  it('warns with msg2030 when the id or the password is empty, without calling the server', async () => {
    void run('', 'secret');
    expect(await see('아이디와 비밀번호를 확인해 주세요.')).toBeTruthy();
    expect(screen.getByRole('alertdialog').className).toContain('dialog--warning');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('signs in with csrf + form-encoded credentials, confirms, remembers the id and reloads', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { csrfToken: 'tok' }));
    fetchMock.mockResolvedValueOnce(json(200, { url: 'http://localhost/' }));
    const done = run(' Demo ', 'demo-pass-2049');
    expect(await see('로그인되었습니다. 환영합니다!')).toBeTruthy();
    const [csrfUrl] = fetchMock.mock.calls[0]!;
    expect(csrfUrl).toBe('/api/auth/csrf');
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(url).toBe('/api/auth/callback/credentials');
    expect(new Headers(init?.headers).get('content-type')).toBe('application/x-www-form-urlencoded');
    const form = new URLSearchParams(String(init?.body));
    expect(Object.fromEntries(form)).toMatchObject({
      csrfToken: 'tok',
      userId: 'demo',
      password: 'demo-pass-2049',
      json: 'true',
    });
    expect(localStorage.getItem('portal.lastUserId')).toBe('demo');
    expect(JSON.stringify(localStorage)).not.toContain('demo-pass-2049');
    await act(async () => screen.getByRole('button', { name: '확인' }).click());
    expect(await done).toBe(true);
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('shows msg2030 as an error when the credentials are refused', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { csrfToken: 'tok' }));
    fetchMock.mockResolvedValueOnce(json(401, { url: '/admin/error?error=CredentialsSignin' }));
    void run('demo', 'wrong-password');
    expect(await see('아이디와 비밀번호를 확인해 주세요.')).toBeTruthy();
    expect(screen.getByRole('alertdialog').className).toContain('dialog--error');
    expect(localStorage.getItem('portal.lastUserId')).toBeNull();
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('shows status.too_many when rate limited', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { csrfToken: 'tok' }));
    fetchMock.mockResolvedValueOnce(json(429, { status: 'too_many' }));
    void run('demo', 'whatever-pass');
    expect(await see('요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.')).toBeTruthy();
  });
});
