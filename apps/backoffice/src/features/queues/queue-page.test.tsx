import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TCashierHistoryItem, TCashierReviewResponse } from '@casino/contracts/backoffice-cashier';
import { QueuePage } from './queue-page.tsx';
import { setUpConsoleTests, renderConsole, fakeFetch } from '../../test/console.tsx';

const ITEM: TCashierHistoryItem = {
  id: 41,
  userId: 'player1',
  amount: 50_000,
  depositor: '홍길동',
  state: 'wait',
  reason: null,
  regDate: '2026-11-24T10:00:00.000Z',
  processedDate: null,
};

const WITHDRAWAL: TCashierHistoryItem = {
  id: 77,
  userId: 'player2',
  amount: 2_000_000,
  bankname: '국민은행',
  bankOwner: '김철수',
  banknum: '12345678',
  state: 'reg',
  reason: null,
  regDate: '2026-11-24T10:00:00.000Z',
  processedDate: null,
  firstApprovedBy: 'cashier1',
  firstApprovedDate: '2026-11-24T10:05:00.000Z',
};

const REVIEW: TCashierReviewResponse = {
  status: 'success',
  member: {
    userId: 'player2',
    nick: '철수',
    level: 3,
    state: 'active',
    balance: 123_000,
    rolling: 500,
    inBalance: 0,
    bankname: '국민은행',
    bankOwner: '김철수',
    banknum: '12345678',
  },
  recent: {
    deposits: [
      {
        id: 9,
        amount: 1_000_000,
        state: 'already',
        depositor: '이영희',
        regDate: '2026-11-23T10:00:00.000Z',
        processedDate: '2026-11-23T10:01:00.000Z',
      },
    ],
    withdraws: [],
  },
  checks: {
    turnover: {
      lastDeposit: { id: 9, amount: 1_000_000, processedDate: '2026-11-23T10:01:00.000Z' },
      bets: 300_000,
      percent: 30,
      flag: true,
    },
    depositorName: {
      bankOwner: '김철수',
      mismatches: [{ id: 9, depositor: '이영희', amount: 1_000_000, regDate: '2026-11-23T10:00:00.000Z' }],
      flag: true,
    },
    sharedIp: {
      ips: ['10.0.0.1'],
      members: [
        { userId: 'twin', ip: '10.0.0.1', source: 'reg' },
        { userId: 'twin', ip: '10.0.0.1', source: 'session' },
      ],
      flag: true,
    },
    sharedBank: { members: [], flag: false },
  },
  secondApproval: { required: true, above: 1_000_000, firstApprovedBy: 'cashier1', firstApprovedDate: null },
};

interface Sent {
  url: string;
  method: string;
  key: string | null;
  body: string | undefined;
}

/** A server for the queue: the history, a review, and one answer (or thrown network error) per decision POST. */
function fakeServer(decisions: (() => Response)[], item: TCashierHistoryItem = ITEM) {
  const sent: Sent[] = [];
  const gets: string[] = [];
  fakeFetch(async (url: string, init: RequestInit) => {
    const headers = (init.headers ?? {}) as Record<string, string>;
    if (init.method === 'GET') {
      gets.push(url);
      if (url.includes('/review')) return Response.json(REVIEW);
      return Response.json({
        status: 'success',
        list: [item],
        maxCount: 1,
        totals: { count: 1, amount: item.amount },
        secondApprovalAbove: 1_000_000,
      });
    }
    sent.push({
      url,
      method: String(init.method),
      key: headers['idempotency-key'] ?? null,
      body: init.body as string,
    });
    const next = decisions.shift();
    if (!next) throw new Error('unexpected POST');
    return next();
  });
  return Object.assign(sent, { gets });
}

function renderQueue(kind: 'deposit' | 'withdraw' = 'deposit', path = '/') {
  renderConsole(<QueuePage kind={kind} />, { path: path });
}

setUpConsoleTests();

async function approveAndConfirm(button: string) {
  fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
  fireEvent.click(await screen.findByRole('button', { name: button }));
}

describe('the deposit queue', () => {
  it('shows the request with its amount in won', async () => {
    fakeServer([]);
    renderQueue();
    expect(await screen.findByText('₩50,000', { selector: 'td' })).toBeTruthy();
    expect(screen.getByText('홍길동')).toBeTruthy();
  });

  it('retries a decision whose answer was lost with the same Idempotency-Key', async () => {
    const sent = fakeServer([
      () => {
        throw new TypeError('connection reset');
      },
      () => Response.json({ status: 'success' }),
    ]);
    renderQueue();
    await approveAndConfirm('Confirm');
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Request no. 41 approved.')).toBeTruthy();
    expect(sent).toHaveLength(2);
    expect(sent[0]!.url).toBe('/api/backoffice/deposits/41/approve');
    expect(sent[0]!.key).toMatch(/^[\x21-\x7e]{1,100}$/);
    expect(sent[1]!.key).toBe(sent[0]!.key);
  });

  it('says plainly that another operator already decided, and uses a new key for a new action', async () => {
    const sent = fakeServer([
      () => Response.json({ status: 'already' }),
      () => Response.json({ status: 'not_found' }),
    ]);
    renderQueue();
    await approveAndConfirm('Confirm');
    expect(await screen.findByText('Request no. 41 was already decided by someone else.')).toBeTruthy();
    await approveAndConfirm('Confirm');
    expect(await screen.findByText('Request no. 41 no longer exists.')).toBeTruthy();
    expect(sent[1]!.key).not.toBe(sent[0]!.key);
  });

  it('sends the reason the member will read with a rejection', async () => {
    const sent = fakeServer([() => Response.json({ status: 'success' })]);
    renderQueue();
    fireEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    fireEvent.change(await screen.findByLabelText('Reason the member will read'), {
      target: { value: ' Name does not match ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.url).toBe('/api/backoffice/deposits/41/reject');
    expect(JSON.parse(sent[0]!.body!)).toEqual({ reason: 'Name does not match' });
    expect(await screen.findByText('Request no. 41 rejected.')).toBeTruthy();
  });

  it('refuses to reject without the reason the member reads', async () => {
    fakeServer([]);
    renderQueue();
    fireEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    const confirm = await screen.findByRole('button', { name: 'Confirm' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Reason the member will read'), { target: { value: '   ' } });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
  });

  it('sends the filters, shows the totals and links the CSV of the filtered set', async () => {
    const sent = fakeServer([]);
    renderQueue('deposit', '/?state=already&userId=player1&from=2026-11-01&minAmount=1000');
    expect(await screen.findByText('₩50,000', { selector: 'strong' })).toBeTruthy();
    expect(sent.gets[0]).toBe(
      '/api/backoffice/deposits/history?state=already&from=2026-11-01&userId=player1&minAmount=1000&page=1&pageSize=20',
    );
    const csv = screen.getByRole('link', { name: 'CSV' });
    expect(csv.getAttribute('href')).toBe(
      '/api/backoffice/deposits/history.csv?state=already&from=2026-11-01&userId=player1&minAmount=1000',
    );
  });
});

describe('the withdrawal queue', () => {
  it('shows a half-approved withdrawal and tells the second operator what the approval does', async () => {
    const sent = fakeServer([() => Response.json({ status: 'same_operator' })], WITHDRAWAL);
    renderQueue('withdraw');
    expect(await screen.findByText('1/2 approved by cashier1')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Second approval' }));
    expect(await screen.findByText(/cashier1 gave the first approval/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText(
        'Request no. 77: you gave the first approval; a different operator must give the second.',
      ),
    ).toBeTruthy();
    expect(sent[0]!.url).toBe('/api/backoffice/withdraws/77/approve');
  });

  it('opens the member balance, recent history and warning badges of the safety checks', async () => {
    fakeServer([], WITHDRAWAL);
    renderQueue('withdraw');
    fireEvent.click(await screen.findByRole('button', { name: 'Details of request no. 77' }));
    expect(await screen.findByText('₩123,000')).toBeTruthy();
    expect(screen.getByText('Bets ₩300,000 since deposit #9 of ₩1,000,000 (30%).')).toBeTruthy();
    expect(screen.getByText('Account owner 김철수; deposits sent as: 이영희 (#9)')).toBeTruthy();
    expect(screen.getByText('twin (10.0.0.1: registration, session)')).toBeTruthy();
    expect(screen.getByText('No other member uses this account number.')).toBeTruthy();
    expect(screen.getAllByText('(warning)')).toHaveLength(3);
  });
});
