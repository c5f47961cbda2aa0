import { sql, type Kysely } from 'kysely';

// Partners (총판; issue 25, decision 0021, docs/api/backoffice-partners.md).
//
// - A partner is an operator of role `partner` (its row id is the operator's) with a place in the
//   tree: `path` holds the ids from the top of the tree down to the partner itself, so a subtree is
//   `path @> array[id]` and the ancestors are the path. `depth` is the path's length.
// - Its rates (basis points) stand in `partners`; each change also writes `partner_rate_history`
//   under a new epoch of `partner_rates_epoch` (0021), which the wallet's day rows carry.
// - A registration code may belong to a partner (`reg_codes.partner_id`): a member registered with
//   it belongs to the partner for good (the insert trigger below reads the code's partner).
// - Settlements: one row per settled period, and one `partner_settled_days` row per day, whose
//   primary key makes a day settled once whatever races. Payouts are held like withdrawals.
const STORABLE = 'between -9007199254740991 and 9007199254740991';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table operators drop constraint if exists operators_role_check`.execute(db);
  await sql`alter table operators add constraint operators_role_check
    check (role in ('owner', 'cashier', 'support', 'content', 'partner'))`.execute(db);

  await sql
    .raw(
      `
    create table partners (
      id bigint primary key references operators (id) deferrable initially immediate,
      parent_id bigint references partners (id) deferrable initially immediate,
      name text not null check (length(name) between 1 and 50),
      path bigint[] not null,
      depth integer not null check (depth >= 1),
      casino integer not null check (casino between 0 and 10000),
      slot integer not null check (slot between 0 and 10000),
      mini integer not null check (mini between 0 and 10000),
      losing integer not null check (losing between 0 and 10000),
      enabled boolean not null default true,
      created_at timestamptz not null default now(),
      constraint partners_id_storable check (id ${STORABLE}),
      constraint partners_parent_id_storable check (parent_id ${STORABLE})
    )`,
    )
    .execute(db);
  await sql`create index partners_parent_idx on partners (parent_id)`.execute(db);
  await sql`create index partners_path_idx on partners using gin (path)`.execute(db);

  await sql
    .raw(
      `
    create table partner_rate_history (
      partner_id bigint not null references partners (id) deferrable initially immediate,
      epoch integer not null,
      casino integer not null,
      slot integer not null,
      mini integer not null,
      losing integer not null,
      created_at timestamptz not null default now(),
      primary key (partner_id, epoch),
      constraint partner_rate_history_partner_id_storable check (partner_id ${STORABLE})
    )`,
    )
    .execute(db);

  await sql
    .raw(
      `
    alter table reg_codes
      add column partner_id bigint references partners (id) deferrable initially immediate,
      add constraint reg_codes_partner_id_storable check (partner_id ${STORABLE})`,
    )
    .execute(db);
  await sql`create index reg_codes_partner_idx on reg_codes (partner_id) where partner_id is not null`.execute(
    db,
  );
  await sql`alter table members add constraint members_partner_id_fkey
    foreign key (partner_id) references partners (id) deferrable initially immediate`.execute(db);

  // A member registered with a partner's code belongs to that partner (set once, at the insert).
  await sql`
    create function members_partner_of_code() returns trigger language plpgsql as $$
    begin
      if new.partner_id is null and new.reg_code is not null then
        select c.partner_id into new.partner_id from reg_codes c where c.code = new.reg_code;
      end if;
      return new;
    end
    $$`.execute(db);
  await sql`create trigger members_partner_of_code before insert on members
    for each row execute function members_partner_of_code()`.execute(db);

  await sql
    .raw(
      `
    create table partner_settlements (
      id bigserial primary key,
      partner_id bigint not null references partners (id) deferrable initially immediate,
      from_day date not null,
      to_day date not null,
      rolling bigint not null,
      losing bigint not null,
      total bigint not null,
      carried_in bigint not null,
      paid bigint not null,
      carried_out bigint not null,
      transfer_id bigint,
      operator_id bigint not null,
      created_at timestamptz not null default now(),
      check (to_day >= from_day),
      check (paid >= 0 and carried_in >= 0 and carried_out >= 0),
      constraint partner_settlements_id_storable check (id ${STORABLE}),
      constraint partner_settlements_partner_id_storable check (partner_id ${STORABLE}),
      constraint partner_settlements_rolling_storable check (rolling ${STORABLE}),
      constraint partner_settlements_losing_storable check (losing ${STORABLE}),
      constraint partner_settlements_total_storable check (total ${STORABLE}),
      constraint partner_settlements_carried_in_storable check (carried_in ${STORABLE}),
      constraint partner_settlements_paid_storable check (paid ${STORABLE}),
      constraint partner_settlements_carried_out_storable check (carried_out ${STORABLE}),
      constraint partner_settlements_transfer_id_storable check (transfer_id ${STORABLE}),
      constraint partner_settlements_operator_id_storable check (operator_id ${STORABLE})
    )`,
    )
    .execute(db);
  await sql`create index partner_settlements_partner_idx on partner_settlements (partner_id, id)`.execute(db);

  await sql
    .raw(
      `
    create table partner_settled_days (
      partner_id bigint not null references partners (id) deferrable initially immediate,
      day date not null,
      settlement_id bigint not null references partner_settlements (id) deferrable initially immediate,
      primary key (partner_id, day),
      constraint partner_settled_days_partner_id_storable check (partner_id ${STORABLE}),
      constraint partner_settled_days_settlement_id_storable check (settlement_id ${STORABLE})
    )`,
    )
    .execute(db);

  await sql
    .raw(
      `
    create table partner_payouts (
      id bigserial primary key,
      partner_id bigint not null references partners (id) deferrable initially immediate,
      amount bigint not null check (amount > 0),
      state text not null default 'wait' check (state in ('wait', 'approved', 'rejected')),
      reason text,
      hold_transfer_id bigint,
      decided_by bigint,
      created_at timestamptz not null default now(),
      decided_at timestamptz,
      constraint partner_payouts_id_storable check (id ${STORABLE}),
      constraint partner_payouts_partner_id_storable check (partner_id ${STORABLE}),
      constraint partner_payouts_amount_storable check (amount ${STORABLE}),
      constraint partner_payouts_hold_transfer_id_storable check (hold_transfer_id ${STORABLE}),
      constraint partner_payouts_decided_by_storable check (decided_by ${STORABLE})
    )`,
    )
    .execute(db);
  await sql`create index partner_payouts_partner_idx on partner_payouts (partner_id, id)`.execute(db);
  await sql`create index partner_payouts_wait_idx on partner_payouts (id) where state = 'wait'`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
