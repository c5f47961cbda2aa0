import { useEffect, useRef, useState } from 'react';
import type { LadderResult, MiniGame, PowerballResult } from '@casino/studio-engine/mini/draw';
import type { TMiniRound } from '@casino/studio-engine/mini/contract';
import { clockOffset, fetchCurrent, fetchRounds, type PublicRound } from './public-rounds.ts';

/*
 * The round clock and the result board, pushed by the game's stream (docs/api/studio-mini.md,
 * `GET <studio>/api/mini/<game>/events`): `round` when a round opens, `draw` when it is drawn,
 * `settled` when its bets are paid. Nothing is polled: the board is read once from the public rounds,
 * then kept by the events; the countdown's seconds are computed locally against the server's clock
 * (the offset measured from `serverTime`, again at every reconnection).
 */

export const BOARD_ROUNDS = 60;

export interface DrawnRound {
  round: number;
  seed: string;
  result: PowerballResult | LadderResult;
  /** The round's number within its day, when known. */
  dayRound: number | null;
}

export interface MiniRoundsState {
  /** The round open for bets, or null between rounds. */
  open: TMiniRound | null;
  /** Drawn rounds, newest first. */
  rounds: PublicRound[];
  /** The latest draw pushed while the window was open (to animate), or null. */
  justDrawn: DrawnRound | null;
  /** Milliseconds to add to Date.now() to read the server's clock. */
  offset: number;
  /** Whether the stream is connected (false while it reconnects). */
  live: boolean;
}

export interface MiniRoundsOptions {
  game: MiniGame;
  /** The stream's path (`events` of the session answer). */
  events: string;
  /** The session's round and clock, the starting point. */
  initial: { open: TMiniRound | null; serverTime: string; receivedAt: number };
  /** A round's bets were settled (or refunded): the member's bets and balance are asked again. */
  onSettled(round: number, voided: boolean): void;
  createEventSource?: (url: string) => EventSource;
  fetchRounds?: typeof fetchRounds;
  fetchCurrent?: typeof fetchCurrent;
  now?: () => number;
}

function merge(known: readonly PublicRound[], fresh: readonly PublicRound[]): PublicRound[] {
  const byRound = new Map<number, PublicRound>();
  for (const r of known) byRound.set(r.round, r);
  for (const r of fresh) if (r.seed !== null) byRound.set(r.round, r);
  return [...byRound.values()].sort((a, b) => b.round - a.round).slice(0, BOARD_ROUNDS);
}

function parse(data: unknown): unknown {
  try {
    return typeof data === 'string' ? (JSON.parse(data) as unknown) : null;
  } catch {
    return null;
  }
}

function isRound(v: unknown): v is TMiniRound {
  const r = v as TMiniRound | null;
  return (
    !!r && typeof r.round === 'number' && typeof r.closesAt === 'string' && typeof r.drawsAt === 'string'
  );
}

export function useMiniRounds(options: MiniRoundsOptions): MiniRoundsState {
  const { game, events, initial } = options;
  const [state, setState] = useState<MiniRoundsState>(() => ({
    open: initial.open,
    rounds: [],
    justDrawn: null,
    offset: clockOffset(initial.serverTime, initial.receivedAt, initial.receivedAt),
    live: false,
  }));
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const offsetRef = useRef(state.offset);
  offsetRef.current = state.offset;

  useEffect(() => {
    const o = optionsRef.current;
    const abort = new AbortController();
    const now = o.now ?? (() => Date.now());
    const readRounds = o.fetchRounds ?? fetchRounds;
    const readCurrent = o.fetchCurrent ?? fetchCurrent;
    /** Day numbers of the rounds the stream announced, for the draws that follow. */
    const known = new Map<number, TMiniRound>();
    if (initial.open) known.set(initial.open.round, initial.open);

    const loadBoard = () =>
      readRounds(game, { limit: BOARD_ROUNDS }, abort.signal).then(
        (rounds) => setState((s) => ({ ...s, rounds: merge(s.rounds, rounds) })),
        () => undefined,
      );
    const resyncClock = () => {
      const sentAt = now();
      readCurrent(game, abort.signal).then(
        (c) => setState((s) => ({ ...s, offset: clockOffset(c.serverTime, sentAt, now()) })),
        () => undefined,
      );
    };
    void loadBoard();

    const source = (o.createEventSource ?? ((url: string) => new EventSource(url)))(events);
    let opened = false;
    source.onopen = () => {
      setState((s) => ({ ...s, live: true }));
      // After a reconnection, draws may have been missed: read the board and the clock again.
      if (opened) {
        void loadBoard();
        resyncClock();
      }
      opened = true;
    };
    source.onerror = () => setState((s) => ({ ...s, live: false }));
    source.addEventListener('round', (event) => {
      const round = parse((event as MessageEvent).data);
      if (!isRound(round)) return;
      known.set(round.round, round);
      setState((s) => ({ ...s, open: round }));
    });
    source.addEventListener('draw', (event) => {
      const data = parse((event as MessageEvent).data) as {
        round?: unknown;
        seed?: unknown;
        result?: unknown;
      } | null;
      if (!data || typeof data.round !== 'number' || typeof data.seed !== 'string' || !data.result) return;
      const info = known.get(data.round);
      const drawn: DrawnRound = {
        round: data.round,
        seed: data.seed,
        result: data.result as PowerballResult | LadderResult,
        dayRound: info?.dayRound ?? null,
      };
      const row: PublicRound = {
        round: drawn.round,
        day: info?.day ?? '',
        dayRound: info?.dayRound ?? 0,
        closesAt: info?.closesAt ?? '',
        drawnAt: new Date(now() + offsetRef.current).toISOString(),
        seed: drawn.seed,
        result: drawn.result,
      };
      setState((s) => ({
        ...s,
        justDrawn: drawn,
        rounds: merge(s.rounds, [row]),
        open: s.open?.round === drawn.round ? null : s.open,
      }));
    });
    source.addEventListener('settled', (event) => {
      const data = parse((event as MessageEvent).data) as { round?: unknown; voided?: unknown } | null;
      if (!data || typeof data.round !== 'number') return;
      optionsRef.current.onSettled(data.round, data.voided === true);
    });
    return () => {
      abort.abort();
      source.close();
    };
    // The stream is opened once per game; the initial values are only the starting point.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [game, events]);

  return state;
}

/** Re-renders once a second while mounted (the countdown's display only; nothing is fetched). */
export function useSecondTick(): number {
  const [value, setValue] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setValue(Date.now()), 1_000);
    return () => clearInterval(id);
  }, []);
  return value;
}
