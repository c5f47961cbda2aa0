import { readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import type { TSiteInfo } from '@casino/contracts/site-info';
import { encodeBodyAsync, type EncodedBody } from '@casino/static-files/answer';

/** A site as its pages show it (issue 25): what its documents are made of, and their key. */
export interface SiteLook {
  /** Changes whenever what the documents show does (the site's name or look). */
  version: string;
  /** The site's name and look over the operator's details. */
  info: TSiteInfo;
}

/** The site of a request's host, or null for the default site (SITE_NAME, served as at start). */
export type SiteOfHost = (host: string) => Promise<SiteLook | null>;

/** How many sites' documents an instance keeps (the least recently made go first). */
const SITES_KEPT = 64;

/** A site's document: answered at once uncompressed, then in every encoding once they are made. */
interface SiteDocument<D> {
  plain: D;
  encoded?: D;
}

/**
 * The portal's documents as each site's hosts are served them (issue 25; docs/api/backoffice-sites.md):
 * made from the built file the first time a host of the site asks for it (`html`: the site's name,
 * look and details written in) and kept by the site's version, so a changed site gets new
 * documents (and new ETags) at its next request while browsers keep revalidating the old ones by
 * their own host's URL. The first answer goes out uncompressed at once; the .br and .gz variants
 * (the highest levels, on libuv's thread pool: a few hundred milliseconds for a page) answer every
 * request after them. `prepare` makes a document's answers of its body (with its ETag). The
 * default site's documents are the ones prepared at start (plugins/static-site.ts), but for a host
 * with site popups: its documents carry them (decision 0023), and are made here too, keyed by the
 * site's version and the popups' (`L`, the look a document is made of).
 */
export function createSiteDocuments<D, L extends { version: string } = SiteLook>(
  html: (built: string, site: L) => string,
  prepare: (body: EncodedBody) => D,
  onError: (error: unknown) => void = () => {},
) {
  const builtFiles = new Map<string, string>();
  const bySite = new Map<string, Map<string, SiteDocument<D>>>();
  const builtOf = (file: string) => {
    let text = builtFiles.get(file);
    if (text === undefined) {
      text = readFileSync(file, 'utf8');
      builtFiles.set(file, text);
    }
    return text;
  };
  return {
    /** The document of the built `file` for `site`: made once per site and file, however many ask. */
    get(site: L, file: string): D {
      let documents = bySite.get(site.version);
      if (!documents) {
        documents = new Map();
        bySite.set(site.version, documents);
        if (bySite.size > SITES_KEPT) bySite.delete(bySite.keys().next().value!);
      }
      let document = documents.get(file);
      if (!document) {
        const identity = Buffer.from(html(builtOf(file), site));
        const made: SiteDocument<D> = { plain: prepare({ identity }) };
        document = made;
        documents.set(file, made);
        encodeBodyAsync(identity).then((body) => {
          made.encoded = prepare(body);
        }, onError);
      }
      return document.encoded ?? document.plain;
    },
    /** Forgets every document made (their popups changed: decision 0023); they are made again when asked. */
    forget(): void {
      bySite.clear();
    },
  };
}

/**
 * The host a page request was made for, as Fastify's `request.host` reads it: the first
 * `X-Forwarded-Host` when the server trusts its proxy (TRUST_PROXY), else `Host`.
 */
export function rawRequestHost(req: IncomingMessage, trustProxy: boolean): string {
  const forwarded = trustProxy ? req.headers['x-forwarded-host'] : undefined;
  const value = Array.isArray(forwarded) ? forwarded[0] : forwarded;
  if (value) return value.split(',')[0]!.trim();
  return req.headers.host ?? '';
}
