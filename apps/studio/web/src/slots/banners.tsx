import { useEffect, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { formatWon, usePrefersReducedMotion, type TLang } from '../shell/index.ts';
import type { TOverlay } from './use-slot-machine.ts';

/**
 * An amount counting up from `from` to `to` over `ms` (eased), restarted whenever `seq` changes.
 * With reduced motion, or at 0 ms, it shows the amount at once.
 */
export function useCountUp(to: number, from: number, ms: number, seq: number): number {
  const reduced = usePrefersReducedMotion();
  const [shown, setShown] = useState(to);
  useEffect(() => {
    if (reduced || ms <= 0 || to <= from) {
      setShown(to);
      return;
    }
    const start = Date.now();
    setShown(from);
    // A timer rather than animation frames: the count must finish even in a background tab.
    const timer = setInterval(() => {
      const p = Math.min(1, (Date.now() - start) / ms);
      setShown(Math.round(from + (to - from) * (1 - (1 - p) ** 3)));
      if (p >= 1) clearInterval(timer);
    }, 33);
    return () => clearInterval(timer);
  }, [to, from, ms, seq, reduced]);
  return shown;
}

function Coins() {
  return (
    <div className="slot-coins" aria-hidden="true">
      {Array.from({ length: 28 }, (_, i) => (
        <span
          key={i}
          style={{ '--i': i, '--x': `${(i * 37) % 100}%`, '--d': `${(i % 7) * 0.18}s` } as CSSProperties}
        />
      ))}
    </div>
  );
}

/** The banners over the reels: free games won, more free games, their total, a big win. */
export function Banner({ overlay, lang, onSkip }: { overlay: TOverlay; lang: TLang; onSkip(): void }) {
  const { t } = useTranslation('slots');
  const big = overlay.kind === 'bigWin' || overlay.kind === 'freeTotal';
  const countMs = overlay.kind === 'bigWin' ? 2400 : overlay.kind === 'freeTotal' ? 1400 : 0;
  const amount = overlay.kind === 'bigWin' || overlay.kind === 'freeTotal' ? overlay.amount : 0;
  const counted = useCountUp(amount, 0, countMs, 0);

  let title: string;
  let line: string | null = null;
  switch (overlay.kind) {
    case 'freeIntro':
      title = t('free.intro', { n: overlay.count });
      line = overlay.multiplier > 1 ? t('free.introMultiplier', { multiplier: overlay.multiplier }) : null;
      break;
    case 'retrigger':
      title = t('free.retrigger', { n: overlay.count });
      break;
    case 'freeTotal':
      title = t('free.total');
      line = t('free.played', { n: overlay.played });
      break;
    case 'bigWin':
      title = t(`big.${overlay.tier}`);
      break;
  }

  return (
    <div
      className={`slot-banner slot-banner--${overlay.kind}${overlay.kind === 'bigWin' ? ` slot-banner--${overlay.tier}` : ''}`}
      role="status"
      aria-live="assertive"
      onClick={(event) => {
        event.stopPropagation();
        onSkip();
      }}
    >
      {big ? <Coins /> : null}
      <div className="slot-banner__rays" aria-hidden="true" />
      <div className="slot-banner__card">
        <div className="slot-banner__title">{title}</div>
        {overlay.kind === 'bigWin' || overlay.kind === 'freeTotal' ? (
          <div className="slot-banner__amount">
            <span aria-hidden="true">{formatWon(counted, lang)}</span>
            <span className="st-sr-only">{formatWon(amount, lang)}</span>
          </div>
        ) : null}
        {line ? <div className="slot-banner__line">{line}</div> : null}
        <div className="slot-banner__hint">{t('free.tap')}</div>
      </div>
    </div>
  );
}
