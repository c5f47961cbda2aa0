/**
 * How a served document names the site's time zone (the server's SITE_TIME_ZONE; decision 0020):
 * `<meta name="site-time-zone" content="America/New_York">` in its head. The platform writes it
 * into the portal's and the back office's documents, the house studio into its game client's; each
 * app reads it at start and hands it to the formatters (`setSiteTimeZone` of format.ts).
 */
const SITE_TIME_ZONE_META = 'site-time-zone';

/** The element that names the site's time zone in a document's head. */
export function siteTimeZoneMeta(zone: string): string {
  // A zone name is letters, digits, `_`, `+`, `-` and `/` (the server checks it): nothing to escape.
  return `<meta name="${SITE_TIME_ZONE_META}" content="${zone}">`;
}

/** The site's time zone a document names (`siteTimeZoneMeta`), or null when it names none. */
export function documentSiteTimeZone(doc: {
  querySelector(selector: string): { getAttribute(name: string): string | null } | null;
}): string | null {
  return doc.querySelector(`meta[name="${SITE_TIME_ZONE_META}"]`)?.getAttribute('content') ?? null;
}
