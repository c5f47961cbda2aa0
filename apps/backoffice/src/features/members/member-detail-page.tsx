import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useOperator } from '../../app/session.ts';
import { formatDateTime, formatWon } from '../../lib/format.ts';
import { MemberActions } from './member-actions.tsx';
import { MemberTabs } from './member-tabs.tsx';
import { useMemberAttendance, useMemberDetail } from './queries.ts';
import { FailureNotice } from '../../components/notice.tsx';

/** `/members/:userId`: the member's profile and balances, the actions, and the history in tabs. */
export function MemberDetailPage() {
  const { t, i18n } = useTranslation();
  const userId = useParams().userId ?? '';
  const permissions = useOperator().data?.permissions ?? [];
  const [message, setMessage] = useState<{ tone: 'ok' | 'warn'; key: string } | null>(null);
  const detail = useMemberDetail(userId);
  const won = (n: number) => formatWon(n, i18n.language);
  const data = detail.data;

  return (
    <section>
      <div className="page-head">
        <Link to="/members" className="btn btn--small btn--ghost">
          ← {t('members.back')}
        </Link>
        <h1 className="page-title">
          {t('members.title')} · {userId}
        </h1>
      </div>
      {detail.isPending && <p className="muted">{t('members.loading')}</p>}
      <FailureNotice error={detail.error} />
      {data?.status === 'not_found' && (
        <p role="alert" className="notice notice--warn">
          {t('members.notFound', { userId })}
        </p>
      )}
      {data?.status === 'success' && (
        <>
          {message && (
            <p role="status" className={`notice notice--${message.tone}`}>
              {t(message.key)}
            </p>
          )}
          <section className="member-profile" aria-labelledby="member-profile-title">
            <h2 id="member-profile-title" className="member-profile__title">
              {data.member.nick} <span className="muted">({data.member.userId})</span>{' '}
              <span className={`member-state member-state--${data.member.state}`}>
                {t(`memberState.${data.member.state}`)}
              </span>{' '}
              <span className="badge">Lv.{data.member.level}</span>
            </h2>
            {data.member.mustChangePassword && (
              <p className="notice notice--warn">{t('members.profile.mustChange')}</p>
            )}
            <dl className="member-facts">
              <div>
                <dt>{t('members.profile.cash')}</dt>
                <dd className="num">{won(data.member.balance)}</dd>
              </div>
              <div>
                <dt>{t('members.profile.comp')}</dt>
                <dd className="num">{won(data.member.rolling)}</dd>
              </div>
              <div>
                <dt>{t('members.profile.game')}</dt>
                <dd className="num">{won(data.member.in_balance)}</dd>
              </div>
              <div>
                <dt>{t('members.col.phone')}</dt>
                <dd>{data.member.phone}</dd>
              </div>
              <div>
                <dt>{t('members.profile.bank')}</dt>
                <dd>
                  {[data.member.bankname, data.member.banknum, data.member.bankOwner]
                    .filter(Boolean)
                    .join(' · ')}
                  {data.member.banknum === null && (
                    <span className="muted member-facts__hint">{t('members.profile.bankHidden')}</span>
                  )}
                </dd>
              </div>
              <div>
                <dt>{t('members.profile.regCode')}</dt>
                <dd>{data.member.regCode ?? ''}</dd>
              </div>
              <div>
                <dt>{t('members.profile.attendance')}</dt>
                <dd>
                  <Attendance userId={data.member.userId} />
                </dd>
              </div>
              <div>
                <dt>{t('members.profile.recommender')}</dt>
                <dd>
                  {data.member.recommender === null ? (
                    <span className="muted">{t('members.profile.noRecommender')}</span>
                  ) : data.member.recommender === data.member.userId ? (
                    t('members.profile.selfRecommended')
                  ) : (
                    <Link to={`/members/${encodeURIComponent(data.member.recommender)}`}>
                      {data.member.recommender}
                    </Link>
                  )}
                </dd>
              </div>
              <div>
                <dt>{t('members.profile.rollover')}</dt>
                <dd>
                  {!data.member.rollover || data.member.rollover.required === 0 ? (
                    <span className="muted">{t('members.profile.noRollover')}</span>
                  ) : (
                    t('members.profile.rolloverValue', {
                      done: won(data.member.rollover.done),
                      required: won(data.member.rollover.required),
                    })
                  )}
                </dd>
              </div>
              <div>
                <dt>{t('members.profile.regDate')}</dt>
                <dd>{formatDateTime(data.member.regDate)}</dd>
              </div>
              <div>
                <dt>{t('members.profile.lastLogin')}</dt>
                <dd>
                  {data.member.lastLoginDate
                    ? formatDateTime(data.member.lastLoginDate)
                    : t('members.profile.never')}
                </dd>
              </div>
            </dl>
            <MemberActions member={data.member} permissions={permissions} onMessage={setMessage} />
          </section>
          <MemberTabs userId={data.member.userId} />
        </>
      )}
    </section>
  );
}

/** The member's attendance (출석) of the last 30 days, or nothing until it arrives. */
function Attendance({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const attendance = useMemberAttendance(userId);
  const data = attendance.data;
  if (!data || data.status !== 'success') return null;
  if (data.lastDay === null) return <span className="muted">{t('members.profile.noAttendance')}</span>;
  return (
    <>
      {t('members.profile.attendanceValue', {
        streak: data.streak,
        days: data.days30,
        points: data.points30.toLocaleString(),
      })}{' '}
      <span className="muted">{t('members.profile.lastAttendance', { day: data.lastDay })}</span>
    </>
  );
}
