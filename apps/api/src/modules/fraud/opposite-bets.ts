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

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Opposite betting (docs/security.md "Abuse signals", docs/providers.md "Spots and shared rounds"):
 * called by the wallet route before a bet is applied. A bet without spots costs nothing. A bet with
 * spots is compared with the other stakes of its round (one indexed read): an opposite stake of a
 * linked member, or of a member when both are on the watch list, is flagged at once (a review entry
 * with both rounds, the operators' `queue` event) or, with the operator's setting, the bet is
 * refused before it moves any money.
 */
export function createOppositeBets(deps: {
  db: Database;
  now: () => Date;
  events?: Pick<EventPublisher, 'queue'> | undefined;
}) {
  const { db, now, events } = deps;
  const repo = createFraudRepository(db);

  return {
    /** Whether the bet is refused (`refuse`) or goes on (`ok`). */
    async check(provider: string, bet: SpottedBet): Promise<'ok' | 'refuse'> {
      if (!bet.spots || bet.spots.length === 0) return 'ok';
      const memberId = await repo.memberIdByUserId(bet.userId);
      if (memberId === undefined) return 'ok';
      const spots = [...new Set(bet.spots)];
      const roundKey = bet.sharedRoundId ?? bet.roundId;
      const opposite = [...new Set(spots.flatMap(oppositeSpots))];
      const at = now();
      const stake = { provider, roundKey, memberId, spots, roundId: bet.roundId };
      const others = await repo.stakesOn(provider, roundKey, memberId, opposite);
      if (others.length === 0) {
        await repo.recordStakes(stake, at);
        return 'ok';
      }
      const settings = await repo.settings();
      const scope: LinkScope = {
        ipSince: settings.ip_links ? new Date(at.getTime() - settings.ip_link_days * DAY_MS) : null,
      };
      const ids = [...new Set(others.map((o) => o.member_id))];
      const linked = await repo.linkedAmong(memberId, ids, scope);
      const watched = await repo.watched([memberId, ...ids]);
      const pairs = others.filter(
        (o) => linked.has(o.member_id) || (watched.has(memberId) && watched.has(o.member_id)),
      );
      if (pairs.length === 0) {
        await repo.recordStakes(stake, at);
        return 'ok';
      }
      const refuse = settings.refuse_opposite_bets;
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
            memberId: p.member_id,
            spot: p.spot,
            roundId: p.round_id,
            by: linked.has(p.member_id) ? 'link' : 'watch',
          })),
        },
        at,
      });
      if (!refuse) await repo.recordStakes(stake, at);
      events?.queue();
      return refuse ? 'refuse' : 'ok';
    },

    /** The prune job: stakes older than a day. */
    prune(): Promise<number> {
      return repo.pruneRoundBets(new Date(now().getTime() - DAY_MS));
    },
  };
}

export type OppositeBets = ReturnType<typeof createOppositeBets>;
