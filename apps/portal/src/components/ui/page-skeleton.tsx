import { useTranslation } from 'react-i18next';

/** Reserved space while a page loads (its code, its translations or the session), so nothing jumps. */
export function PageSkeleton() {
  const { t } = useTranslation('common');
  return (
    <div className="page page--skeleton" aria-busy="true">
      <span className="visually-hidden" role="status">
        {t('state.loading')}
      </span>
      <div className="skeleton skeleton--title" />
      <div className="skeleton skeleton--line" />
      <div className="skeleton skeleton--block" />
    </div>
  );
}
