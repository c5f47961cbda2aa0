import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/icon.tsx';
import { useLocalizedPath } from '../../../i18n/use-localized-path.ts';
import { useSession } from '../../../lib/session/session-context.ts';
import { HeroArt } from '../hero-art.tsx';

/**
 * The first slide of the home carousel, always there (also before any banner is known and in the
 * prerendered page): the brand's own art, the welcome and the calls to action. Its title is the
 * page's largest text, painted from the prerendered HTML (the LCP element, decision 0013).
 */
export function HeroSlide() {
  const { t } = useTranslation(['home', 'common']);
  const href = useLocalizedPath();
  const session = useSession();
  const member = session.status === 'authenticated' ? session.user : null;

  return (
    <div className="slide slide--hero">
      <div className="slide__media">
        <HeroArt />
      </div>
      <div className="slide__body">
        <p className="slide__eyebrow">{t('hero.eyebrow')}</p>
        <h1 className="slide__title hero__title" id="hero-title">
          {member ? t('hero.titleMember', { nick: member.nick }) : t('hero.title')}
        </h1>
        <p className="slide__text">{t('hero.text')}</p>
        <div className="slide__actions">
          {session.status === 'loading' ? (
            <span className="slide__actions-placeholder" aria-hidden="true" />
          ) : member ? (
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
    </div>
  );
}
