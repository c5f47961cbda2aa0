import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '../components/ui/icon.tsx';
import { useLocalizedPath } from '../i18n/use-localized-path.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import './not-found.css';

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
  // The router's own history entry index: 0 when this page was opened directly.
  const canGoBack = typeof window !== 'undefined' && (window.history.state as { idx?: number } | null)?.idx;

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
        <code className="not-found__url">{pathname}</code>
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
