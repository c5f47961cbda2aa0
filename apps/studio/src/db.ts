import type { Generated, Kysely } from 'kysely';
import { Migrator, type Migration } from 'kysely/migration';
import * as m0001 from './migrations/0001_studio.ts';
import * as m0002 from './migrations/0002_round_versions.ts';
import * as m0003 from './migrations/0003_mini.ts';
import * as m0004 from './migrations/0004_mini_bets.ts';
import * as m0005 from './migrations/0005_mini_jackpots.ts';
import * as m0006 from './migrations/0006_mini_transfer.ts';

export type WalletMode = 'seamless' | 'transfer';
export type RoundState = 'open' | 'settled' | 'refused' | 'rolled_back';

/** The studio's tables (migrations/); nothing else in the database is read or written by the studio. */
export interface StudioTables {
  studio_providers: { code: string; wallet: WalletMode; updated_at: Date };
  studio_seeds: {
    user_id: string;
    game: string;
    server_seed: string;
    server_seed_hash: string;
    client_seed: string;
    nonce: number;
    created_at: Date;
  };
  studio_revealed_seeds: {
    server_seed_hash: string;
    server_seed: string;
    user_id: string;
    game: string;
    client_seed: string;
    rounds: number;
    revealed_at: Date;
  };
  studio_shoes: { user_id: string; game: string; shoe_no: number; shoe: unknown; updated_at: Date };
  studio_rounds: {
    seq: Generated<number | string>;
    round_id: string;
    provider: string;
    user_id: string;
    game: string;
    wallet: WalletMode;
    server_seed_hash: string;
    client_seed: string;
    nonce: number;
    /** The version of the game's definition the round was decided with (migrations/0002). */
    version: number;
    input: unknown;
    outcome: unknown;
    bet: number | string;
    win: number | string;
    state: RoundState;
    bet_state: 'pending' | 'ok' | 'refused' | 'rolled_back';
    win_state: 'pending' | 'ok';
    refusal: string | null;
    jackpots: unknown;
    shoe_no: number | null;
    result: string | null;
    retry_at: Date;
    attempts: number;
    created_at: Date;
    updated_at: Date;
  };
  studio_wallets: { provider: string; user_id: string; balance: number | string; updated_at: Date };
  studio_transfers: {
    provider: string;
    transfer_id: string;
    action: 'deposit' | 'withdraw' | null;
    user_id: string | null;
    amount: number | string | null;
    state: 'done' | 'refused';
    created_at: Date;
  };
  /** The mini-games (migrations/0003_mini.ts, docs/games/mini-games.md). */
  studio_mini_games: {
    game: string;
    cadence_minutes: number;
    cutoff_seconds: number;
    /** A member's most stake in one round (migrations/0004). */
    max_round_total: number | string;
    updated_at: Date;
  };
  studio_mini_chains: {
    game: string;
    first_round: number | string;
    length: number;
    terminal_hash: string;
    published_at: Date;
  };
  studio_mini_seeds: { game: string; round: number | string; seed: string };
  studio_mini_rounds: {
    game: string;
    round: number | string;
    day: string | Date;
    day_round: number;
    opens_at: Date;
    closes_at: Date;
    draws_at: Date;
    drawn_at: Date | null;
    seed: string | null;
    result: unknown;
    drawn_by: string | null;
    /** migrations/0004: 'pay' once drawn and being paid, 'void' once an operator voided it. */
    settlement: 'pay' | 'void' | null;
    settled_at: Date | null;
    voided_at: Date | null;
    voided_by: string | null;
    void_reason: string | null;
  };
  /** Betting on the mini-games (migrations/0004_mini_bets.ts). */
  studio_mini_markets: {
    game: string;
    market: string;
    odds: number;
    min_bet: Generated<number | string>;
    max_bet: Generated<number | string>;
    max_exposure: Generated<number | string>;
    updated_at: Generated<Date>;
  };
  studio_mini_exposure: {
    game: string;
    round: number | string;
    market: string;
    stakes: Generated<number | string>;
    payout: Generated<number | string>;
    bets: Generated<number>;
  };
  studio_mini_members: { game: string; round: number | string; user_id: string; total: number | string };
  studio_mini_slips: {
    slip_id: string;
    provider: string;
    game: string;
    round: number | string;
    user_id: string;
    total: number | string;
    state: 'pending' | 'ok' | 'refused' | 'rolled_back';
    refusal: string | null;
    /** The jackpots its wallet bet won, `[{tier, amount}]` (migrations/0005). */
    jackpots: Generated<unknown>;
    /** Whose wallet holds its money: the platform's (seamless) or the studio's (transfer; migrations/0006). */
    wallet: Generated<WalletMode>;
    created_at: Date;
    updated_at: Date;
  };
  studio_mini_bets: {
    slip_id: string;
    market: string;
    amount: number | string;
    odds: number;
    payout: number | string;
    outcome: Generated<'won' | 'lost' | null>;
    win: Generated<number | string>;
    win_state: Generated<'none' | 'due' | 'paid'>;
  };
  studio_mini_leases: { game: string; holder: string; expires_at: Date };
}

export type StudioDb = Kysely<StudioTables>;

/**
 * A bigint column as a number. The platform's drivers parse int8 into numbers already; a bare
 * `pg` (the studio on a host of its own) gives strings. Money beyond 2^53 would lose won, so it is
 * refused loudly.
 */
export function int(value: number | string | bigint): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`integer ${String(value)} is out of the safe range`);
  return n;
}

/** JSON columns: PGlite and pg parse jsonb; a driver that hands back text is parsed here. */
export function json<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

const MIGRATIONS: Record<string, Migration> = {
  '0001_studio': m0001,
  '0002_round_versions': m0002,
  '0003_mini': m0003,
  '0004_mini_bets': m0004,
  '0005_mini_jackpots': m0005,
  '0006_mini_transfer': m0006,
};

/**
 * Brings the studio's tables up to date with a migrator of its own (its own migration and lock
 * tables), so the studio's schema history never mixes with the platform's and the studio can move
 * to a database of its own unchanged.
 */
export async function migrateStudio(db: Kysely<unknown>): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => MIGRATIONS },
    migrationTableName: 'studio_migration',
    migrationLockTableName: 'studio_migration_lock',
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
