import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cardValue } from '@casino/studio-engine/baccarat';
import type { TDealAnswer } from '@casino/studio-engine/contract';
import {
  BACCARAT_SPOTS,
  type BaccaratHand,
  type BaccaratSettlement,
  type BaccaratSpot,
} from '@casino/studio-engine/types';
import {
  FrameButton,
  GameFrame,
  HelpIcon,
  JackpotBanner,
  HttpError,
  formatCompact,
  formatWon,
  isRefusal,
  useErrorText,
  usePrefersReducedMotion,
  useSound,
  useStudio,
  type JackpotHit,
} from '../shell/index.ts';
import { Chip, chipColor, PlayingCard, cardName } from './art.tsx';
import {
  EMPTY_STAKES,
  payoutText,
  addChip,
  belowMinimum,
  chipStack,
  dealOrder,
  hasStakes,
  readTable,
  toBets,
  totalStake,
  type DealtCard,
  type TStakeProblem,
  type TStakes,
} from './bets.ts';
import { HelpDialog } from './help-dialog.tsx';
import { Roads, readShoeHistory } from './roads-view.tsx';
import type { TOutcome } from './roads.ts';
import './baccarat.css';

/** As on a real table: the pairs and the tie along the far edge, player and banker in front. */
const FELT_ORDER: readonly BaccaratSpot[] = ['playerPair', 'tie', 'bankerPair', 'player', 'banker'];

/** Milliseconds between two cards of the deal, and the pause before the third cards. */
const CARD_MS = 520;
const THIRD_PAUSE_MS = 450;

interface Coup {
  hand: BaccaratHand;
  settlement: BaccaratSettlement;
  balance: number;
  jackpots: JackpotHit[];
  history: TOutcome[];
  cardsLeft: number;
  newShoeNext: boolean;
  order: DealtCard[];
}

type TPhase = 'betting' | 'dealing' | 'result';

type TMessage = { kind: 'info' | 'error' | 'win'; text: string } | null;

function readCoup(answer: TDealAnswer): Coup {
  const outcome = answer.round.outcome as { hand?: BaccaratHand; settlement?: BaccaratSettlement } | null;
  const hand = outcome?.hand;
  const settlement = outcome?.settlement;
  if (!hand || !Array.isArray(hand.player) || !Array.isArray(hand.banker) || !settlement)
    throw new HttpError({ status: 'error', httpStatus: 200 });
  return {
    hand,
    settlement,
    balance: answer.balance,
    jackpots: answer.round.jackpots,
    history: answer.shoe.history,
    cardsLeft: answer.shoe.cardsLeft,
    newShoeNext: answer.shoe.newShoeNext,
    order: dealOrder(hand),
  };
}

/** The baccarat table: roads, the cards, the felt with the betting spots, chips and actions. */
export function BaccaratTable() {
  const { t } = useTranslation('baccarat');
  const { t: tShell } = useTranslation('shell');
  const { session, balance, setBalance, call, lang } = useStudio();
  const { play } = useSound();
  const errorText = useErrorText();
  const reduced = usePrefersReducedMotion();
  const table = useMemo(() => readTable(session.definition), [session.definition]);
  const chips = useMemo(() => [...table.chips].sort((a, b) => a - b), [table.chips]);
  const initialShoe = useMemo(() => readShoeHistory(session.definition), [session.definition]);

  const [chip, setChip] = useState<number>(() => chips[0]!);
  const [stakes, setStakes] = useState<TStakes>(EMPTY_STAKES);
  const [placed, setPlaced] = useState<{ spot: BaccaratSpot; amount: number }[]>([]);
  const [lastBets, setLastBets] = useState<TStakes | null>(null);
  const [phase, setPhase] = useState<TPhase>('betting');
  const [coup, setCoup] = useState<Coup | null>(null);
  const [shown, setShown] = useState(0);
  const [message, setMessage] = useState<TMessage>(null);
  const [history, setHistory] = useState<TOutcome[]>(initialShoe.history);
  const [shoeInfo, setShoeInfo] = useState({
    cardsLeft: initialShoe.cardsLeft,
    newShoeNext: initialShoe.newShoeNext,
  });
  const [jackpots, setJackpots] = useState<JackpotHit[]>([]);
  const [helpOpen, setHelpOpen] = useState(false);
  const dealing = useRef(false);

  const spotName = useCallback((spot: BaccaratSpot) => t(`spots.${spot}`), [t]);

  const problemText = useCallback(
    (problem: TStakeProblem) =>
      problem.kind === 'balance'
        ? tShell('codes.not_enough_money')
        : t(`problems.${problem.kind}`, {
            spot: spotName(problem.spot),
            amount: formatWon(problem.limit, lang),
          }),
    [t, tShell, spotName, lang],
  );

  /** Starting to bet after a result clears the felt of the last coup (its stakes stay for Rebet). */
  const freshStakes = phase === 'result' ? EMPTY_STAKES : stakes;

  function leaveResult() {
    if (phase !== 'result') return;
    setPhase('betting');
    setCoup(null);
    setShown(0);
    setStakes(EMPTY_STAKES);
    setPlaced([]);
  }

  function stake(spot: BaccaratSpot) {
    if (phase === 'dealing') return;
    const base = freshStakes;
    const result = addChip(base, spot, chip, table, balance);
    if ('problem' in result) {
      setMessage({ kind: 'error', text: problemText(result.problem) });
      play('click');
      return;
    }
    leaveResult();
    setStakes(result.stakes);
    setPlaced((list) => [...(phase === 'result' ? [] : list), { spot, amount: result.added }]);
    setMessage(null);
    play('chip');
  }

  function undo() {
    if (phase !== 'betting' || placed.length === 0) return;
    const last = placed[placed.length - 1]!;
    setStakes((s) => ({ ...s, [last.spot]: s[last.spot] - last.amount }));
    setPlaced((list) => list.slice(0, -1));
    setMessage(null);
    play('click');
  }

  function clear() {
    if (phase === 'dealing') return;
    leaveResult();
    setStakes(EMPTY_STAKES);
    setPlaced([]);
    setMessage(null);
    play('click');
  }

  function rebet() {
    if (phase === 'dealing' || !lastBets) return;
    if (totalStake(lastBets) > balance) {
      setMessage({ kind: 'error', text: tShell('codes.not_enough_money') });
      return;
    }
    leaveResult();
    setStakes(lastBets);
    setPlaced(
      BACCARAT_SPOTS.filter((s) => lastBets[s] > 0).map((spot) => ({ spot, amount: lastBets[spot] })),
    );
    setMessage(null);
    play('chip');
  }

  /** Deals the stakes on the felt; after a result, deals the last stakes again (Rebet and Deal in one). */
  async function deal() {
    const again = phase === 'result';
    const dealt = again && lastBets ? lastBets : stakes;
    if (dealing.current || phase === 'dealing' || !hasStakes(dealt)) return;
    const low = belowMinimum(dealt, table);
    if (low) {
      setMessage({ kind: 'error', text: problemText(low) });
      return;
    }
    const total = totalStake(dealt);
    if (total > balance) {
      setMessage({ kind: 'error', text: tShell('codes.not_enough_money') });
      return;
    }
    dealing.current = true;
    play('click');
    if (again) {
      leaveResult();
      setStakes(dealt);
      setPlaced(BACCARAT_SPOTS.filter((s) => dealt[s] > 0).map((spot) => ({ spot, amount: dealt[spot] })));
    }
    setMessage(null);
    setPhase('dealing');
    const before = balance;
    // The stakes leave the balance as the cards are dealt; the settled balance comes with the result.
    setBalance(before - total);
    try {
      const answer = await call<TDealAnswer>('deal', { bets: toBets(dealt) });
      if (isRefusal(answer)) {
        if (answer.balance === undefined) setBalance(before);
        setMessage({ kind: 'error', text: errorText(answer.code) });
        setPhase('betting');
        return;
      }
      const next = readCoup(answer);
      setLastBets(dealt);
      setCoup(next);
      setShown(0);
    } catch (error) {
      setBalance(before);
      setMessage({ kind: 'error', text: errorText(error instanceof HttpError ? error.code : 'error') });
      setPhase('betting');
    } finally {
      dealing.current = false;
    }
  }

  // The deal: one card at a time in the order it left the shoe, then the result.
  useEffect(() => {
    if (phase !== 'dealing' || !coup) return;
    if (shown < coup.order.length) {
      const delay = reduced ? 0 : shown === 0 ? 200 : shown >= 4 ? CARD_MS + THIRD_PAUSE_MS : CARD_MS;
      const timer = window.setTimeout(() => {
        play('card');
        setShown((n) => (reduced ? coup.order.length : n + 1));
      }, delay);
      return () => window.clearTimeout(timer);
    }
    const timer = window.setTimeout(
      () => {
        const { settlement, hand } = coup;
        setBalance(coup.balance);
        setHistory(coup.history);
        setShoeInfo({ cardsLeft: coup.cardsLeft, newShoeNext: coup.newShoeNext });
        setPhase('result');
        const win = settlement.totalReturn;
        if (win > settlement.totalBet * 10) play('bigwin');
        else if (win > 0) play('win');
        const outcomeText = t(`result.${hand.outcome}`);
        setMessage(
          win > 0
            ? { kind: 'win', text: `${outcomeText} · ${t('result.win', { amount: formatWon(win, lang) })}` }
            : { kind: 'info', text: `${outcomeText} · ${t('result.noWin')}` },
        );
        if (coup.jackpots.length > 0) setJackpots(coup.jackpots);
      },
      reduced ? 0 : 400,
    );
    return () => window.clearTimeout(timer);
  }, [phase, coup, shown, reduced, play, setBalance, t, lang]);

  // Digit keys pick a chip (1 = the smallest), as on the tray.
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [role="dialog"], [role="alertdialog"]')) return;
      const digit = Number.parseInt(event.key, 10);
      if (Number.isInteger(digit) && digit >= 1 && digit <= chips.length) {
        setChip(chips[digit - 1]!);
        play('click');
      }
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [chips, play]);

  const visible = coup ? coup.order.slice(0, shown) : [];
  const sideCards = (side: 'player' | 'banker') => visible.filter((c) => c.side === side);
  const sideTotal = (side: 'player' | 'banker') =>
    sideCards(side).reduce((sum, c) => sum + cardValue(c.card), 0) % 10;
  const done = phase === 'result' && coup !== null;
  const shownStakes = phase === 'result' && lastBets ? lastBets : stakes;
  const total = totalStake(stakes);

  return (
    <GameFrame
      title={t('title')}
      extra={
        <FrameButton label={tShell('help')} onClick={() => setHelpOpen(true)}>
          <HelpIcon />
        </FrameButton>
      }
    >
      <div className="bc-table">
        <Roads
          history={history}
          cardsLeft={shoeInfo.cardsLeft}
          newShoeNext={shoeInfo.newShoeNext}
          fromSession={initialShoe.known}
        />

        <section className="bc-board" aria-label={t('board')}>
          {(['player', 'banker'] as const).map((side) => {
            const cards = sideCards(side);
            const won = done && coup.hand.outcome === side;
            return (
              <div key={side} className={`bc-hand bc-hand--${side} ${won ? 'is-won' : ''}`}>
                <div className="bc-hand__head">
                  <span className="bc-hand__name">{t(`spots.${side}`)}</span>
                  <span className="bc-hand__total" aria-live="polite">
                    {cards.length > 0 ? sideTotal(side) : ''}
                  </span>
                  {done && (won || coup.hand.outcome === 'tie') ? (
                    <span className={`bc-tag bc-tag--${won ? 'win' : 'tie'}`}>
                      {won ? t('result.winTag') : t('result.tie')}
                    </span>
                  ) : null}
                  {done && (side === 'player' ? coup.hand.playerPair : coup.hand.bankerPair) ? (
                    <span className="bc-tag">{t('result.pairTag')}</span>
                  ) : null}
                </div>
                <div className="bc-hand__cards">
                  {cards.length === 0 ? <div className="bc-card-slot" aria-hidden="true" /> : null}
                  {cards.map((c) => {
                    const { rank, suitName } = cardName(c.card);
                    return (
                      <div
                        key={`${c.side}${c.index}`}
                        className={`bc-card ${c.index === 2 ? 'bc-card--third' : ''} bc-card--from-${side}`}
                      >
                        <div className="bc-card__inner">
                          <PlayingCard
                            card={c.card}
                            label={t('card', { rank, suit: t(`suits.${suitName}`) })}
                          />
                        </div>
                      </div>
                    );
                  })}
                </div>
              </div>
            );
          })}
        </section>

        <section className="bc-felt" aria-label={t('felt')}>
          <div className="bc-felt__arc" aria-hidden="true">
            <svg viewBox="0 0 400 40" preserveAspectRatio="none">
              <path d="M0 38 Q200 -10 400 38" fill="none" stroke="rgba(232,195,106,0.5)" strokeWidth="1.5" />
            </svg>
            <span>{t('feltMotto')}</span>
          </div>
          <div className="bc-spots">
            {FELT_ORDER.map((spot) => {
              const amount = shownStakes[spot];
              const returned = done ? (coup.settlement.returns[spot] ?? 0) : 0;
              const state =
                !done || amount === 0
                  ? ''
                  : returned > amount
                    ? 'is-win'
                    : returned === amount
                      ? 'is-push'
                      : 'is-lose';
              const limit = table.limits[spot];
              return (
                <button
                  key={spot}
                  type="button"
                  className={`bc-spot bc-spot--${spot} ${state}`}
                  onClick={() => stake(spot)}
                  disabled={phase === 'dealing'}
                  aria-label={t('spotAria', {
                    spot: spotName(spot),
                    odds: payoutText(table, spot),
                    amount: formatWon(amount, lang),
                    chip: formatWon(chip, lang),
                  })}
                >
                  <span className="bc-spot__name">{spotName(spot)}</span>
                  <span className="bc-spot__odds">{payoutText(table, spot)}</span>
                  <span className="bc-spot__limits">
                    {formatCompact(limit.min, lang)}–{formatCompact(limit.max, lang)}
                  </span>
                  {amount > 0 ? (
                    <span className="bc-spot__stake">
                      <span className="bc-stack" aria-hidden="true">
                        {chipStack(amount, chips).map((c, i) => {
                          const color = chipColor(c, chips);
                          return (
                            <span key={i} className="bc-stack__chip" style={{ bottom: `${i * 4}px` }}>
                              <Chip fill={color.fill} text={color.text} label={formatCompact(c, lang)} />
                            </span>
                          );
                        })}
                      </span>
                      <span className="bc-spot__amount">{formatWon(amount, lang)}</span>
                    </span>
                  ) : null}
                  {state === 'is-win' || state === 'is-push' ? (
                    <span className="bc-spot__return">+{formatWon(returned, lang)}</span>
                  ) : null}
                </button>
              );
            })}
          </div>
        </section>

        <p
          className={`bc-message ${message ? `bc-message--${message.kind}` : ''}`}
          role={message?.kind === 'error' ? 'alert' : 'status'}
        >
          {message ? message.text : phase === 'betting' && total === 0 ? t('placeBets') : '\u00a0'}
        </p>

        <section className="bc-controls" aria-label={t('controls')}>
          <div className="bc-chips" role="radiogroup" aria-label={t('chips')}>
            {chips.map((value, i) => {
              const color = chipColor(value, chips);
              return (
                <button
                  key={value}
                  type="button"
                  role="radio"
                  aria-checked={chip === value}
                  className={`bc-chip ${chip === value ? 'is-selected' : ''}`}
                  // A radio group is one tab stop; the arrow keys move the choice (and the focus).
                  tabIndex={chip === value ? 0 : -1}
                  onKeyDown={(event) => {
                    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
                    if (!step) return;
                    event.preventDefault();
                    const next = (i + step + chips.length) % chips.length;
                    setChip(chips[next]!);
                    play('click');
                    const group = event.currentTarget.parentElement;
                    (group?.children[next] as HTMLElement | undefined)?.focus();
                  }}
                  onClick={() => {
                    setChip(value);
                    play('click');
                  }}
                  aria-label={t('chipAria', { amount: formatWon(value, lang), key: i + 1 })}
                  title={`${formatWon(value, lang)} (${i + 1})`}
                >
                  <Chip fill={color.fill} text={color.text} label={formatCompact(value, lang)} />
                </button>
              );
            })}
          </div>
          <div className="bc-actions">
            <ActionButton
              label={t('actions.undo')}
              icon="M9 14L4 9l5-5M4 9h10a6 6 0 010 12h-3"
              onClick={undo}
              disabled={phase !== 'betting' || placed.length === 0}
            />
            <ActionButton
              label={t('actions.clear')}
              icon="M6 6l12 12M18 6L6 18"
              onClick={clear}
              disabled={phase === 'dealing' || !hasStakes(shownStakes)}
            />
            <ActionButton
              label={t('actions.rebet')}
              icon="M20 12a8 8 0 11-2.34-5.66M20 4v5h-5"
              onClick={rebet}
              disabled={phase === 'dealing' || !lastBets || (phase === 'betting' && hasStakes(stakes))}
            />
            <div className="bc-total">
              <span>{t('totalBet')}</span>
              <strong>
                {formatWon(phase === 'result' && lastBets ? totalStake(lastBets) : total, lang)}
              </strong>
            </div>
            <button
              type="button"
              className="st-btn st-btn--gold bc-deal"
              onClick={() => void deal()}
              disabled={phase === 'dealing' || (phase === 'result' ? !lastBets : total === 0)}
            >
              {phase === 'dealing' ? t('actions.dealing') : t('actions.deal')}
            </button>
          </div>
          <p className="bc-keys st-hint">{t('keyboardHint', { count: chips.length })}</p>
        </section>
      </div>
      <HelpDialog open={helpOpen} onClose={() => setHelpOpen(false)} table={table} />
      <JackpotBanner hits={jackpots} lang={lang} />
    </GameFrame>
  );
}

/** A button of the betting bar (undo, clear, rebet): its icon, with its name beside it and as its title. */
function ActionButton({
  label,
  icon,
  onClick,
  disabled,
}: {
  label: string;
  icon: string;
  onClick: () => void;
  disabled: boolean;
}) {
  return (
    <button type="button" className="st-btn bc-action" onClick={onClick} disabled={disabled} title={label}>
      <ActionIcon path={icon} />
      <span className="bc-action__text">{label}</span>
    </button>
  );
}

/** The icon of an action button (shown instead of its text on phones; the text stays for screen readers). */
function ActionIcon({ path }: { path: string }) {
  return (
    <svg className="bc-action__icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      <path
        d={path}
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
