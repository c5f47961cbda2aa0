import { formatDateTimeSeconds } from '@casino/web-kit/format';

/** Integer won as operators read it (`12,000원`, `₩12,000`, `-₩5,000`): the web kit's one formatter. */
export { formatWon } from '@casino/web-kit/format';

/**
 * A date and time to the second, `2026-11-24 23:13:40` in every language, on the site's clock
 * (the web kit's site time zone, the server's SITE_TIME_ZONE), never the browser's: an operator abroad reads the times the
 * members and the reports read, as the portal shows them.
 */
export function formatDateTime(iso: string): string {
  return formatDateTimeSeconds(iso);
}
