import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { TCallResponse } from '@casino/contracts/calls';
import { userHealthCheckKey } from '../lib/session/api/user-health-check.ts';
import { depositListKey } from '../features/cashier/api/get-deposit-list.ts';
import { withdrawListKey } from '../features/cashier/api/get-withdraw-list.ts';
import { jackpotQueryOptions } from '../features/home/api/get-jackpot.ts';
import { postGameBalance } from '../components/games/game-messages.ts';

/** The member's event stream (docs/api/events.md). */
export const MEMBER_EVENTS_URL = '/api/events';

export const MEMBER_EVENT_TYPES = ['balance', 'note', 'help', 'cashier', 'jackpot'] as const;
export type TMemberEventType = (typeof MEMBER_EVENT_TYPES)[number];

type THealth = TCallResponse<'user-health-check'>;
type TJackpot = TCallResponse<'get-jackpot'>;

const count = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined;
const money = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isSafeInteger(value) ? value : undefined;

/** The health check's answer with some of the member's fields replaced, as a poll would bring them. */
function patchHealth(client: QueryClient, change: (old: THealth) => THealth | undefined): void {
  client.setQueryData<THealth>(userHealthCheckKey, (old) =>
    old?.status === 'success' ? (change(old) ?? old) : old,
  );
}

/**
 * Applies one event to what the portal holds, as the next health check or read would: the balance
 * and the unread counts go into the health check's answer (the header, the side panel and the
 * notes' and help dialogs read it there, so a dialog shows once per new count as after a poll; the
 * balance also goes to the house game's window the portal opened, game-messages.ts), a
 * deposit's or withdrawal's new state refreshes that list, the pools go into the jackpot strip's
 * answer. Anything malformed changes nothing.
 */
export function applyMemberEvent(client: QueryClient, type: TMemberEventType, data: unknown): void {
  if (!data || typeof data !== 'object') return;
  const d = data as Record<string, unknown>;
  switch (type) {
    case 'balance': {
      const balance = money(d.balance);
      const rolling = money(d.rolling);
      if (balance === undefined || rolling === undefined) return;
      patchHealth(client, (old) => ({ ...old, user: { ...old.user, balance, rolling } }));
      // The house game's window shows it too (decision 0022).
      postGameBalance(balance);
      return;
    }
    case 'note': {
      const noteCount = count(d.noteCount);
      if (noteCount === undefined) return;
      patchHealth(client, (old) => ({ ...old, noteCount, user: { ...old.user, noteCount } }));
      return;
    }
    case 'help': {
      const helpCount = count(d.helpCount);
      if (helpCount === undefined) return;
      patchHealth(client, (old) => ({ ...old, helpCount, user: { ...old.user, helpCount } }));
      return;
    }
    case 'cashier':
      if (d.kind === 'deposit') void client.invalidateQueries({ queryKey: depositListKey });
      if (d.kind === 'withdraw') void client.invalidateQueries({ queryKey: withdrawListKey });
      return;
    case 'jackpot': {
      const [mega, major, minor] = [money(d.mega), money(d.major), money(d.minor)];
      if (mega === undefined || major === undefined || minor === undefined) return;
      client.setQueryData<TJackpot>(jackpotQueryOptions().queryKey, (old) =>
        old ? { ...old, jackpots: { MEGA: mega, MAJOR: major, MINOR: minor } } : old,
      );
      return;
    }
  }
}

/**
 * While a member is signed in: the event stream, applied as events come. The browser's
 * EventSource reconnects by itself and resumes with `Last-Event-ID`; where there is none, or the
 * stream is blocked, the 30-second health check keeps everything current as before.
 */
export function useMemberEvents(): void {
  const client = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(MEMBER_EVENTS_URL);
    for (const type of MEMBER_EVENT_TYPES)
      source.addEventListener(type, (event) => {
        try {
          applyMemberEvent(client, type, JSON.parse((event as MessageEvent<string>).data));
        } catch {
          // Not JSON: nothing to apply.
        }
      });
    return () => source.close();
  }, [client]);
}
