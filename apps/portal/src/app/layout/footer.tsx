import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/ui/icon.tsx';
import { useLocalizedPath } from '../../i18n/use-localized-path.ts';
import { useSession } from '../../lib/session/session-context.ts';
import { useBrowserValue } from '../../lib/hydration.ts';
import { useSiteInfo, useSiteName } from '../../lib/site-info.ts';
import { CookieNotice } from './cookie-notice.tsx';
import { LogoMark } from './logo.tsx';

const currentYear = () => new Date().getFullYear();
/** The year the build rendered the prerendered documents in (vite.config.ts; this year under Vitest). */
const BUILD_YEAR = typeof __BUILD_YEAR__ === 'number' ? __BUILD_YEAR__ : currentYear();

/**
 * The footer of every page: the site's name, the links every visitor may follow (notices, support,
 * terms, privacy), the 18+ and responsible-gaming notice, the operator's details from the server's
 * configuration (SITE_NAME, OPERATOR_*, SUPPORT_EMAIL: lib/site-info.ts), the cookie notice (the
 * footer always carries it) and the copyright line.
 *
 * Nothing in it waits for a call: its height is known on the first paint, and the page above it
 * is at least a screen high (global.css `.main`), so it never jumps into view as a page loads.
 */
export function Footer() {
  const { t } = useTranslation('common');
  const href = useLocalizedPath();
  const { status } = useSession();
  const site = useSiteInfo();
  const siteName = useSiteName();
  const year = useBrowserValue(currentYear, BUILD_YEAR);
  const hasOperator = Boolean(
    site.operatorName || site.operatorAddress || site.operatorLicense || site.supportEmail,
  );
  // Support is for members; a guest is sent to sign in (where a guest can also ask a question).
  const supportPage = status === 'unauthenticated' ? 'login' : 'help';

  return (
    <footer className="footer">
      <div className="container footer__inner">
        <div className="footer__top">
          <div className="footer__brand">
            <LogoMark size={28} />
            <span className="footer__name">{siteName}</span>
          </div>
          <nav aria-label={t('footer.linksLabel')}>
            <ul className="footer__links">
              <li>
                <Link to={href('notice')} className="footer__link">
                  {t('menu.notice')}
                </Link>
              </li>
              <li>
                <Link to={href(supportPage)} className="footer__link">
                  {t('menu.help')}
                </Link>
              </li>
              <li>
                <Link to={href('terms')} className="footer__link">
                  {t('footer.terms')}
                </Link>
              </li>
              <li>
                <Link to={href('privacy')} className="footer__link footer__link--strong">
                  {t('footer.privacy')}
                </Link>
              </li>
            </ul>
          </nav>
        </div>
        <section className="footer__notice" aria-labelledby="footer-responsible">
          <span className="footer__badge footer__badge--age" aria-hidden="true">
            18+
          </span>
          <div>
            <h2 className="footer__heading" id="footer-responsible">
              {t('footer.responsibleTitle')}
            </h2>
            <p>{t('footer.responsible')}</p>
          </div>
        </section>
        <section className="footer__notice" aria-labelledby="footer-cookies">
          <span className="footer__badge footer__badge--cookie" aria-hidden="true">
            <Icon name="cookie" size={18} />
          </span>
          <div>
            <h2 className="footer__heading" id="footer-cookies">
              {t('cookie.label')}
            </h2>
            <p>{t('cookie.text')}</p>
          </div>
        </section>
        {hasOperator && (
          <address className="footer__operator" aria-label={t('footer.operatorLabel')}>
            {site.operatorName && <span>{t('footer.operatedBy', { name: site.operatorName })}</span>}
            {site.operatorAddress && <span>{site.operatorAddress}</span>}
            {site.operatorLicense && <span>{site.operatorLicense}</span>}
            {site.supportEmail && (
              <span>
                {t('footer.support')}{' '}
                <a className="footer__mail" href={`mailto:${site.supportEmail}`}>
                  {site.supportEmail}
                </a>
              </span>
            )}
          </address>
        )}
        <p className="footer__copy">{t('footer.copyright', { year, brand: siteName })}</p>
      </div>
      <CookieNotice />
    </footer>
  );
}
