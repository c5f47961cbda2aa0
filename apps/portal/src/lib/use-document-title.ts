import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSiteName } from './site-info.ts';

/**
 * Sets `<title>` to "<page> · <brand>" (the brand and its tagline for the home page); the brand is
 * the operator's SITE_NAME when set.
 */
export function useDocumentTitle(pageTitle?: string): void {
  const { t } = useTranslation('common');
  const brand = useSiteName();
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} · ${brand}` : `${brand} · ${t('brand.tagline')}`;
  }, [pageTitle, brand, t]);
}
