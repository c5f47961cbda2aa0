import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, formatWon, useSound, type TLang } from '../shell/index.ts';
import type { AutoView } from './use-slot-machine.ts';

export const AUTO_COUNTS = [10, 25, 50, 100] as const;

/**
 * The control deck: the bet (down, amount, up), the spin button (which hurries a round in play and
 * stops autoplay), turbo and autoplay. Every control is a real button of at least 44 px.
 */
export function Controls({
  lang,
  bet,
  betLevels,
  busy,
  auto,
  turbo,
  onBet,
  onPress,
  onTurbo,
  onAuto,
  onStopAuto,
}: {
  lang: TLang;
  bet: number;
  betLevels: readonly number[];
  busy: boolean;
  auto: AutoView | null;
  turbo: boolean;
  onBet(bet: number): void;
  onPress(): void;
  onTurbo(on: boolean): void;
  onAuto(count: number, stopOnFree: boolean): void;
  onStopAuto(): void;
}) {
  const { t } = useTranslation('slots');
  const { play } = useSound();
  const [autoOpen, setAutoOpen] = useState(false);
  const at = betLevels.indexOf(bet);
  const lower = at > 0 ? betLevels[at - 1] : undefined;
  const higher = at >= 0 && at < betLevels.length - 1 ? betLevels[at + 1] : undefined;

  let spinLabel = t('controls.spin');
  if (auto) spinLabel = t('controls.stopAuto');
  else if (busy) spinLabel = t('controls.skip');

  return (
    <div className="slot-deck">
      <div className="slot-bet" role="group" aria-label={t('controls.bet')}>
        <button
          type="button"
          className="slot-round-btn"
          disabled={busy || lower === undefined}
          onClick={() => {
            if (lower === undefined) return;
            play('click');
            onBet(lower);
          }}
          aria-label={t('controls.betDown')}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path d="M5 12h14" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
          </svg>
        </button>
        <div className="slot-bet__value" aria-live="polite">
          <span className="slot-bet__label">{t('controls.bet')}</span>
          <output className="slot-bet__amount">{formatWon(bet, lang)}</output>
        </div>
        <button
          type="button"
          className="slot-round-btn"
          disabled={busy || higher === undefined}
          onClick={() => {
            if (higher === undefined) return;
            play('click');
            onBet(higher);
          }}
          aria-label={t('controls.betUp')}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path d="M5 12h14M12 5v14" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
          </svg>
        </button>
      </div>

      <button
        type="button"
        className={`slot-spin${busy ? ' is-busy' : ''}${auto ? ' is-auto' : ''}`}
        onClick={onPress}
        aria-label={spinLabel}
        aria-keyshortcuts="Space Enter"
      >
        {auto ? (
          <span className="slot-spin__auto">
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <rect x="6" y="6" width="12" height="12" rx="2" fill="currentColor" />
            </svg>
            <span className="slot-spin__count">{auto.remaining}</span>
          </span>
        ) : (
          <svg className="slot-spin__icon" viewBox="0 0 48 48" aria-hidden="true">
            <path
              d="M38 24a14 14 0 1 1-4.1-9.9"
              fill="none"
              stroke="currentColor"
              strokeWidth="5"
              strokeLinecap="round"
            />
            <path d="M36.5 6.5l.8 10.6-10.6-.8z" fill="currentColor" />
          </svg>
        )}
      </button>

      <div className="slot-side">
        <button
          type="button"
          className={`slot-round-btn slot-toggle${turbo ? ' is-on' : ''}`}
          aria-pressed={turbo}
          onClick={() => {
            play('click');
            onTurbo(!turbo);
          }}
          aria-label={t('controls.turbo')}
          title={t('controls.turbo')}
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path d="M13 2L4 14h7l-1 8 9-12h-7z" fill="currentColor" />
          </svg>
        </button>
        <button
          type="button"
          className={`slot-round-btn slot-toggle${auto ? ' is-on' : ''}`}
          aria-haspopup={auto ? undefined : 'dialog'}
          aria-pressed={auto !== null}
          disabled={busy && !auto}
          onClick={() => {
            play('click');
            if (auto) onStopAuto();
            else setAutoOpen(true);
          }}
          aria-label={auto ? t('controls.stopAuto') : t('controls.auto')}
          title={auto ? t('controls.stopAuto') : t('controls.auto')}
        >
          <span className="slot-auto-text" aria-hidden="true">
            {auto ? auto.remaining : t('controls.autoShort')}
          </span>
        </button>
      </div>

      <AutoplayDialog
        open={autoOpen}
        onClose={() => setAutoOpen(false)}
        onStart={(count, stopOnFree) => {
          setAutoOpen(false);
          onAuto(count, stopOnFree);
        }}
      />
    </div>
  );
}

function AutoplayDialog({
  open,
  onClose,
  onStart,
}: {
  open: boolean;
  onClose(): void;
  onStart(count: number, stopOnFree: boolean): void;
}) {
  const { t } = useTranslation('slots');
  const [count, setCount] = useState<number>(AUTO_COUNTS[0]);
  const [stopOnFree, setStopOnFree] = useState(true);
  return (
    <Dialog open={open} onClose={onClose} title={t('auto.title')}>
      <fieldset className="slot-auto-counts">
        <legend>{t('auto.count')}</legend>
        {AUTO_COUNTS.map((n) => (
          <label key={n} className={`slot-chip${count === n ? ' is-on' : ''}`}>
            <input
              type="radio"
              name="slot-auto-count"
              value={n}
              checked={count === n}
              onChange={() => setCount(n)}
            />
            <span>{n}</span>
          </label>
        ))}
      </fieldset>
      <label className="slot-check">
        <input type="checkbox" checked={stopOnFree} onChange={(e) => setStopOnFree(e.target.checked)} />
        <span>{t('auto.stopOnFree')}</span>
      </label>
      <p className="slot-note">{t('auto.note')}</p>
      <button
        type="button"
        className="st-btn st-btn--gold slot-auto-start"
        onClick={() => onStart(count, stopOnFree)}
      >
        {t('auto.start', { n: count })}
      </button>
    </Dialog>
  );
}
