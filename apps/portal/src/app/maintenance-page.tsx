import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@casino/web-kit/format';
import type { TSiteMaintenance } from '@casino/contracts/site';
import { Icon } from '../components/ui/icon.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { useSiteName } from '../lib/site-info.ts';
import { useSiteZoneName } from '../lib/site-zone.ts';
import { MAINTENANCE_POLL_MS } from '../lib/site/get-site-status.ts';
import { LanguagePicker } from './layout/language-picker.tsx';
import { LogoMark } from './layout/logo.tsx';
import './layout/layout.css';
import './maintenance.css';

/**
 * The whole site while the operator has it in maintenance (docs/operations.md): what is going on,
 * the operator's message (plain text) and the expected end on the site's clock, that money and
 * games in play are safe, a way to check again, and the language picker. It asks again by itself
 * every MAINTENANCE_POLL_MS and gives way to the page the member asked for once the site is open.
 */
export function MaintenancePage({
  maintenance,
  onCheck,
  isChecking,
  now = Date.now(),
}: {
  maintenance: TSiteMaintenance;
  onCheck: () => void;
  isChecking: boolean;
  /** The clock the expected end is compared with (tests pass their own). */
  now?: number;
}) {
  const { t } = useTranslation('common');
  const siteName = useSiteName();
  const zone = useSiteZoneName();
  const title = t('maintenance.title');
  useDocumentTitle(title);
  const until = maintenance.until ? Date.parse(maintenance.until) : NaN;
  const hasEnd = Number.isFinite(until);

  return (
    <main className="maintenance" id="main" tabIndex={-1}>
      <section className="maintenance__card" aria-labelledby="maintenance-title">
        <div className="maintenance__top">
          <span className="maintenance__brand">
            <LogoMark size={36} />
            <span className="maintenance__name">{siteName}</span>
          </span>
          <LanguagePicker />
        </div>
        <span className="maintenance__icon" aria-hidden="true">
          <Icon name="tools" size={40} />
        </span>
        <h1 className="maintenance__title" id="maintenance-title">
          {title}
        </h1>
        <p className="maintenance__lead">{t('maintenance.lead')}</p>
        {maintenance.message && (
          <figure className="maintenance__message">
            <figcaption className="maintenance__label">{t('maintenance.messageLabel')}</figcaption>
            <p className="maintenance__text">{maintenance.message}</p>
          </figure>
        )}
        <p className="maintenance__until">
          <Icon name="clock" size={20} />
          {hasEnd ? (
            until > now ? (
              <span>
                {t('maintenance.until')}{' '}
                <time className="maintenance__time" dateTime={maintenance.until ?? undefined}>
                  {formatDateTime(maintenance.until)}
                </time>{' '}
                <span className="maintenance__zone">{t('maintenance.zone', { zone })}</span>
              </span>
            ) : (
              <span>{t('maintenance.overdue')}</span>
            )
          ) : (
            <span>{t('maintenance.noEnd')}</span>
          )}
        </p>
        <p className="maintenance__safe">
          <Icon name="shield" size={20} />
          <span>{t('maintenance.safe')}</span>
        </p>
        <div className="maintenance__actions">
          <button type="button" className="btn btn--primary btn--lg" onClick={onCheck} disabled={isChecking}>
            {isChecking ? <Spinner size={18} /> : <Icon name="success" size={18} />}
            {isChecking ? t('maintenance.checking') : t('maintenance.check')}
          </button>
          <p className="maintenance__auto">
            {t('maintenance.auto', { seconds: MAINTENANCE_POLL_MS / 1000 })}
          </p>
        </div>
      </section>
    </main>
  );
}
