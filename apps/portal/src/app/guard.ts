import { isMemberPage, type TPageId } from '../lib/pages.ts';
import type { TSessionStatus } from '../lib/session/session-state.ts';

/** Id of the login-required warning, so a burst of clicks opens it once. */
export const GUARD_DIALOG_ID = 'guard-login-required';

/**
 * Whether a member page may open: guests are blocked (msg2001); while the
 * session is still loading the page waits, and the route guard decides once it is known.
 */
export function guardDecision(page: TPageId, status: TSessionStatus): 'allow' | 'wait' | 'block' {
  if (!isMemberPage(page) || status === 'authenticated') return 'allow';
  return status === 'loading' ? 'wait' : 'block';
}
