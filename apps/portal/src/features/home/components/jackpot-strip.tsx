import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TJackpotTier } from '@casino/contracts/games';
import { useFormat } from '../../../i18n/use-format.ts';
import { JACKPOT_POLL_MS, useJackpot } from '../api/get-jackpot.ts';
import { usePrefersReducedMotion } from '../use-reduced-motion.ts';
import { TitledSection } from '../../../components/ui/titled-section.tsx';

/**
 * The tiers in the strip's order. Kept here rather than imported with the contracts' schemas,
 * which would bring the schema library into the home page's code; the type keeps both in step.
 */
export const JACKPOT_STRIP_TIERS = ['MEGA', 'MAJOR', 'MINOR'] as const satisfies readonly TJackpotTier[];

/**
 * A pool's amount counting up from what was shown to the latest figure over the poll interval, so
 * the pools seem to grow live between two answers. A drop (after a hit) shows at once, and so does
 * every change for a visitor who prefers reduced motion (also when they switch it on mid-count).
 */
function useCountUp(target: number | undefined, isStill: boolean): number | undefined {
  const [shown, setShown] = useState(target);
  const from = useRef(target);
  useEffect(() => {
    if (target === undefined) return;
    const start = from.current;
    if (start === undefined || target <= start || isStill) {
      from.current = target;
      setShown(target);
      return;
    }
    const began = performance.now();
    let frame = 0;
    const step = (now: number) => {
      const progress = Math.min(1, (now - began) / JACKPOT_POLL_MS);
      const value = Math.floor(start + (target - start) * progress);
      from.current = value;
      setShown(value);
      if (progress < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [target, isStill]);
  return shown;
}

function Pool({ tier, amount }: { tier: TJackpotTier; amount: number | undefined }) {
  const format = useFormat();
  const shown = useCountUp(amount, usePrefersReducedMotion());
  return (
    <li className={`jackpot-pool jackpot-pool--${tier.toLowerCase()}`}>
      <span className="jackpot-pool__tier">{tier}</span>
      <span className="jackpot-pool__amount" aria-live="off">
        {shown === undefined ? '\u00a0' : format.money(shown)}
      </span>
    </li>
  );
}

/** The home page's jackpot strip: MEGA, MAJOR and MINOR live, and the latest hit. */
export function JackpotStrip() {
  const { t } = useTranslation('home');
  const format = useFormat();
  const { data } = useJackpot();
  const latest = data?.recent[0];
  return (
    <TitledSection
      name="jackpot"
      className="jackpot-strip"
      title={t('jackpot.title')}
      titleClassName="jackpot-strip__title"
    >
      <ul className="jackpot-strip__pools">
        {JACKPOT_STRIP_TIERS.map((tier) => (
          <Pool key={tier} tier={tier} amount={data?.jackpots[tier]} />
        ))}
      </ul>
      <p className="jackpot-strip__latest" role="status">
        {latest
          ? t('jackpot.latest', {
              user: latest.userId,
              tier: latest.tier,
              amount: format.money(latest.amount),
            })
          : t('jackpot.none')}
      </p>
    </TitledSection>
  );
}
