import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { TBackofficeProtectionResponse } from '@casino/contracts/backoffice-protection';
import { formatDateTime } from '../../lib/format.ts';
import { MemberTabs } from './member-tabs.tsx';
import { ProtectionTab } from './protection-tab.tsx';
import { renderConsole, serveJson, setUpConsoleTests } from '../../test/console.tsx';

const PROTECTION: TBackofficeProtectionResponse = {
  status: 'success',
  limits: {
    deposit: { day: 80_000, week: null, month: null },
    loss: { day: null, week: 50_000, month: null },
  },
  pending: [{ kind: 'deposit', period: 'day', amount: null, effectiveAt: '2026-11-26T04:00:00.000Z' }],
  history: [
    {
      id: 5,
      kind: 'deposit',
      period: 'day',
      amount: null,
      requestedAt: '2026-11-25T04:00:00.000Z',
      effectiveAt: '2026-11-26T04:00:00.000Z',
      cancelledAt: null,
      state: 'pending',
    },
    {
      id: 4,
      kind: 'deposit',
      period: 'day',
      amount: 80_000,
      requestedAt: '2026-11-25T03:00:00.000Z',
      effectiveAt: '2026-11-25T03:00:00.000Z',
      cancelledAt: null,
      state: 'in_force',
    },
    {
      id: 2,
      kind: 'deposit',
      period: 'day',
      amount: 200_000,
      requestedAt: '2026-11-25T01:00:00.000Z',
      effectiveAt: '2026-11-26T01:00:00.000Z',
      cancelledAt: '2026-11-25T03:00:00.000Z',
      state: 'cancelled',
    },
  ],
  historyCount: 3,
  breaks: [
    {
      id: 12,
      kind: 'self_exclusion',
      period: '6m',
      startedAt: '2026-11-25T05:00:00.000Z',
      until: '2027-05-25T05:00:00.000Z',
      active: true,
    },
    {
      id: 7,
      kind: 'time_out',
      period: '24h',
      startedAt: '2026-10-01T05:00:00.000Z',
      until: '2026-10-02T05:00:00.000Z',
      active: false,
    },
  ],
  activeBreak: {
    id: 12,
    kind: 'self_exclusion',
    period: '6m',
    startedAt: '2026-11-25T05:00:00.000Z',
    until: '2027-05-25T05:00:00.000Z',
    active: true,
  },
  realityCheckMinutes: 30,
};

const NOTHING: TBackofficeProtectionResponse = {
  status: 'success',
  limits: {
    deposit: { day: null, week: null, month: null },
    loss: { day: null, week: null, month: null },
  },
  pending: [],
  history: [],
  historyCount: 0,
  breaks: [],
  activeBreak: null,
  realityCheckMinutes: 0,
};

function renderIn(node: ReactNode) {
  renderConsole(<MemoryRouter>{node}</MemoryRouter>, { path: null });
}

setUpConsoleTests();

describe('the player protection tab', () => {
  it('shows the break in force, the limits, the pending change, the reality check and the history', async () => {
    const urls = serveJson(() => PROTECTION);
    renderIn(<ProtectionTab userId="alice1" />);
    expect(
      await screen.findByText(
        `On a break: Self-exclusion (6 months), until ${formatDateTime('2027-05-25T05:00:00.000Z')}.`,
      ),
    ).toBeTruthy();
    expect(urls).toEqual(['/api/backoffice/members/alice1/protection']);
    // Nobody can end a break: the rule is said, and the tab offers no action at all.
    expect(screen.getByText(/Nobody can end or shorten a time-out or self-exclusion/)).toBeTruthy();
    expect(screen.queryAllByRole('button')).toEqual([]);

    const limits = within(screen.getByRole('region', { name: 'Limits in force' }));
    const deposit = within(limits.getByRole('row', { name: /Deposit limit/ }));
    expect(deposit.getAllByRole('cell').map((c) => c.textContent)).toEqual([
      '₩80,000',
      'No limit',
      'No limit',
    ]);
    const loss = within(limits.getByRole('row', { name: /Loss limit/ }));
    expect(loss.getAllByRole('cell').map((c) => c.textContent)).toEqual(['No limit', '₩50,000', 'No limit']);
    expect(
      limits.getByText(
        `Deposit limit · Daily (24 h): No limit from ${formatDateTime('2026-11-26T04:00:00.000Z')}`,
      ),
    ).toBeTruthy();
    expect(limits.getByText('Every 30 minutes')).toBeTruthy();

    const breaks = within(screen.getByRole('region', { name: 'Breaks' }));
    const breakRows = breaks.getAllByRole('row').slice(1);
    expect(breakRows.map((r) => r.textContent)).toEqual([
      `Self-exclusion6 months${formatDateTime('2026-11-25T05:00:00.000Z')}${formatDateTime(
        '2027-05-25T05:00:00.000Z',
      )}In force`,
      `Take a break24 hours${formatDateTime('2026-10-01T05:00:00.000Z')}${formatDateTime(
        '2026-10-02T05:00:00.000Z',
      )}Ended`,
    ]);

    const history = within(screen.getByRole('region', { name: 'Limit change history' }));
    const states = history
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.lastElementChild?.textContent);
    expect(states).toEqual(['Pending', 'In force', 'Cancelled']);
    expect(
      history.getByText(formatDateTime('2026-11-25T03:00:00.000Z'), { selector: 'td:nth-child(5)' }),
    ).toBeTruthy();
    expect(history.queryByText(/Showing the latest/)).toBeNull();
  });

  it('says when the member never took a break or set a limit, and when the history is cut', async () => {
    serveJson(() => ({ ...NOTHING, historyCount: 0 }));
    renderIn(<ProtectionTab userId="bob22" />);
    expect(await screen.findByText('Not on a break.')).toBeTruthy();
    expect(screen.getByText('The member has never taken a break.')).toBeTruthy();
    expect(screen.getByText('The member has never set a limit.')).toBeTruthy();
    expect(screen.getByText('Off')).toBeTruthy();
    cleanup();

    serveJson(() => ({ ...PROTECTION, historyCount: 900 }));
    renderIn(<ProtectionTab userId="alice1" />);
    expect(await screen.findByText('Showing the latest 3 of 900 changes.')).toBeTruthy();
  });

  it('is a tab of the member detail, loaded when chosen', async () => {
    const urls = serveJson((url) =>
      url.includes('/protection') ? PROTECTION : { status: 'success', list: [], nextBeforeId: null },
    );
    renderIn(<MemberTabs userId="alice1" />);
    fireEvent.click(screen.getByRole('tab', { name: 'Player protection' }));
    expect(await screen.findByText(/On a break: Self-exclusion/)).toBeTruthy();
    expect(urls).toContain('/api/backoffice/members/alice1/protection');
    expect(screen.getByRole('tab', { name: 'Player protection' }).getAttribute('aria-selected')).toBe('true');
  });
});
