import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TOperatorRole } from '@casino/contracts/backoffice';
import type { TCashierSettings } from '@casino/contracts/backoffice-settings';
import type { TOperator } from '../../app/session.ts';
import { SettingsPage } from './settings-page.tsx';
import { setUpConsoleTests, renderConsole, fakeFetch } from '../../test/console.tsx';

const CASHIER: TCashierSettings = {
  minDeposit: 10_000,
  minWithdraw: 20_000,
  unit: 1_000,
  maxAmount: 100_000_000,
  minConversion: 10_000,
  depositLock: { from: '23:30', to: '00:30' },
  withdrawLock: null,
  withdrawSecondApprovalAbove: 5_000_000,
};

const PERMISSIONS: Record<TOperatorRole, string[]> = {
  owner: ['settingsRead', 'settingsWrite', 'maintenance', 'memberRead'],
  cashier: ['settingsRead', 'memberRead'],
  support: ['memberRead'],
  content: [],
  partner: [],
};

interface Sent {
  method: string;
  url: string;
  body: unknown;
}

/** The settings routes as the server answers them; every write is recorded. */
function fakeServer() {
  const sent: Sent[] = [];
  fakeFetch(async (url: string, init: RequestInit) => {
    const method = String(init.method);
    if (method !== 'GET') {
      sent.push({ method, url, body: JSON.parse(String(init.body)) });
      if (url.endsWith('/settings/cashier'))
        return Response.json({
          status: 'success',
          settings: { ...CASHIER, ...(sent.at(-1)!.body as object) },
        });
      return Response.json({ status: 'success', settings: { requireApproval: true } });
    }
    if (url.endsWith('/settings/registration'))
      return Response.json({ status: 'success', settings: { requireApproval: false } });
    if (url.endsWith('/reg-codes'))
      return Response.json({
        status: 'success',
        list: [
          {
            code: 'VIP7',
            domain: 'casino.example',
            enabled: true,
            memo: 'partner',
            members: 12,
            regDate: '2026-11-01T00:00:00.000Z',
          },
        ],
      });
    if (url.endsWith('/settings/cashier')) return Response.json({ status: 'success', settings: CASHIER });
    if (url.endsWith('/settings/levels'))
      return Response.json({
        status: 'success',
        levels: Array.from({ length: 10 }, (_, i) => ({ level: i + 1, name: `Lv.${i + 1}`, members: i })),
      });
    if (url.endsWith('/settings/maintenance'))
      return Response.json({
        status: 'success',
        maintenance: { enabled: false, message: '', until: null },
      });
    throw new Error(`unexpected ${method} ${url}`);
  });
  return sent;
}

function renderAs(role: TOperatorRole) {
  const operator: TOperator = { operatorId: `${role}1`, role, permissions: PERMISSIONS[role] } as TOperator;
  renderConsole(<SettingsPage />, { operator });
}

setUpConsoleTests();

describe('the settings screen for a cashier', () => {
  it('shows every value read-only, with no way to change anything', async () => {
    const sent = fakeServer();
    renderAs('cashier');
    expect(await screen.findByText('Read only')).toBeTruthy();
    const minWithdraw = await screen.findByLabelText('Minimum withdrawal');
    expect((minWithdraw as HTMLInputElement).value).toBe('20000');
    expect((minWithdraw as HTMLInputElement).readOnly).toBe(true);
    // Every field of the contract, the second approval amount included.
    expect(
      ((await screen.findByLabelText('Second approval from (0 = off)')) as HTMLInputElement).readOnly,
    ).toBe(true);
    const lock = screen.getByRole('group', { name: 'Deposit lock window' }) as HTMLFieldSetElement;
    expect(lock.disabled).toBe(true);
    expect(await screen.findByText('VIP7')).toBeTruthy();
    expect(await screen.findByText('Off: new members can play at once')).toBeTruthy();
    expect(await screen.findByText('Lv.3')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add code' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Require approval' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Disable' })).toBeNull();
    expect(screen.queryByLabelText('Name of level 3')).toBeNull();
    expect(screen.queryByText('Maintenance switch')).toBeNull();
    expect(sent).toEqual([]);
  });
});

describe('the settings screen for an owner', () => {
  it('saves only the changed cashier field', async () => {
    const sent = fakeServer();
    renderAs('owner');
    const input = await screen.findByLabelText('Second approval from (0 = off)');
    fireEvent.change(input, { target: { value: '3000000' } });
    const section = screen.getByRole('region', { name: 'Cashier limits and lock windows' });
    fireEvent.click(within(section).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      method: 'PUT',
      url: '/api/backoffice/settings/cashier',
      body: { withdrawSecondApprovalAbove: 3_000_000 },
    });
    expect(await within(section).findByText('Saved.')).toBeTruthy();
  });

  it('asks before switching maintenance on', async () => {
    const sent = fakeServer();
    renderAs('owner');
    fireEvent.click(await screen.findByRole('button', { name: 'Start maintenance' }));
    expect(await screen.findByText('Close the site for members?')).toBeTruthy();
    expect(sent).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText('Close the site for members?')).toBeNull());
    expect(sent).toEqual([]);
  });

  it('switches member approval on', async () => {
    const sent = fakeServer();
    renderAs('owner');
    fireEvent.click(await screen.findByRole('button', { name: 'Require approval' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ method: 'PUT', body: { requireApproval: true } });
    expect(await screen.findByText('On: new members wait for approval')).toBeTruthy();
  });
});

describe('registration codes on the form layer', () => {
  it('checks a new code by the contract at its field, then sends it', async () => {
    const sent = fakeServer();
    renderAs('owner');
    const form = await screen.findByRole('form', { name: 'Add code' });
    fireEvent.click(within(form).getByRole('button', { name: 'Add code' }));
    const code = within(form).getByLabelText('Code') as HTMLInputElement;
    await waitFor(() => expect(code.getAttribute('aria-invalid')).toBe('true'));
    expect(sent).toHaveLength(0);
    fireEvent.change(code, { target: { value: 'NEW1' } });
    fireEvent.change(within(form).getByLabelText('Domains'), { target: { value: 'new.example' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add code' }));
    expect(await screen.findByText('Code NEW1 added.')).toBeTruthy();
    expect(sent).toEqual([
      {
        method: 'POST',
        url: '/api/backoffice/reg-codes',
        body: { code: 'NEW1', domain: 'new.example', memo: '' },
      },
    ]);
  });

  it('sends only the changed level name', async () => {
    const sent = fakeServer();
    renderAs('owner');
    const name = (await screen.findByLabelText('Name of level 3')) as HTMLInputElement;
    expect(name.value).toBe('Lv.3');
    fireEvent.change(name, { target: { value: 'Gold' } });
    const section = screen.getByRole('region', { name: 'Member levels' });
    fireEvent.click(within(section).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual({ names: { '3': 'Gold' } });
    expect(sent[0]!.url).toBe('/api/backoffice/settings/levels');
  });
});
