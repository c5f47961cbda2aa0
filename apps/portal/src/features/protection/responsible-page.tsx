import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  REALITY_CHECK_MINUTES,
  SELF_EXCLUSION_PERIODS,
  TIME_OUT_PERIODS,
  type TBreakKind,
  type TBreakPeriod,
  type TRealityCheckMinutes,
} from '@casino/contracts/protection';
import { LimitEditor } from '../../components/protection/limit-editor.tsx';
import { useDialogs } from '@casino/web-kit/dialog-context';
import { Icon } from '../../components/ui/icon.tsx';
import { TitledSection } from '../../components/ui/titled-section.tsx';
import { LoadError } from './components/load-error.tsx';
import { PageShell } from '../../components/ui/page-shell.tsx';
import { PageSkeleton } from '../../components/ui/page-skeleton.tsx';
import { errorText } from '../../i18n/error-text.ts';
import { useLocalizedPath } from '../../i18n/use-localized-path.ts';
import { usePlayLimits } from '../../lib/protection/api/get-play-limits.ts';
import { useSession } from '../../lib/session/session-context.ts';
import { useSetRealityCheck } from './api/set-reality-check.ts';
import { BreakDialog, type TBreakChoice } from './components/break-dialog.tsx';
import { MyPageLinks } from './components/my-page-links.tsx';
import './protection.css';

/**
 * /user/responsible (member): deposit and loss limits per day, week and month with what each
 * rolling window has used (a lower limit applies at once, a higher one or a removal after 24 hours,
 * shown as pending), the reality check, and the time-out and self-exclusion. After a registration
 * (`?welcome=1`) it opens with the offer to set limits now, which the member may skip.
 */
export function ResponsiblePage() {
  const { t } = useTranslation(['protection', 'common']);
  const { user } = useSession();
  const href = useLocalizedPath();
  const [params] = useSearchParams();
  const query = usePlayLimits(user !== null);
  const [choice, setChoice] = useState<TBreakChoice | null>(null);
  if (!user) return <PageSkeleton />;
  const data = query.data;
  const isWelcome = params.get('welcome') === '1';

  return (
    <PageShell title={t('page.title')} lead={t('page.lead')} icon="shield">
      <div className="protection-layout">
        <MyPageLinks current="responsible" />
        {isWelcome && (
          <section className="card protection-callout" aria-labelledby="welcome-title">
            <Icon name="shield" size={22} className="protection-callout__icon" />
            <div className="protection-callout__body">
              <h2 className="protection-callout__title" id="welcome-title">
                {t('welcome.title')}
              </h2>
              <p className="protection-callout__text">{t('welcome.text')}</p>
            </div>
            <Link className="btn btn--secondary btn--sm protection-callout__action" to={href('home')}>
              {t('welcome.skip')}
            </Link>
          </section>
        )}
        {data ? (
          <>
            <LimitCard kind="deposit" data={data} />
            <LimitCard kind="loss" data={data} />
            <RealityCheckCard minutes={data.realityCheckMinutes} />
          </>
        ) : query.isError ? (
          <LoadError query={query} className="card protection-error" />
        ) : (
          <div className="card protection-skeleton" aria-busy="true">
            <span className="skeleton skeleton--title" />
            <span className="skeleton skeleton--block" />
          </div>
        )}
        <BreakCard kind="time_out" periods={TIME_OUT_PERIODS} onChoose={setChoice} />
        <BreakCard kind="self_exclusion" periods={SELF_EXCLUSION_PERIODS} onChoose={setChoice} />
      </div>
      <BreakDialog choice={choice} onClose={() => setChoice(null)} />
    </PageShell>
  );
}

function LimitCard({
  kind,
  data,
}: {
  kind: 'deposit' | 'loss';
  data: NonNullable<ReturnType<typeof usePlayLimits>['data']>;
}) {
  const { t } = useTranslation('protection');
  return (
    <section className="card limit-card" aria-labelledby={`limits-${kind}-title`}>
      <h2 className="card__title" id={`limits-${kind}-title`}>
        {t(`limits.${kind}.title`)}
      </h2>
      <p className="protection-note">{t(`limits.${kind}.text`)}</p>
      <LimitEditor kind={kind} data={data} />
      <p className="protection-note protection-note--small">{t('limits.rule')}</p>
    </section>
  );
}

function RealityCheckCard({ minutes }: { minutes: TRealityCheckMinutes }) {
  const { t } = useTranslation(['protection', 'common']);
  const dialogs = useDialogs();
  const save = useSetRealityCheck();
  const shown = save.isPending ? (save.variables?.minutes ?? minutes) : minutes;

  async function choose(value: TRealityCheckMinutes) {
    if (value === minutes || save.isPending) return;
    try {
      await save.mutateAsync({ minutes: value });
    } catch (error) {
      await dialogs.error(errorText(t, error));
    }
  }

  return (
    <TitledSection name="reality" className="card" title={t('reality.title')}>
      <p className="protection-note">{t('reality.text')}</p>
      <fieldset className="choice-group" disabled={save.isPending}>
        <legend className="visually-hidden">{t('reality.title')}</legend>
        {REALITY_CHECK_MINUTES.map((value) => (
          <label key={value} className="choice">
            <input
              type="radio"
              name="reality-check"
              value={value}
              checked={shown === value}
              onChange={() => void choose(value)}
            />
            <span>{value === 0 ? t('reality.off') : t('reality.every', { minutes: value })}</span>
          </label>
        ))}
      </fieldset>
      <p className="protection-note protection-note--small" aria-live="polite">
        {save.isPending ? t('common:state.loading') : t('reality.saved')}
      </p>
    </TitledSection>
  );
}

function BreakCard({
  kind,
  periods,
  onChoose,
}: {
  kind: TBreakKind;
  periods: readonly TBreakPeriod[];
  onChoose: (choice: TBreakChoice) => void;
}) {
  const { t } = useTranslation('protection');
  const [period, setPeriod] = useState<TBreakPeriod>(periods[0]!);
  return (
    <section className={`card break-card break-card--${kind}`} aria-labelledby={`break-${kind}-title`}>
      <h2 className="card__title" id={`break-${kind}-title`}>
        {t(`breaks.${kind}.title`)}
      </h2>
      <p className="protection-note">{t(`breaks.${kind}.text`)}</p>
      <fieldset className="choice-group">
        <legend className="visually-hidden">{t('breaks.periodLabel')}</legend>
        {periods.map((value) => (
          <label key={value} className="choice">
            <input
              type="radio"
              name={`break-${kind}`}
              value={value}
              checked={period === value}
              onChange={() => setPeriod(value)}
            />
            <span>{t(`breaks.period.${value}`)}</span>
          </label>
        ))}
      </fieldset>
      <button type="button" className="btn btn--danger btn--block" onClick={() => onChoose({ kind, period })}>
        {t(`breaks.${kind}.start`)}
      </button>
    </section>
  );
}
