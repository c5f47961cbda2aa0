import { normalizeHost } from '@casino/contracts/host';
import type { TSite, TSiteCreateParsed, TSitePatchParsed } from '@casino/contracts/backoffice-sites';
import { DEFAULT_SITE_NAME, type TSiteInfo, type TSiteTheme } from '@casino/contracts/site-info';
import type { TSiteLook } from '@casino/contracts/site';
import type { Database } from '../../db/database.ts';
import { keptRead } from '../../lib/kept-reads.ts';
import { createSharedCaches, type SharedCaches } from '../../lib/shared-caches.ts';
import { createSitesRepository, type SiteFields, type SiteWithDomains } from './sites.repository.ts';

/**
 * How long an instance keeps the sites it read. A change reaches every instance at once over the
 * bus (lib/shared-caches.ts); this bounds how stale one that missed the message can be.
 */
export const SITES_CACHE_MS = 5_000;

/** A site as the server serves it: what the pages of its hosts show. */
export interface ServedSite {
  id: number;
  name: string;
  regCode: string | null;
  partnerId: string | null;
  theme: TSiteTheme;
  /** What the served documents depend on (name and look): the key of the documents made for it. */
  version: string;
}

function servedOf(row: SiteWithDomains): ServedSite {
  const theme: TSiteTheme = {};
  if (row.theme_primary) theme.primary = row.theme_primary;
  if (row.logo_url) theme.logoUrl = row.logo_url;
  return {
    id: row.id,
    name: row.name,
    regCode: row.reg_code,
    partnerId: row.partner_id,
    theme,
    version: JSON.stringify([row.name, row.theme_primary, row.logo_url]),
  };
}

/** A site as the back office lists it and the audit log records it. */
export function siteViewOf(row: SiteWithDomains): TSite {
  return {
    id: row.id,
    name: row.name,
    domains: row.domains,
    partnerId: row.partner_id,
    regCode: row.reg_code,
    theme: { primary: row.theme_primary, logoUrl: row.logo_url },
    regDate: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

type TAuditView = Omit<TSite, 'regDate' | 'updatedAt'>;
const auditViewOf = ({ regDate: _r, updatedAt: _u, ...view }: TSite): TAuditView => view;

/** The columns an operator's request sets (a partial change sets only what it names). */
function fieldsOf(input: TSitePatchParsed): Partial<SiteFields> {
  const fields: Partial<SiteFields> = {};
  if (input.name !== undefined) fields.name = input.name;
  if (input.partnerId !== undefined) fields.partner_id = input.partnerId;
  if (input.regCode !== undefined) fields.reg_code = input.regCode;
  if (input.theme !== undefined) {
    // `theme: null` is the portal's own look; a part left out of a given theme is cleared too.
    fields.theme_primary = input.theme?.primary ?? null;
    fields.logo_url = input.theme?.logoUrl ?? null;
  }
  return fields;
}

/** What a site's references must be: checked by the caller (sites-admin.service.ts) before writing. */
export type SiteChange<T> = { status: 'success'; value: T } | { status: 'already' | 'not_found' };

/**
 * The sites (issue 25, docs/api/backoffice-sites.md): several domains, each showing its own name,
 * colour and logo and pre-filling its registration code. `siteOfHost` answers every page and
 * `get-site-status` from the sites this instance holds (read at most every SITES_CACHE_MS, and at
 * once after a change: the shared cache `sites`); a host no site names is the default site, the
 * operator's SITE_NAME. Changes run in the caller's transaction, which writes the audit record,
 * and the caller calls `changed()` once it committed.
 */
export function createSitesService(deps: {
  db: Database;
  now?: () => Date;
  caches?: SharedCaches;
  /** The default site: the operator's details from the environment (SITE_NAME ...). */
  defaultSite?: TSiteInfo;
}) {
  const repo = createSitesRepository(deps.db);
  const now = deps.now ?? (() => new Date());
  const caches = deps.caches ?? createSharedCaches(undefined);
  const defaultName = deps.defaultSite?.siteName ?? DEFAULT_SITE_NAME;
  const kept = keptRead(
    async () => {
      const byHost = new Map<string, ServedSite>();
      for (const row of await repo.all()) {
        const served = servedOf(row);
        for (const host of row.domains) byHost.set(host, served);
      }
      return byHost;
    },
    { maxAgeMs: SITES_CACHE_MS, now, lastOnError: true },
  );
  caches.register('sites', () => kept.forget());

  async function siteOfHost(hostSource: string | undefined): Promise<ServedSite | null> {
    const host = normalizeHost(hostSource);
    if (host === '') return null;
    const byHost = await kept.get();
    return byHost.get(host) ?? null;
  }

  return {
    siteOfHost,

    /** The name and look `get-site-status` answers for a host (the default site's for an unknown one). */
    async lookOf(hostSource: string | undefined): Promise<TSiteLook> {
      const site = await siteOfHost(hostSource);
      if (!site) return { name: defaultName, theme: { primary: null, logoUrl: null } };
      return {
        name: site.name,
        theme: { primary: site.theme.primary ?? null, logoUrl: site.theme.logoUrl ?? null },
      };
    },

    /**
     * What the pages of a host show (plugins/site-documents.ts): the site's name and look and their
     * version, or null for the default site, whose pages are prepared at start.
     */
    async pageLookOf(host: string): Promise<{ version: string; info: TSiteInfo } | null> {
      const site = await siteOfHost(host);
      if (!site) return null;
      const info: TSiteInfo = { siteName: site.name };
      if (site.theme.primary || site.theme.logoUrl) info.theme = site.theme;
      return { version: site.version, info };
    },

    /** The default site's name (SITE_NAME, else the portal's brand). */
    defaultName(): string {
      return defaultName;
    },

    async list(page: number, pageSize: number): Promise<{ list: TSite[]; maxCount: number }> {
      const { rows, total } = await repo.page(page, pageSize);
      return { list: rows.map(siteViewOf), maxCount: total };
    },

    /** Creates a site in the caller's transaction: `already` (roll back) when a domain is another site's. */
    async create(
      input: TSiteCreateParsed,
      trx: Database,
    ): Promise<SiteChange<{ id: number; after: TAuditView }>> {
      const at = now();
      const fields: SiteFields = {
        name: input.name,
        partner_id: null,
        reg_code: null,
        theme_primary: null,
        logo_url: null,
        ...fieldsOf(input),
      };
      const id = await repo.insert(fields, at, trx);
      if (!(await repo.setDomains(id, input.domains, trx))) return { status: 'already' };
      const row = await repo.forUpdate(id, trx);
      return { status: 'success', value: { id, after: auditViewOf(siteViewOf(row!)) } };
    },

    /** Changes a site in the caller's transaction: before and after for the audit log. */
    async update(
      id: number,
      patch: TSitePatchParsed,
      trx: Database,
    ): Promise<SiteChange<{ before: TAuditView; after: TAuditView }>> {
      const row = await repo.forUpdate(id, trx);
      if (!row) return { status: 'not_found' };
      await repo.update(id, fieldsOf(patch), now(), trx);
      if (patch.domains !== undefined && !(await repo.setDomains(id, patch.domains, trx)))
        return { status: 'already' };
      const after = await repo.forUpdate(id, trx);
      return {
        status: 'success',
        value: { before: auditViewOf(siteViewOf(row)), after: auditViewOf(siteViewOf(after!)) },
      };
    },

    /** Deletes a site in the caller's transaction (its hosts show the default site again). */
    async remove(id: number, trx: Database): Promise<SiteChange<{ before: TAuditView }>> {
      const row = await repo.forUpdate(id, trx);
      if (!row) return { status: 'not_found' };
      await repo.delete(id, trx);
      return { status: 'success', value: { before: auditViewOf(siteViewOf(row)) } };
    },

    /** Every instance sees a committed change at once (lib/shared-caches.ts). */
    changed(): void {
      caches.changed('sites');
    },
  };
}

export type SitesService = ReturnType<typeof createSitesService>;
