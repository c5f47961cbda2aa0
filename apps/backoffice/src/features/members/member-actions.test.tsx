import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TBackofficeMember } from '@casino/contracts/backoffice-members';
import { actionsFor, MemberActions, noteHtml } from './member-actions.tsx';
import { setUpConsoleTests, renderConsole, fakeFetch } from '../../test/console.tsx';

const MEMBER: TBackofficeMember = {
  id: 9,
  userId: 'player7',
  nick: '행운이',
  phone: '01012345678',
  level: 3,
  state: 'active',
  balance: 10_000,
  rolling: 0,
  in_balance: 0,
  bankname: '004',
  bankOwner: '홍길동',
  banknum: null,
  regCode: null,
  regDate: '2026-11-20T01:02:03.000Z',
  lastLoginDate: null,
  mustChangePassword: false,
  partnerId: null,
  recommender: null,
};

interface Sent {
  url: string;
  method: string;
  key: string | null;
  body: string | undefined;
}

function fakeServer(answers: (() => Response)[]) {
  const sent: Sent[] = [];
  fakeFetch(async (url: string, init: RequestInit) => {
    const headers = (init.headers ?? {}) as Record<string, string>;
    sent.push({
      url,
      method: String(init.method),
      key: headers['idempotency-key'] ?? null,
      body: init.body as string,
    });
    const next = answers.shift();
    if (!next) throw new Error('unexpected request');
    return next();
  });
  return sent;
}

function renderActions(permissions: string[], onMessage = vi.fn()) {
  renderConsole(<MemberActions member={MEMBER} permissions={permissions} onMessage={onMessage} />, {
    path: null,
  });
  return onMessage;
}

const ALL = ['memberManage', 'adjust', 'support'];

setUpConsoleTests();

describe('member actions', () => {
  it('offers each role only what it may do', () => {
    expect(actionsFor({ state: 'pending' }, ALL)).toContain('approve');
    expect(actionsFor({ state: 'active' }, ALL)).not.toContain('approve');
    expect(actionsFor({ state: 'blocked' }, ALL)).toEqual(
      expect.arrayContaining(['unblock', 'adjust', 'note', 'resetPassword', 'signout']),
    );
    // A support operator: no money; a cashier: no notes.
    expect(actionsFor({ state: 'active' }, ['memberManage', 'support'])).not.toContain('adjust');
    expect(actionsFor({ state: 'active' }, ['memberManage', 'adjust'])).not.toContain('note');
    expect(actionsFor({ state: 'active' }, [])).toEqual([]);
  });

  it('adjusts with a reason and retries a lost answer with the same Idempotency-Key', async () => {
    const sent = fakeServer([
      () => {
        throw new TypeError('connection reset');
      },
      () => Response.json({ status: 'success' }),
    ]);
    const onMessage = renderActions(ALL);
    fireEvent.click(screen.getByRole('button', { name: 'Credit / debit' }));
    const confirm = await screen.findByRole('button', { name: 'Confirm' });
    fireEvent.change(screen.getByLabelText('Amount (negative to debit, e.g. -5000)'), {
      target: { value: '-5,000' },
    });
    // No reason yet: nothing can be sent.
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Reason (kept in the audit log)'), {
      target: { value: ' 오지급 회수 ' },
    });
    fireEvent.click(confirm);
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    await waitFor(() =>
      expect(onMessage).toHaveBeenCalledWith({ tone: 'ok', key: 'members.result.success' }),
    );
    expect(sent).toHaveLength(2);
    expect(sent[0]!.url).toBe('/api/backoffice/members/player7/adjust');
    expect(JSON.parse(sent[0]!.body!)).toEqual({ amount: -5000, reason: '오지급 회수', kind: 'cash' });
    expect(sent[0]!.key).toMatch(/^[\x21-\x7e]{1,100}$/);
    expect(sent[1]!.key).toBe(sent[0]!.key);
  });

  it('shows the temporary password once, after a confirmation, and forgets it on close', async () => {
    const sent = fakeServer([() => Response.json({ status: 'success', password: 'abcd2345ef' })]);
    renderActions(['memberManage']);
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText(/must choose a new password at the next sign-in/)).toBeTruthy();
    expect(sent).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('abcd2345ef')).toBeTruthy();
    expect(sent[0]).toMatchObject({ url: '/api/backoffice/members/player7/reset-password', method: 'POST' });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText('abcd2345ef')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByRole('button', { name: 'Confirm' })).toBeTruthy();
    expect(screen.queryByText('abcd2345ef')).toBeNull();
  });

  it('shows a refused action with the errors strings', async () => {
    fakeServer([() => Response.json({ status: 'denied' }, { status: 403 })]);
    renderActions(['memberManage']);
    fireEvent.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Your role may not do this.')).toBeTruthy();
  });

  it('sends a note as escaped HTML paragraphs', () => {
    expect(noteHtml('안녕하세요\n<b>x</b> & y')).toBe('<p>안녕하세요</p><p>&lt;b&gt;x&lt;/b&gt; &amp; y</p>');
  });
});
