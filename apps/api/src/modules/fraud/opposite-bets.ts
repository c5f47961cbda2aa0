import type { Database } from '../../db/database.ts';
import type { EventPublisher } from '../../lib/event-bus.ts';
import { createFraudRepository, type LinkScope } from './fraud.repository.ts';

/**
 * The words of a spot that have an opposite: a stake on one and a stake on the other in the same
 * round cover each other (baccarat's player and banker; a mini-game's odd and even, over and under,
 * left and right ...).
 */
export const OPPOSITE_WORDS: Readonly<Record<string, string>> = {
  player: 'banker',
  banker: 'player',
  odd: 'even',
  even: 'odd',
  over: 'under',
  under: 'over',
  big: 'small',
  small: 'big',
  high: 'low',
  low: 'high',
  left: 'right',
  right: 'left',
  red: 'black',
  black: 'red',
};

/**
 * The spots opposite to `spot`: the same spot with one of its words (split at `-`, `_`, `:`) swapped
 * for its opposite. `player` → `banker`; `powerball-odd` → `powerball-even`; `ladder:left:3` →
 * `ladder:right:3`.
 */
export function oppositeSpots(spot: string): string[] {
  const parts = spot.split(/([-_:])/);
  const out: string[] = [];
  parts.forEach((part, i) => {
    const other = OPPOSITE_WORDS[part];
    if (other === undefined) return;
    out.push([...parts.slice(0, i), other, ...parts.slice(i + 1)].join(''));
  });
  return out;
}

/** A provider wallet bet as the check reads it. */
export interface SpottedBet {
  userId: string;
  roundId: string;
  gameCode: string;
  spots?: readonly string[] | undefined;
  sharedRoundId?: string | undefined;
}

/** What the wallet answers, as far as the check needs it. */
export interface Answered {
  body: { status: string };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Opposite betting (docs/security.md "Abuse signals", docs/providers.md "Spots and shared rounds"):
 * the wallet route applies a bet through `around`. A bet without spots is applied as it is, at no
 * cost. A bet with spots records its stakes and reads the round's opposite stakes in one statement;
 * an opposite stake of a linked member (or of a member when both are on the watch list) is flagged
 * (a review entry with both rounds, the operators' `queue` event). When the operator refuses such
 * bets the check runs before the bet, and a refused bet moves nothing; otherwise it runs beside the
 * answer, after the bet stood, so the bet waits for nothing (flagged within milliseconds).
 */
export function createOppositeBets(deps: {
  db: Database;
  now: () => Date;
  settings: () => Promise<{ refuse_opposite_bets: boolean; ip_links: boolean; ip_link_days: number }>;
  events?: Pick<EventPublisher, 'queue'> | undefined;
  onError?: ((error: unknown) => void) | undefined;
}) {
  const { db, now, events } = deps;
  const repo = createFraudRepository(db);
  const report = (error: unknown) => deps.onError?.(error);

  /** Records the bet's stakes and flags an opposite one of a linked or co-watched member; whether it was found. */
  async function check(provider: string, bet: SpottedBet, refuse: boolean): Promise<boolean> {
    const userId = bet.userId.toLowerCase();
    const spots = [...new Set(bet.spots ?? [])];
    const roundKey = bet.sharedRoundId ?? bet.roundId;
    const opposite = [...new Set(spots.flatMap(oppositeSpots))];
    const at = now();
    const others = await repo.stakeAndOpposites(
      { provider, roundKey, userId, spots, roundId: bet.roundId },
      opposite,
      at,
    );
    if (others.length === 0) return false;
    const ids = await repo.memberIdsByUserIds([userId, ...new Set(others.map((o) => o.user_id))]);
    const memberId = ids.get(userId);
    if (memberId === undefined) return false;
    const settings = await deps.settings();
    const scope: LinkScope = {
      ipSince: settings.ip_links ? new Date(at.getTime() - settings.ip_link_days * DAY_MS) : null,
    };
    const otherIds = [...ids.entries()].filter(([u]) => u !== userId).map(([, id]) => id);
    const linked = await repo.linkedAmong(memberId, otherIds, scope);
    const watched = await repo.watched([memberId, ...otherIds]);
    const pairs = others
      .map((o) => ({ ...o, memberId: ids.get(o.user_id) }))
      .filter(
        (o): o is typeof o & { memberId: number } =>
          o.memberId !== undefined &&
          (linked.has(o.memberId) || (watched.has(memberId) && watched.has(o.memberId))),
      );
    if (pairs.length === 0) return false;
    if (refuse) await repo.dropStakes(provider, roundKey, userId, bet.roundId);
    await repo.insertFlag({
      kind: 'opposite_bet',
      memberId,
      action: refuse ? 'refuse' : 'flag',
      details: {
        provider,
        gameCode: bet.gameCode,
        round: roundKey,
        roundId: bet.roundId,
        spots,
        with: pairs.map((p) => ({
          memberId: p.memberId,
          spot: p.spot,
          roundId: p.round_id,
          by: linked.has(p.memberId) ? 'link' : 'watch',
        })),
      },
      at,
    });
    events?.queue();
    return true;
  }

  return {
    /**
     * Applies a wallet bet (`apply`) under the check, or answers `refused()` without applying it
     * when the operator refuses opposite bets and this one is.
     */
    async around<R extends Answered>(
      provider: string,
      bet: SpottedBet,
      apply: () => Promise<R>,
      refused: () => Promise<R>,
    ): Promise<R> {
      if (!bet.spots || bet.spots.length === 0) return apply();
      const settings = await deps.settings();
      if (settings.refuse_opposite_bets) {
        if (await check(provider, bet, true)) return refused();
        const answer = await apply();
        // A bet refused on its own (money, limits) holds no stake.
        if (answer.body.status !== 'RS_OK')
          await repo.dropStakes(
            provider,
            bet.sharedRoundId ?? bet.roundId,
            bet.userId.toLowerCase(),
            bet.roundId,
          );
        return answer;
      }
      const answer = await apply();
      if (answer.body.status === 'RS_OK') void check(provider, bet, false).catch(report);
      return answer;
    },

    /** The prune job: stakes older than a day. */
    prune(): Promise<number> {
      return repo.pruneRoundBets(new Date(now().getTime() - DAY_MS));
    },
  };
}

export type OppositeBets = ReturnType<typeof createOppositeBets>;
