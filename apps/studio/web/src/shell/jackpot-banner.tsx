import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { formatWon } from '@casino/web-kit/format';
import { useSound } from './sound.ts';
import type { TLang } from './format.ts';
import { usePrefersReducedMotion } from './motion.ts';

export interface JackpotHit {
  tier: 'MEGA' | 'MAJOR' | 'MINOR';
  amount: number;
}

const NO_HITS: readonly JackpotHit[] = [];
const SHOW_MS = 7000;
const COUNT_MS = 1800;

/**
 * The celebration of a jackpot hit: a full-screen overlay with the tier and the amount counting up.
 * It shows whenever it is given a new non-empty `hits` array, and closes on a click, Esc or after a
 * few seconds (then `onClose`). The amount is also announced to screen readers. `lang` is given, not
 * read from the studio's session, since the mini-games have a session of their own.
 */
export function JackpotBanner({
  hits,
  lang,
  onClose,
}: {
  hits: readonly JackpotHit[];
  lang: TLang;
  onClose?: () => void;
}) {
  const { t } = useTranslation('shell');
  const { play } = useSound();
  const reduced = usePrefersReducedMotion();
  const [shown, setShown] = useState<readonly JackpotHit[] | null>(null);
  const [counted, setCounted] = useState(0);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  // Starts from "no hits", so a banner mounted with hits (e.g. rendered only when there are some)
  // shows them at once; afterwards every new non-empty array shows again.
  const [previous, setPrevious] = useState<readonly JackpotHit[]>(NO_HITS);
  if (previous !== hits) {
    setPrevious(hits);
    if (hits.length > 0) {
      setShown(hits);
      setCounted(0);
    }
  }

  const total = shown ? shown.reduce((sum, hit) => sum + hit.amount, 0) : 0;

  useEffect(() => {
    if (!shown) return;
    play('jackpot');
    const close = window.setTimeout(() => {
      setShown(null);
      onCloseRef.current?.();
    }, SHOW_MS);
    return () => window.clearTimeout(close);
  }, [shown, play]);

  useEffect(() => {
    if (!shown) return;
    if (reduced) {
      setCounted(total);
      return;
    }
    let frame = 0;
    const start = performance.now();
    const step = (now: number) => {
      const p = Math.min(1, (now - start) / COUNT_MS);
      setCounted(Math.round(total * (1 - (1 - p) ** 3)));
      if (p < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [shown, total, reduced]);

  useEffect(() => {
    if (!shown) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' || event.key === 'Enter') {
        setShown(null);
        onCloseRef.current?.();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [shown]);

  if (!shown) return null;
  const tiers = shown.map((hit) => hit.tier).join(' + ');
  return createPortal(
    <div
      className="st-jackpot"
      role="alertdialog"
      aria-modal="true"
      aria-label={t('jackpot.title', { tier: tiers })}
      onClick={() => {
        setShown(null);
        onCloseRef.current?.();
      }}
    >
      <div className="st-jackpot__rays" aria-hidden="true" />
      {reduced ? null : (
        <div className="st-jackpot__coins" aria-hidden="true">
          {Array.from({ length: 24 }, (_, i) => (
            <span key={i} style={{ '--i': i } as React.CSSProperties} />
          ))}
        </div>
      )}
      <div className="st-jackpot__card">
        <div className="st-jackpot__label">{t('jackpot.label')}</div>
        <div className="st-jackpot__tier">{tiers}</div>
        <div className="st-jackpot__amount" aria-hidden="true">
          {formatWon(counted, lang)}
        </div>
        <p className="st-sr-only" aria-live="assertive">
          {t('jackpot.announce', { tier: tiers, amount: formatWon(total, lang) })}
        </p>
        <div className="st-jackpot__hint">{t('jackpot.dismiss')}</div>
      </div>
    </div>,
    document.body,
  );
}
