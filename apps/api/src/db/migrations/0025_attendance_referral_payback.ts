import { sql, type Kysely } from 'kysely';

// Attendance, referral and weekly payback (issue 26, docs/promotions.md). Each reward is one ledger
// transfer from its promotions account (`promo:attendance`, `promo:referral`, `promo:payback`) to the
// member's comp account; the rows below record each occasion once (their primary keys are the
// occasion: member and day, referee and day, member and week), beside the ledger's own idempotency
// key of the same occasion. Every bigint column carries its `_storable` CHECK (0016).
const STORABLE = '-9007199254740991 and 9007199254740991';

function storable(table: string, column: string) {
  return sql.raw(`constraint ${table}_${column}_storable check (${column} between ${STORABLE})`);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  // Who recommended the member at registration (a member id), and why the link is not paid when an
  // operator must look at it first: `self` (the member named themselves), `ip` (the recommender
  // registered or signed in from the new member's address), `bank` (the same bank account).
  await sql`
    alter table members
      add column recommender_id bigint references members (id) ${storable('members', 'recommender_id')},
      add column referral_flag text check (referral_flag in ('self', 'ip', 'bank', 'device'))`.execute(db);
  await sql`create index members_recommender on members (recommender_id) where recommender_id is not null`.execute(
    db,
  );

  // The operator's settings of each promotion (`attendance`, `referral`, `payback`), as JSON.
  await sql`
    create table promotion_settings (
      name text primary key check (name in ('attendance', 'referral', 'payback')),
      value jsonb not null,
      updated_at timestamptz not null default now()
    )`.execute(db);

  // One check per member and site day; `streak` counts consecutive days up to this one.
  await sql`
    create table attendance_checks (
      member_id bigint not null references members (id) ${storable('attendance_checks', 'member_id')},
      day date not null,
      streak integer not null check (streak > 0),
      points bigint not null check (points >= 0) ${storable('attendance_checks', 'points')},
      transfer_id bigint ${storable('attendance_checks', 'transfer_id')},
      created_at timestamptz not null default now(),
      primary key (member_id, day)
    )`.execute(db);

  // One settlement per referee and finished site day: the referee's stakes that stood that day and
  // the recommender's points at the rate then in force (0 points: nothing to pay, or the recommender
  // was on a break, self-excluded or blocked: `withheld`).
  await sql`
    create table referral_payouts (
      referee_id bigint not null references members (id) ${storable('referral_payouts', 'referee_id')},
      day date not null,
      recommender_id bigint not null references members (id) ${storable('referral_payouts', 'recommender_id')},
      stakes bigint not null check (stakes >= 0) ${storable('referral_payouts', 'stakes')},
      rate integer not null check (rate between 0 and 10000),
      points bigint not null check (points >= 0) ${storable('referral_payouts', 'points')},
      withheld text check (withheld in ('protected', 'disabled')),
      transfer_id bigint ${storable('referral_payouts', 'transfer_id')},
      created_at timestamptz not null default now(),
      primary key (referee_id, day)
    )`.execute(db);
  await sql`create index referral_payouts_recommender on referral_payouts (recommender_id, day)`.execute(db);

  // One payback per member and week (`week` is its Monday in the site's time zone) with the figures
  // of the formula, so the member and the operator see how it was reached.
  await sql`
    create table payback_payouts (
      member_id bigint not null references members (id) ${storable('payback_payouts', 'member_id')},
      week date not null,
      level integer not null,
      deposits bigint not null ${storable('payback_payouts', 'deposits')},
      withdrawals bigint not null ${storable('payback_payouts', 'withdrawals')},
      balance_end bigint not null ${storable('payback_payouts', 'balance_end')},
      stakes bigint not null ${storable('payback_payouts', 'stakes')},
      loss bigint not null check (loss >= 0) ${storable('payback_payouts', 'loss')},
      percent integer not null check (percent between 0 and 100),
      points bigint not null check (points >= 0) ${storable('payback_payouts', 'points')},
      withheld text check (withheld in ('protected')),
      transfer_id bigint ${storable('payback_payouts', 'transfer_id')},
      created_at timestamptz not null default now(),
      primary key (member_id, week)
    )`.execute(db);
  await sql`create index payback_payouts_week on payback_payouts (week)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
