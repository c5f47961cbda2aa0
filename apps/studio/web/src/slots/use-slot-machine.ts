import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { TSpinAnswer } from '@casino/studio-engine/contract';
import type { SlotGameDefinition, SlotRound, SlotWin } from '@casino/studio-engine/types';
import {
  isRefusal,
  prefersReducedMotion,
  HttpError,
  useInterruption,
  useSound,
  useStudio,
  type JackpotHit,
} from '../shell/index.ts';
import { Cancelled, Pacer } from './pacer.ts';
import { planRound, runIn, scattersIn, winCells, type TBeat, type TBigWinTier } from './plan.ts';

/**
 * The slot machine's state and its round player: a spin asks the studio for a round, the reels run
 * meanwhile, then the round is played beat by beat (plan.ts): reels stop one by one on each spin's
 * window, wins light up together then one by one, free games are introduced, counted and totalled,
 * a big win is celebrated, and only then does the balance show the round's result.
 */

export interface ReelView {
  /** `idle`: at rest on `symbols`; `spin`: running (`strip` loops); `land`: running into `symbols`. */
  phase: 'idle' | 'spin' | 'land';
  /** The reel's column of the window (top to bottom). */
  symbols: string[];
  /** What passes by: the loop while spinning, the run-in under the window while landing. */
  strip: string[];
  /** Spinning on because a free-game trigger is in reach. */
  tease: boolean;
  /** Changes with every landing, so its animation starts again. */
  seq: number;
}

export interface HighlightView {
  /** Lit cells (`reel:row`). */
  cells: Set<string>;
  /** Every win of the spin. */
  wins: SlotWin[];
  /** The win shown on its own, or null while all are shown together. */
  current: SlotWin | null;
}

export interface FreeView {
  /** The free game being played (0 before the first). */
  index: number;
  total: number;
  multiplier: number;
}

export type TOverlay =
  | { kind: 'freeIntro'; count: number; multiplier: number }
  | { kind: 'retrigger'; count: number }
  | { kind: 'freeTotal'; amount: number; played: number }
  | { kind: 'bigWin'; tier: TBigWinTier; amount: number };

/** The win meter: counts up from `from` to `amount` over `ms`. */
export interface MeterView {
  amount: number;
  from: number;
  ms: number;
  /** Bumps to restart the count. */
  seq: number;
}

export interface AutoView {
  remaining: number;
  stopOnFree: boolean;
}

/** What the last round came to, for the screen reader announcement and the tests. */
export interface RoundSummary {
  totalWin: number;
  spins: number;
  freeGames: number;
}

export interface SlotMachine {
  reels: ReelView[];
  highlight: HighlightView | null;
  free: FreeView | null;
  overlay: TOverlay | null;
  meter: MeterView;
  /** A refusal or error code to show (shell's `codes.*` texts). */
  message: string | null;
  jackpots: JackpotHit[];
  busy: boolean;
  auto: AutoView | null;
  bet: number;
  turbo: boolean;
  last: RoundSummary | null;
  /** How long a reel's landing takes now (turbo, reduced motion), for its animation. */
  landMs: number;
  /** The primary action: spin when idle, hurry the round while it plays, stop autoplay. */
  press(): void;
  spin(): void;
  setBet(bet: number): void;
  setTurbo(on: boolean): void;
  startAuto(count: number, stopOnFree: boolean): void;
  stopAuto(): void;
  /** A tap on a banner: ends its pause. */
  skipPause(): void;
  dismissMessage(): void;
  onJackpotClosed(): void;
}

/** How many symbols run past while a reel lands: enough to look like a reel slowing down. */
const RUN_IN = 10;
/** The loop a spinning reel shows. */
const LOOP = 12;

function column(strip: readonly string[], stop: number, rows: number): string[] {
  return Array.from({ length: rows }, (_, i) => strip[(stop + i) % strip.length] ?? strip[0] ?? '');
}

function loopOf(strip: readonly string[]): string[] {
  if (strip.length === 0) return [];
  // The passing symbols are the reel's own, from a random place on its strip: decoration only,
  // the result comes from the studio.
  const start = Math.floor(Math.random() * strip.length);
  return column(strip, start, LOOP);
}

const BET_KEY = 'studio.slots.bet.';

function initialBet(definition: SlotGameDefinition): number {
  const levels = definition.betLevels;
  try {
    const saved = Number(globalThis.localStorage?.getItem(BET_KEY + definition.code));
    if (levels.includes(saved)) return saved;
  } catch {
    // No storage: start at the smallest bet.
  }
  return levels[0] ?? 0;
}

function isSlotRound(value: unknown): value is SlotRound {
  const round = value as SlotRound | null;
  return (
    typeof round === 'object' &&
    round !== null &&
    Array.isArray(round.spins) &&
    round.spins.length > 0 &&
    round.spins.every((s) => Array.isArray(s.window) && Array.isArray(s.wins))
  );
}

export function useSlotMachine(definition: SlotGameDefinition): SlotMachine {
  const { call, setBalance } = useStudio();
  const { play } = useSound();
  const rows = definition.rows;

  const [reels, setReels] = useState<ReelView[]>(() =>
    // Before the first spin the reels rest at spread-out places on their strips (their own symbols;
    // the start of every strip would line the same symbols up across the window).
    definition.reels.map((strip, r) => ({
      phase: 'idle',
      symbols: column(strip, r * 7 + 3, rows),
      strip: [],
      tease: false,
      seq: 0,
    })),
  );
  const [highlight, setHighlight] = useState<HighlightView | null>(null);
  const [free, setFree] = useState<FreeView | null>(null);
  const [overlay, setOverlay] = useState<TOverlay | null>(null);
  const [meter, setMeter] = useState<MeterView>({ amount: 0, from: 0, ms: 0, seq: 0 });
  const [message, setMessage] = useState<string | null>(null);
  const [jackpots, setJackpots] = useState<JackpotHit[]>([]);
  const [busy, setBusy] = useState(false);
  const [auto, setAutoState] = useState<AutoView | null>(null);
  const [bet, setBetState] = useState(() => initialBet(definition));
  const [turbo, setTurboState] = useState(false);
  const [last, setLast] = useState<RoundSummary | null>(null);

  // The round player reads these while it runs; React state is for drawing.
  const turboRef = useRef(turbo);
  const betRef = useRef(bet);
  const autoRef = useRef<AutoView | null>(null);
  const busyRef = useRef(false);
  const windowRef = useRef<string[][]>(reels.map((r) => r.symbols));
  const jackpotDone = useRef<(() => void) | null>(null);
  const pacer = useMemo(
    () => new Pacer({ turbo: () => turboRef.current, reducedMotion: () => prefersReducedMotion() }),
    [],
  );

  useEffect(() => {
    pacer.revive();
    return () => pacer.cancel();
  }, [pacer]);

  const setAuto = useCallback((next: AutoView | null) => {
    autoRef.current = next;
    setAutoState(next);
  }, []);

  /** Every reel starts running (on the strips of the coming spin). */
  const startReels = useCallback((strips: readonly string[][]) => {
    setReels((current) =>
      current.map((reel, r) => ({ ...reel, phase: 'spin', strip: loopOf(strips[r] ?? []), tease: false })),
    );
  }, []);

  /** The reels stop one by one on `window`; the last reels run on when a trigger is in reach. */
  const stopReels = useCallback(
    async (window: string[][], stops: readonly number[], strips: readonly string[][]) => {
      const count = window.length;
      for (let r = 0; r < count; r++) {
        const tease = r >= 2 && scattersIn(window, definition.scatter, r) >= 2;
        if (tease) {
          setReels((current) =>
            current.map((reel, i) => (i >= r && reel.phase === 'spin' ? { ...reel, tease: true } : reel)),
          );
          await pacer.wait('tease');
        }
        const symbols = window[r] ?? [];
        const strip = runIn(strips[r] ?? [], stops[r] ?? 0, rows, RUN_IN);
        setReels((current) =>
          current.map((reel, i) =>
            i === r ? { phase: 'land', symbols, strip, tease: false, seq: reel.seq + 1 } : reel,
          ),
        );
        const landMs = pacer.duration('land');
        setTimeout(() => play('stop'), landMs * 0.8);
        await pacer.wait(r === count - 1 ? 'land' : 'stagger');
      }
      windowRef.current = window.map((col) => [...col]);
      setReels((current) => current.map((reel) => ({ ...reel, phase: 'idle', strip: [], tease: false })));
    },
    [definition.scatter, pacer, play, rows],
  );

  /** After a refusal or error: the reels come back to rest on what they showed before. */
  const settleReels = useCallback(() => {
    const window = windowRef.current;
    setReels((current) =>
      current.map((reel, r) => ({
        phase: 'idle',
        symbols: window[r] ?? reel.symbols,
        strip: [],
        tease: false,
        seq: reel.seq + 1,
      })),
    );
  }, []);

  const showWins = useCallback(
    async (beat: Extract<TBeat, { type: 'wins' }>, meterFrom: number) => {
      const { wins } = beat;
      setMeter((m) => ({
        amount: beat.roundWin,
        from: meterFrom,
        ms: pacer.duration('winAll') * 0.7,
        seq: m.seq + 1,
      }));
      play('win');
      setHighlight({ cells: winCells(wins), wins, current: wins.length === 1 ? (wins[0] ?? null) : null });
      await pacer.wait('winAll');
      if (wins.length > 1) {
        for (const win of wins) {
          setHighlight({ cells: winCells([win]), wins, current: win });
          await pacer.wait('winEach');
        }
      }
      setHighlight(null);
    },
    [pacer, play],
  );

  const banner = useCallback(
    async (next: TOverlay, kind: 'freeIntro' | 'retrigger' | 'freeTotal' | 'bigWin') => {
      setOverlay(next);
      await pacer.wait(kind);
      setOverlay(null);
    },
    [pacer],
  );

  /** Plays one paid round; returns why autoplay should stop after it, if it should. */
  const playRound = useCallback(async (): Promise<'refused' | 'free' | 'big' | null> => {
    pacer.reset();
    setMessage(null);
    setHighlight(null);
    setOverlay(null);
    const stake = betRef.current;
    startReels(definition.reels);
    play('spin');
    const minSpin = pacer.wait('minSpin');

    let answer: TSpinAnswer;
    try {
      const reply = await call<TSpinAnswer>('spin', { bet: stake });
      if (isRefusal(reply)) {
        await minSpin;
        settleReels();
        setMessage(reply.code);
        return 'refused';
      }
      answer = reply;
    } catch (error) {
      if (error instanceof Cancelled) throw error;
      await minSpin.catch(() => undefined);
      settleReels();
      const code = error instanceof HttpError ? error.code : 'error';
      setMessage(code);
      // The round may or may not have been settled: ask for the balance as it now stands.
      void call<{ balance: number }>('session', {}).then(
        (session) => {
          if (!isRefusal(session) && typeof session.balance === 'number') setBalance(session.balance);
        },
        () => undefined,
      );
      return 'refused';
    }

    const round = answer.round.outcome;
    if (!isSlotRound(round)) {
      await minSpin;
      settleReels();
      setMessage('error');
      setBalance(answer.balance);
      return 'refused';
    }

    // The stake leaves the balance as the reels run; the win arrives at the end of the show.
    setBalance(Math.max(0, answer.balance - answer.round.win), { interim: true });
    setMeter((m) => ({ amount: 0, from: 0, ms: 0, seq: m.seq + 1 }));
    await minSpin;

    let shown = 0;
    let freeGames = 0;
    let isBig = false;
    for (const beat of planRound(round)) {
      switch (beat.type) {
        case 'spin': {
          const strips = beat.spin.kind === 'free' ? definition.freeReels : definition.reels;
          if (beat.free) {
            // The previous free game's result stays in view a moment (the first follows the banner).
            if (beat.free.index > 1) await pacer.wait('rest');
            freeGames = beat.free.index;
            setFree({
              index: beat.free.index,
              total: beat.free.total,
              multiplier: definition.freeMultiplier,
            });
            startReels(strips);
            play('spin');
            await pacer.wait('freeLead');
          }
          await stopReels(beat.spin.window, beat.spin.stops, strips);
          break;
        }
        case 'wins':
          await showWins(beat, shown);
          shown = beat.roundWin;
          break;
        case 'freeIntro':
          play('bigwin');
          await banner(
            { kind: 'freeIntro', count: beat.count, multiplier: definition.freeMultiplier },
            'freeIntro',
          );
          setFree({ index: 0, total: beat.count, multiplier: definition.freeMultiplier });
          break;
        case 'retrigger':
          play('win');
          setFree((f) => (f ? { ...f, total: beat.total } : f));
          await banner({ kind: 'retrigger', count: beat.count }, 'retrigger');
          break;
        case 'freeTotal':
          play('win');
          await banner({ kind: 'freeTotal', amount: beat.amount, played: beat.played }, 'freeTotal');
          setFree(null);
          break;
        case 'bigWin':
          isBig = true;
          play('bigwin');
          await banner({ kind: 'bigWin', tier: beat.tier, amount: beat.amount }, 'bigWin');
          break;
        case 'end': {
          if (beat.totalWin !== shown)
            setMeter((m) => ({ amount: beat.totalWin, from: shown, ms: 300, seq: m.seq + 1 }));
          // The last result's wins stay lit until the next spin.
          const lastWins = round.spins[round.spins.length - 1]?.wins ?? [];
          if (lastWins.length > 0) setHighlight({ cells: winCells(lastWins), wins: lastWins, current: null });
          break;
        }
      }
    }

    setBalance(answer.balance);
    setLast({ totalWin: round.totalWin, spins: round.spins.length, freeGames });
    const hits = answer.round.jackpots;
    if (hits.length > 0) {
      const closed = new Promise<void>((resolve) => {
        jackpotDone.current = resolve;
      });
      setJackpots(hits);
      // The banner closes itself after a few seconds; the timeout only guards against it never showing.
      await Promise.race([closed, pacer.sleep(12_000)]);
    }
    if (isBig) return 'big';
    if (freeGames > 0) return 'free';
    return null;
  }, [banner, call, definition, pacer, play, setBalance, settleReels, showWins, startReels, stopReels]);

  const run = useCallback(async () => {
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    try {
      for (;;) {
        const a = autoRef.current;
        if (a) setAuto({ ...a, remaining: a.remaining - 1 });
        const stop = await playRound();
        const now = autoRef.current;
        if (!now) break;
        if (
          stop === 'refused' ||
          stop === 'big' ||
          (stop === 'free' && now.stopOnFree) ||
          now.remaining <= 0
        ) {
          setAuto(null);
          break;
        }
        await pacer.wait('autoGap');
        if (!autoRef.current) break;
      }
    } catch (error) {
      if (!(error instanceof Cancelled)) throw error;
    } finally {
      busyRef.current = false;
      setBusy(false);
      setFree(null);
      setOverlay(null);
    }
  }, [playRound, pacer, setAuto]);

  const spin = useCallback(() => {
    if (busyRef.current) {
      pacer.hurry();
      return;
    }
    void run();
  }, [pacer, run]);

  const stopAuto = useCallback(() => setAuto(null), [setAuto]);
  // The reality check (shell/reality-check.tsx) stops autoplay: the member decides what comes next.
  useInterruption(stopAuto);

  const press = useCallback(() => {
    if (autoRef.current) {
      stopAuto();
      return;
    }
    spin();
  }, [spin, stopAuto]);

  const startAuto = useCallback(
    (count: number, stopOnFree: boolean) => {
      if (busyRef.current || count <= 0) return;
      setAuto({ remaining: count, stopOnFree });
      void run();
    },
    [run, setAuto],
  );

  const setBet = useCallback(
    (next: number) => {
      if (busyRef.current || !definition.betLevels.includes(next)) return;
      betRef.current = next;
      setBetState(next);
      try {
        globalThis.localStorage?.setItem(BET_KEY + definition.code, String(next));
      } catch {
        // Not remembered then.
      }
    },
    [definition],
  );

  const setTurbo = useCallback((on: boolean) => {
    turboRef.current = on;
    setTurboState(on);
  }, []);

  const skipPause = useCallback(() => pacer.skip(), [pacer]);
  const dismissMessage = useCallback(() => setMessage(null), []);
  const onJackpotClosed = useCallback(() => {
    jackpotDone.current?.();
    jackpotDone.current = null;
  }, []);

  return {
    reels,
    highlight,
    free,
    overlay,
    meter,
    message,
    jackpots,
    busy,
    auto,
    bet,
    turbo,
    last,
    landMs: pacer.duration('land'),
    press,
    spin,
    setBet,
    setTurbo,
    startAuto,
    stopAuto,
    skipPause,
    dismissMessage,
    onJackpotClosed,
  };
}
