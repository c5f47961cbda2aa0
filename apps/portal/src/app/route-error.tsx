import { useTranslation } from 'react-i18next';

/**
 * Shown when a page fails to render or its code cannot be loaded (a new build replaced the old
 * chunks while the page was open): a reload fetches the current build.
 */
export function RouteError() {
  const { t } = useTranslation('common');
  return (
    <div className="route-error container" role="alert">
      <h1 className="page__title">{t('error.pageTitle')}</h1>
      <p className="page__lead">{t('error.pageText')}</p>
      <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
        {t('action.reload')}
      </button>
    </div>
  );
}
