import { createHmac, randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import { sha256Hex } from '@casino/studio-engine/fair';
import type { FairCommitment, HmacSha256 } from '@casino/studio-engine/types';
import type { StudioDb, StudioTables } from './db.ts';

/** node:crypto's HMAC for the engine's fair stream (the browser recomputes it with @noble/hashes). */
export const nodeHmacSha256: HmacSha256 = (key, message) =>
  createHmac('sha256', key).update(message).digest();

/** A new server seed: 32 random bytes as 64 lower-case hex characters. */
export const newServerSeed = (): string => randomBytes(32).toString('hex');
/** The client seed a member starts with: 16 random hex characters (the member may change it). */
export const newClientSeed = (): string => randomBytes(8).toString('hex');

export type SeedRow = StudioTables['studio_seeds'];
type Trx = Transaction<StudioTables>;

export const commitmentOf = (
  row: Pick<SeedRow, 'server_seed_hash' | 'client_seed' | 'nonce'>,
): FairCommitment => ({
  serverSeedHash: row.server_seed_hash,
  clientSeed: row.client_seed,
  nonce: row.nonce,
});

function freshSeed(userId: string, game: string, at: Date, clientSeed: string = newClientSeed()): SeedRow {
  const serverSeed = newServerSeed();
  return {
    user_id: userId,
    game,
    server_seed: serverSeed,
    server_seed_hash: sha256Hex(serverSeed),
    client_seed: clientSeed,
    nonce: 0,
    created_at: at,
  };
}

/**
 * The member's seed row of a game, locked until the transaction ends: every round and every seed
 * change of that member and game goes through this lock, so nonces are taken one at a time. The
 * row is made on first use (its server seed committed by its hash before any round).
 */
export async function lockSeed(trx: Trx, userId: string, game: string, at: Date): Promise<SeedRow> {
  await trx
    .insertInto('studio_seeds')
    .values(freshSeed(userId, game, at))
    .onConflict((oc) => oc.columns(['user_id', 'game']).doNothing())
    .execute();
  return trx
    .selectFrom('studio_seeds')
    .selectAll()
    .where('user_id', '=', userId)
    .where('game', '=', game)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/** The member's commitment for a game (made on first use), outside any round. */
export async function currentCommitment(
  db: StudioDb,
  userId: string,
  game: string,
  at: Date,
): Promise<FairCommitment> {
  await db
    .insertInto('studio_seeds')
    .values(freshSeed(userId, game, at))
    .onConflict((oc) => oc.columns(['user_id', 'game']).doNothing())
    .execute();
  const row = await db
    .selectFrom('studio_seeds')
    .select(['server_seed_hash', 'client_seed', 'nonce'])
    .where('user_id', '=', userId)
    .where('game', '=', game)
    .executeTakeFirstOrThrow();
  return commitmentOf(row);
}

/**
 * Reveals the locked row's server seed (rounds decided with it show it from now on) and commits to
 * a new one, the nonce starting again at 0. `clientSeed` replaces the member's seed; without it the
 * member keeps theirs.
 */
export async function rotateSeed(
  trx: Trx,
  row: SeedRow,
  at: Date,
  clientSeed?: string,
): Promise<{ revealed: SeedRow; next: SeedRow }> {
  await trx
    .insertInto('studio_revealed_seeds')
    .values({
      server_seed_hash: row.server_seed_hash,
      server_seed: row.server_seed,
      user_id: row.user_id,
      game: row.game,
      client_seed: row.client_seed,
      rounds: row.nonce,
      revealed_at: at,
    })
    .onConflict((oc) => oc.column('server_seed_hash').doNothing())
    .execute();
  const next = freshSeed(row.user_id, row.game, at, clientSeed ?? row.client_seed);
  await trx
    .updateTable('studio_seeds')
    .set({
      server_seed: next.server_seed,
      server_seed_hash: next.server_seed_hash,
      client_seed: next.client_seed,
      nonce: 0,
      created_at: at,
    })
    .where('user_id', '=', row.user_id)
    .where('game', '=', row.game)
    .execute();
  return { revealed: row, next };
}
