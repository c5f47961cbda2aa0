import { useCallback } from 'react';
import { PAGE_PATHS, type TPageId } from '../lib/pages.ts';
import { localizePath } from './locale-paths.ts';
import { useLocale } from './locale-context.ts';

/** `href(page)` gives a page's URL in the current locale (`deposit` -> `/en/deposit` on /en). */
export function useLocalizedPath(): (page: TPageId) => string {
  const locale = useLocale();
  return useCallback((page: TPageId) => localizePath(PAGE_PATHS[page], locale), [locale]);
}
