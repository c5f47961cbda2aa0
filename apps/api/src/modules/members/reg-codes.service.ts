import type { Database } from '../../db/database.ts';
import type { MembersParts } from './members.types.ts';
import { createRegCodesRepository, type RegCodeAdminRow } from './reg-codes.repository.ts';

/** A registration code as operators see it and the audit log records it. */
export interface RegCodeView {
  code: string;
  domain: string;
  enabled: boolean;
  memo: string;
}

function viewOf(row: RegCodeAdminRow): RegCodeView {
  return { code: row.code, domain: row.domain, enabled: row.is_enabled, memo: row.memo };
}

/**
 * Registration codes as the back office manages them (docs/api/backoffice-settings.md), and the
 * member count of each level. Changes run in the caller's transaction, which writes the audit
 * record; registration reads the same rows (an enabled code, matched in any letter case).
 */
export function createRegCodes({ deps, repo: members }: MembersParts) {
  const repo = createRegCodesRepository(deps.db);
  return {
    async regCodes() {
      const rows = await repo.list();
      return rows.map((r) => ({ ...viewOf(r), members: r.members, regDate: r.created_at.toISOString() }));
    },

    /** `already` when a code equal in any letter case exists (members type codes in any case). */
    async createRegCode(
      input: { code: string; domain: string; memo: string; enabled: boolean; partnerId?: number | undefined },
      trx: Database,
    ): Promise<{ status: 'success'; after: RegCodeView } | { status: 'already' }> {
      if (await repo.existsAnyCase(input.code, trx)) return { status: 'already' };
      if (!(await repo.insert(input, trx))) return { status: 'already' };
      const { code, domain, memo, enabled } = input;
      return { status: 'success', after: { code, domain, memo, enabled } };
    },

    async updateRegCode(
      code: string,
      patch: { domain?: string | undefined; memo?: string | undefined; enabled?: boolean | undefined },
      trx: Database,
    ): Promise<{ status: 'success'; before: RegCodeView; after: RegCodeView } | { status: 'not_found' }> {
      const row = await repo.forUpdate(code, trx);
      if (!row) return { status: 'not_found' };
      await repo.update(
        code,
        {
          ...(patch.domain !== undefined ? { domain: patch.domain } : {}),
          ...(patch.memo !== undefined ? { memo: patch.memo } : {}),
          ...(patch.enabled !== undefined ? { is_enabled: patch.enabled } : {}),
        },
        trx,
      );
      const before = viewOf(row);
      return {
        status: 'success',
        before,
        after: {
          code,
          domain: patch.domain ?? before.domain,
          memo: patch.memo ?? before.memo,
          enabled: patch.enabled ?? before.enabled,
        },
      };
    },

    /**
     * The stored form of the enabled code a member typing `code` registers with (codes match in
     * any letter case), or undefined: what a site's registration code must be (sites-admin.service.ts).
     */
    async enabledRegCode(code: string, trx?: Database): Promise<string | undefined> {
      return (await members.findEnabledRegCode(code, trx))?.code;
    },

    /** A partner's codes (docs/api/backoffice-partners.md), oldest first, with the members registered with each. */
    async partnerCodes(partnerId: number, trx?: Database) {
      const rows = await repo.ofPartner(partnerId, trx);
      return rows.map((r) => ({ ...viewOf(r), members: r.members, regDate: r.created_at.toISOString() }));
    },

    /** How many members hold each level. */
    memberLevelCounts(): Promise<Map<number, number>> {
      return repo.levelCounts();
    },
  };
}
