import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TBanner } from '@casino/contracts/games';
import { isOwnImage } from '../../../components/games/game-tile.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { localizePath } from '../../../i18n/locale-paths.ts';
import { useLocale } from '../../../i18n/locale-context.ts';
import { BannerImage } from './banner-image.tsx';

/**
 * Where a banner leads, as the back office accepts it (packages/contracts/src/banners.ts): a path
 * of this site, shown in the member's locale, or an https address opened in a new tab. Anything
 * else (a value from before the rule, another scheme) is no link.
 */
export function bannerTarget(
  link: string | null,
): { kind: 'page'; path: string } | { kind: 'web'; url: string } | null {
  if (!link) return null;
  if (/^\/(?![/\\])[^\s\\]*$/.test(link)) return { kind: 'page', path: link };
  if (/^https:\/\/[^\s\\/?#]+[^\s\\]*$/.test(link)) return { kind: 'web', url: link };
  return null;
}

/**
 * One banner of the home carousel: the operator's picture (resized by the server, `srcset`) in the
 * slide's reserved box, its title over it, and its link on the whole slide. The first banner's
 * picture loads at once, the others when their slide comes near.
 */
export function BannerSlide({ banner, isNear }: { banner: TBanner; isNear: boolean }) {
  const { t } = useTranslation('home');
  const locale = useLocale();
  const [hasFailed, setHasFailed] = useState(false);
  const target = bannerTarget(banner.link);
  const showImage = !hasFailed && isOwnImage(banner.imgUrl);

  const inner = (
    <>
      <div className="slide__media">
        {showImage ? (
          <BannerImage banner={banner} isNear={isNear} onError={() => setHasFailed(true)} />
        ) : (
          <span className="slide__fallback" aria-hidden="true" />
        )}
      </div>
      <div className="slide__body">
        <p className="slide__eyebrow">{t('banner.eyebrow')}</p>
        <h2 className="slide__title slide__title--banner">{banner.title}</h2>
        {target && (
          <span className="btn btn--primary btn--lg slide__cta">
            {t('banner.more')}
            <Icon name="chevronRight" size={18} />
          </span>
        )}
      </div>
    </>
  );

  let content: ReactNode = inner;
  if (target?.kind === 'page')
    content = (
      <Link className="slide__link" to={localizePath(target.path, locale)}>
        {inner}
      </Link>
    );
  else if (target?.kind === 'web')
    content = (
      <a className="slide__link" href={target.url} target="_blank" rel="noopener noreferrer">
        {inner}
        <span className="visually-hidden">{t('banner.newTab')}</span>
      </a>
    );
  return <div className="slide slide--banner">{content}</div>;
}
