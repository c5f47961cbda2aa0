import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '../components/ui/icon.tsx';
import { useLocalizedPath } from '../i18n/use-localized-path.ts';
import { useBrowserValue } from '../lib/hydration.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import './not-found.css';

/** Whether the router's own history entry index says this page was not opened directly. */
const hasPreviousEntry = () => Boolean((window.history.state as { idx?: number } | null)?.idx);

/**
 * Any path outside the route table (the server answers it with status 404 too): says so plainly,
 * shows the address that was asked for, and offers the way home, to the games and back.
 */
export function NotFoundPage() {
  const { t } = useTranslation('common');
  const href = useLocalizedPath();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const title = t('notFound.title');
  useDocumentTitle(title);
  // The build prerenders this page for every unknown path: the address asked for, and whether there
  // is a page to go back to, show once the page is live (lib/hydration.ts).
  const shownPath = useBrowserValue(() => pathname, '');
  const canGoBack = useBrowserValue(hasPreviousEntry, false);

  return (
    <section className="not-found" aria-labelledby="page-title">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 className="not-found__title" id="page-title" tabIndex={-1}>
        {title}
      </h1>
      <p className="not-found__text">{t('notFound.text')}</p>
      <p className="not-found__path">
        <span className="not-found__label">{t('notFound.path')}</span>
        <code className="not-found__url">{shownPath}</code>
      </p>
      <p className="not-found__hint">{t('notFound.hint')}</p>
      <div className="not-found__actions">
        <Link className="btn btn--primary btn--lg" to={href('home')}>
          <Icon name="home" size={18} />
          {t('notFound.home')}
        </Link>
        <Link className="btn btn--secondary btn--lg" to={href('game')}>
          <Icon name="game" size={18} />
          {t('notFound.games')}
        </Link>
        {canGoBack ? (
          <button type="button" className="btn btn--ghost btn--lg" onClick={() => void navigate(-1)}>
            {t('notFound.back')}
          </button>
        ) : null}
      </div>
    </section>
  );
}
