import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/database.ts';
import type { OperatorRole } from '../../db/schema.ts';
import { ipAllowedBy, parseCidr } from '@casino/contracts/backoffice-operators';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import type { AuditActor, AuditService } from '../audit/audit.service.ts';
import type { SessionService } from '../auth/session.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import { createOperatorsRepository, type OperatorSecurityRow } from './operators.repository.ts';
import { generateTotpSecret, verifyTotp } from './totp.ts';
import { isSealedTotpSecret, openTotpSecret } from './totp-at-rest.ts';

/** The issuer authenticator apps show beside the operator id. */
export const TOTP_ISSUER = 'casino-backoffice';

/** The `otpauth://` URI an authenticator app scans (Key Uri Format: issuer, SHA1, 6 digits, 30 s). */
export function otpauthUrl(operatorId: string, secret: string): string {
  const label = encodeURIComponent(`${TOTP_ISSUER}:${operatorId}`);
  return `otpauth://totp/${label}?secret=${secret}&issuer=${TOTP_ISSUER}&algorithm=SHA1&digits=6&period=30`;
}

/** A password made by the server for an operator (shown once; the operator changes it at first sign-in). */
export function generateOperatorPassword(): string {
  return randomBytes(12).toString('base64url');
}

/** Who acts: the signed-in operator (its row id and id) with its address. */
export interface OperatorActor {
  id: number;
  operatorId: string;
  sessionId: number;
  ip: string | null;
}

function actor(who: OperatorActor): AuditActor {
  return { operatorId: who.id, actor: who.operatorId, ip: who.ip };
}

type ChangeStatus = 'success' | 'not_found' | 'already' | 'self' | 'last_owner';

export interface OperatorsDeps {
  db: Database;
  audit: AuditService;
  settings: Pick<SettingsService, 'backofficeIpAllowlist' | 'updateBackofficeIpAllowlist'>;
  sessions: Pick<SessionService, 'revokeAllFor' | 'listLive'>;
  /** Seals the TOTP secrets at rest (totp-at-rest.ts): every write seals, every read opens. */
  secrets: SecretBox;
  now: () => Date;
  /**
   * The partners' switch (modules/partners): deactivating or reactivating an operator of role
   * `partner` here disables or enables the partner too, in the same transaction, after the account
   * row is locked (the one lock order: `operators` rows, then `partners` rows; docs/api/backoffice-partners.md).
   */
  partnerSwitch?:
    ((id: number, enabled: boolean, who: AuditActor, trx: Database) => Promise<void>) | undefined;
}

/**
 * Operator accounts (docs/api/backoffice-operators.md): the operator's own account (TOTP enrolment
 * and removal, password change) and the owners' management of operators (create, role,
 * deactivate, password and TOTP resets) with the guards that keep an active owner, and the
 * back office's IP allow-list. Every change writes its audit record in its own transaction;
 * passwords and secrets never reach the audit log.
 */
export function createOperatorsService(deps: OperatorsDeps) {
  const { db, audit, settings, sessions, secrets, now } = deps;
  const repo = createOperatorsRepository(db);

  /**
   * Runs an owner's change of another operator: locks the active owners (so that two owners
   * changing each other take turns) and the target, refuses a change of oneself (`self`) and
   * hands the rest to `change` with the number of active owners.
   */
  async function onOther<T extends { status: ChangeStatus }>(
    operatorId: string,
    who: OperatorActor,
    change: (
      target: OperatorSecurityRow,
      activeOwners: number[],
      trx: Database,
    ) => Promise<T | { status: ChangeStatus }>,
  ): Promise<T | { status: ChangeStatus }> {
    return db.transaction().execute(async (trx) => {
      const activeOwners = await repo.lockActiveOwners(trx);
      const target = await repo.lockByOperatorId(operatorId.toLowerCase(), trx);
      if (!target) return { status: 'not_found' as const };
      if (target.id === who.id) return { status: 'self' as const };
      return change(target, activeOwners, trx);
    });
  }

  /** Whether a change taking `target` out of the active owners would leave none. */
  function wouldLeaveNoOwner(target: OperatorSecurityRow, activeOwners: number[]): boolean {
    return activeOwners.includes(target.id) && activeOwners.length <= 1;
  }

  return {
    /** Whether owners must have TOTP: an active owner (other than `exceptId`) has it on. */
    ownerTotpRequired(exceptId: number | null = null, trx?: Database): Promise<boolean> {
      return repo.activeOwnerWithTotp(exceptId, trx);
    },

    /** The operator's own account. */
    async account(id: number) {
      const row = await repo.byId(id);
      if (!row) return null;
      return {
        operatorId: row.operator_id,
        role: row.role,
        hasTotp: row.totp_secret !== null,
        totpPending: row.totp_pending_secret !== null,
        ownerTotpRequired: await repo.activeOwnerWithTotp(null),
        mustChangePassword: row.must_change_password,
        lastLoginDate: row.last_login_at ? row.last_login_at.toISOString() : null,
      };
    },

    /** Starts (or restarts) TOTP enrolment: a new secret that works only once confirmed with a code. */
    async startTotp(who: OperatorActor) {
      const secret = generateTotpSecret();
      return db.transaction().execute(async (trx) => {
        const row = await repo.lockById(who.id, trx);
        if (!row) return { status: 'not_found' as const };
        if (row.totp_secret) return { status: 'already' as const };
        await repo.update(row.id, { totp_pending_secret: secrets.seal(secret) }, trx);
        await audit.record(
          actor(who),
          {
            action: 'operator.totp_start',
            target: `operator:${row.operator_id}`,
            after: { totpPending: true },
          },
          trx,
        );
        return { status: 'success' as const, secret, otpauthUrl: otpauthUrl(row.operator_id, secret) };
      });
    },

    /**
     * Confirms the enrolment with a current code: the pending secret becomes the operator's TOTP
     * secret, and the code's time step counts as used (a sign-in needs a later code).
     */
    async confirmTotp(who: OperatorActor, code: string) {
      return db.transaction().execute(async (trx) => {
        const row = await repo.lockById(who.id, trx);
        if (!row) return { status: 'not_found' as const };
        if (row.totp_secret) return { status: 'already' as const };
        // A pending secret that cannot be opened (another SECRETS_KEY) is no enrolment: start again.
        const pending = row.totp_pending_secret ? openTotpSecret(secrets, row.totp_pending_secret) : null;
        if (!pending) return { status: 'not_found' as const };
        const step = verifyTotp(pending.secret, code, now().getTime());
        if (step === null) return { status: 'fail' as const };
        await repo.update(
          row.id,
          { totp_secret: secrets.seal(pending.secret), totp_pending_secret: null, totp_last_step: step },
          trx,
        );
        await audit.record(
          actor(who),
          {
            action: 'operator.totp_enable',
            target: `operator:${row.operator_id}`,
            before: { hasTotp: false },
            after: { hasTotp: true },
          },
          trx,
        );
        return { status: 'success' as const };
      });
    },

    /**
     * Turns the operator's own TOTP off with its password and a current code. An owner may not
     * while another active owner has TOTP (owners must have it then: the next sign-in would fail).
     */
    async disableTotp(who: OperatorActor, input: { password: string; code: string }) {
      const row = await repo.byId(who.id);
      if (!row) return { status: 'not_found' as const };
      const passwordOk = await verifyPassword(row.password_hash, input.password);
      if (!row.totp_secret) return { status: passwordOk ? ('not_found' as const) : ('fail' as const) };
      // A secret that cannot be opened (another SECRETS_KEY) fails closed: an owner resets it.
      const current = passwordOk ? openTotpSecret(secrets, row.totp_secret) : null;
      const step = current ? verifyTotp(current.secret, input.code, now().getTime()) : null;
      if (step === null) return { status: 'fail' as const };
      if (row.role === 'owner' && (await repo.activeOwnerWithTotp(row.id)))
        return { status: 'owner_totp_required' as const };
      if (!(await repo.acceptTotpStep(row.id, step))) return { status: 'fail' as const };
      return db.transaction().execute(async (trx) => {
        await repo.update(
          row.id,
          { totp_secret: null, totp_pending_secret: null, totp_last_step: null },
          trx,
        );
        await audit.record(
          actor(who),
          {
            action: 'operator.totp_disable',
            target: `operator:${row.operator_id}`,
            before: { hasTotp: true },
            after: { hasTotp: false },
          },
          trx,
        );
        return { status: 'success' as const };
      });
    },

    /**
     * Changes the operator's own password (argon2id): the current one is required, the other
     * sessions end, and a forced change is done.
     */
    async changePassword(who: OperatorActor, input: { currentPassword: string; newPassword: string }) {
      const row = await repo.byId(who.id);
      if (!row || !(await verifyPassword(row.password_hash, input.currentPassword)))
        return { status: 'fail' as const };
      if (input.newPassword === input.currentPassword) return { status: 'same' as const };
      const passwordHash = await hashPassword(input.newPassword);
      return db.transaction().execute(async (trx) => {
        await repo.update(row.id, { password_hash: passwordHash, must_change_password: false }, trx);
        const revoked = await sessions.revokeAllFor(
          'operator',
          row.id,
          { exceptSessionId: who.sessionId },
          trx,
        );
        await audit.record(
          actor(who),
          {
            action: 'operator.password_change',
            target: `operator:${row.operator_id}`,
            before: { mustChangePassword: row.must_change_password },
            after: { mustChangePassword: false, sessionsEnded: revoked },
          },
          trx,
        );
        return { status: 'success' as const, revoked };
      });
    },

    /**
     * A partner's operator account (docs/api/backoffice-partners.md; the partners service writes its place in the
     * tree in the same transaction): the password its creator set, no forced change. Undefined when
     * the id is taken.
     */
    insertPartnerAccount(
      operatorId: string,
      passwordHash: string,
      trx: Database,
    ): Promise<number | undefined> {
      return repo.insert(
        { operatorId, passwordHash, role: 'partner', totpSecret: null, mustChangePassword: false },
        trx,
      );
    },

    /** Enables or disables a partner's sign-in (disabled by the owner or an ancestor). */
    async setPartnerActive(id: number, active: boolean, trx: Database): Promise<void> {
      await repo.update(id, { is_active: active }, trx);
    },

    /**
     * Locks a partner's account row (the partners service, before the partners rows: the one lock
     * order of docs/api/backoffice-partners.md "Lock order", which setActive below follows too).
     */
    async lockPartnerAccount(id: number, trx: Database): Promise<void> {
      await repo.lockById(id, trx);
    },

    /** Every operator with its live session count (owners' operator screen). */
    async list() {
      const rows = await repo.list();
      const counts = await Promise.all(rows.map((r) => sessions.listLive('operator', r.id)));
      return rows.map((r, i) => ({
        operatorId: r.operator_id,
        role: r.role,
        isActive: r.is_active,
        hasTotp: r.has_totp,
        mustChangePassword: r.must_change_password,
        sessions: counts[i]!.length,
        regDate: r.created_at.toISOString(),
        lastLoginDate: r.last_login_at ? r.last_login_at.toISOString() : null,
      }));
    },

    /**
     * Creates an operator (`already` when the id is taken). Without a password the server makes one;
     * with `withTotp` a secret is set at once. Both are answered once; the operator changes the
     * password at the first sign-in.
     */
    async create(
      input: {
        operatorId: string;
        role: OperatorRole;
        password?: string | undefined;
        withTotp?: boolean | undefined;
      },
      who: AuditActor,
    ) {
      const operatorId = input.operatorId.toLowerCase();
      const generated = input.password === undefined ? generateOperatorPassword() : undefined;
      const passwordHash = await hashPassword(input.password ?? generated!);
      const totpSecret = input.withTotp ? generateTotpSecret() : null;
      return db.transaction().execute(async (trx) => {
        const id = await repo.insert(
          {
            operatorId,
            passwordHash,
            role: input.role,
            totpSecret: totpSecret && secrets.seal(totpSecret),
            mustChangePassword: true,
          },
          trx,
        );
        if (id === undefined) return { status: 'already' as const };
        await audit.record(
          who,
          {
            action: 'operator.create',
            target: `operator:${operatorId}`,
            after: { operatorId, role: input.role, hasTotp: totpSecret !== null, mustChangePassword: true },
          },
          trx,
        );
        return {
          status: 'success' as const,
          ...(generated ? { password: generated } : {}),
          ...(totpSecret ? { totpSecret, otpauthUrl: otpauthUrl(operatorId, totpSecret) } : {}),
        };
      });
    },

    /** Changes another operator's role; the last active owner stays an owner. */
    changeRole(operatorId: string, role: OperatorRole, who: OperatorActor) {
      return onOther(operatorId, who, async (target, owners, trx) => {
        // A partner's role comes with its place in the tree (docs/api/backoffice-partners.md): fixed.
        if (target.role === 'partner') return { status: 'not_found' as const };
        if (target.role === role) return { status: 'already' as const };
        if (role !== 'owner' && wouldLeaveNoOwner(target, owners)) return { status: 'last_owner' as const };
        await repo.update(target.id, { role }, trx);
        await audit.record(
          actor(who),
          {
            action: 'operator.role',
            target: `operator:${target.operator_id}`,
            before: { role: target.role },
            after: { role },
          },
          trx,
        );
        return { status: 'success' as const };
      });
    },

    /** Deactivates (ending every session) or reactivates another operator. */
    setActive(operatorId: string, active: boolean, who: OperatorActor) {
      return onOther(operatorId, who, async (target, owners, trx) => {
        if (target.is_active === active) return { status: 'already' as const };
        if (!active && wouldLeaveNoOwner(target, owners)) return { status: 'last_owner' as const };
        await repo.update(target.id, { is_active: active }, trx);
        // A partner's account and its place in the tree switch together (docs/api/backoffice-partners.md).
        if (target.role === 'partner') await deps.partnerSwitch?.(target.id, active, actor(who), trx);
        const revoked = active ? 0 : await sessions.revokeAllFor('operator', target.id, {}, trx);
        await audit.record(
          actor(who),
          {
            action: active ? 'operator.reactivate' : 'operator.deactivate',
            target: `operator:${target.operator_id}`,
            before: { isActive: target.is_active },
            after: { isActive: active, ...(active ? {} : { sessionsEnded: revoked }) },
          },
          trx,
        );
        return { status: 'success' as const };
      });
    },

    /**
     * Sets another operator's password (made by the server when none is given, answered once),
     * ends its sessions and makes it change the password at its next sign-in.
     */
    async resetPassword(operatorId: string, password: string | undefined, who: OperatorActor) {
      const generated = password === undefined ? generateOperatorPassword() : undefined;
      const passwordHash = await hashPassword(password ?? generated!);
      return onOther(operatorId, who, async (target, _owners, trx) => {
        await repo.update(target.id, { password_hash: passwordHash, must_change_password: true }, trx);
        const revoked = await sessions.revokeAllFor('operator', target.id, {}, trx);
        await audit.record(
          actor(who),
          {
            action: 'operator.password_reset',
            target: `operator:${target.operator_id}`,
            after: { mustChangePassword: true, sessionsEnded: revoked },
          },
          trx,
        );
        return { status: 'success' as const, ...(generated ? { password: generated } : {}) };
      });
    },

    /**
     * Resets another operator's TOTP and ends its sessions: `remove` turns it off (the operator
     * enrols again from My account), otherwise a new secret replaces it and is answered once (how
     * an owner without TOTP gets one while owners must have it).
     */
    resetTotp(operatorId: string, remove: boolean, who: OperatorActor) {
      const secret = remove ? null : generateTotpSecret();
      return onOther(operatorId, who, async (target, _owners, trx) => {
        if (remove && target.totp_secret === null && target.totp_pending_secret === null)
          return { status: 'already' as const };
        await repo.update(
          target.id,
          { totp_secret: secret && secrets.seal(secret), totp_pending_secret: null, totp_last_step: null },
          trx,
        );
        const revoked = await sessions.revokeAllFor('operator', target.id, {}, trx);
        await audit.record(
          actor(who),
          {
            action: 'operator.totp_reset',
            target: `operator:${target.operator_id}`,
            before: { hasTotp: target.totp_secret !== null },
            after: { hasTotp: secret !== null, newSecret: secret !== null, sessionsEnded: revoked },
          },
          trx,
        );
        return {
          status: 'success' as const,
          ...(secret ? { totpSecret: secret, otpauthUrl: otpauthUrl(target.operator_id, secret) } : {}),
        };
      });
    },

    /**
     * Seals the TOTP secrets still stored in plain text (rows written before secrets were sealed),
     * in one transaction with the rows locked; run at every start (main.ts), it finds none after
     * the first. Returns how many operators' rows it sealed. Not audited: nothing an operator sees
     * changes, and the secrets stay out of every log.
     */
    sealLegacyTotpSecrets(): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const rows = await repo.lockPlainTotpSecrets(trx);
        const sealed = (v: string | null) => (v === null || isSealedTotpSecret(v) ? v : secrets.seal(v));
        for (const row of rows) {
          const change = {
            totp_secret: sealed(row.totp_secret),
            totp_pending_secret: sealed(row.totp_pending_secret),
          };
          await repo.update(row.id, change, trx);
        }
        return rows.length;
      });
    },

    /** The back office's IP allow-list as stored (empty: off). */
    ipAllowlist(): Promise<string[]> {
      return settings.backofficeIpAllowlist();
    },

    /**
     * Replaces the IP allow-list, audited. Ranges are trimmed and deduplicated; a list that would
     * refuse `who.ip` (the address of this very request) is not saved: `excludes_you`.
     */
    async saveIpAllowlist(ranges: string[], who: OperatorActor) {
      const clean = [...new Set(ranges.map((r) => r.trim().toLowerCase()))];
      if (clean.some((r) => parseCidr(r) === null)) throw new Error('ip allow-list: unvalidated range');
      if (clean.length > 0 && !(who.ip && ipAllowedBy(clean, who.ip)))
        return { status: 'excludes_you' as const, ranges: clean };
      return db.transaction().execute(async (trx) => {
        const { before, after } = await settings.updateBackofficeIpAllowlist(clean, trx);
        await audit.record(
          actor(who),
          {
            action: 'settings.backoffice_ip_allowlist',
            target: 'settings:backoffice-ip-allowlist',
            before,
            after,
          },
          trx,
        );
        return { status: 'success' as const, ranges: after };
      });
    },
  };
}

export type OperatorsService = ReturnType<typeof createOperatorsService>;
