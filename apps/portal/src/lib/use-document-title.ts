import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { currentSiteInfo } from './site-info.ts';

/**
 * Sets `<title>` to "<page> · <brand>" (the brand and its tagline for the home page); the brand is
 * the operator's SITE_NAME when set. Read when the title is set, not rendered: a page that sets its
 * title has nothing to render again once a prerendered document is hydrated (lib/site-info.ts).
 */
export function useDocumentTitle(pageTitle?: string): void {
  const { t } = useTranslation('common');
  useEffect(() => {
    const brand = currentSiteInfo().siteName ?? t('brand.name');
    document.title = pageTitle ? `${pageTitle} · ${brand}` : `${brand} · ${t('brand.tagline')}`;
  }, [pageTitle, t]);
}
