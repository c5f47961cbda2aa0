import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Pager } from '../../../components/ui/pager.tsx';
import { TitledSection } from '../../../components/ui/titled-section.tsx';
import { errorText } from '../../../i18n/error-text.ts';
import { useFormat } from '../../../i18n/use-format.ts';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';
import { useBrowserValue } from '../../../lib/hydration.ts';
import { useReferrals } from '../api/get-referrals.ts';
import './promotion-cards.css';

const PAGE_SIZE = 10;

/**
 * My page's referrals (`get-referrals`): the members who joined naming this member as recommender,
 * when they joined and the comp points each has earned them, and the total; with the attendance link.
 */
export function ReferralsCard({ userId }: { userId: string }) {
  const { t } = useTranslation(['promotions', 'common']);
  const format = useFormat();
  const href = useLocalizedPath();
  const [page, setPage] = useState(1);
  const referrals = useReferrals(page, PAGE_SIZE);
  const data = referrals.data;
  // The link a friend registers through, the recommender filled in (the registration form reads it).
  const origin = useBrowserValue(() => window.location.origin, '');
  const link = `${origin}${href('register')}?recommender=${encodeURIComponent(userId)}`;
  return (
    <TitledSection name="referrals" className="card referrals" title={t('referrals.title')}>
      <p className="muted referrals__lead">
        {data && !data.enabled
          ? t('referrals.off')
          : t('referrals.lead', { userId, rate: data ? format.number(data.rate / 100) : '-' })}
      </p>
      <p className="referrals__share">
        <span className="muted">{t('referrals.link')}</span>
        <input
          className="referrals__url"
          readOnly
          value={link}
          aria-label={t('referrals.link')}
          onFocus={(event) => event.currentTarget.select()}
        />
      </p>
      {referrals.isError && <p role="alert">{errorText(t, referrals.error)}</p>}
      {data && (
        <>
          <p className="referrals__total">
            {t('referrals.total', { points: format.number(data.total), count: data.maxCount })}
          </p>
          {data.list.length === 0 ? (
            <p className="muted">{t('referrals.empty')}</p>
          ) : (
            <table className="referrals__table">
              <thead>
                <tr>
                  <th scope="col">{t('referrals.nick')}</th>
                  <th scope="col">{t('referrals.joined')}</th>
                  <th scope="col">{t('referrals.points')}</th>
                </tr>
              </thead>
              <tbody>
                {data.list.map((r) => (
                  <tr key={`${r.nick}-${r.joined}`}>
                    <td>{r.nick}</td>
                    <td>{format.date(r.joined)}</td>
                    <td>{format.number(r.points)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <Pager
            page={page}
            pages={Math.max(1, Math.ceil(data.maxCount / PAGE_SIZE))}
            onPage={setPage}
            isBusy={referrals.isFetching}
          />
        </>
      )}
      <Link className="referrals__link" to={href('attendance')}>
        {t('referrals.attendanceLink')}
      </Link>
    </TitledSection>
  );
}
