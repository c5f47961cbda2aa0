import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LadderResult, MiniGame, PowerballResult } from '@casino/studio-engine/mini/draw';
import type { TMiniBet, TMiniMarket, TMiniSlipJackpot } from '@casino/studio-engine/mini/contract';
import { formatCompact, formatWon, type TLang } from '../shell/index.ts';
import { formatOdds, potentialPayout, slipTotal, type SlipLine } from './bet-slip.ts';
import { ballColour } from './draw-stage.tsx';
import { BOARD, marketParts } from './markets.ts';
import { PATTERNS, ROAD_ROWS, counts, currentRun, outcomesOf, road } from './patterns.ts';
import type { PublicRound } from './public-rounds.ts';

/** A market's name from its outcomes: `pb-odd-under` -> "홀 · 언더". */
export function useMarketName(game: MiniGame): (code: string) => string {
  const { t } = useTranslation('mini');
  return (code) => {
    const parts = marketParts(game, code);
    return parts ? parts.map((p) => t(`outcomes.${p}`)).join(' · ') : code;
  };
}

export function BettingBoard({
  game,
  markets,
  lines,
  disabled,
  onPick,
}: {
  game: MiniGame;
  markets: readonly TMiniMarket[];
  lines: readonly SlipLine[];
  disabled: boolean;
  onPick(code: string): void;
}) {
  const { t } = useTranslation('mini');
  const byCode = useMemo(() => new Map(markets.map((m) => [m.code, m])), [markets]);
  const name = useMarketName(game);
  return (
    <div className="mg-board">
      {BOARD[game].map((group) => {
        const shown = group.markets.filter((m) => byCode.has(m.code));
        if (shown.length === 0) return null;
        return (
          <section key={group.code} className="mg-group" aria-label={t(`groups.${group.code}`)}>
            <h3 className="mg-group__title">{t(`groups.${group.code}`)}</h3>
            <div className={`mg-group__markets mg-group__markets--${shown.length}`}>
              {shown.map((m) => {
                const market = byCode.get(m.code)!;
                const picked = lines.some((l) => l.market === m.code);
                return (
                  <button
                    key={m.code}
                    type="button"
                    className={`mg-market mg-market--${m.parts[0]}${picked ? ' mg-market--picked' : ''}`}
                    aria-pressed={picked}
                    disabled={disabled}
                    onClick={() => onPick(m.code)}
                  >
                    <span className="mg-market__name">{name(m.code)}</span>
                    <span className="mg-market__odds">{formatOdds(market.odds)}</span>
                  </button>
                );
              })}
            </div>
          </section>
        );
      })}
    </div>
  );
}

export const CHIPS = [1_000, 5_000, 10_000, 50_000, 100_000] as const;

export function BetSlip({
  game,
  markets,
  lines,
  chip,
  lang,
  busy,
  problem,
  closed,
  onChip,
  onRemove,
  onClear,
  onPlace,
}: {
  game: MiniGame;
  markets: readonly TMiniMarket[];
  lines: readonly SlipLine[];
  chip: number;
  lang: TLang;
  busy: boolean;
  problem: string | null;
  closed: boolean;
  onChip(amount: number): void;
  onRemove(market: string): void;
  onClear(): void;
  onPlace(): void;
}) {
  const { t } = useTranslation('mini');
  const name = useMarketName(game);
  const odds = new Map(markets.map((m) => [m.code, m.odds]));
  const total = slipTotal(lines);
  return (
    <section className="mg-slip" aria-label={t('slip.title')}>
      <div className="mg-chips" role="radiogroup" aria-label={t('slip.chip')}>
        {CHIPS.map((amount) => (
          <button
            key={amount}
            type="button"
            role="radio"
            aria-checked={chip === amount}
            className={chip === amount ? 'mg-chip mg-chip--on' : 'mg-chip'}
            onClick={() => onChip(amount)}
          >
            {formatCompact(amount, lang)}
          </button>
        ))}
      </div>
      {lines.length === 0 ? (
        <p className="st-hint mg-slip__empty">{t('slip.empty')}</p>
      ) : (
        <ul className="mg-slip__lines">
          {lines.map((line) => (
            <li key={line.market} className="mg-slip__line">
              <span className="mg-slip__market">
                {name(line.market)}{' '}
                <span className="mg-slip__odds">x{formatOdds(odds.get(line.market) ?? 0)}</span>
              </span>
              <span className="st-num">{formatWon(line.stake, lang)}</span>
              <span className="st-muted mg-slip__pays">
                {t('slip.pays', {
                  amount: formatWon(potentialPayout(line.stake, odds.get(line.market) ?? 0), lang),
                })}
              </span>
              <button
                type="button"
                className="st-icon-btn mg-slip__remove"
                aria-label={t('slip.remove', { market: name(line.market) })}
                onClick={() => onRemove(line.market)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      {problem ? (
        <p className="st-error" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="mg-slip__actions">
        <span className="mg-slip__total">
          {t('slip.total')} <strong className="st-num">{formatWon(total, lang)}</strong>
        </span>
        <button type="button" className="st-btn" onClick={onClear} disabled={lines.length === 0 || busy}>
          {t('slip.clear')}
        </button>
        <button
          type="button"
          className="st-btn st-btn--gold"
          onClick={onPlace}
          disabled={lines.length === 0 || busy || closed || problem !== null}
        >
          {closed ? t('slip.closed') : busy ? t('slip.placing') : t('slip.place')}
        </button>
      </div>
    </section>
  );
}

/** One round's result in a line: the balls and the powerball, or the ladder's start, rungs and foot. */
export function ResultChips({ game, result }: { game: MiniGame; result: PowerballResult | LadderResult }) {
  const { t } = useTranslation('mini');
  if (game === 'powerball') {
    const r = result as PowerballResult;
    return (
      <span className="mg-result">
        {r.balls.map((n, i) => (
          <span key={i} className={`mg-mini-ball mg-ball--${ballColour(n)}`}>
            {n}
          </span>
        ))}
        <span className="mg-mini-ball mg-ball--power">{r.powerball}</span>
      </span>
    );
  }
  const r = result as LadderResult;
  return (
    <span className="mg-result">
      {t(`outcomes.${r.start}`)} · {t(r.rungs === 3 ? 'outcomes.three' : 'outcomes.four')} ·{' '}
      <strong className={r.finish === 'odd' ? 'mg-odd' : 'mg-even'}>{t(`outcomes.${r.finish}`)}</strong>
    </span>
  );
}

/** The verify page for one round (it loads the round from the public rounds and checks it). */
export function verifyUrl(game: MiniGame, round: number, lang: string): string {
  return `${import.meta.env.BASE_URL}verify?game=${game}&round=${round}&lang=${lang}`;
}

export function HistoryBoard({ game, rounds }: { game: MiniGame; rounds: readonly PublicRound[] }) {
  const { t, i18n } = useTranslation('mini');
  const drawn = rounds.filter((r) => r.result);
  if (drawn.length === 0) return <p className="st-hint">{t('history.none')}</p>;
  return (
    <div className="st-table-wrap">
      <table className="st-table mg-history">
        <thead>
          <tr>
            <th scope="col">{t('history.round')}</th>
            <th scope="col">{t('history.result')}</th>
            {PATTERNS[game].map((p) => (
              <th key={p.code} scope="col">
                {t(`patterns.${p.code}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {drawn.slice(0, 20).map((r) => (
            <tr key={r.round}>
              <td className="st-num">
                <a
                  className="st-link"
                  href={verifyUrl(game, r.round, i18n.language)}
                  target="_blank"
                  rel="noopener"
                  title={t('history.verify', { round: r.round })}
                >
                  {r.dayRound || r.round}
                </a>
              </td>
              <td>
                <ResultChips game={game} result={r.result!} />
              </td>
              {PATTERNS[game].map((p) => {
                const value = p.of(r.result!);
                return (
                  <td key={p.code} className={`mg-cell--${p.values.indexOf(value)}`}>
                    {t(`outcomes.${value}`)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The road of one pattern and its current run, as members read it before betting. */
export function PatternRoads({ game, rounds }: { game: MiniGame; rounds: readonly PublicRound[] }) {
  const { t } = useTranslation('mini');
  const patterns = PATTERNS[game];
  const [code, setCode] = useState(patterns[0]!.code);
  const pattern = patterns.find((p) => p.code === code) ?? patterns[0]!;
  const outcomes = outcomesOf(pattern, rounds);
  const values = outcomes.map((o) => o.value);
  const { cells, columns } = road(outcomes);
  const run = currentRun(values);
  const tally = counts(values);
  const visibleColumns = Math.max(columns, 12);
  return (
    <div className="mg-roads">
      <div className="mg-tabs mg-tabs--small" role="tablist" aria-label={t('patterns.title')}>
        {patterns.map((p) => (
          <button
            key={p.code}
            type="button"
            role="tab"
            aria-selected={p.code === pattern.code}
            className={p.code === pattern.code ? 'mg-tab mg-tab--on' : 'mg-tab'}
            onClick={() => setCode(p.code)}
          >
            {t(`patterns.${p.code}`)}
          </button>
        ))}
      </div>
      <p className="mg-roads__summary">
        {pattern.values.map((v) => (
          <span key={v} className={`mg-tally mg-cell--${pattern.values.indexOf(v)}`}>
            {t(`outcomes.${v}`)} {tally[v] ?? 0}
          </span>
        ))}
        {run ? (
          <span className="mg-tally">
            {t('patterns.run', { outcome: t(`outcomes.${run.value}`), count: run.length })}
          </span>
        ) : null}
      </p>
      <div
        className="mg-road"
        role="img"
        aria-label={t('patterns.roadLabel', { pattern: t(`patterns.${pattern.code}`), count: values.length })}
      >
        <div
          className="mg-road__grid"
          style={{
            gridTemplateColumns: `repeat(${visibleColumns}, var(--mg-road-cell))`,
            gridTemplateRows: `repeat(${ROAD_ROWS}, var(--mg-road-cell))`,
          }}
        >
          {cells.map((c) => (
            <span
              key={c.round}
              className={`mg-road__cell mg-cell--${pattern.values.indexOf(c.value)}`}
              style={{ gridColumn: c.col + 1, gridRow: c.row + 1 }}
              title={`${c.round}`}
            >
              {t(`short.${c.value}`)}
            </span>
          ))}
        </div>
      </div>
    </div>
  );
}

export function MyBets({
  game,
  bets,
  jackpots,
  lang,
  scope,
  onScope,
}: {
  game: MiniGame;
  bets: readonly TMiniBet[];
  /** The house jackpots won by the slips listed (paid with their bets). */
  jackpots: readonly TMiniSlipJackpot[];
  lang: TLang;
  scope: 'round' | 'day';
  onScope(scope: 'round' | 'day'): void;
}) {
  const { t } = useTranslation('mini');
  const name = useMarketName(game);
  const staked = bets.reduce((s, b) => s + (b.state === 'refunded' ? 0 : b.amount), 0);
  const won = bets.reduce((s, b) => s + b.win, 0);
  return (
    <div className="mg-mybets">
      <div className="mg-tabs mg-tabs--small" role="tablist" aria-label={t('mine.title')}>
        {(['round', 'day'] as const).map((s) => (
          <button
            key={s}
            type="button"
            role="tab"
            aria-selected={scope === s}
            className={scope === s ? 'mg-tab mg-tab--on' : 'mg-tab'}
            onClick={() => onScope(s)}
          >
            {t(`mine.${s}`)}
          </button>
        ))}
      </div>
      {bets.length === 0 ? (
        <p className="st-hint">{t('mine.none')}</p>
      ) : (
        <>
          <p className="mg-roads__summary">
            <span className="mg-tally">
              {t('mine.staked')} <span className="st-num">{formatWon(staked, lang)}</span>
            </span>
            <span className="mg-tally">
              {t('mine.won')} <span className="st-num">{formatWon(won, lang)}</span>
            </span>
          </p>
          <div className="st-table-wrap">
            <table className="st-table mg-history">
              <thead>
                <tr>
                  <th scope="col">{t('history.round')}</th>
                  <th scope="col">{t('mine.market')}</th>
                  <th scope="col">{t('mine.amount')}</th>
                  <th scope="col">{t('mine.state')}</th>
                </tr>
              </thead>
              <tbody>
                {bets.map((b) => (
                  <tr key={`${b.slipId}:${b.market}`}>
                    <td className="st-num">{b.dayRound}</td>
                    <td>
                      {name(b.market)} <span className="st-muted">x{formatOdds(b.odds)}</span>
                    </td>
                    <td className="st-num">{formatWon(b.amount, lang)}</td>
                    <td className={`mg-state mg-state--${b.state}`}>
                      {b.state === 'won'
                        ? `${t('mine.states.won')} ${formatWon(b.win, lang)}`
                        : t(`mine.states.${b.state}`)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {jackpots.length > 0 ? (
            <ul className="mg-jackpots">
              {jackpots.map((j) => (
                <li key={`${j.slipId}:${j.tier}`} className="mg-jackpot">
                  {t('mine.jackpot', { tier: j.tier, amount: formatWon(j.amount, lang), round: j.dayRound })}
                </li>
              ))}
            </ul>
          ) : null}
        </>
      )}
    </div>
  );
}
