import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { INTL_LOCALE } from '@casino/contracts/locales';
import type { TLegalKind } from '@casino/contracts/site';
import { Icon } from '../../components/ui/icon.tsx';
import { PageShell } from '../../components/ui/page-shell.tsx';
import { SafeHtml } from '../../components/ui/safe-html.tsx';
import { useLocale } from '../../i18n/locale-context.ts';
import { useLocalizedPath } from '../../i18n/use-localized-path.ts';
import { useLegalDocument } from '../../lib/site/get-legal-document.ts';
import { LegalMeta } from './legal-meta.tsx';
import './legal.css';

/** /terms: the terms of use in force. */
export function TermsPage() {
  return <LegalPage kind="terms" />;
}

/** /privacy: the privacy policy in force. */
export function PrivacyPage() {
  return <LegalPage kind="privacy" />;
}

const OTHER: Record<TLegalKind, TLegalKind> = { terms: 'privacy', privacy: 'terms' };

/**
 * A legal document as the operator published it (`get-legal-document`): its version and date
 * above the text, the text itself (operator HTML, sanitized again here), and the other document.
 * A locale the version has no text in shows the Korean text, and says so.
 */
function LegalPage({ kind }: { kind: TLegalKind }) {
  const { t } = useTranslation(['legal', 'common']);
  const locale = useLocale();
  const href = useLocalizedPath();
  const query = useLegalDocument(kind, locale);
  const document = query.data?.status === 'success' ? query.data.document : null;

  return (
    <PageShell
      title={document?.title ?? t(`${kind}.title`)}
      lead={t(`${kind}.lead`)}
      icon={kind === 'terms' ? 'document' : 'shield'}
    >
      <div className="legal">
        {query.isPending ? (
          <div className="legal__loading" aria-busy="true" aria-label={t('loading')}>
            <div className="skeleton skeleton--line" />
            <div className="skeleton skeleton--block" />
            <div className="skeleton skeleton--block" />
          </div>
        ) : query.isError ? (
          <div className="empty-state" role="alert">
            <Icon name="error" size={28} />
            <p className="empty-state__title">{t('loadFailed')}</p>
            <button type="button" className="btn btn--secondary" onClick={() => void query.refetch()}>
              {t('retry')}
            </button>
          </div>
        ) : !document ? (
          <div className="empty-state">
            <Icon name="info" size={28} />
            <p className="empty-state__title">{t('notPublished.title')}</p>
            <p className="empty-state__text">{t('notPublished.text')}</p>
          </div>
        ) : (
          <article className="legal__document" aria-labelledby="page-title">
            <LegalMeta document={document} />
            <div lang={INTL_LOCALE[document.locale]}>
              <SafeHtml html={document.body} className="legal__body" />
            </div>
          </article>
        )}
        <nav className="legal__related" aria-label={t('related')}>
          <Link className="legal__link" to={href(OTHER[kind])}>
            <Icon name={OTHER[kind] === 'terms' ? 'document' : 'shield'} size={18} />
            {t(`${OTHER[kind]}.title`)}
            <Icon name="chevronRight" size={16} />
          </Link>
          <Link className="legal__link" to={href('home')}>
            <Icon name="home" size={18} />
            {t('common:notFound.home')}
            <Icon name="chevronRight" size={16} />
          </Link>
        </nav>
      </div>
    </PageShell>
  );
}
