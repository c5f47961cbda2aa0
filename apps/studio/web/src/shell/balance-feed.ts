/**
 * The game window's balance between rounds, fed by the portal (decision 0022): the portal that
 * opened this window forwards each `balance` of the member's event stream (a deposit approved, an
 * operator's credit, a game in another window), and the window shows it at once, except while one
 * of its own rounds is in flight. A round's result must never show before its animation reaches it
 * (the game sets the settled balance at that moment), and the stream tells of the round's own bet
 * and win as soon as they commit. So:
 *
 * - idle (no call in flight, no round waiting for its animation): a portal balance shows at once;
 * - from a call's start until its answer, and for a round until the game shows its settled
 *   balance: the portal's latest balance is held;
 * - when the round's animation ends: a held balance equal to the round's result is the round's own
 *   and is dropped; any other (the bet before the win, or a change that came after) is uncertain in
 *   order, so the balance is asked afresh from the studio (`refresh`), and that answer shows only if
 *   nothing newer showed meanwhile and no round is in flight again;
 * - a call that moved no money (a refusal, a fairness call) releases a held balance as it is; a
 *   call that failed (the round may or may not have happened) asks afresh.
 *
 * Pure state over two effects (`show`, `refresh`), so its rules are tested without a browser.
 */

export interface BalanceFeedDeps {
  /** Shows a balance in the window (the provider's state). */
  show(balance: number): void;
  /** Asks the studio for the balance as it stands now; its answer comes back through `refreshed`. */
  refresh(ticket: number): void;
  now?: () => number;
  /** A round whose animation never reported its end stops holding after this long (default 2 min). */
  maxRoundMs?: number;
}

/** How a call the window made ended. */
export type TCallEnd = { kind: 'round'; balance: number } | { kind: 'no-money' } | { kind: 'failed' };

export interface BalanceFeed {
  /** A call to the studio starts; `end` it with how it ended. */
  begin(): { end(how: TCallEnd): void };
  /**
   * The game shows a balance (its own `setBalance`): a round's settled result at the end of its
   * animation, or an `interim` one (the stake leaving) that never ends the round.
   */
  shown(balance: number, interim?: boolean): void;
  /** A balance from the portal's event stream. */
  portal(balance: number): void;
  /** The studio's answer to `refresh(ticket)`. */
  refreshed(ticket: number, balance: number): void;
  /** Whether a portal balance would be held now. */
  isHolding(): boolean;
}

export function createBalanceFeed(deps: BalanceFeedDeps): BalanceFeed {
  const now = deps.now ?? (() => Date.now());
  const maxRoundMs = deps.maxRoundMs ?? 120_000;
  let calls = 0;
  /** The settled balance of the round whose animation is still running, and since when. */
  let awaiting: { balance: number; at: number } | null = null;
  let held: number | null = null;
  /**
   * Bumped at every balance shown that differs from the one on screen: a refresh asked before a
   * newer one showed is stale. A game setting the same balance again (a win's count-up ending on
   * the settled balance, a re-render) is nothing newer and keeps the refresh's answer.
   */
  let epoch = 0;
  let onScreen: number | null = null;

  const roundOpen = () => awaiting !== null && now() - awaiting.at < maxRoundMs;
  const busy = () => calls > 0 || roundOpen();

  function show(balance: number): void {
    if (balance !== onScreen) epoch += 1;
    onScreen = balance;
    deps.show(balance);
  }

  /** Once nothing is in flight: what to do with a held balance, given how the last call ended. */
  function release(result: number | 'uncertain' | 'as-is'): void {
    if (busy() || held === null) return;
    const balance = held;
    held = null;
    if (result === 'as-is') show(balance);
    else if (result === 'uncertain' || balance !== result) deps.refresh(epoch);
  }

  return {
    begin() {
      calls += 1;
      let ended = false;
      return {
        end(how) {
          if (ended) return;
          ended = true;
          calls -= 1;
          if (how.kind === 'round') awaiting = { balance: how.balance, at: now() };
          else release(how.kind === 'no-money' ? 'as-is' : 'uncertain');
        },
      };
    },
    shown(balance, interim = false) {
      show(balance);
      if (!interim && awaiting && balance === awaiting.balance) {
        awaiting = null;
        release(balance);
      }
    },
    portal(balance) {
      if (busy()) held = balance;
      else {
        held = null;
        show(balance);
      }
    },
    refreshed(ticket, balance) {
      // Something newer showed since it was asked, or a round is in flight again (its own result
      // will be the truth when its animation ends): the answer is stale.
      if (ticket !== epoch || busy()) return;
      show(balance);
    },
    isHolding: busy,
  };
}
