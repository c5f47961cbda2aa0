import type { TSiteCreateParsed, TSitePatchParsed } from '@casino/contracts/backoffice-sites';
import type { Database } from '../../db/database.ts';
import type { AuditActor, AuditService } from '../audit/audit.service.ts';
import type { SitesService } from './sites.service.ts';

/**
 * What a site's references are checked against, in the write's transaction: the members module
 * owns the registration codes and the partners' module the partners, both later in the module
 * order, so `createServices` passes them in.
 */
export interface SiteReferences {
  /** The stored form of an enabled registration code a member may type as `code`, or undefined. */
  enabledRegCode(code: string, trx: Database): Promise<string | undefined>;
  /** Whether `partnerId` names a partner. */
  partnerExists(partnerId: string, trx: Database): Promise<boolean>;
}

type Outcome = 'success' | 'already' | 'not_found' | 'cant_find_code';

/** Thrown inside a transaction to roll it back with a business answer. */
class Refused extends Error {
  readonly status: Exclude<Outcome, 'success'>;
  constructor(status: Exclude<Outcome, 'success'>) {
    super(status);
    this.status = status;
  }
}

/**
 * The back office's sites (owner; docs/api/backoffice-sites.md): each change and its audit record
 * (before and after) commit in one transaction, then every instance forgets its sites at once.
 */
export function createSitesAdminService(deps: {
  db: Database;
  audit: AuditService;
  sites: SitesService;
  refs: SiteReferences;
}) {
  const { db, audit, sites, refs } = deps;

  /** The input with its code in stored form; refuses an unknown partner or code. */
  async function checked<T extends TSitePatchParsed>(input: T, trx: Database): Promise<T> {
    if (input.partnerId != null && !(await refs.partnerExists(input.partnerId, trx)))
      throw new Refused('not_found');
    if (input.regCode != null) {
      const code = await refs.enabledRegCode(input.regCode, trx);
      if (code === undefined) throw new Refused('cant_find_code');
      return { ...input, regCode: code };
    }
    return input;
  }

  async function run<T>(work: (trx: Database) => Promise<T>): Promise<T | Exclude<Outcome, 'success'>> {
    try {
      const result = await db.transaction().execute(work);
      sites.changed();
      return result;
    } catch (error) {
      if (error instanceof Refused) return error.status;
      throw error;
    }
  }

  return {
    list: (page: number, pageSize: number) => sites.list(page, pageSize),
    defaultName: () => sites.defaultName(),

    async create(
      input: TSiteCreateParsed,
      who: AuditActor,
    ): Promise<{ status: 'success'; id: number } | { status: Exclude<Outcome, 'success'> }> {
      const result = await run(async (trx) => {
        const change = await sites.create(await checked(input, trx), trx);
        if (change.status !== 'success') throw new Refused(change.status);
        const { id, after } = change.value;
        await audit.record(who, { action: 'site.create', target: `site:${id}`, after }, trx);
        return id;
      });
      return typeof result === 'number' ? { status: 'success', id: result } : { status: result };
    },

    async update(id: number, patch: TSitePatchParsed, who: AuditActor): Promise<Outcome> {
      return run(async (trx) => {
        const change = await sites.update(id, await checked(patch, trx), trx);
        if (change.status !== 'success') throw new Refused(change.status);
        const { before, after } = change.value;
        await audit.record(who, { action: 'site.update', target: `site:${id}`, before, after }, trx);
        return 'success' as const;
      });
    },

    async remove(id: number, who: AuditActor): Promise<'success' | 'not_found'> {
      const result = await run(async (trx) => {
        const change = await sites.remove(id, trx);
        if (change.status !== 'success') throw new Refused('not_found');
        await audit.record(
          who,
          { action: 'site.delete', target: `site:${id}`, before: change.value.before },
          trx,
        );
        return 'success' as const;
      });
      return result === 'success' ? 'success' : 'not_found';
    },
  };
}

export type SitesAdminService = ReturnType<typeof createSitesAdminService>;
