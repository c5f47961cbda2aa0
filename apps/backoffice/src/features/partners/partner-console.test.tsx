import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PartnerHomePage } from './partner-home-page.tsx';
import { PartnersPage } from './partners-page.tsx';
import { PayoutsPage } from './payouts-page.tsx';
import { SettlementsPage } from './settlements-page.tsx';
import { fakeFetch, renderConsole, setUpConsoleTests } from '../../test/console.tsx';

// The partner console (issue 25; docs/api/backoffice-partners.md) against a fake server: what a
// partner and the owner see and send.

const RATES = { casino: 100, slot: 150, mini: 50, losing: 3000 };
const TREE = {
  status: 'success',
  maxCount: 3,
  list: [
    {
      partnerId: 'boss1',
      name: 'Head office',
      parentId: null,
      depth: 1,
      rates: RATES,
      members: 12,
      enabled: true,
      regDate: '2026-11-01T00:00:00.000Z',
    },
    {
      partnerId: 'sub1',
      name: 'Branch',
      parentId: 'boss1',
      depth: 2,
      rates: { ...RATES, casino: 80 },
      members: 5,
      enabled: true,
      regDate: '2026-11-02T00:00:00.000Z',
    },
    {
      partnerId: 'shop1',
      name: 'Shop',
      parentId: 'sub1',
      depth: 3,
      rates: { ...RATES, casino: 40 },
      members: 2,
      enabled: false,
      regDate: '2026-11-03T00:00:00.000Z',
    },
  ],
};
const FIGURES = (from: string) => ({
  from,
  deposits: 500000,
  withdrawals: 120000,
  stakes: 2000000,
  wins: 1700000,
  ggr: 300000,
});
const SUMMARY = {
  status: 'success',
  partnerId: 'boss1',
  members: 12,
  partners: 2,
  today: FIGURES('2026-11-28T00:00:00.000+09:00'),
  month: FIGURES('2026-11-01T00:00:00.000+09:00'),
};

type TSent = { method: string; url: string; body: unknown; key: string | null };

/** A fake server: GETs by path prefix, other requests from `answers` in order, each recorded. */
function fakeServer(gets: Record<string, unknown>, answers: Record<string, unknown[]> = {}) {
  const sent: TSent[] = [];
  fakeFetch(async (url: string, init: RequestInit) => {
    if (init.method === 'GET') {
      const path = url.split('?')[0]!;
      if (path in gets) return gets[path];
      throw new Error(`unexpected GET ${url}`);
    }
    const headers = new Headers(init.headers);
    sent.push({
      method: init.method!,
      url,
      body: init.body ? JSON.parse(init.body as string) : undefined,
      key: headers.get('idempotency-key'),
    });
    const next = answers[`${init.method} ${url}`]?.shift();
    if (next === undefined) throw new Error(`unexpected ${init.method} ${url}`);
    return next;
  });
  return sent;
}

const PARTNER = { operatorId: 'boss1', role: 'partner' as const, permissions: [] };
const OWNER = { operatorId: 'admin', role: 'owner' as const, permissions: [] };

setUpConsoleTests();

describe('the partner console', () => {
  it("a partner's dashboard shows its tree's members, money and commission balance", async () => {
    fakeServer({
      '/api/backoffice/partners/boss1/summary': SUMMARY,
      '/api/backoffice/partners/boss1/balance': {
        status: 'success',
        balance: 45000,
        held: 10000,
        carried: 0,
      },
    });
    renderConsole(<PartnerHomePage />, { operator: PARTNER });
    expect(await screen.findByText('₩45,000')).toBeTruthy();
    expect(screen.getByText('₩10,000 held for payouts')).toBeTruthy();
    const table = await screen.findByRole('table');
    const ggr = within(table).getByRole('row', { name: /GGR/ });
    expect(within(ggr).getAllByText('₩300,000')).toHaveLength(2);
    expect(screen.getByText('12')).toBeTruthy();
  });

  it('shows the tree nested, changes rates with the server’s refusal at the field, and adds a sub-partner under itself', async () => {
    const sent = fakeServer(
      { '/api/backoffice/partners': TREE },
      {
        'PATCH /api/backoffice/partners/sub1': [
          new Response(
            JSON.stringify({ status: 'invalid', errors: [{ path: 'rates.casino', code: 'max' }] }),
            {
              status: 400,
              headers: { 'content-type': 'application/json' },
            },
          ),
          { status: 'success' },
        ],
        'POST /api/backoffice/partners': [{ status: 'already' }, { status: 'success' }],
      },
    );
    renderConsole(<PartnersPage />, { operator: PARTNER });
    await screen.findByText('Head office');
    const tree = screen.getByRole('list', { name: 'Partner tree' });
    const boss = within(tree).getByText('Head office').closest('li')!;
    const sub = within(boss).getByText('Branch').closest('li')!;
    expect(within(sub).getByText('Shop')).toBeTruthy();
    // The partner changes its children, never itself.
    const ownRow = boss.querySelector('.partners__row')!;
    expect(within(ownRow as HTMLElement).queryByRole('button', { name: 'Rates' })).toBeNull();

    fireEvent.click(
      within(sub.querySelector('.partners__row') as HTMLElement).getByRole('button', { name: 'Rates' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Rates of Branch (sub1)' });
    fireEvent.change(within(dialog).getByLabelText('Casino'), { target: { value: '120' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save rates' }));
    expect(await within(dialog).findByText(/Above the parent's rate/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Casino'), { target: { value: '90' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save rates' }));
    expect(await screen.findByText('The rates of sub1 were saved.')).toBeTruthy();
    expect(sent.filter((s) => s.method === 'PATCH').map((s) => s.body)).toEqual([
      { rates: { ...RATES, casino: 120 } },
      { rates: { ...RATES, casino: 90 } },
    ]);

    const form = screen.getByRole('form', { name: 'New partner' });
    fireEvent.change(within(form).getByLabelText('Partner ID'), { target: { value: 'shop2' } });
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Second shop' } });
    fireEvent.change(within(form).getByLabelText('Password'), { target: { value: 'Shop-Password-42' } });
    fireEvent.change(within(form).getByLabelText('Casino'), { target: { value: '50' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add partner' }));
    expect(await within(form).findByText('This ID is taken.')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Partner ID'), { target: { value: 'shop3' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add partner' }));
    expect(await screen.findByText('shop3 was added.')).toBeTruthy();
    expect(sent.filter((s) => s.method === 'POST').at(-1)!.body).toEqual({
      partnerId: 'shop3',
      password: 'Shop-Password-42',
      name: 'Second shop',
      parentId: 'boss1',
      rates: { casino: 50, slot: 0, mini: 0, losing: 0 },
    });
  });

  it("reads the tree with every row's figures in one request, and opens a row's figures without another", async () => {
    const urls: string[] = [];
    const withFigures = {
      ...TREE,
      list: TREE.list.map((p, i) => ({
        ...p,
        figures: {
          today: { ...FIGURES('2026-11-28T00:00:00.000+09:00'), stakes: 1000 * (i + 1), ggr: 100 * (i + 1) },
          month: FIGURES('2026-11-01T00:00:00.000+09:00'),
        },
      })),
    };
    fakeFetch(async (url: string) => {
      urls.push(url);
      if (url.split('?')[0] === '/api/backoffice/partners') return withFigures;
      throw new Error(`unexpected GET ${url}`);
    });
    renderConsole(<PartnersPage />, { operator: OWNER });
    expect(await screen.findByText('Today: stakes ₩3,000 · GGR ₩300')).toBeTruthy();
    expect(screen.getByText('Today: stakes ₩1,000 · GGR ₩100')).toBeTruthy();
    const tree = screen.getByRole('list', { name: 'Partner tree' });
    const shop = within(tree).getByText('Shop').closest('li')!;
    fireEvent.click(within(shop).getByRole('button', { name: 'Figures' }));
    const ggr = within(within(shop).getByRole('table')).getByRole('row', { name: /GGR/ });
    expect(within(ggr).getByText('₩300')).toBeTruthy();
    expect(within(ggr).getByText('₩300,000')).toBeTruthy();
    expect(urls).toHaveLength(1);
    expect(new URL(urls[0]!, 'http://x').searchParams.get('figures')).toBe('true');
  });

  it('lets the owner preview a period and settle it once, with an idempotency key', async () => {
    const settlement = {
      status: 'success',
      partnerId: 'boss1',
      from: '2026-11-20',
      to: '2026-11-26',
      stakes: { casino: 1000000, slot: 500000, mini: 0 },
      wins: { casino: 900000, slot: 450000, mini: 0 },
      rolling: { casino: 10000, slot: 7500, mini: 0 },
      losing: 45000,
      total: 62500,
      members: 7,
      settled: false,
      carried: 0,
      adjustment: -1200,
    };
    const sent = fakeServer(
      {
        '/api/backoffice/partners': TREE,
        '/api/backoffice/partners/boss1/settlement': settlement,
        '/api/backoffice/partners/boss1/days': { status: 'success', list: [] },
        '/api/backoffice/partners/boss1/settlements': { status: 'success', list: [], maxCount: 0 },
      },
      {
        'POST /api/backoffice/partners/boss1/settlements': [
          { status: 'success', id: 1, paid: 62500, total: 62500, carried: 0, adjustment: 0 },
        ],
      },
    );
    renderConsole(<SettlementsPage />, { operator: OWNER });
    const preview = await screen.findByRole('region', { name: /Preview of boss1/ });
    expect(within(preview).getByText('₩62,500')).toBeTruthy();
    // A rollback after a settled day waits to be carried into this settlement.
    expect(within(preview).getByText('Late rollbacks to carry in')).toBeTruthy();
    expect(within(preview).getByText('-₩1,200')).toBeTruthy();
    expect(within(preview).getByRole('link', { name: 'Days as CSV' }).getAttribute('href')).toMatch(
      /^\/api\/backoffice\/partners\/boss1\/days\/csv\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}&lang=en$/,
    );
    fireEvent.click(within(preview).getByRole('button', { name: 'Settle this period' }));
    expect(await screen.findByText(/boss1 settled: ₩62,500 paid/)).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.key).toMatch(/.{8,}/);
    expect(sent[0]!.body).toEqual({
      from: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      to: expect.any(String),
    });
  });

  it('a partner asks a payout (its balance said at the field); the owner approves one', async () => {
    const sent = fakeServer(
      {
        '/api/backoffice/partners/boss1/balance': { status: 'success', balance: 45000, held: 0, carried: 0 },
        '/api/backoffice/partner-payouts': { status: 'success', list: [], maxCount: 0 },
      },
      {
        'POST /api/backoffice/partners/boss1/payouts': [{ status: 'balance' }, { status: 'success', id: 3 }],
      },
    );
    renderConsole(<PayoutsPage />, { operator: PARTNER });
    const form = await screen.findByRole('form', { name: 'Ask payout' });
    fireEvent.change(within(form).getByLabelText('Amount'), { target: { value: '90000' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Ask payout' }));
    expect(await within(form).findByText('Your balance does not cover this amount.')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Amount'), { target: { value: '40000' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Ask payout' }));
    expect(await screen.findByText('Your payout of ₩40,000 is waiting for approval.')).toBeTruthy();
    expect(sent.map((s) => s.body)).toEqual([{ amount: 90000 }, { amount: 40000 }]);
    expect(sent[0]!.key).not.toBe(sent[1]!.key);
  });

  it('the owner approves a waiting payout after confirming', async () => {
    const payout = {
      id: 3,
      partnerId: 'boss1',
      amount: 40000,
      state: 'wait',
      reason: null,
      regDate: '2026-11-27T03:00:00.000Z',
      decidedDate: null,
    };
    const sent = fakeServer(
      { '/api/backoffice/partner-payouts': { status: 'success', list: [payout], maxCount: 1 } },
      { 'POST /api/backoffice/partners/boss1/payouts/3/approve': [{ status: 'success' }] },
    );
    renderConsole(<PayoutsPage />, { operator: OWNER });
    const row = (await screen.findByText('boss1')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Approve' }));
    const ask = await screen.findByRole('dialog', { name: 'Pay ₩40,000 to boss1?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('The payout of ₩40,000 to boss1 was approved.')).toBeTruthy();
    expect(sent.map((s) => [s.method, s.url])).toEqual([
      ['POST', '/api/backoffice/partners/boss1/payouts/3/approve'],
    ]);
    expect(sent[0]!.key).toBeTruthy();
  });
});
