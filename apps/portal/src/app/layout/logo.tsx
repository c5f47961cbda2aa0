import { useId } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLocalizedPath } from '../../i18n/use-localized-path.ts';
import { useSiteInfo, useSiteName } from '../../lib/site-info.ts';

/**
 * The brand's own emblem: a crown over a spade, drawn in SVG, in gold, or in the colour of the
 * site of the page's host (the `--logo-light`, `--gold` and `--logo-dark` tokens the server sets
 * for a site with a colour; docs/api/backoffice-sites.md).
 */
export function LogoMark({ size = 36 }: { size?: number }) {
  const id = useId();
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={`${id}-gold`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" style={{ stopColor: 'var(--logo-light, #ffe9a8)' }} />
          <stop offset="0.55" style={{ stopColor: 'var(--gold, #f2c14e)' }} />
          <stop offset="1" style={{ stopColor: 'var(--logo-dark, #b8801f)' }} />
        </linearGradient>
      </defs>
      <rect
        x="1.5"
        y="1.5"
        width="45"
        height="45"
        rx="12"
        fill="#171b26"
        stroke={`url(#${id}-gold)`}
        strokeWidth="2"
      />
      <path d="M10 20l6.5 5 7.5-11 7.5 11 6.5-5-3 13H13z" fill={`url(#${id}-gold)`} />
      <circle cx="10" cy="18.5" r="2.2" style={{ fill: 'var(--logo-light, #ffe9a8)' }} />
      <circle cx="24" cy="12" r="2.4" style={{ fill: 'var(--logo-light, #ffe9a8)' }} />
      <circle cx="38" cy="18.5" r="2.2" style={{ fill: 'var(--logo-light, #ffe9a8)' }} />
      <rect x="13" y="35" width="22" height="3.6" rx="1.8" fill={`url(#${id}-gold)`} />
    </svg>
  );
}

/**
 * Logo and the site's name (the site of the page's host, else the operator's SITE_NAME, else the
 * brand), linking to the home page. A site with a logo of its own shows it instead of the emblem
 * (right after hydration: the build knew no site).
 */
export function Logo({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('common');
  const href = useLocalizedPath();
  const siteName = useSiteName();
  const logoUrl = useSiteInfo().theme?.logoUrl;
  const size = compact ? 32 : 40;
  return (
    <Link to={href('home')} className="logo" aria-label={t('brand.home', { brand: siteName })}>
      {logoUrl ? (
        <img className="logo__image" src={logoUrl} alt="" width={size} height={size} decoding="async" />
      ) : (
        <LogoMark size={size} />
      )}
      <span className="logo__text" aria-hidden="true">
        <span className="logo__name">{siteName}</span>
        {!compact && <span className="logo__tag">{t('brand.tagline')}</span>}
      </span>
    </Link>
  );
}
