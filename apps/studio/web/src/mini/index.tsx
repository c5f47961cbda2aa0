import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MiniGame as TMiniGame } from '@casino/studio-engine/mini/draw';
import type {
  TMiniBet,
  TMiniBetAnswer,
  TMiniBetsAnswer,
  TMiniSessionAnswer,
  TMiniSlipJackpot,
} from '@casino/studio-engine/mini/contract';
import { isRefusal, postAction, type StudioRefusal } from '../shell/api.ts';
import { createBalanceFeed, type BalanceFeed } from '../shell/balance-feed.ts';
import { usePortalBalance } from '../shell/portal-link.ts';
import {
  ErrorScreen,
  FrameBalance,
  HttpError,
  JackpotBanner,
  LoadingScreen,
  SoundButton,
  formatWon,
  useErrorText,
  usePrefersReducedMotion,
  useSound,
  type TLang,
} from '../shell/index.ts';
import { addStake, removeLine, slipProblem, type SlipLine } from './bet-slip.ts';
import { DrawStage } from './draw-stage.tsx';
import {
  BetSlip,
  BettingBoard,
  CHIPS,
  HistoryBoard,
  MyBets,
  PatternRoads,
  useMarketName,
} from './panels.tsx';
import { formatCountdown, secondsUntil } from './public-rounds.ts';
import { useMiniRounds, useSecondTick } from './use-mini-rounds.ts';
import './mini.css';

/*
 * Powerball and Ladder (docs/api/studio-mini.md): one shared round for every member, a countdown to
 * the cut-off on the server's clock, the board with the operator's odds, the slip sent whole
 * (`mini-bet`), the draw animated when the stream pushes it, the result board and its roads, and the
 * member's bets of the round and of the day (`mini-bets`, asked again when the stream says the
 * round is settled). Phone first: one column; two from 900 px.
 */

type TSession =
  | { phase: 'loading' }
  | { phase: 'error'; code: string }
  | { phase: 'ready'; session: TMiniSessionAnswer; receivedAt: number };

export function MiniGame({ token, game, lang }: { token: string; game: TMiniGame; lang: TLang }) {
  const [state, setState] = useState<TSession>(() =>
    token ? { phase: 'loading' } : { phase: 'error', code: 'missing_launch' },
  );
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!token) return;
    const abort = new AbortController();
    postAction<TMiniSessionAnswer>('mini-session', { token, game }, abort.signal).then(
      (answer) => {
        if (isRefusal(answer)) setState({ phase: 'error', code: answer.code });
        else setState({ phase: 'ready', session: answer, receivedAt: Date.now() });
      },
      (error: unknown) => {
        if (!abort.signal.aborted)
          setState({ phase: 'error', code: error instanceof HttpError ? error.code : 'error' });
      },
    );
    return () => abort.abort();
  }, [token, game, attempt]);

  if (state.phase === 'loading') return <LoadingScreen />;
  if (state.phase === 'error') {
    const relaunch = state.code === 'invalid_token' || state.code === 'missing_launch';
    return (
      <ErrorScreen
        code={state.code}
        onRetry={
          relaunch
            ? undefined
            : () => {
                setState({ phase: 'loading' });
                setAttempt((n) => n + 1);
              }
        }
      />
    );
  }
  return (
    <MiniTable token={token} game={game} lang={lang} session={state.session} receivedAt={state.receivedAt} />
  );
}

/** The text of a `mini-bet` refusal (the ones the shell does not know are the mini-game's own). */
function useRefusalText(game: TMiniGame): (refusal: StudioRefusal & { market?: string }) => string {
  const { t } = useTranslation('mini');
  const shellText = useErrorText();
  const name = useMarketName(game);
  return (refusal) => {
    switch (refusal.code) {
      case 'closed':
      case 'round_limit':
      case 'unknown_market':
      case 'unconfirmed':
        return t(`refused.${refusal.code}`);
      case 'exposure':
        return t('refused.exposure', { market: refusal.market ? name(refusal.market) : '' });
      default:
        return shellText(refusal.code);
    }
  };
}

function MiniTable({
  token,
  game,
  lang,
  session,
  receivedAt,
}: {
  token: string;
  game: TMiniGame;
  lang: TLang;
  session: TMiniSessionAnswer;
  receivedAt: number;
}) {
  const { t } = useTranslation('mini');
  const { t: ts } = useTranslation('shell');
  const { play, muted, toggleMuted } = useSound();
  const reducedMotion = usePrefersReducedMotion();
  const refusalText = useRefusalText(game);
  const errorText = useErrorText();
  const { markets, maxRoundTotal } = session.settings;
  const [balance, setShown] = useState(session.balance);
  const [feed] = useState<BalanceFeed>(() =>
    createBalanceFeed({
      show: setShown,
      refresh: (ticket) => {
        postAction<TMiniBetsAnswer>('mini-bets', { token, game }).then(
          (answer) => {
            if (!isRefusal(answer) && typeof answer.balance === 'number')
              feed.refreshed(ticket, answer.balance);
          },
          () => undefined,
        );
      },
    }),
  );
  const wallet = session.wallet;
  usePortalBalance(wallet, feed);

  const [scope, setScope] = useState<'round' | 'day'>('round');
  const [bets, setBets] = useState<TMiniBet[]>([]);
  const [dayBets, setDayBets] = useState<TMiniBet[]>([]);
  // The house jackpots the member's slips won (drawn on the slip's wallet bet, paid with it).
  const [jackpots, setJackpots] = useState<TMiniSlipJackpot[]>([]);
  const [dayJackpots, setDayJackpots] = useState<TMiniSlipJackpot[]>([]);
  const [hits, setHits] = useState<TMiniBetAnswer['jackpots']>([]);

  // The round's list is asked when a round opens and when one is settled, and the answers may come
  // back in either order: only the newest question's answer is shown (a round opening and the
  // previous one settled come a few milliseconds apart).
  const roundAsked = useRef(0);
  const loadBets = useCallback(
    async (round: number | null) => {
      const asked = round === null ? null : ++roundAsked.current;
      const [ofRound, ofDay] = await Promise.all([
        round === null ? null : postAction<TMiniBetsAnswer>('mini-bets', { token, game, round }),
        postAction<TMiniBetsAnswer>('mini-bets', { token, game }),
      ]);
      if (ofRound && !isRefusal(ofRound) && asked === roundAsked.current) {
        setBets(ofRound.bets);
        setJackpots(ofRound.jackpots);
      }
      if (!isRefusal(ofDay)) {
        setDayBets(ofDay.bets);
        setDayJackpots(ofDay.jackpots);
      }
      return isRefusal(ofDay) ? null : ofDay.balance;
    },
    [token, game],
  );

  /** The round whose draw animation reached its result last; a settled balance waits for it. */
  const animatedRound = useRef<number | null>(null);
  const latestDraw = useRef<number | null>(null);
  const settledBalance = useRef<number | null>(null);
  const onSettled = useCallback(
    (round: number) => {
      const inFlight = feed.begin();
      void loadBets(round).then(
        (b) => {
          if (b === null) {
            inFlight.end({ kind: 'failed' });
            return;
          }
          inFlight.end({ kind: 'round', balance: b });
          // The win shows when the balls (or the ladder) reach the result, not before.
          if (latestDraw.current === null || animatedRound.current === latestDraw.current) feed.shown(b);
          else settledBalance.current = b;
        },
        () => inFlight.end({ kind: 'failed' }),
      );
    },
    [feed, loadBets],
  );

  const rounds = useMiniRounds({
    game,
    events: session.events,
    initial: { open: session.current, serverTime: session.serverTime, receivedAt },
    onSettled,
  });
  const now = useSecondTick();
  const open = rounds.open;
  const closeIn = secondsUntil(open?.closesAt ?? null, now, rounds.offset);
  const drawIn = secondsUntil(open?.drawsAt ?? null, now, rounds.offset);
  const closed = !open || closeIn <= 0;

  // The member's bets of the open round (asked once when it opens; the answers of mini-bet add to it).
  const openRound = open?.round ?? null;
  useEffect(() => {
    if (openRound === null) return;
    const asked = ++roundAsked.current;
    postAction<TMiniBetsAnswer>('mini-bets', { token, game, round: openRound }).then(
      (answer) => {
        if (!isRefusal(answer) && asked === roundAsked.current) {
          setBets(answer.bets);
          setJackpots(answer.jackpots);
        }
      },
      () => undefined,
    );
  }, [openRound, token, game]);
  useEffect(() => {
    void loadBets(null).catch(() => undefined);
  }, [loadBets]);

  // A new draw is animated; the settled balance shows when the animation reaches the result.
  const justDrawn = rounds.justDrawn;
  latestDraw.current = justDrawn?.round ?? null;
  const onDrawDone = useCallback(
    (round: number | null) => {
      animatedRound.current = round;
      if (round !== null && round === latestDraw.current && settledBalance.current !== null) {
        feed.shown(settledBalance.current);
        settledBalance.current = null;
      }
    },
    [feed],
  );

  const [lines, setLines] = useState<SlipLine[]>([]);
  const [chip, setChip] = useState<number>(CHIPS[1]);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: 'error' | 'ok'; text: string } | null>(null);
  // Each line is checked against its market's own limits; the server checks them again (with the
  // member's earlier slips of the round and the house's exposure) and says which one refused.
  const byCode = useMemo(() => new Map(markets.map((m) => [m.code, m])), [markets]);
  const marketLimits = useCallback(
    (code: string) => {
      const m = byCode.get(code);
      return { minBet: m?.minBet ?? 1, maxBet: m?.maxBet ?? 0 };
    },
    [byCode],
  );

  const problem = (() => {
    for (const line of lines) {
      const p = slipProblem([line], marketLimits(line.market), Number.MAX_SAFE_INTEGER);
      if (p === 'below_min')
        return t('slip.belowMin', { amount: formatWon(marketLimits(line.market).minBet, lang) });
      if (p === 'above_max')
        return t('slip.aboveMax', { amount: formatWon(marketLimits(line.market).maxBet, lang) });
    }
    const total = lines.reduce((s, l) => s + l.stake, 0);
    if (total > balance) return ts('codes.not_enough_money');
    if (total > maxRoundTotal) return t('refused.round_limit');
    return null;
  })();

  const place = async () => {
    if (!open || problem || lines.length === 0) return;
    setBusy(true);
    setMessage(null);
    const inFlight = feed.begin();
    try {
      const answer = await postAction<TMiniBetAnswer>('mini-bet', {
        token,
        game,
        round: open.round,
        bets: lines.map((l) => ({ market: l.market, amount: l.stake })),
      });
      if (isRefusal(answer)) {
        if (typeof answer.balance === 'number') feed.shown(answer.balance);
        inFlight.end({ kind: 'no-money' });
        setMessage({ kind: 'error', text: refusalText(answer) });
        return;
      }
      inFlight.end({ kind: 'round', balance: answer.balance });
      feed.shown(answer.balance);
      play('chip');
      setLines([]);
      setBets((known) => [...answer.bets, ...known.filter((b) => b.slipId !== answer.slipId)]);
      setDayBets((known) => [...answer.bets, ...known.filter((b) => b.slipId !== answer.slipId)]);
      if (answer.jackpots.length > 0) {
        // Paid with the bet (already in its balance): celebrated now, listed with the slip.
        const won = answer.jackpots.map((hit) => ({
          ...hit,
          slipId: answer.slipId,
          round: open.round,
          dayRound: open.dayRound,
        }));
        setJackpots((known) => [...won, ...known]);
        setDayJackpots((known) => [...won, ...known]);
        setHits(answer.jackpots);
      }
      setMessage({ kind: 'ok', text: t('slip.placed', { round: open.dayRound }) });
    } catch (error) {
      inFlight.end({ kind: 'failed' });
      setMessage({ kind: 'error', text: errorText(error instanceof HttpError ? error.code : 'error') });
    } finally {
      setBusy(false);
    }
  };

  const title = t(`games.${game}`);
  useEffect(() => {
    document.title = title;
  }, [title]);
  const [tab, setTab] = useState<'results' | 'patterns' | 'mine'>('results');
  const drawnResult = rounds.justDrawn?.result ?? rounds.rounds[0]?.result ?? null;
  const drawnRound = rounds.justDrawn?.round ?? rounds.rounds[0]?.round ?? null;

  return (
    <div className="st-frame mg-frame">
      <header className="st-topbar">
        <div className="st-topbar__title">
          <h1>{title}</h1>
        </div>
        <FrameBalance balance={balance} lang={lang} />
        <div className="st-topbar__actions">
          <SoundButton muted={muted} onToggle={toggleMuted} />
        </div>
      </header>
      <main className="st-stage mg-stage">
        <section className="mg-clock" aria-label={t('clock.title')}>
          <div className="mg-clock__round">
            {open ? t('clock.round', { dayRound: open.dayRound, round: open.round }) : t('clock.between')}
          </div>
          <div
            className={closed ? 'mg-clock__time mg-clock__time--closed' : 'mg-clock__time'}
            role="timer"
            aria-live="off"
          >
            <span className="mg-clock__label">{closed ? t('clock.drawIn') : t('clock.closeIn')}</span>
            <span className="mg-clock__digits st-num">{formatCountdown(closed ? drawIn : closeIn)}</span>
          </div>
          {!rounds.live ? <span className="st-muted mg-clock__live">{t('clock.reconnecting')}</span> : null}
        </section>
        <div className="mg-layout">
          <div className="mg-col">
            <section className="mg-panel mg-draw-panel" aria-label={t('draw.title')}>
              <h2 className="mg-panel__title">
                {t('draw.title')}
                {drawnRound !== null ? (
                  <span className="st-muted">
                    {' '}
                    ·{' '}
                    {t('draw.of', {
                      round: rounds.justDrawn?.dayRound ?? rounds.rounds[0]?.dayRound ?? drawnRound,
                    })}
                  </span>
                ) : null}
              </h2>
              <DrawStage
                game={game}
                result={drawnResult}
                round={drawnRound}
                reducedMotion={reducedMotion || !rounds.justDrawn}
                onDone={onDrawDone}
              />
            </section>
            <BettingBoard
              game={game}
              markets={markets}
              lines={lines}
              disabled={closed || busy}
              onPick={(code) => {
                play('click');
                setMessage(null);
                setLines((l) => addStake(l, code, chip, marketLimits(code)));
              }}
            />
          </div>
          <div className="mg-col">
            {/* The slip: under the board on a phone (kept at the screen's bottom), atop the side column on a desktop. */}
            <div className="mg-slip-block">
              <BetSlip
                game={game}
                markets={markets}
                lines={lines}
                chip={chip}
                lang={lang}
                busy={busy}
                closed={closed}
                problem={problem}
                onChip={setChip}
                onRemove={(m) => setLines((l) => removeLine(l, m))}
                onClear={() => setLines([])}
                onPlace={() => void place()}
              />
              {message ? (
                <p
                  className={message.kind === 'ok' ? 'st-ok mg-message' : 'st-error mg-message'}
                  role={message.kind === 'ok' ? 'status' : 'alert'}
                >
                  {message.text}
                </p>
              ) : null}
            </div>
            <div className="mg-tabs" role="tablist">
              {(['results', 'patterns', 'mine'] as const).map((k) => (
                <button
                  key={k}
                  type="button"
                  role="tab"
                  aria-selected={tab === k}
                  className={tab === k ? 'mg-tab mg-tab--on' : 'mg-tab'}
                  onClick={() => setTab(k)}
                >
                  {t(`tabs.${k}`)}
                </button>
              ))}
            </div>
            <div className="mg-panel mg-side" role="tabpanel">
              {tab === 'results' ? (
                <HistoryBoard game={game} rounds={rounds.rounds} />
              ) : tab === 'patterns' ? (
                <PatternRoads game={game} rounds={rounds.rounds} />
              ) : (
                <MyBets
                  game={game}
                  bets={scope === 'round' ? bets : dayBets}
                  jackpots={scope === 'round' ? jackpots : dayJackpots}
                  lang={lang}
                  scope={scope}
                  onScope={setScope}
                />
              )}
              <p className="mg-verify">
                <a
                  className="st-link"
                  href={`${import.meta.env.BASE_URL}verify?game=${game}&lang=${lang}`}
                  target="_blank"
                  rel="noopener"
                >
                  {t('verifyLink')}
                </a>
              </p>
            </div>
          </div>
        </div>
      </main>
      <JackpotBanner hits={hits} lang={lang} />
    </div>
  );
}
