import { existsSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_LOCALE, isLocale, LOCALES, type TLocale } from '@casino/contracts/locales';
import type { TPageMatch } from '@casino/contracts/pages';
import { PRERENDER_KINDS, prerenderedFile, type TPrerenderKind } from '@casino/contracts/prerender';

/**
 * The portal's prerendered documents (decision 0013): each locale's home page and each locale's
 * page frame, which the build writes beside index.html. `pick` tells which one a document request
 * answers with: a home URL its locale's home page, any other page (and an unknown path, which
 * the portal shows as not found) its locale's frame, so no route ever paints another's content.
 * Undefined when the build has none (an older build): the caller serves index.html.
 */
export function loadPrerenderedPages<P>(
  root: string,
  load: (file: string) => P,
): (match: TPageMatch | null, urlPath: string) => P | undefined {
  const pages = new Map<string, P>();
  for (const kind of PRERENDER_KINDS)
    for (const locale of LOCALES) {
      const file = path.join(root, prerenderedFile(kind, locale));
      if (existsSync(file)) pages.set(`${kind}.${locale}`, load(file));
    }
  const get = (kind: TPrerenderKind, locale: TLocale) => pages.get(`${kind}.${locale}`);
  return (match, urlPath) => {
    if (match?.kind === 'page') return get(match.page === 'home' ? 'home' : 'shell', match.locale);
    const first = /^\/([^/]+)/.exec(urlPath.toLowerCase())?.[1];
    return get('shell', isLocale(first) ? first : DEFAULT_LOCALE);
  };
}
