import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets `<title>` to "<page> · <brand>" (the brand alone for the home page). */
export function useDocumentTitle(pageTitle?: string): void {
  const { t } = useTranslation('common');
  const brand = t('brand.name');
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} · ${brand}` : `${brand} · ${t('brand.tagline')}`;
  }, [pageTitle, brand, t]);
}
