import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TAuditResponse } from '@casino/contracts/backoffice-reports';
import { AuditPage } from './audit-page.tsx';
import { renderConsole, serveJson, setUpConsoleTests } from '../../test/console.tsx';

const LOG: TAuditResponse = {
  status: 'success',
  maxCount: 2,
  list: [
    {
      id: 9,
      operatorId: 'support1',
      action: 'member.block',
      target: 'member:alice',
      before: { state: 'active', level: 3 },
      after: { state: 'blocked', level: 3, sessionsEnded: 2 },
      ip: '10.0.0.1',
      regDate: '2026-11-24T10:00:00.000Z',
    },
    {
      id: 8,
      operatorId: 'owner',
      action: 'notice.create',
      target: 'notice:4',
      before: null,
      after: { title: '점검 안내' },
      ip: null,
      regDate: '2026-11-24T09:00:00.000Z',
    },
  ],
};

function fakeServer() {
  return serveJson(() => LOG);
}

function renderPage(path = '/audit') {
  renderConsole(<AuditPage />, { path: path });
}

setUpConsoleTests();

describe('the audit log viewer', () => {
  it('shows each entry with only the fields that changed, before and after', async () => {
    fakeServer();
    renderPage();
    const cell = (await screen.findByText('member:alice')).closest('tr')!;
    const changes = within(cell).getAllByRole('listitem');
    expect(changes.map((r) => r.textContent)).toEqual([
      'state Before: active → After: blocked',
      'sessionsEnded – → After: 2',
    ]);
    expect(within(cell).getByText('active').tagName).toBe('DEL');
    expect(within(cell).getByText('blocked').tagName).toBe('INS');
    const created = screen.getByText('notice:4').closest('tr')!;
    expect(within(created).getByText('점검 안내').tagName).toBe('INS');
    expect(screen.getByText('Total: 2')).toBeTruthy();
  });

  it('sends the filters and pages with them', async () => {
    const gets = fakeServer();
    renderPage();
    await screen.findByText('member:alice');
    expect(gets[0]).toBe('/api/backoffice/audit?page=1&pageSize=20');
    fireEvent.change(screen.getByLabelText('Operator'), { target: { value: 'support1' } });
    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'member' } });
    fireEvent.change(screen.getByLabelText('Member ID'), { target: { value: ' alice ' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-24' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await vi.waitFor(() =>
      expect(gets.at(-1)).toBe(
        '/api/backoffice/audit?operatorId=support1&action=member&member=alice&from=2026-11-01&to=2026-11-24&page=1&pageSize=20',
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await vi.waitFor(() => expect(gets.at(-1)).toBe('/api/backoffice/audit?page=1&pageSize=20'));
  });
});
