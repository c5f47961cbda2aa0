import { useTranslation } from 'react-i18next';

/** The weekday (0 Sunday .. 6 Saturday) of a calendar day `YYYY-MM-DD`. */
function weekdayOf(day: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/** How many days month `YYYY-MM` has. */
export function daysInMonth(month: string): number {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** The month `delta` months from `month` (`YYYY-MM`). */
export function shiftMonth(month: string, delta: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(y, m - 1 + delta, 1));
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;

/**
 * A month of the site's calendar as a grid (weeks from Sunday): the checked days stamped, today
 * outlined. Days are the site's calendar dates the server answers, never the browser's clock.
 */
export function AttendanceCalendar({
  month,
  days,
  today,
}: {
  month: string;
  days: readonly string[];
  today: string;
}) {
  const { t } = useTranslation('promotions');
  const checked = new Set(days);
  const first = weekdayOf(`${month}-01`);
  const count = daysInMonth(month);
  const cells: (string | null)[] = [
    ...Array.from({ length: first }, () => null),
    ...Array.from({ length: count }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`),
  ];
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks = Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
  return (
    <table className="attendance-calendar" aria-label={t('attendance.calendarOf', { month })}>
      <thead>
        <tr>
          {WEEKDAYS.map((day) => (
            <th key={day} scope="col" abbr={t(`attendance.weekday.${day}`)}>
              {t(`attendance.weekdayShort.${day}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week, w) => (
          <tr key={w}>
            {week.map((day, d) => {
              if (!day) return <td key={d} aria-hidden="true" />;
              const isChecked = checked.has(day);
              const isToday = day === today;
              const classes = ['attendance-calendar__day'];
              if (isChecked) classes.push('is-checked');
              if (isToday) classes.push('is-today');
              return (
                <td key={d} className={classes.join(' ')} aria-current={isToday ? 'date' : undefined}>
                  <span className="attendance-calendar__number">{Number(day.slice(8))}</span>
                  {isChecked && <span className="attendance-calendar__stamp">{t('attendance.stamp')}</span>}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
