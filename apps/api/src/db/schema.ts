import type { ColumnType, Generated } from 'kysely';

/** Timestamps: written as Date or ISO string, read as Date. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface SettingsTable {
  key: string;
  value: unknown;
  updated_at: DefaultTimestamp;
}

export interface RegCodesTable {
  code: string;
  domain: ColumnType<string, string | undefined, string>;
  is_enabled: ColumnType<boolean, boolean | undefined, boolean>;
  memo: ColumnType<string, string | undefined, string>;
  created_at: DefaultTimestamp;
}

export type MemberState = 'active' | 'pending' | 'blocked' | 'self_excluded';

export interface MembersTable {
  id: Generated<number>;
  user_id: string;
  nick: string;
  password_hash: string;
  exchange_password_hash: string;
  phone: string;
  bankname: string;
  bank_owner: string;
  banknum: string;
  level: ColumnType<number, number | undefined, number>;
  state: ColumnType<MemberState, MemberState | undefined, MemberState>;
  reg_code: string | null;
  reg_ip: string | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  last_login_at: Timestamp | null;
}

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  subject_kind: 'member' | 'operator';
  subject_id: number;
  created_at: DefaultTimestamp;
  last_active_at: DefaultTimestamp;
  expires_at: Timestamp;
  ip: string | null;
  user_agent: string | null;
}

export interface RateLimitsTable {
  key: string;
  count: number;
  reset_at: Timestamp;
}

export interface AccountsTable {
  id: Generated<number>;
  member_id: number | null;
  kind: string;
  code: string | null;
  balance: ColumnType<number, number | undefined, number>;
  created_at: DefaultTimestamp;
}

export interface NotesTable {
  id: Generated<number>;
  member_id: number;
  title: string;
  contents: string;
  is_read: ColumnType<boolean, boolean | undefined, boolean>;
  read_at: Timestamp | null;
  deleted_at: Timestamp | null;
  created_by: string | null;
  created_at: DefaultTimestamp;
}

export interface HelpsTable {
  id: Generated<number>;
  member_id: number | null;
  kind: ColumnType<'help' | 'account_inquiry' | 'guest', 'help' | 'account_inquiry' | 'guest' | undefined>;
  guest_user_id: string | null;
  guest_phone: string | null;
  title: string;
  contents: string;
  answer: string | null;
  answered_at: Timestamp | null;
  answered_by: string | null;
  state: ColumnType<'wait' | 'already', 'wait' | 'already' | undefined>;
  is_read: ColumnType<boolean, boolean | undefined, boolean>;
  deleted_at: Timestamp | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

/**
 * The database as Kysely sees it. Later migrations add their tables to this interface in the
 * section of the module that owns them.
 */
export interface DB {
  settings: SettingsTable;
  reg_codes: RegCodesTable;
  members: MembersTable;
  sessions: SessionsTable;
  rate_limits: RateLimitsTable;
  accounts: AccountsTable;
  notes: NotesTable;
  helps: HelpsTable;
}
