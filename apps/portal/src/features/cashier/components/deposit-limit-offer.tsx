import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LimitEditor } from '../../../components/protection/limit-editor.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';
import { usePlayLimits } from '../../../lib/protection/api/get-play-limits.ts';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../../lib/storage.ts';

function offerSkippedKey(userId: string): string {
  return `${STORAGE_KEYS.depositLimitOfferSkipped}${userId}`;
}

/**
 * Whether the page knows if the offer shows: the deposit list has answered and, for a member with
 * no deposit yet who has not skipped it, the limits too. The deposit form waits for it, so the offer
 * never appears above a form the member is already filling (it pushed the form's submit button
 * away from under the finger or the pointer).
 */
export function useDepositLimitOfferSettled(userId: string, isListPending: boolean, hasNoDeposits: boolean) {
  const isAsked = hasNoDeposits && readStorage(offerSkippedKey(userId)) !== '1';
  const limits = usePlayLimits(isAsked);
  return !isListPending && (!isAsked || !limits.isPending);
}

/**
 * Before a member's first deposit (no deposit request yet and no deposit limit, set or pending):
 * the offer to set a deposit limit first, which the member may skip (remembered on this device).
 * Once a limit is set the offer goes; the responsible-gaming page keeps every limit.
 */
export function DepositLimitOffer({ userId, hasNoDeposits }: { userId: string; hasNoDeposits: boolean }) {
  const { t } = useTranslation(['cashier', 'common']);
  const href = useLocalizedPath();
  const skippedKey = offerSkippedKey(userId);
  const [isSkipped, setIsSkipped] = useState(() => readStorage(skippedKey) === '1');
  const limits = usePlayLimits(hasNoDeposits && !isSkipped);
  const data = limits.data;
  const hasLimit =
    data !== undefined &&
    (Object.values(data.limits.deposit).some((v) => v !== null) ||
      data.pending.some((p) => p.kind === 'deposit'));
  const isDue = hasNoDeposits && !isSkipped && data !== undefined && !hasLimit;
  // Once offered it stays while the member sets a limit, until they press "done" (or skip).
  const [state, setState] = useState<'idle' | 'open' | 'closed'>('idle');
  useEffect(() => {
    if (isDue) setState((now) => (now === 'idle' ? 'open' : now));
  }, [isDue]);
  if (state === 'closed' || !(isDue || state === 'open') || !data) return null;

  const skip = () => {
    writeStorage(skippedKey, '1');
    setIsSkipped(true);
    setState('closed');
  };

  return (
    <section className="card deposit-offer" aria-labelledby="deposit-offer-title">
      <h2 className="card__title" id="deposit-offer-title">
        <Icon name="shield" size={20} />
        {t('depositLimit.title')}
      </h2>
      <p className="deposit-offer__text">{t('depositLimit.text')}</p>
      <LimitEditor kind="deposit" data={data} />
      <div className="deposit-offer__actions">
        <Link className="btn btn--ghost btn--sm" to={href('responsible')}>
          {t('depositLimit.more')}
        </Link>
        <button
          type="button"
          className="btn btn--secondary btn--sm"
          onClick={hasLimit ? () => setState('closed') : skip}
        >
          {hasLimit ? t('depositLimit.done') : t('depositLimit.skip')}
        </button>
      </div>
    </section>
  );
}
