import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TAccountResponse } from '@casino/contracts/backoffice-operators';
import { AccountPage, deviceOf } from './account-page.tsx';
import { setUpConsoleTests, renderConsole, fakeFetch } from '../../test/console.tsx';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

interface Sent {
  url: string;
  body: unknown;
}

/**
 * A back office for My account: the account (changed by the answers), two sessions, and one
 * scripted answer per POST URL (in order).
 */
function fakeServer(account: Partial<TAccountResponse['account']>, answers: Record<string, unknown[]>) {
  const state: TAccountResponse['account'] = {
    operatorId: 'desk1',
    role: 'cashier',
    hasTotp: false,
    totpPending: false,
    ownerTotpRequired: false,
    mustChangePassword: false,
    lastLoginDate: '2026-11-24T01:00:00.000Z',
    ...account,
  };
  const sent: Sent[] = [];
  fakeFetch(async (url: string, init: RequestInit) => {
    if (init.method === 'GET') {
      if (url === '/api/backoffice/account') return Response.json({ status: 'success', account: state });
      if (url === '/api/backoffice/sessions')
        return Response.json({
          status: 'success',
          list: [
            {
              id: 2,
              current: true,
              ip: '203.0.113.5',
              userAgent: CHROME_WINDOWS,
              regDate: '2026-11-24T01:00:00.000Z',
              lastSeenDate: '2026-11-24T02:00:00.000Z',
            },
            {
              id: 1,
              current: false,
              ip: '198.51.100.7',
              userAgent: null,
              regDate: '2026-11-23T01:00:00.000Z',
              lastSeenDate: '2026-11-23T02:00:00.000Z',
            },
          ],
        });
      throw new Error(`unexpected GET ${url}`);
    }
    sent.push({ url, body: init.body ? JSON.parse(init.body as string) : undefined });
    const next = answers[url]?.shift() as { status: string } | undefined;
    if (!next) throw new Error(`unexpected POST ${url}`);
    if (url.endsWith('/totp/confirm') && next.status === 'success') state.hasTotp = true;
    if (url.endsWith('/totp/disable') && next.status === 'success') state.hasTotp = false;
    if (url.endsWith('/account/password') && next.status === 'success') state.mustChangePassword = false;
    return Response.json(next);
  });
  return sent;
}

function renderAccount() {
  renderConsole(<AccountPage />);
}

setUpConsoleTests();

describe('two-factor enrolment', () => {
  it('shows a QR code and the key, refuses a wrong code and turns on with a right one', async () => {
    const sent = fakeServer(
      {},
      {
        '/api/backoffice/account/totp/start': [
          {
            status: 'success',
            secret: SECRET,
            otpauthUrl: `otpauth://totp/casino-backoffice%3Adesk1?secret=${SECRET}`,
          },
        ],
        '/api/backoffice/account/totp/confirm': [{ status: 'fail' }, { status: 'success' }],
      },
    );
    renderAccount();
    fireEvent.click(await screen.findByRole('button', { name: 'Set up two-factor sign-in' }));
    const qr = await screen.findByRole('img', { name: 'QR code for your authenticator app' });
    // A real QR code: a square SVG with dark modules drawn.
    expect(qr.tagName.toLowerCase()).toBe('svg');
    expect(qr.querySelector('path')!.getAttribute('d')!.length).toBeGreaterThan(500);
    expect(screen.getByLabelText('Key for manual entry').textContent).toBe(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
    );

    const activate = screen.getByRole('button', { name: '2. Confirm the code and turn on' });
    expect((activate as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('6-digit code'), { target: { value: '12a3456' } });
    expect((screen.getByLabelText('6-digit code') as HTMLInputElement).value).toBe('123456');
    fireEvent.click(activate);
    expect(await screen.findByText(/The code is wrong or has expired/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('6-digit code'), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: '2. Confirm the code and turn on' }));
    expect(
      await screen.findByText('Two-factor sign-in is on. From now on, signing in asks for a code.'),
    ).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Turn off two-factor sign-in' })).toBeTruthy();
    expect(sent.map((s) => [s.url, s.body])).toEqual([
      ['/api/backoffice/account/totp/start', {}],
      ['/api/backoffice/account/totp/confirm', { code: '123456' }],
      ['/api/backoffice/account/totp/confirm', { code: '654321' }],
    ]);
  });

  it('turns off with the password and a code, and explains the owners’ rule', async () => {
    const sent = fakeServer(
      { hasTotp: true, role: 'owner', ownerTotpRequired: true },
      { '/api/backoffice/account/totp/disable': [{ status: 'owner_totp_required' }] },
    );
    renderAccount();
    const button = await screen.findByRole('button', { name: 'Turn off two-factor sign-in' });
    const form = button.closest('form')!;
    fireEvent.change(within(form).getByLabelText('Current password'), { target: { value: 'my-password-1' } });
    fireEvent.change(within(form).getByLabelText('6-digit code'), { target: { value: '111222' } });
    fireEvent.click(button);
    expect(await screen.findByText(/Another owner uses two-factor sign-in/)).toBeTruthy();
    expect(sent[0]).toEqual({
      url: '/api/backoffice/account/totp/disable',
      body: { password: 'my-password-1', code: '111222' },
    });
  });

  it('warns an owner without TOTP that owners must have it', async () => {
    fakeServer({ role: 'owner', ownerTotpRequired: true }, {});
    renderAccount();
    expect(await screen.findByText(/Owners must use two-factor sign-in/)).toBeTruthy();
  });
});

describe('sessions', () => {
  it('lists the sessions with the current one marked and signs out the others after asking', async () => {
    const sent = fakeServer(
      {},
      { '/api/backoffice/sessions/revoke-others': [{ status: 'success', revoked: 1 }] },
    );
    renderAccount();
    const current = await screen.findByText('This session');
    const row = current.closest('tr')!;
    expect(within(row).getByText('Chrome · Windows')).toBeTruthy();
    expect(within(row).getByText('203.0.113.5')).toBeTruthy();
    expect(screen.getByText('198.51.100.7')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sign out the other sessions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out your other sessions?' });
    expect(within(dialog).getByText(/1 other session will be signed out/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('1 other session was signed out.')).toBeTruthy();
    expect(sent.map((s) => s.url)).toEqual(['/api/backoffice/sessions/revoke-others']);
  });

  it('names devices briefly', () => {
    expect(deviceOf(CHROME_WINDOWS)).toBe('Chrome · Windows');
    expect(deviceOf('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Version/17.0 Safari/604.1')).toBe(
      'Safari · iOS',
    );
    expect(deviceOf(null)).toBe('—');
  });
});

describe('password change', () => {
  it('asks for the current password, checks the new one twice, and reports the sessions ended', async () => {
    const sent = fakeServer(
      {},
      { '/api/backoffice/account/password': [{ status: 'fail' }, { status: 'success', revoked: 2 }] },
    );
    renderAccount();
    const submit = await screen.findByRole('button', { name: 'Change password' });
    const form = submit.closest('form')!;
    fireEvent.change(within(form).getByLabelText('Current password'), {
      target: { value: 'old-password-1' },
    });
    fireEvent.change(within(form).getByLabelText('New password'), { target: { value: 'short' } });
    fireEvent.change(within(form).getByLabelText('New password again'), { target: { value: 'short' } });
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(form).getByLabelText('New password'), { target: { value: 'a-new-password-22' } });
    expect(await screen.findByText('The two new passwords differ.')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('New password again'), {
      target: { value: 'a-new-password-22' },
    });
    expect((submit as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(submit);
    expect(await screen.findByText('The current password is wrong.')).toBeTruthy();
    fireEvent.click(submit);
    expect(await screen.findByText('Password changed. 2 other sessions were signed out.')).toBeTruthy();
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({
      url: '/api/backoffice/account/password',
      body: { currentPassword: 'old-password-1', newPassword: 'a-new-password-22' },
    });
  });

  it('shows only the password change while an owner-set password must be changed', async () => {
    fakeServer({ mustChangePassword: true }, {});
    renderAccount();
    expect(await screen.findByText(/Your password was set by an owner/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Set up two-factor sign-in' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Change password' })).toBeTruthy();
  });
});
