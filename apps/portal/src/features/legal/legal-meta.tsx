import { useTranslation } from 'react-i18next';
import { formatDate } from '@casino/web-kit/format';
import type { TLegalDocument } from '@casino/contracts/site';
import { Icon } from '../../components/ui/icon.tsx';
import { useLocale } from '../../i18n/locale-context.ts';

/**
 * A legal document's version and publication date, and a notice when it is shown in Korean for want
 * of the member's language: the same lines on /terms, /privacy and over the page asking to accept them.
 */
export function LegalMeta({ document }: { document: TLegalDocument }) {
  const { t } = useTranslation('legal');
  const locale = useLocale();
  return (
    <>
      <p className="legal__meta">
        <span className="legal__badge">{t('version', { version: document.version })}</span>
        <span>
          {t('published')} <time dateTime={document.publishedAt}>{formatDate(document.publishedAt)}</time>
        </span>
      </p>
      {document.locale !== locale && (
        <p className="legal__notice">
          <Icon name="info" size={18} />
          <span>{t('inKorean')}</span>
        </p>
      )}
    </>
  );
}
