import { useTranslation } from 'react-i18next';
import { parseSiteInfo, SITE_INFO_ELEMENT_ID, type TSiteInfo } from '@casino/contracts/site-info';

/**
 * The operator's details the server wrote into the page (SITE_NAME, OPERATOR_*, SUPPORT_EMAIL;
 * packages/contracts/src/site-info.ts). The development server and a page without them read as
 * nothing set. Read where used: the data block is tiny and never changes while the page lives.
 */
export function readSiteInfo(doc: Document = document): TSiteInfo {
  return parseSiteInfo(doc.getElementById(SITE_INFO_ELEMENT_ID)?.textContent);
}

/** The site's name: the operator's SITE_NAME, else the portal's own brand in the current locale. */
export function useSiteName(): string {
  const { t } = useTranslation('common');
  return readSiteInfo().siteName ?? t('brand.name');
}
