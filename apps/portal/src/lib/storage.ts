/**
 * Local storage that never throws: private browsing modes and full quotas make `localStorage`
 * throw, and losing a remembered id or a dismissed notice must never break the page.
 */
export const STORAGE_KEYS = {
  /** The member id of the last successful sign-in, to pre-fill the sign-in forms (never the password). */
  lastUserId: 'portal.lastUserId',
  /** Set once the member dismissed the cookie notice. */
  cookieNoticeDismissed: 'portal.cookieNoticeDismissed',
} as const;

export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage is a convenience here; the page works without it.
  }
}
