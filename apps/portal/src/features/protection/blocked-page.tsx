import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BREAK_KINDS, BREAK_PERIODS, breakPeriodFits } from '@casino/contracts/protection';
import type { TBreakKind, TBreakPeriod } from '@casino/contracts/protection';
import { Icon } from '../../components/ui/icon.tsx';
import { PageShell } from '../../components/ui/page-shell.tsx';
import { useLocale } from '../../i18n/locale-context.ts';
import { useLocalizedPath } from '../../i18n/use-localized-path.ts';
import { PERMANENT } from '../../lib/protection/blocked-url.ts';
import { formatWhen } from '@casino/web-kit/format';
import { readSiteInfo } from '../../lib/site-info.ts';
import './protection.css';

/** What the blocked page was told: a break just taken, or the end of the break that refused a sign-in. */
export type TBlockedReason =
  | { kind: 'taken'; breakKind: TBreakKind; period: TBreakPeriod; until?: string }
  | { kind: 'until'; until: string }
  | { kind: 'permanent' }
  | { kind: 'unknown' };

export function blockedReason(params: URLSearchParams): TBlockedReason {
  const breakKind = params.get('kind');
  const period = params.get('period');
  if (
    (BREAK_KINDS as readonly string[]).includes(breakKind ?? '') &&
    (BREAK_PERIODS as readonly string[]).includes(period ?? '') &&
    breakPeriodFits(breakKind as TBreakKind, period as TBreakPeriod)
  ) {
    const end = params.get('until');
    const taken = {
      kind: 'taken',
      breakKind: breakKind as TBreakKind,
      period: period as TBreakPeriod,
    } as const;
    return end && end !== PERMANENT && !Number.isNaN(new Date(end).getTime())
      ? { ...taken, until: end }
      : taken;
  }
  const until = params.get('until');
  if (until === PERMANENT) return { kind: 'permanent' };
  if (until && !Number.isNaN(new Date(until).getTime())) return { kind: 'until', until };
  return { kind: 'unknown' };
}

/**
 * /blocked (public): the page of a member on a time-out or self-exclusion, shown when a sign-in is
 * refused (until when, or "permanent") and right after the member took the break (which signed them
 * out everywhere). It says where to find help: the operator's support address and, in Korea, the
 * Korea Center on Gambling Problems' helpline 1336.
 */
export function BlockedPage() {
  const { t } = useTranslation(['protection', 'common']);
  const locale = useLocale();
  const href = useLocalizedPath();
  const [params] = useSearchParams();
  const reason = blockedReason(params);
  const supportEmail = readSiteInfo().supportEmail;

  let text: string;
  if (reason.kind === 'taken')
    text = t(`blocked.taken.${reason.period === 'permanent' ? 'permanent' : reason.breakKind}`, {
      length: t(`breaks.period.${reason.period}`),
    });
  else if (reason.kind === 'until') text = t('blocked.until', { when: formatWhen(reason.until, locale) });
  else if (reason.kind === 'permanent') text = t('blocked.permanent');
  else text = t('blocked.unknown');

  return (
    <PageShell title={t('blocked.title')} lead={t('blocked.lead')} icon="shield" isNarrow>
      <div className="blocked">
        <section className="card blocked__state" aria-labelledby="blocked-state">
          <h2 className="card__title" id="blocked-state">
            {t('blocked.stateTitle')}
          </h2>
          <p className="blocked__text">{text}</p>
          {reason.kind === 'taken' && reason.until && (
            <p className="blocked__text">{t('blocked.until', { when: formatWhen(reason.until, locale) })}</p>
          )}
          <p className="protection-note">{t('blocked.noEarlyEnd')}</p>
          <p className="protection-note">{t('blocked.money')}</p>
        </section>
        <section className="card blocked__help" aria-labelledby="blocked-help">
          <h2 className="card__title" id="blocked-help">
            {t('blocked.helpTitle')}
          </h2>
          <p className="protection-note">{t('blocked.helpText')}</p>
          <ul className="blocked__contacts">
            <li>
              <Icon name="help" size={20} />
              <div>
                <p className="blocked__contact-name">{t('blocked.kcgp')}</p>
                <a className="blocked__contact-link" href="tel:1336">
                  {t('blocked.kcgpPhone')}
                </a>
              </div>
            </li>
            {supportEmail && (
              <li>
                <Icon name="note" size={20} />
                <div>
                  <p className="blocked__contact-name">{t('blocked.support')}</p>
                  <a className="blocked__contact-link" href={`mailto:${supportEmail}`}>
                    {supportEmail}
                  </a>
                </div>
              </li>
            )}
          </ul>
        </section>
        <Link className="btn btn--secondary btn--lg btn--block" to={href('home')}>
          {t('common:notFound.home')}
        </Link>
      </div>
    </PageShell>
  );
}
