import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { useLocale } from '../../../i18n/locale-context.ts';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';
import { useLegalDocument } from '../../../lib/site/get-legal-document.ts';
import './legal-consent.css';

/**
 * The text of the register form's consent checkbox: the member confirms being 18 or older and
 * accepts the terms and the privacy policy in force, named by version, each a link that opens in a
 * new tab (the form keeps what was typed). The server records the versions in force when the
 * registration arrives. Until both versions are known (or when none is published) it is the plain
 * 18+ sentence.
 */
export function LegalConsent() {
  const { t } = useTranslation('auth');
  const locale = useLocale();
  const href = useLocalizedPath();
  const terms = useLegalDocument('terms', locale);
  const privacy = useLegalDocument('privacy', locale);
  const termsVersion = terms.data?.status === 'success' ? terms.data.document.version : null;
  const privacyVersion = privacy.data?.status === 'success' ? privacy.data.document.version : null;
  if (termsVersion === null || privacyVersion === null) return <>{t('register.agree18')}</>;
  return (
    <Trans
      t={t}
      i18nKey="register.agreeLegal"
      values={{ terms: termsVersion, privacy: privacyVersion }}
      components={{
        terms: (
          <Link className="register-form__legal-link" to={href('terms')} target="_blank" rel="noopener" />
        ),
        privacy: (
          <Link className="register-form__legal-link" to={href('privacy')} target="_blank" rel="noopener" />
        ),
      }}
    />
  );
}
