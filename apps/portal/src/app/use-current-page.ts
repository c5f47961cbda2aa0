import { useLocation } from 'react-router';
import { splitLocalePath } from '../i18n/locale-paths.ts';
import { pageOfPath, type TPageId } from '../lib/pages.ts';

/** The page id of the current URL in any locale, or null on an unknown path. */
export function useCurrentPage(): TPageId | null {
  const { pathname } = useLocation();
  return pageOfPath(splitLocalePath(pathname).path);
}
