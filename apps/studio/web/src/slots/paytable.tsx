import { useTranslation } from 'react-i18next';
import type { SlotGameDefinition } from '@casino/studio-engine/types';
import { Dialog, formatNumber, formatWon, type TLang } from '../shell/index.ts';
import { scatterPays, symbolPays, SYMBOL_ORDER, unitBet } from './plan.ts';
import { SymbolArt } from './reels.tsx';
import type { SlotTheme } from './themes/index.ts';

/** The reels (1-based) whose strips, base or free, carry a symbol. */
function reelsWith(definition: SlotGameDefinition, symbol: string): number[] {
  const out: number[] = [];
  for (let r = 0; r < definition.reels.length; r++)
    if (definition.reels[r]?.includes(symbol) || definition.freeReels[r]?.includes(symbol)) out.push(r + 1);
  return out;
}

/** The RTP the studio may send with a game's definition (a fraction, 0.96 for 96%). */
function rtpOf(definition: SlotGameDefinition): number | null {
  const rtp = definition.rtp;
  return typeof rtp === 'number' && rtp > 0 && rtp < 2 ? rtp : null;
}

/** The cells of a diagram's reels (three rows each, 20 units apart), those `isOn` marked. */
function ReelCells({ reels, isOn }: { reels: number; isOn: (reel: number, row: number) => boolean }) {
  return Array.from({ length: reels }, (_, reel) =>
    [0, 1, 2].map((row) => (
      <rect
        key={`${reel}-${row}`}
        x={reel * 20 + 2}
        y={row * 20 + 2}
        width="16"
        height="16"
        rx="3"
        className={isOn(reel, row) ? 'is-on' : undefined}
      />
    )),
  );
}

function LineDiagram({ line, index, color }: { line: readonly number[]; index: number; color: string }) {
  const points = line.map((row, reel) => `${reel * 20 + 10},${row * 20 + 10}`).join(' ');
  return (
    <figure className="slot-pt-line">
      <svg viewBox="0 0 100 60" aria-hidden="true">
        <ReelCells reels={line.length} isOn={(reel, row) => line[reel] === row} />
        <polyline
          points={points}
          fill="none"
          stroke={color}
          strokeWidth="3"
          strokeLinejoin="round"
          strokeLinecap="round"
        />
      </svg>
      <figcaption>{index + 1}</figcaption>
    </figure>
  );
}

/**
 * The rules and pays of a game, at the member's current bet: every symbol's pays for 3, 4 and 5
 * of a kind (from the definition's paytable times the line or way bet), the wild and scatter
 * rules, the free games, the paylines drawn (or the ways explained), and the game's figures.
 */
export function Paytable({
  open,
  onClose,
  definition,
  theme,
  bet,
  lang,
}: {
  open: boolean;
  onClose(): void;
  definition: SlotGameDefinition;
  theme: SlotTheme;
  bet: number;
  lang: TLang;
}) {
  const { t } = useTranslation('slots');
  const code = definition.code;
  const name = (id: string) =>
    /^H\d$/.test(id) ? t(`games.${code}.symbols.${id}`, { defaultValue: id }) : t(`symbols.${id}`);
  const unit = unitBet(definition, bet);
  const rtp = rtpOf(definition);
  const wildReels = reelsWith(definition, definition.wild);
  const paying = SYMBOL_ORDER.filter((id) => id !== definition.scatter && definition.paytable[id]);
  const [s3, s4, s5] = scatterPays(definition, bet);
  const [f3, f4, f5] = definition.freeSpins;
  const isWays = definition.pays === 'ways';
  // Every row of every reel: 3 rows on 5 reels make 243 ways.
  const ways = definition.rows ** definition.reels.length;

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('paytable.title', { game: t(`games.${code}.name`) })}
      size="wide"
    >
      <div className="slot-pt">
        <dl className="slot-pt-facts">
          <div>
            <dt>{t('paytable.howItPays')}</dt>
            <dd>
              {isWays
                ? t('paytable.waysCount', { n: ways })
                : t('paytable.linesCount', { n: definition.lines.length })}
            </dd>
          </div>
          <div>
            <dt>{t('paytable.volatility')}</dt>
            <dd>{t(`paytable.volatilityLevel.${definition.volatility}`)}</dd>
          </div>
          {rtp !== null ? (
            <div>
              <dt>{t('paytable.rtp')}</dt>
              <dd>{(rtp * 100).toFixed(2)}%</dd>
            </div>
          ) : null}
          <div>
            <dt>{t('paytable.bet')}</dt>
            <dd>
              {formatWon(bet, lang)}
              <small>
                {' '}
                (
                {isWays
                  ? t('paytable.wayBet', { amount: formatWon(unit, lang) })
                  : t('paytable.lineBet', { amount: formatWon(unit, lang) })}
                )
              </small>
            </dd>
          </div>
        </dl>
        <p className="slot-note">{t('paytable.atBet', { bet: formatWon(bet, lang) })}</p>

        <h3>{t('paytable.symbols')}</h3>
        <ul className="slot-pt-grid">
          {paying.map((id) => {
            const pays = symbolPays(definition, id, bet);
            if (!pays) return null;
            return (
              <li key={id} className="slot-pt-card" data-symbol={id}>
                <SymbolArt theme={theme} id={id} className="slot-pt-sym" />
                <div>
                  <div className="slot-pt-name">{name(id)}</div>
                  <ol className="slot-pt-pays">
                    {([5, 4, 3] as const).map((n) => (
                      <li key={n}>
                        <span className="slot-pt-n">{n}×</span>
                        <span className="slot-pt-amount" data-count={n}>
                          {formatWon(pays[n - 3]!, lang)}
                        </span>
                      </li>
                    ))}
                  </ol>
                </div>
              </li>
            );
          })}
        </ul>
        {isWays ? <p className="slot-note">{t('paytable.waysPayNote')}</p> : null}

        <h3>{t('paytable.specials')}</h3>
        <div className="slot-pt-rule">
          <SymbolArt theme={theme} id={definition.wild} className="slot-pt-sym" />
          <div>
            <div className="slot-pt-name">{name(definition.wild)}</div>
            <p>{t('paytable.wildRule')}</p>
            {wildReels.length > 0 && wildReels.length < definition.reels.length ? (
              <p>{t('paytable.wildReels', { reels: wildReels.join(', ') })}</p>
            ) : null}
            {definition.paytable[definition.wild] && !isWays ? <p>{t('paytable.wildPays')}</p> : null}
          </div>
        </div>
        <div className="slot-pt-rule" data-symbol={definition.scatter}>
          <SymbolArt theme={theme} id={definition.scatter} className="slot-pt-sym" />
          <div>
            <div className="slot-pt-name">{name(definition.scatter)}</div>
            <p>{t('paytable.scatterRule')}</p>
            <ol className="slot-pt-pays slot-pt-pays--wide">
              {(
                [
                  [5, s5, f5],
                  [4, s4, f4],
                  [3, s3, f3],
                ] as const
              ).map(([n, pay, games]) => (
                <li key={n}>
                  <span className="slot-pt-n">{n}×</span>
                  <span className="slot-pt-amount" data-count={n}>
                    {pay > 0 ? formatWon(pay, lang) : ''}
                  </span>
                  {games > 0 ? (
                    <span className="slot-pt-free">{t('paytable.freeGames', { n: games })}</span>
                  ) : null}
                </li>
              ))}
            </ol>
          </div>
        </div>

        <h3>{t('paytable.freeTitle')}</h3>
        <ul className="slot-pt-list">
          <li>{t('paytable.freeAward', { a: f3, b: f4, c: f5 })}</li>
          {definition.freeMultiplier > 1 ? (
            <li>{t('paytable.freeMultiplier', { multiplier: definition.freeMultiplier })}</li>
          ) : null}
          <li>{t('paytable.freeRetrigger', { max: definition.maxFreeGames })}</li>
          <li>{t('paytable.freeBet')}</li>
        </ul>

        {isWays ? (
          <>
            <h3>{t('paytable.waysCount', { n: ways })}</h3>
            <p>{t('paytable.waysRule')}</p>
            <figure className="slot-pt-ways">
              <svg viewBox="0 0 100 60" aria-hidden="true">
                <ReelCells
                  reels={5}
                  isOn={(reel, row) =>
                    (reel === 0 && row === 1) || (reel === 1 && row !== 1) || (reel === 2 && row === 0)
                  }
                />
                <path
                  d="M10 30L30 10L50 10M10 30L30 50L50 10"
                  fill="none"
                  stroke={theme.lineColors[0]}
                  strokeWidth="2.5"
                  strokeLinecap="round"
                />
              </svg>
              <figcaption>{t('paytable.waysExample')}</figcaption>
            </figure>
          </>
        ) : (
          <>
            <h3>{t('paytable.linesTitle')}</h3>
            <p>{t('paytable.linesRule')}</p>
            <div className="slot-pt-lines">
              {definition.lines.map((line, i) => (
                <LineDiagram
                  key={i}
                  line={line}
                  index={i}
                  color={theme.lineColors[i % theme.lineColors.length] ?? '#fff'}
                />
              ))}
            </div>
          </>
        )}

        <h3>{t('paytable.generalTitle')}</h3>
        <ul className="slot-pt-list">
          <li>
            {t('paytable.betLevels', {
              levels: definition.betLevels.map((b) => formatNumber(b, lang)).join(' · '),
            })}
          </li>
          <li>{t('paytable.maxWin', { multiplier: formatNumber(definition.maxWinMultiplier, lang) })}</li>
          <li>{t('paytable.fair')}</li>
          <li>{t('paytable.malfunction')}</li>
        </ul>
      </div>
    </Dialog>
  );
}
