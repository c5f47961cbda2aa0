import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OperatorsPage } from './operators-page.tsx';
import { setUpConsoleTests, renderConsole, fakeFetch } from '../../test/console.tsx';

const LIST = {
  status: 'success',
  list: [
    {
      operatorId: 'boss',
      role: 'owner',
      isActive: true,
      hasTotp: true,
      mustChangePassword: false,
      sessions: 1,
      regDate: '2026-11-20T00:00:00.000Z',
      lastLoginDate: '2026-11-24T00:00:00.000Z',
    },
    {
      operatorId: 'desk1',
      role: 'cashier',
      isActive: true,
      hasTotp: false,
      mustChangePassword: true,
      sessions: 2,
      regDate: '2026-11-21T00:00:00.000Z',
      lastLoginDate: null,
    },
  ],
};

function fakeServer(answers: Record<string, unknown[]>) {
  const sent: { url: string; body: unknown }[] = [];
  fakeFetch(async (url: string, init: RequestInit) => {
    if (init.method === 'GET') {
      if (url === '/api/backoffice/operators') return Response.json(LIST);
      if (url === '/api/backoffice/settings/ip-allowlist')
        return Response.json({ status: 'success', ranges: [], floor: [], yourIp: '203.0.113.5' });
      throw new Error(`unexpected GET ${url}`);
    }
    sent.push({ url, body: JSON.parse(init.body as string) });
    const next = answers[url]?.shift();
    if (!next) throw new Error(`unexpected POST ${url}`);
    return Response.json(next);
  });
  return sent;
}

function renderPage() {
  renderConsole(<OperatorsPage />, {
    operator: { operatorId: 'boss', role: 'owner', permissions: [] },
    staleTime: Infinity,
  });
}

setUpConsoleTests();

describe('operators', () => {
  it('offers no action on oneself and asks before deactivating another operator', async () => {
    const sent = fakeServer({ '/api/backoffice/operators/desk1/deactivate': [{ status: 'success' }] });
    renderPage();
    const self = (await screen.findByText('boss')).closest('tr')!;
    expect(within(self).queryByRole('button')).toBeNull();
    expect((within(self).getByLabelText('Role of boss') as HTMLSelectElement).disabled).toBe(true);
    const row = screen.getByText('desk1').closest('tr')!;
    expect(within(row).getByText('must change password')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate desk1?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('desk1 was deactivated and signed out.')).toBeTruthy();
    expect(sent).toEqual([{ url: '/api/backoffice/operators/desk1/deactivate', body: {} }]);
  });

  it('shows the made password once after a reset, and the last-owner refusal plainly', async () => {
    fakeServer({
      '/api/backoffice/operators/desk1/password': [{ status: 'success', password: 'Made-Pass-123456' }],
      '/api/backoffice/operators/desk1/role': [{ status: 'last_owner' }],
    });
    renderPage();
    const row = (await screen.findByText('desk1')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Reset password' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Reset the password of desk1?' })).getByRole(
        'button',
        {
          name: 'Confirm',
        },
      ),
    );
    const once = await screen.findByRole('dialog', { name: 'Credentials of desk1' });
    expect(within(once).getByText('Made-Pass-123456')).toBeTruthy();
    fireEvent.click(within(once).getByRole('button', { name: 'I have handed them over' }));
    expect(screen.queryByText('Made-Pass-123456')).toBeNull();

    fireEvent.change(within(row).getByLabelText('Role of desk1'), { target: { value: 'support' } });
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Make desk1 Support?' })).getByRole('button', {
        name: 'Confirm',
      }),
    );
    expect(await screen.findByText(/desk1 is the last active owner/)).toBeTruthy();
  });

  it('checks the IP allow-list before saving and will not save one that excludes this address', async () => {
    const sent = fakeServer({
      '/api/backoffice/settings/ip-allowlist': [
        { status: 'success', ranges: ['203.0.113.0/24'], floor: [], yourIp: '203.0.113.5' },
      ],
    });
    renderPage();
    const box = await screen.findByLabelText('Allowed addresses and ranges');
    expect(await screen.findByText('203.0.113.5')).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Save allow-list' }) as HTMLButtonElement;
    fireEvent.change(box, { target: { value: '10.0.0.0/8\n10.0.0.0/40' } });
    expect(await screen.findByText('Not an address or CIDR range: 10.0.0.0/40')).toBeTruthy();
    expect(save.disabled).toBe(true);
    fireEvent.change(box, { target: { value: '10.0.0.0/8' } });
    expect(await screen.findByText(/saving it would lock you out/)).toBeTruthy();
    expect(save.disabled).toBe(true);
    fireEvent.change(box, { target: { value: '203.0.113.0/24\n' } });
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    expect(await screen.findByText(/Allow-list saved/)).toBeTruthy();
    expect(sent).toEqual([
      { url: '/api/backoffice/settings/ip-allowlist', body: { ranges: ['203.0.113.0/24'] } },
    ]);
  });

  it('creates an operator on the form layer: a taken ID is said at its field, then the next one is sent', async () => {
    const sent = fakeServer({
      '/api/backoffice/operators': [
        { status: 'already' },
        { status: 'success', password: 'made-password-123' },
      ],
    });
    renderPage();
    const form = (await screen.findByRole('button', { name: 'Create operator' })).closest('form')!;
    const id = within(form).getByLabelText('Operator ID') as HTMLInputElement;
    fireEvent.change(id, { target: { value: ' desk2 ' } });
    expect(id.value).toBe('desk2');
    fireEvent.click(within(form).getByRole('button', { name: 'Create operator' }));
    expect(await within(form).findByText('This operator ID is taken.')).toBeTruthy();
    expect(id.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(id, { target: { value: 'desk3' } });
    expect(id.getAttribute('aria-invalid')).toBe('false');
    fireEvent.click(within(form).getByRole('button', { name: 'Create operator' }));
    expect(await screen.findByText('desk3 was created.')).toBeTruthy();
    expect(sent.map((s) => s.body)).toEqual([
      { operatorId: 'desk2', role: 'support' },
      { operatorId: 'desk3', role: 'support' },
    ]);
  });
});
