import { existsSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_LOCALE, isLocale, LOCALES, type TLocale } from '@casino/contracts/locales';
import type { TPageMatch } from '@casino/contracts/pages';
import {
  PRERENDER_KINDS,
  prerenderedFile,
  prerenderKindOf,
  type TPrerenderKind,
} from '@casino/contracts/prerender';

/**
 * The portal's prerendered documents (decisions 0013, 0016), which the build writes beside
 * index.html for each locale: every public page's own (the home page, /login, /register, ...), the
 * not-found page's, and the page frame. `pick` tells which one a document request answers with:
 * a prerendered page its own document, any other page (a member page, a page made of its query)
 * the frame, an unknown path the not-found page, so no route ever paints another's content. A
 * document the build did not write (an older build) falls back to the frame; undefined when there
 * is no frame either: the caller serves index.html.
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
  const get = (kind: TPrerenderKind, locale: TLocale) =>
    pages.get(`${kind}.${locale}`) ?? pages.get(`shell.${locale}`);
  return (match, urlPath) => {
    if (match?.kind === 'page') return get(prerenderKindOf(match), match.locale);
    const first = /^\/([^/]+)/.exec(urlPath.toLowerCase())?.[1];
    return get(prerenderKindOf(null), isLocale(first) ? first : DEFAULT_LOCALE);
  };
}
