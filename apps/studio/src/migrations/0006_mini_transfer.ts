import { sql, type Kysely } from 'kysely';

// Mini-game slips of a member whose `house-mini` money the operator runs by transfer: the stake is
// taken from the studio's own wallet (studio_wallets) when the slip is reserved, and its wins and
// refunds go back there (docs/games/mini-games.md, "Transfer mode").
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table studio_mini_slips
    add column wallet text not null default 'seamless' check (wallet in ('seamless', 'transfer'))`.execute(
    db,
  );
}
