import type {
  TMemberLevelsPatch,
  TMemberLevelView,
  TRegCodeCreateRequest,
  TRegCodePatch,
} from '@casino/contracts/backoffice-settings';
import type { Database } from '../../db/database.ts';
import type { AuditActor, AuditService } from '../audit/audit.service.ts';
import type { SettingsService } from './settings.service.ts';

/** A registration code as operators see it and the audit log records it (the members module's). */
export interface SettingsRegCodeView {
  code: string;
  domain: string;
  enabled: boolean;
  memo: string;
}

/**
 * What the settings screen asks of the members module, which owns `reg_codes` and `members` and
 * comes later in the module order: `createServices` passes the members service in.
 */
export interface SettingsMembers {
  regCodes(): Promise<(SettingsRegCodeView & { members: number; regDate: string })[]>;
  createRegCode(
    input: { code: string; domain: string; memo: string; enabled: boolean },
    trx: Database,
  ): Promise<{ status: 'success'; after: SettingsRegCodeView } | { status: 'already' }>;
  updateRegCode(
    code: string,
    patch: { domain?: string | undefined; memo?: string | undefined; enabled?: boolean | undefined },
    trx: Database,
  ): Promise<
    { status: 'success'; before: SettingsRegCodeView; after: SettingsRegCodeView } | { status: 'not_found' }
  >;
  memberLevelCounts(): Promise<Map<number, number>>;
}

export interface SettingsAdminDeps {
  db: Database;
  audit: AuditService;
  /** The members module owns `reg_codes` and `members`. */
  members: SettingsMembers;
  /** The settings module owns the `settings` rows (member approval, level names). */
  settings: Pick<
    SettingsService,
    'memberApprovalRequired' | 'setMemberApprovalRequired' | 'memberLevelNames' | 'updateMemberLevelNames'
  >;
}

/**
 * The back office's site settings of issue 13 (docs/api/backoffice-settings.md): registration
 * codes, member approval and member level names. Each change and its audit record (before and
 * after) commit in one transaction.
 */
export function createSettingsAdminService(deps: SettingsAdminDeps) {
  const { db, audit, members, settings } = deps;

  return {
    regCodes() {
      return members.regCodes();
    },

    async createRegCode(input: TRegCodeCreateRequest, who: AuditActor): Promise<'success' | 'already'> {
      return db.transaction().execute(async (trx) => {
        const result = await members.createRegCode(
          { code: input.code, domain: input.domain, memo: input.memo ?? '', enabled: input.enabled ?? true },
          trx,
        );
        if (result.status !== 'success') return result.status;
        await audit.record(
          who,
          { action: 'regcode.create', target: `regcode:${input.code}`, after: result.after },
          trx,
        );
        return 'success';
      });
    },

    async updateRegCode(
      code: string,
      patch: TRegCodePatch,
      who: AuditActor,
    ): Promise<'success' | 'not_found'> {
      return db.transaction().execute(async (trx) => {
        const result = await members.updateRegCode(code, patch, trx);
        if (result.status !== 'success') return result.status;
        await audit.record(
          who,
          { action: 'regcode.update', target: `regcode:${code}`, before: result.before, after: result.after },
          trx,
        );
        return 'success';
      });
    },

    async registration(): Promise<{ requireApproval: boolean }> {
      return { requireApproval: await settings.memberApprovalRequired() };
    },

    /** Member approval on or off: registrations from the next one on start `pending` or `active`. */
    async setRegistration(requireApproval: boolean, who: AuditActor): Promise<{ requireApproval: boolean }> {
      return db.transaction().execute(async (trx) => {
        const { before, after } = await settings.setMemberApprovalRequired(requireApproval, trx);
        await audit.record(
          who,
          { action: 'settings.registration', target: 'settings:registration', before, after },
          trx,
        );
        return after;
      });
    },

    /** Every level with its name and how many members hold it. */
    async levels(): Promise<TMemberLevelView[]> {
      const [names, counts] = await Promise.all([settings.memberLevelNames(), members.memberLevelCounts()]);
      return names.map((name, i) => ({ level: i + 1, name, members: counts.get(i + 1) ?? 0 }));
    },

    async updateLevels(patch: TMemberLevelsPatch, who: AuditActor): Promise<TMemberLevelView[]> {
      await db.transaction().execute(async (trx) => {
        const { before, after } = await settings.updateMemberLevelNames(patch.names, trx);
        await audit.record(
          who,
          {
            action: 'settings.levels',
            target: 'settings:levels',
            before: { names: before },
            after: { names: after },
          },
          trx,
        );
      });
      return this.levels();
    },
  };
}

export type SettingsAdminService = ReturnType<typeof createSettingsAdminService>;
