import { useTranslation } from 'react-i18next';
import { parseSiteInfo, SITE_INFO_ELEMENT_ID, type TSiteInfo } from '@casino/contracts/site-info';
import { markSiteName } from '@casino/contracts/prerender';
import { useBrowserValue } from './hydration.ts';

/**
 * The operator's details the server wrote into the page (SITE_NAME, OPERATOR_*, SUPPORT_EMAIL;
 * packages/contracts/src/site-info.ts). The development server and a page without them read as
 * nothing set. Read where used: the data block is tiny and never changes while the page lives.
 */
export function readSiteInfo(doc: Document = document): TSiteInfo {
  return parseSiteInfo(doc.getElementById(SITE_INFO_ELEMENT_ID)?.textContent);
}

const NOTHING_SET: TSiteInfo = {};

/**
 * The details of the page's block, parsed once per text: the same object while it is unchanged,
 * and NOTHING_SET when it sets nothing (so a page without details renders nothing more once live).
 */
let cached: { text: string | null | undefined; info: TSiteInfo } | null = null;
export function currentSiteInfo(): TSiteInfo {
  const text = document.getElementById(SITE_INFO_ELEMENT_ID)?.textContent;
  if (cached && cached.text === text) return cached.info;
  const info = parseSiteInfo(text);
  cached = { text, info: Object.keys(info).length > 0 ? info : NOTHING_SET };
  return cached.info;
}

/**
 * The operator's details for a component: none while a prerendered document hydrates (the build
 * knew none; they show right after), the page's block from then on.
 */
export function useSiteInfo(): TSiteInfo {
  return useBrowserValue(currentSiteInfo, NOTHING_SET);
}

/**
 * The site's name: the operator's SITE_NAME, else the portal's own brand in the current locale.
 * A prerendered document carries the brand between the build's invisible marks, or the operator's
 * name the server put in their place (contracts/prerender.ts): the build renders, and hydration
 * reads, the same.
 */
export function useSiteName(): string {
  const { t } = useTranslation('common');
  const brand = t('brand.name');
  const served = typeof document === 'undefined' ? undefined : currentSiteInfo().siteName;
  return useBrowserValue(() => currentSiteInfo().siteName ?? brand, served ?? markSiteName(brand));
}
