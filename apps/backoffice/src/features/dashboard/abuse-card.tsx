import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FailureNotice } from '../../components/notice.tsx';
import { apiQuery } from '../../lib/api.ts';

const KINDS = ['linked_register', 'linked_sign_in', 'opposite_bet', 'bonus_hunt'] as const;

/**
 * Today's abuse figures (the site's day, docs/api/backoffice-fraud.md): the review entries by kind,
 * the requests refused, the blacklist's refusals and the entries still open, with the way to the
 * review screen. Read again with the dashboard's counts (the `queue` event counts open reviews).
 */
export function AbuseCard({ refetchMs }: { refetchMs: number }) {
  const { t } = useTranslation();
  const summary = useQuery({ ...apiQuery('fraud.summary'), refetchInterval: refetchMs });
  const data = summary.data;
  return (
    <section className="box abuse-card" aria-labelledby="abuse-card">
      <h2 id="abuse-card" className="abuse-card__title">
        {t('dashboard.abuse.title')}
      </h2>
      <FailureNotice error={summary.error} />
      {data && (
        <dl className="abuse-card__figures">
          {KINDS.map((kind) => (
            <div key={kind}>
              <dt>{t(`dashboard.abuse.${kind}`)}</dt>
              <dd>{data.entries[kind]}</dd>
            </div>
          ))}
          <div>
            <dt>{t('dashboard.abuse.refused')}</dt>
            <dd>{data.refused}</dd>
          </div>
          <div>
            <dt>{t('dashboard.abuse.blacklistHits')}</dt>
            <dd>{data.blacklistHits}</dd>
          </div>
          <div>
            <dt>{t('dashboard.abuse.open')}</dt>
            <dd>{data.open}</dd>
          </div>
        </dl>
      )}
      <Link className="card__link" to="/fraud">
        {t('dashboard.abuse.review')}
      </Link>
    </section>
  );
}
