import { useTranslation } from 'react-i18next';
import type { TCashierWindow } from '@casino/contracts/cashier';
import { Icon } from '../../../components/ui/icon.tsx';
import { useSiteZoneName } from '../../../lib/site-zone.ts';

interface LockStatusProps {
  kind: 'deposit' | 'withdraw';
  window: TCashierWindow | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
}

/**
 * The line above a cashier form that says whether it is open now, and the daily lock window in
 * the site's time. It keeps its height while loading, so the form below never moves.
 */
export function LockStatus({ kind, window, isLoading, isError, onRetry }: LockStatusProps) {
  const { t } = useTranslation(['cashier', 'common']);
  const zone = useSiteZoneName();
  if (!window) {
    if (isError && !isLoading) {
      return (
        <div className="lock-status lock-status--unknown" role="status">
          <Icon name="warning" size={18} />
          <span className="lock-status__text">{t('window.failed')}</span>
          <button type="button" className="btn btn--ghost btn--sm" onClick={onRetry}>
            {t('window.retry')}
          </button>
        </div>
      );
    }
    return (
      <div className="lock-status lock-status--loading" aria-busy="true">
        <span className="skeleton lock-status__skeleton" />
      </div>
    );
  }
  const range =
    window.from && window.to ? t('window.range', { from: window.from, to: window.to, zone }) : null;
  if (window.locked) {
    return (
      <div className="lock-status lock-status--closed" role="status">
        <Icon name="warning" size={18} />
        <span className="lock-status__text">
          <strong>{t(`${kind}.closed`)}</strong>
          {range && <span className="lock-status__range">{t('window.closedUntil', { range })}</span>}
        </span>
      </div>
    );
  }
  return (
    <div className="lock-status lock-status--open" role="status">
      <span className="lock-status__dot" aria-hidden="true" />
      <span className="lock-status__text">
        <strong>{t(`${kind}.open`)}</strong>
        <span className="lock-status__range">
          {range ? t('window.daily', { range }) : t('window.always')}
        </span>
      </span>
    </div>
  );
}
