import type {
  TMemberLevelsPatch,
  TMemberLevelView,
  TRegCodeCreateRequest,
  TRegCodePatch,
} from '@casino/contracts/backoffice-settings';
import type { TDepositAccount } from '@casino/contracts/backoffice-content';
import type { TLevelPatch } from '@casino/contracts/levels';
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
    | 'memberApprovalRequired'
    | 'setMemberApprovalRequired'
    | 'memberLevelNames'
    | 'updateMemberLevelNames'
    | 'levelSettings'
    | 'updateLevelSettings'
    | 'depositAccount'
    | 'updateDepositAccount'
  >;
}

/**
 * The back office's site settings of issue 13 (docs/api/backoffice-settings.md): registration
 * codes, member approval, member level names and the deposit account. Each change and its audit record (before and
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

    /** Every level with its name, how many members hold it and its settings (docs/api/levels.md). */
    async levels(): Promise<TMemberLevelView[]> {
      const [names, counts, settingsOf] = await Promise.all([
        settings.memberLevelNames(),
        members.memberLevelCounts(),
        settings.levelSettings(),
      ]);
      return names.map((name, i) => ({
        level: i + 1,
        name,
        members: counts.get(i + 1) ?? 0,
        ...settingsOf[i]!,
      }));
    },

    /**
     * Renames levels and/or changes levels' settings: one transaction with one audit record
     * (`settings.levels`, before and after of what changed).
     */
    async updateLevels(patch: TMemberLevelsPatch, who: AuditActor): Promise<TMemberLevelView[]> {
      const names: Record<string, string> = { ...patch.names };
      for (const [level, change] of Object.entries(patch.levels ?? {}))
        if (change.name !== undefined) names[level] = change.name;
      await db.transaction().execute(async (trx) => {
        const before: Record<string, unknown> = {};
        const after: Record<string, unknown> = {};
        if (Object.keys(names).length > 0) {
          const renamed = await settings.updateMemberLevelNames(names, trx);
          before.names = renamed.before;
          after.names = renamed.after;
        }
        if (patch.levels) {
          const changed = await settings.updateLevelSettings(patch.levels, trx);
          for (const level of Object.keys(patch.levels)) {
            const i = Number(level) - 1;
            before[`level${level}`] = changed.before[i];
            after[`level${level}`] = changed.after[i];
          }
        }
        await audit.record(who, { action: 'settings.levels', target: 'settings:levels', before, after }, trx);
      });
      return this.levels();
    },

    /** `PUT /settings/levels/:level`: one level's settings (and name). */
    updateLevel(level: number, patch: TLevelPatch, who: AuditActor): Promise<TMemberLevelView[]> {
      return this.updateLevels({ levels: { [String(level)]: patch } }, who);
    },

    /** The site's deposit account (docs/api/backoffice-content.md), null when none is set. */
    depositAccount(): Promise<TDepositAccount | null> {
      return settings.depositAccount();
    },

    /** Sets (or with null removes) the deposit account and audits it in one transaction. */
    async updateDepositAccount(
      account: TDepositAccount | null,
      who: AuditActor,
    ): Promise<TDepositAccount | null> {
      return db.transaction().execute(async (trx) => {
        const { before, after } = await settings.updateDepositAccount(account, trx);
        await audit.record(
          who,
          { action: 'settings.deposit_account', target: 'settings:deposit-account', before, after },
          trx,
        );
        return after;
      });
    },
  };
}

export type SettingsAdminService = ReturnType<typeof createSettingsAdminService>;
