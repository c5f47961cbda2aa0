import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useDialogs } from '@casino/web-kit/dialog-context';
import { Icon } from '../../components/ui/icon.tsx';
import { PageShell } from '../../components/ui/page-shell.tsx';
import { PageSkeleton } from '../../components/ui/page-skeleton.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { TitledSection } from '../../components/ui/titled-section.tsx';
import { errorText, statusText } from '../../i18n/error-text.ts';
import { useFormat } from '../../i18n/use-format.ts';
import { useSession } from '../../lib/session/session-context.ts';
import { useCheckAttendance } from './api/check-attendance.ts';
import { attendanceKey, useAttendance } from './api/get-attendance.ts';
import { AttendanceCalendar, shiftMonth } from './attendance-calendar.tsx';
import './promotions.css';

/**
 * /attendance (member): the daily check (출석 체크) with this month's calendar, the streak of
 * consecutive days and the operator's reward table (`get-attendance`, `check-attendance`).
 */
export function AttendancePage() {
  const { t } = useTranslation(['promotions', 'common']);
  const { user } = useSession();
  const [month, setMonth] = useState<string | undefined>(undefined);
  const attendance = useAttendance(month);
  if (!user || !attendance.data) {
    if (attendance.isError)
      return (
        <PageShell title={t('common:menu.attendance')} lead={t('attendance.lead')} icon="check">
          <p role="alert" className="attendance__error">
            {errorText(t, attendance.error)}
          </p>
        </PageShell>
      );
    return <PageSkeleton />;
  }
  const data = attendance.data;
  const current = data.today.slice(0, 7);
  return (
    <PageShell title={t('common:menu.attendance')} lead={t('attendance.lead')} icon="check">
      <div className="attendance-layout">
        <TitledSection name="attendance-month" className="card attendance" title={t('attendance.title')}>
          <div className="attendance__bar">
            <button
              type="button"
              className="btn btn--ghost"
              onClick={() => setMonth(shiftMonth(data.month, -1))}
              aria-label={t('attendance.previous')}
            >
              ‹
            </button>
            <strong className="attendance__month">{t('attendance.month', { month: data.month })}</strong>
            <button
              type="button"
              className="btn btn--ghost"
              onClick={() =>
                setMonth(data.month === shiftMonth(current, -1) ? undefined : shiftMonth(data.month, 1))
              }
              disabled={data.month >= current}
              aria-label={t('attendance.next')}
            >
              ›
            </button>
          </div>
          <AttendanceCalendar month={data.month} days={data.days} today={data.today} />
          <CheckButton
            todayDone={data.todayDone}
            enabled={data.enabled}
            requireDeposit={data.requireDeposit}
          />
        </TitledSection>
        <aside className="card attendance-rewards" aria-labelledby="attendance-rewards-title">
          <h2 className="card__title" id="attendance-rewards-title">
            {t('attendance.rewardsTitle')}
          </h2>
          <p className="attendance__streak">{t('attendance.streak', { count: data.streak })}</p>
          <RewardTable rewards={data.rewards} streak={data.streak} />
          {data.requireDeposit && <p className="muted">{t('attendance.requireDeposit')}</p>}
        </aside>
      </div>
    </PageShell>
  );
}

function RewardTable({ rewards, streak }: { rewards: { streak: number; points: number }[]; streak: number }) {
  const { t } = useTranslation('promotions');
  const format = useFormat();
  if (rewards.length === 0) return <p className="muted">{t('attendance.noRewards')}</p>;
  // The reward today's check earns: the highest streak not above the streak after the check.
  let next: number | undefined;
  for (const r of rewards)
    if (r.streak <= streak + 1 && (next === undefined || r.streak > next)) next = r.streak;
  return (
    <table className="attendance-rewards__table">
      <thead>
        <tr>
          <th scope="col">{t('attendance.fromStreak')}</th>
          <th scope="col">{t('attendance.points')}</th>
        </tr>
      </thead>
      <tbody>
        {rewards.map((r) => (
          <tr key={r.streak} className={r.streak === next ? 'is-next' : undefined}>
            <td>{t('attendance.days', { count: r.streak })}</td>
            <td>{t('attendance.pointsValue', { points: format.number(r.points) })}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function CheckButton({
  todayDone,
  enabled,
  requireDeposit,
}: {
  todayDone: boolean;
  enabled: boolean;
  requireDeposit: boolean;
}) {
  const { t } = useTranslation(['promotions', 'common']);
  const dialogs = useDialogs();
  const format = useFormat();
  const session = useSession();
  const client = useQueryClient();
  const check = useCheckAttendance();

  async function onCheck() {
    let result;
    try {
      result = await check.mutateAsync();
    } catch (caught) {
      await dialogs.error(errorText(t, caught));
      return;
    }
    try {
      switch (result.status) {
        case 'success':
          await dialogs.success(
            result.points > 0
              ? t('attendance.done', { points: format.number(result.points), count: result.streak })
              : t('attendance.doneNoPoints', { count: result.streak }),
          );
          return;
        case 'already':
          await dialogs.info(t('attendance.already'));
          return;
        case 'fail':
          await dialogs.warning(
            enabled && requireDeposit ? t('attendance.needDeposit') : t('attendance.off'),
          );
          return;
        default:
          await dialogs.error(statusText(t, result.status));
      }
    } finally {
      void client.invalidateQueries({ queryKey: attendanceKey });
      // The header's points follow once the member has read the answer.
      if (result.status === 'success') void session.refresh();
    }
  }

  if (!enabled) return <p className="attendance__off muted">{t('attendance.off')}</p>;
  return (
    <button
      type="button"
      className="btn btn--primary attendance__check"
      disabled={todayDone || check.isPending}
      onClick={() => void onCheck()}
    >
      {check.isPending ? <Spinner size={18} /> : <Icon name="check" size={20} />}
      {todayDone ? t('attendance.checkedToday') : t('attendance.check')}
    </button>
  );
}
