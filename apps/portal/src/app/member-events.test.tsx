import { cleanup, render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userHealthCheckKey } from '../lib/session/api/user-health-check.ts';
import { depositListKey } from '../features/cashier/api/get-deposit-list.ts';
import { withdrawListKey } from '../features/cashier/api/get-withdraw-list.ts';
import { TEST_USER } from '../test/test-app.tsx';
import { trackedGame, trackGameWindow, untrackGameWindow } from '../components/games/game-window.ts';
import { applyMemberEvent, MEMBER_EVENTS_URL, useMemberEvents } from './member-events.ts';

const HEALTH = {
  status: 'success',
  noteCount: 0,
  helpCount: 0,
  user: { ...TEST_USER, balance: 1_000, rolling: 50 },
};
const JACKPOT = { status: 'success', jackpots: { MEGA: 1, MAJOR: 2, MINOR: 3 }, recent: [] };

let client: QueryClient;
beforeEach(() => {
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(userHealthCheckKey, HEALTH);
  client.setQueryData(['get-jackpot'], JACKPOT);
});
afterEach(() => {
  cleanup();
  client.clear();
});

const health = () => client.getQueryData(userHealthCheckKey) as typeof HEALTH;

describe('applyMemberEvent', () => {
  it('puts the balance and the unread counts where the header, side panel and dialogs read them', () => {
    applyMemberEvent(client, 'balance', { balance: 80_000, rolling: 3_000 });
    expect(health().user).toMatchObject({ balance: 80_000, rolling: 3_000, userId: TEST_USER.userId });
    applyMemberEvent(client, 'note', { noteCount: 2 });
    expect(health()).toMatchObject({ noteCount: 2, user: { noteCount: 2 } });
    applyMemberEvent(client, 'help', { helpCount: 1 });
    expect(health()).toMatchObject({ helpCount: 1, user: { helpCount: 1, balance: 80_000 } });
  });

  it('a balance goes to the house game’s window the portal opened, as it comes (decision 0022)', () => {
    const win = { postMessage: vi.fn(), closed: false } as unknown as Window & {
      postMessage: ReturnType<typeof vi.fn>;
    };
    trackGameWindow(win, '/studio/play?token=t&game=jade-lotus');
    trackedGame()!.takesRealityChecks = true;
    try {
      applyMemberEvent(client, 'balance', { balance: 80_000, rolling: 3_000 });
      applyMemberEvent(client, 'balance', { balance: '1', rolling: 0 });
      applyMemberEvent(client, 'note', { noteCount: 2 });
      expect(win.postMessage.mock.calls).toEqual([
        [{ source: 'casino-portal', v: 1, type: 'balance', balance: 80_000 }, window.location.origin],
      ]);
    } finally {
      untrackGameWindow(trackedGame()!);
    }
  });

  it('a request’s new state refreshes its list only', async () => {
    let deposits = 0;
    let withdraws = 0;
    await client.fetchQuery({ queryKey: [...depositListKey, 1], queryFn: () => ++deposits });
    await client.fetchQuery({ queryKey: [...withdrawListKey, 1], queryFn: () => ++withdraws });
    applyMemberEvent(client, 'cashier', { kind: 'deposit', id: 7, state: 'already' });
    expect(client.getQueryState([...depositListKey, 1])?.isInvalidated).toBe(true);
    expect(client.getQueryState([...withdrawListKey, 1])?.isInvalidated).toBe(false);
  });

  it('the pools go into the jackpot strip’s answer', () => {
    applyMemberEvent(client, 'jackpot', { mega: 10, major: 20, minor: 30 });
    expect(client.getQueryData(['get-jackpot'])).toEqual({
      ...JACKPOT,
      jackpots: { MEGA: 10, MAJOR: 20, MINOR: 30 },
    });
  });

  it('anything malformed changes nothing', () => {
    for (const [type, data] of [
      ['balance', { balance: '1' }],
      ['balance', { balance: 1.5, rolling: 0 }],
      ['note', { noteCount: -1 }],
      ['help', null],
      ['jackpot', { mega: 1 }],
      ['balance', 'text'],
    ] as const)
      applyMemberEvent(client, type, data);
    expect(health()).toEqual(HEALTH);
    expect(client.getQueryData(['get-jackpot'])).toEqual(JACKPOT);
  });
});

describe('useMemberEvents', () => {
  class FakeSource {
    static opened: FakeSource[] = [];
    readonly listeners = new Map<string, (event: MessageEvent<string>) => void>();
    closed = false;
    readonly url: string;
    constructor(url: string) {
      this.url = url;
      FakeSource.opened.push(this);
    }
    addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
      this.listeners.set(type, listener);
    }
    close() {
      this.closed = true;
    }
    emit(type: string, data: string) {
      this.listeners.get(type)?.(new MessageEvent(type, { data }));
    }
  }

  function Watch() {
    useMemberEvents();
    return null;
  }

  it('opens the member stream, applies what it says, and closes it when the member is gone', () => {
    const previous = globalThis.EventSource;
    globalThis.EventSource = FakeSource as unknown as typeof EventSource;
    try {
      const view = render(
        <QueryClientProvider client={client}>
          <Watch />
        </QueryClientProvider>,
      );
      const source = FakeSource.opened.at(-1)!;
      expect(source.url).toBe(MEMBER_EVENTS_URL);
      source.emit('balance', JSON.stringify({ balance: 5, rolling: 6 }));
      expect(health().user).toMatchObject({ balance: 5, rolling: 6 });
      source.emit('note', 'not json');
      expect(health().noteCount).toBe(0);
      view.unmount();
      expect(source.closed).toBe(true);
    } finally {
      globalThis.EventSource = previous;
    }
  });
});
