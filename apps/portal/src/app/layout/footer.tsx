import { useTranslation } from 'react-i18next';
import { GuardedLink } from '../guarded-link.tsx';
import { LogoMark } from './logo.tsx';

export function Footer() {
  const { t } = useTranslation('common');
  const year = new Date().getFullYear();
  return (
    <footer className="footer">
      <div className="container footer__inner">
        <div className="footer__brand">
          <LogoMark size={28} />
          <span className="footer__name">{t('brand.name')}</span>
        </div>
        <ul className="footer__links">
          <li>
            <GuardedLink page="notice" className="footer__link">
              {t('menu.notice')}
            </GuardedLink>
          </li>
          <li>
            <GuardedLink page="help" className="footer__link">
              {t('menu.help')}
            </GuardedLink>
          </li>
        </ul>
        <p className="footer__age">
          <span className="footer__age-badge" aria-hidden="true">
            18+
          </span>
          {t('footer.responsible')}
        </p>
        <p className="footer__copy">{t('footer.copyright', { year, brand: t('brand.name') })}</p>
      </div>
    </footer>
  );
}
