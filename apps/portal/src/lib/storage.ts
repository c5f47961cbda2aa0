/**
 * Local storage that never throws: private browsing modes and full quotas make `localStorage`
 * throw, and losing a remembered id or a dismissed notice must never break the page.
 */
export const STORAGE_KEYS = {
  /** The member id of the last successful sign-in, to pre-fill the sign-in forms (never the password). */
  lastUserId: 'portal.lastUserId',
  /** Set once the member dismissed the cookie notice. */
  cookieNoticeDismissed: 'portal.cookieNoticeDismissed',
  /** The site popups' 'hide' and 'close' timestamps per popup id (features/popups). */
  popupMemory: 'portal.popups',
  /** The reality check last shown: the session's start and the moment (lib/protection/reality-check.ts). */
  realityCheckShown: 'portal.realityCheckShown',
  /** Set (per member, suffix) once the member skipped the deposit-limit offer of the first deposit. */
  depositLimitOfferSkipped: 'portal.depositLimitOfferSkipped.',
} as const;

/** Keys of the tab's session storage. */
export const SESSION_KEYS = {
  /** Ids of the site popups closed in this session. */
  popupsClosed: 'portal.popupsClosed',
  /** The note and help counts a health-check dialog was last shown for, per member (prefix). */
  healthDialogsShown: 'portal.healthDialogsShown.',
  /** Set by a sign-in just before the reload: the next page shows the previous sign-in once. */
  justSignedIn: 'portal.justSignedIn',
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

/** Session storage (this tab, until it closes) that never throws, like `readStorage`. */
export function readSessionStorage(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeSessionStorage(key: string, value: string): void {
  try {
    window.sessionStorage.setItem(key, value);
  } catch {
    // As with local storage: a convenience, never a reason to fail.
  }
}
