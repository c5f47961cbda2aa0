import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/ui/icon.tsx';
import { useLocalizedPath } from '../../i18n/use-localized-path.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useSession } from '../../lib/session/session-context.ts';
import { HeroArt } from './hero-art.tsx';
import { JackpotStrip } from './components/jackpot-strip.tsx';
import './home.css';

/**
 * The home page: a welcoming banner and the jackpot strip. The game switcher and the notice and
 * help panels of spec section 2 come with their own issue.
 */
export function HomePage() {
  const { t } = useTranslation(['home', 'common']);
  const href = useLocalizedPath();
  const session = useSession();
  useDocumentTitle();
  const isMember = session.status === 'authenticated' && session.user;

  return (
    <div className="home">
      <section className="hero" aria-labelledby="hero-title">
        <HeroArt />
        <div className="hero__content">
          <p className="hero__eyebrow">{t('hero.eyebrow')}</p>
          <h1 className="hero__title" id="hero-title">
            {isMember ? t('hero.titleMember', { nick: session.user?.nick }) : t('hero.title')}
          </h1>
          <p className="hero__text">{t('hero.text')}</p>
          <div className="hero__actions">
            {session.status === 'loading' ? (
              <span className="hero__actions-placeholder" aria-hidden="true" />
            ) : isMember ? (
              <>
                <Link className="btn btn--primary btn--lg" to={href('deposit')}>
                  <Icon name="deposit" size={20} />
                  {t('hero.ctaDeposit')}
                </Link>
                <Link className="btn btn--secondary btn--lg" to={href('game')}>
                  <Icon name="game" size={20} />
                  {t('hero.ctaPlay')}
                </Link>
              </>
            ) : (
              <>
                <Link className="btn btn--primary btn--lg" to={href('register')}>
                  {t('hero.ctaRegister')}
                </Link>
                <Link className="btn btn--secondary btn--lg" to={href('login')}>
                  <Icon name="login" size={20} />
                  {t('common:auth.login')}
                </Link>
              </>
            )}
          </div>
        </div>
      </section>
      <JackpotStrip />
    </div>
  );
}
