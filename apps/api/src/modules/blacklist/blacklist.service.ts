import {
  normalizeClientIp,
  normalizeDeviceId,
  normalizeDigits,
  parseBlacklistCsv,
  type TBlacklistAddParsed,
  type TBlacklistImportResponse,
} from '@casino/contracts/backoffice-blacklist';
import { csvDocument } from '@casino/contracts/csv';
import type { Database } from '../../db/database.ts';
import type { BlacklistContext } from '../../db/schema.ts';
import type { AuditActor, AuditService } from '../audit/audit.service.ts';
import { createBlacklistRepository } from './blacklist.repository.ts';

/** What a request is checked with: the client's address and device, the phone and bank account it names. */
export interface BlacklistProbe {
  context: BlacklistContext;
  ip?: string | null | undefined;
  /** The `did` cookie's value (modules/auth/device.ts). */
  device?: string | null | undefined;
  phone?: string | null | undefined;
  bank?: string | null | undefined;
  memberId?: number | null | undefined;
  userId?: string | null | undefined;
}

/** What registration, sign-in and the cashier ask: whether the request is refused (a hit is recorded). */
export interface BlacklistCheck {
  refuses(probe: BlacklistProbe): Promise<boolean>;
}

/** How many imported entries one statement writes (5 parameters each, the audit records 7). */
const IMPORT_CHUNK = 1_000;

/**
 * The blacklist (docs/api/backoffice-blacklist.md): the check of registration, sign-in, deposit and
 * withdrawal requests (one indexed statement), and the owner's list, add, remove, import and export,
 * each change audited in its transaction.
 */
export function createBlacklistService(deps: { db: Database; audit: AuditService }) {
  const { db, audit } = deps;
  const repo = createBlacklistRepository(db);

  async function addIn(entry: TBlacklistAddParsed, who: AuditActor, trx: Database) {
    const id = await repo.insert({ ...entry, createdBy: who.actor }, trx);
    if (id !== undefined)
      await audit.record(
        who,
        {
          action: 'blacklist.add',
          target: `blacklist:${id}`,
          after: { kind: entry.kind, value: entry.value, reason: entry.reason },
        },
        trx,
      );
    return id;
  }

  return {
    async refuses(probe: BlacklistProbe): Promise<boolean> {
      const ip = probe.ip ? normalizeClientIp(probe.ip) : undefined;
      const phone = probe.phone ? normalizeDigits(probe.phone) : undefined;
      const bank = probe.bank ? normalizeDigits(probe.bank) : undefined;
      const device = probe.device ? normalizeDeviceId(probe.device) : undefined;
      const hit = await repo.match({ ip, phone, bank, device });
      if (!hit) return false;
      await repo.insertHit({
        kind: hit.kind,
        value: hit.kind === 'ip' ? (ip ?? hit.value) : hit.value,
        entryId: hit.id,
        context: probe.context,
        memberId: probe.memberId ?? null,
        userId: probe.userId ?? null,
        ip: ip ?? probe.ip ?? null,
      });
      return true;
    },

    async list(filter: Parameters<typeof repo.list>[0]) {
      const { rows, total } = await repo.list(filter);
      return {
        status: 'success' as const,
        maxCount: total,
        list: rows.map((r) => ({
          id: r.id,
          kind: r.kind,
          value: r.value,
          reason: r.reason,
          createdBy: r.created_by,
          createdAt: r.created_at.toISOString(),
        })),
      };
    },

    /** The periodic prune (docs/security.md "Abuse signals"): hits recorded before `before`. */
    pruneHits(before: Date): Promise<number> {
      return repo.pruneHits(before);
    },

    async hits(page: number, pageSize: number) {
      const { rows, total } = await repo.hits(page, pageSize);
      return {
        status: 'success' as const,
        maxCount: total,
        list: rows.map((r) => ({
          id: r.id,
          kind: r.kind,
          value: r.value,
          context: r.context,
          userId: r.user_id,
          ip: r.ip,
          at: r.at.toISOString(),
        })),
      };
    },

    async add(
      entry: TBlacklistAddParsed,
      who: AuditActor,
    ): Promise<{ status: 'success'; id: number } | { status: 'already' }> {
      const id = await db.transaction().execute((trx) => addIn(entry, who, trx));
      return id === undefined ? { status: 'already' } : { status: 'success', id };
    },

    async remove(id: number, who: AuditActor): Promise<'success' | 'not_found'> {
      return db.transaction().execute(async (trx) => {
        const row = await repo.remove(id, trx);
        if (!row) return 'not_found';
        await audit.record(
          who,
          {
            action: 'blacklist.remove',
            target: `blacklist:${id}`,
            before: { kind: row.kind, value: row.value, reason: row.reason, createdBy: row.created_by },
          },
          trx,
        );
        return 'success';
      });
    },

    /**
     * A CSV import (at most BLACKLIST_IMPORT_MAX_ROWS rows): every line valid or nothing imported;
     * an entry listed already is counted, not added again. One transaction, the entries and their
     * audit records (`blacklist.add`, as for an entry added alone) written IMPORT_CHUNK at a time.
     */
    async importCsv(text: string, who: AuditActor): Promise<TBlacklistImportResponse> {
      const parsed = parseBlacklistCsv(text);
      if (parsed.status !== 'success') return parsed;
      return db.transaction().execute(async (trx) => {
        let added = 0;
        for (let at = 0; at < parsed.entries.length; at += IMPORT_CHUNK) {
          const rows = await repo.insertMany(parsed.entries.slice(at, at + IMPORT_CHUNK), who.actor, trx);
          await audit.recordMany(
            who,
            rows.map((row) => ({
              action: 'blacklist.add',
              target: `blacklist:${row.id}`,
              after: { kind: row.kind, value: row.value, reason: row.reason },
            })),
            trx,
          );
          added += rows.length;
        }
        return { status: 'success', added, already: parsed.entries.length - added };
      });
    },

    /** The whole list as CSV (`kind,value,reason,createdBy,createdAt`; importable as it is). */
    async csv(): Promise<string> {
      const rows = await repo.all();
      return csvDocument([
        ['kind', 'value', 'reason', 'createdBy', 'createdAt'],
        ...rows.map((r) => [r.kind, r.value, r.reason, r.created_by, r.created_at.toISOString()]),
      ]);
    },
  };
}

export type BlacklistService = ReturnType<typeof createBlacklistService>;
