import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LoginPage } from './login-page.tsx';
import { setUpConsoleTests, renderConsole, fakeFetch } from '../../test/console.tsx';

/** A sign-in route answering the scripted bodies in order; the bodies sent are kept. */
function fakeServer(answers: { status: number; body: unknown }[]) {
  const sent: unknown[] = [];
  fakeFetch(async (url: string, init: RequestInit) => {
    if (url !== '/api/backoffice/login') throw new Error(`unexpected ${init.method} ${url}`);
    sent.push(JSON.parse(init.body as string));
    const next = answers.shift()!;
    return Response.json(next.body, { status: next.status });
  });
  return sent;
}

function renderLogin() {
  renderConsole(<LoginPage />, { path: null });
}

setUpConsoleTests();

describe('operator sign-in on the form layer', () => {
  it('asks for the code after the password, checks its format at its field, and sends it', async () => {
    const sent = fakeServer([
      { status: 200, body: { status: 'totp_required' } },
      { status: 200, body: { status: 'fail' } },
    ]);
    renderLogin();
    const submit = screen.getByRole('button', { name: 'Sign in' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Operator ID'), { target: { value: 'desk1' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'my-password-1' } });
    await act(async () => submit.click());
    const code = (await screen.findByLabelText('Authenticator code')) as HTMLInputElement;
    await act(async () => submit.click());
    expect(await screen.findByText('Enter the 6-digit code.')).toBeTruthy();
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(sent).toHaveLength(1);
    fireEvent.change(code, { target: { value: '12a3456' } });
    expect(code.value).toBe('123456');
    expect(code.getAttribute('aria-invalid')).toBeNull();
    await act(async () => submit.click());
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent).toEqual([
      { operatorId: 'desk1', password: 'my-password-1' },
      { operatorId: 'desk1', password: 'my-password-1', totp: '123456' },
    ]);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The operator ID, password or code is wrong.',
    );
  });

  it('says how long to wait after too many tries', async () => {
    fakeServer([{ status: 429, body: { status: 'too_many' } }]);
    renderLogin();
    fireEvent.change(screen.getByLabelText('Operator ID'), { target: { value: 'desk1' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'my-password-1' } });
    await act(async () => screen.getByRole('button', { name: 'Sign in' }).click());
    expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts. Try again later.');
  });
});
