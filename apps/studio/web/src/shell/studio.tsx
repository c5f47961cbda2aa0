import { createContext, use, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TSessionAnswer } from '@casino/studio-engine/contract';
import type { FairCommitment } from '@casino/studio-engine/types';
import { HttpError } from '@casino/web-kit/http';
import { isRefusal, postAction, type StudioRefusal } from './api.ts';
import { createBalanceFeed, type BalanceFeed } from './balance-feed.ts';
import { usePortalBalance } from './portal-link.ts';
import { parseLang, type TLang } from './format.ts';

export interface StudioValue {
  session: TSessionAnswer;
  token: string;
  game: string;
  lang: TLang;
  /**
   * The member's balance as last shown (whole won): the studio's answers, and between rounds the
   * portal's event stream (decision 0022, `balance-feed.ts`).
   */
  balance: number;
  /**
   * Shows a balance; a round's settled balance, set when its animation ends, ends the round. An
   * `interim` balance (the stake leaving as the reels start) never ends it, even when it equals the
   * result (a round that won nothing).
   */
  setBalance(n: number, options?: { interim?: boolean }): void;
  /** The commitment for the next round: the server seed's hash, the client seed, the next nonce. */
  fairness: FairCommitment;
  setFairness(f: FairCommitment): void;
  /**
   * Posts an action with the launch token and game added. Resolves with the answer or a refusal
   * (`{status: 'refused', code, balance?}`); rejects with an HttpError for an error answer.
   * A refusal that carries a balance updates `balance`, and an answer that carries `fairness`
   * updates `fairness` (neither is part of a round's animation). A success answer's balance is NOT
   * applied: the game sets it when its animation reaches the result.
   */
  call<T>(action: string, body: object): Promise<T | StudioRefusal>;
}

const StudioContext = createContext<StudioValue | null>(null);

export function useStudio(): StudioValue {
  const value = use(StudioContext);
  if (!value) throw new Error('useStudio() outside <StudioProvider>');
  return value;
}

/** What the platform put in the game URL: `/studio/play?token=..&game=..&lang=..&currency=KRW`. */
export interface LaunchParams {
  token: string;
  game: string;
  lang: TLang;
}

export function readLaunchParams(search: string): LaunchParams {
  const query = new URLSearchParams(search);
  return {
    token: query.get('token') ?? '',
    game: query.get('game') ?? '',
    lang: parseLang(query.get('lang')),
  };
}

type TState =
  { phase: 'loading' } | { phase: 'error'; code: string } | { phase: 'ready'; session: TSessionAnswer };

/**
 * Opens the member's session from the launch URL and provides it to the game. Shows a loading
 * screen meanwhile and an error screen when the launch is not valid (the member then has to launch
 * the game again from the portal: the token is single-use per launch).
 */
export function StudioProvider({ children, launch }: { children: ReactNode; launch: LaunchParams }) {
  const { token, game, lang } = launch;
  const [state, setState] = useState<TState>(() =>
    token && game ? { phase: 'loading' } : { phase: 'error', code: 'missing_launch' },
  );
  const [attempt, setAttempt] = useState(0);
  const [balance, setShownBalance] = useState(0);
  // Between rounds the portal's balances show at once; during a round they wait for its animation.
  const [feed] = useState<BalanceFeed>(() =>
    createBalanceFeed({
      show: setShownBalance,
      refresh: (ticket) => {
        postAction<{ balance?: unknown }>('session', { token, game }).then(
          (answer) => {
            if (!isRefusal(answer) && typeof answer.balance === 'number')
              feed.refreshed(ticket, answer.balance);
          },
          () => undefined,
        );
      },
    }),
  );
  const setBalance = useCallback(
    (n: number, options?: { interim?: boolean }) => feed.shown(n, options?.interim === true),
    [feed],
  );
  const [fairness, setFairness] = useState<FairCommitment>({ serverSeedHash: '', clientSeed: '', nonce: 0 });

  useEffect(() => {
    if (!token || !game) return;
    const abort = new AbortController();
    postAction<TSessionAnswer>('session', { token, game }, abort.signal).then(
      (answer) => {
        if (answer.status === 'refused') {
          setState({ phase: 'error', code: answer.code });
          return;
        }
        setBalance(answer.balance);
        setFairness(answer.fairness);
        setState({ phase: 'ready', session: answer });
      },
      (error: unknown) => {
        if (abort.signal.aborted) return;
        setState({ phase: 'error', code: error instanceof HttpError ? error.code : 'error' });
      },
    );
    return () => abort.abort();
  }, [token, game, attempt, setBalance]);

  const wallet = state.phase === 'ready' ? state.session.wallet : null;
  usePortalBalance(wallet, feed);

  const call = useCallback(
    async <T,>(action: string, body: object): Promise<T | StudioRefusal> => {
      const inFlight = feed.begin();
      let answer: T | StudioRefusal;
      try {
        answer = await postAction<T>(action, { ...body, token, game });
      } catch (error) {
        inFlight.end({ kind: 'failed' });
        throw error;
      }
      if ((answer as StudioRefusal).status === 'refused') {
        const refusal = answer as StudioRefusal;
        if (typeof refusal.balance === 'number') setBalance(refusal.balance);
        endAfterCaller(inFlight);
        return refusal;
      }
      const carried = (answer as { fairness?: FairCommitment }).fairness;
      if (carried && typeof carried.serverSeedHash === 'string') setFairness(carried);
      // A round: its settled balance shows when the game's animation reaches it (`setBalance`).
      const settled = answer as { round?: unknown; balance?: unknown };
      if (settled.round !== undefined && typeof settled.balance === 'number')
        inFlight.end({ kind: 'round', balance: settled.balance });
      else endAfterCaller(inFlight);
      return answer;
    },
    [token, game, feed, setBalance],
  );

  const value = useMemo<StudioValue | null>(
    () =>
      state.phase === 'ready'
        ? { session: state.session, token, game, lang, balance, setBalance, fairness, setFairness, call }
        : null,
    [state, token, game, lang, balance, setBalance, fairness, call],
  );

  if (state.phase === 'loading') return <LoadingScreen />;
  if (state.phase === 'error' || !value)
    return (
      <ErrorScreen
        code={state.phase === 'error' ? state.code : 'error'}
        onRetry={
          state.phase === 'error' && RETRYABLE.has(state.code)
            ? () => {
                setState({ phase: 'loading' });
                setAttempt((n) => n + 1);
              }
            : undefined
        }
      />
    );
  return <StudioContext value={value}>{children}</StudioContext>;
}

/**
 * Ends a call that moved no money once its caller handled the answer (a game that restores the
 * balance it showed before a refused round does so first), so a balance the portal sent meanwhile
 * shows after it, not under it.
 */
function endAfterCaller(inFlight: { end(how: { kind: 'no-money' }): void }): void {
  setTimeout(() => inFlight.end({ kind: 'no-money' }), 0);
}

/** Codes a second try may cure; a bad token or an unknown game will not get better by retrying. */
const RETRYABLE = new Set(['network', 'unavailable', 'error', 'maintenance']);

/** The game window while the launch is read. */
export function LoadingScreen() {
  const { t } = useTranslation('shell');
  return (
    <div className="st-screen" role="status" aria-live="polite">
      <div className="st-spinner" aria-hidden="true" />
      <p>{t('loading')}</p>
    </div>
  );
}

/** The game window when the launch failed: a bad launch asks for a new one, anything else says its code (and offers `onRetry`). */
export function ErrorScreen({ code, onRetry }: { code: string; onRetry: (() => void) | undefined }) {
  const { t } = useTranslation('shell');
  const relaunch = code === 'invalid_token' || code === 'missing_launch';
  return (
    <div className="st-screen" role="alert">
      <div className="st-screen__icon" aria-hidden="true">
        !
      </div>
      <h1 className="st-screen__title">{relaunch ? t('launch.invalidTitle') : t('launch.errorTitle')}</h1>
      <p className="st-screen__text">{relaunch ? t('launch.invalidText') : t(errorKey(code))}</p>
      {onRetry ? (
        <button type="button" className="st-btn st-btn--gold" onClick={onRetry}>
          {t('launch.retry')}
        </button>
      ) : null}
    </div>
  );
}

const KNOWN_CODES = new Set([
  'not_enough_money',
  'bet_out_of_range',
  'invalid_token',
  'user_disabled',
  'limit_exceeded',
  'maintenance',
  'bad_request',
  'not_found',
  'unavailable',
  'network',
  'error',
]);

/** The `shell` key of the text for an error or refusal code (unknown codes read as a general error). */
export function errorKey(code: string): `codes.${string}` {
  return `codes.${KNOWN_CODES.has(code) ? code : 'error'}`;
}

/** The member-facing text of an error or refusal code, in the member's language. */
export function useErrorText(): (code: string) => string {
  const { t } = useTranslation('shell');
  return useCallback((code: string) => t(errorKey(code)), [t]);
}
