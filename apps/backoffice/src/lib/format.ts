import { formatDateTimeSeconds } from '@casino/web-kit/format';

/** Integer won as operators read it (`12,000원`, `₩12,000`, `-₩5,000`): the web kit's one formatter. */
export { formatWon } from '@casino/web-kit/format';

/**
 * A date and time to the second, `2026-11-24 23:13:40` in every language, by the web kit's
 * formatter. The console still reads it on the browser's clock (its tests pin that); moving it to
 * the site's zone is the kit's default, `formatDateTimeSeconds(iso)`, once the console knows the
 * site's zone setting.
 */
export function formatDateTime(iso: string): string {
  return formatDateTimeSeconds(iso, Intl.DateTimeFormat().resolvedOptions().timeZone);
}
