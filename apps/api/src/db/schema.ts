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
  /** 0022: the partner owning the code; its members belong to that partner. */
  partner_id: ColumnType<number | null, number | null | undefined, number | null>;
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
  /**
   * The latest legal document versions the member accepted (0009_legal), at registration or later
   * with `accept-terms`; null: none accepted. Each acceptance is in `legal_acceptances` (0018).
   */
  terms_version: ColumnType<number | null, number | null | undefined, number | null>;
  privacy_version: ColumnType<number | null, number | null | undefined, number | null>;
  terms_accepted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Set by an operator's password reset (0011): the member must change the password before anything else. */
  must_change_password: ColumnType<boolean, boolean | undefined, boolean>;
  /** The reality-check interval in minutes, 0 = off (0015_player_protection). */
  reality_check_minutes: ColumnType<number, number | undefined, number>;
  /** The partner (its operator's id) the member belongs to (0021), null: directly under the house. */
  partner_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** Who recommended the member at registration (0025; docs/promotions.md), and why the link is not paid. */
  recommender_id: ColumnType<number | null, number | null | undefined, number | null>;
  referral_flag: ColumnType<ReferralFlag | null, ReferralFlag | null | undefined, ReferralFlag | null>;
}

/** Why a referral link is flagged for the operator instead of paid (0025). */
export type ReferralFlag = 'self' | 'ip' | 'bank' | 'device';

/** A promotion's operator settings as JSON (0025; the rewards module's). */
export interface PromotionSettingsTable {
  name: 'attendance' | 'referral' | 'payback';
  value: unknown;
  updated_at: DefaultTimestamp;
}

/** One attendance check per member and site day (0025). */
export interface AttendanceChecksTable {
  member_id: number;
  day: ColumnType<string, string, string>;
  streak: number;
  points: number;
  transfer_id: number | null;
  created_at: DefaultTimestamp;
}

/** One referral settlement per referee and finished site day (0025). */
export interface ReferralPayoutsTable {
  referee_id: number;
  day: ColumnType<string, string, string>;
  recommender_id: number;
  stakes: number;
  rate: number;
  points: number;
  withheld: 'protected' | 'flagged' | 'disabled' | null;
  transfer_id: number | null;
  created_at: DefaultTimestamp;
}

/** One weekly payback per member and week (its Monday, site time; 0025). */
export interface PaybackPayoutsTable {
  member_id: number;
  week: ColumnType<string, string, string>;
  level: number;
  deposits: number;
  withdrawals: number;
  balance_end: number;
  stakes: number;
  loss: number;
  percent: number;
  points: number;
  withheld: 'protected' | 'flagged' | null;
  transfer_id: number | null;
  created_at: DefaultTimestamp;
}

/**
 * Every change of a member's deposit or loss limit (0015_player_protection): the limit in force for
 * (member, kind, period) at t is the latest row with effective_at <= t not cancelled; amount null = none.
 */
export interface PlayLimitsTable {
  id: Generated<number>;
  member_id: number;
  kind: 'deposit' | 'loss';
  period: 'day' | 'week' | 'month';
  amount: number | null;
  requested_at: Timestamp;
  effective_at: Timestamp;
  cancelled_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** A member's time-out or self-exclusion (0015): in force while `until` is null (permanent) or later than now. */
export interface MemberBreaksTable {
  id: Generated<number>;
  member_id: number;
  kind: 'time_out' | 'self_exclusion';
  period: string;
  started_at: Timestamp;
  until: Timestamp | null;
}

/** Outcome of a member sign-in attempt on a known id (0011): `password` wrong, `blocked` not active. */
export type MemberSignInOutcome = 'success' | 'password' | 'blocked';

/** Every sign-in attempt on a known member id (0011_member_sign_ins), newest read first by member. */
export interface MemberSignInsTable {
  id: Generated<number>;
  member_id: number;
  at: DefaultTimestamp;
  ip: string | null;
  user_agent: string | null;
  outcome: MemberSignInOutcome;
}

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  /** `game`: a launch token (docs/providers.md) of member `subject_id` for `provider`. */
  subject_kind: 'member' | 'operator' | 'game';
  subject_id: number;
  provider: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * A launch token's member session (migration 0017): the token is deleted with it (`on delete
   * cascade`); null once that session expired, and for tokens opened before the column.
   */
  opened_by: ColumnType<number | null, number | null | undefined, number | null>;
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
  /** The operator's sending this copy belongs to (0007_community); null for the system's notes. */
  send_id: ColumnType<number | null, number | null | undefined, number | null>;
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

// --- ledger (0002_ledger): immutable transfers and two-phase holds; see docs/ledger.md ---

/** Written once, never updated or deleted (a trigger refuses both). */
export interface TransfersTable {
  id: Generated<number>;
  debit_account_id: number;
  credit_account_id: number;
  amount: number;
  code: string;
  source: string;
  idempotency_key: string;
  request_hash: string;
  hold_id: number | null;
  debit_balance_after: number | null;
  credit_balance_after: number | null;
  meta: ColumnType<Record<string, unknown>, string | undefined, never>;
  created_at: DefaultTimestamp;
}

export type HoldState = 'pending' | 'posted' | 'voided';

export interface HoldsTable {
  id: Generated<number>;
  account_id: number;
  amount: number;
  state: ColumnType<HoldState, HoldState | undefined, HoldState>;
  pending_transfer_id: number;
  resolving_transfer_id: number | null;
  created_at: DefaultTimestamp;
  resolved_at: Timestamp | null;
}

// --- cashier and back office (0003_cashier): operators, requests, audit log, idempotency ---

export type OperatorRole = 'owner' | 'cashier' | 'support' | 'content' | 'partner';

export interface OperatorsTable {
  id: Generated<number>;
  operator_id: string;
  password_hash: string;
  role: OperatorRole;
  totp_secret: string | null;
  totp_last_step: number | null;
  is_active: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: DefaultTimestamp;
  last_login_at: Timestamp | null;
  /** 0014: a TOTP secret being enrolled, until confirmed with a code. */
  totp_pending_secret: ColumnType<string | null, string | null | undefined, string | null>;
  /** 0014: the operator must change its password before anything but its own account answers. */
  must_change_password: ColumnType<boolean, boolean | undefined, boolean>;
}

/** wait (new), reg (taken by an operator), already (complete), cansel (cancelled or rejected). */
export type CashierRequestState = 'wait' | 'reg' | 'already' | 'cansel';

export interface DepositRequestsTable {
  id: Generated<number>;
  member_id: number;
  amount: number;
  depositor: string;
  state: ColumnType<CashierRequestState, CashierRequestState | undefined, CashierRequestState>;
  reason: string | null;
  is_hidden: ColumnType<boolean, boolean | undefined, boolean>;
  handled_by: number | null;
  transfer_id: number | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  processed_at: Timestamp | null;
}

export interface WithdrawRequestsTable {
  id: Generated<number>;
  member_id: number;
  amount: number;
  bankname: string;
  bank_owner: string;
  banknum: string;
  state: ColumnType<CashierRequestState, CashierRequestState | undefined, CashierRequestState>;
  reason: string | null;
  hold_id: number | null;
  is_hidden: ColumnType<boolean, boolean | undefined, boolean>;
  handled_by: number | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  processed_at: Timestamp | null;
  /** The first of two approvals of a withdrawal at or above the second-approval amount (0012). */
  first_approved_by: ColumnType<number | null, number | null | undefined, number | null>;
  first_approved_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** A deposit bonus's life (0024): chosen, paid and in play, played through, given up, refused, void. */
export type DepositBonusState = 'pending' | 'active' | 'met' | 'cancelled' | 'refused' | 'void';

/** The bonus a member chose with a deposit request, paid on approval (0024, docs/cashier.md). */
export interface DepositBonusesTable {
  id: Generated<number>;
  member_id: number;
  deposit_id: number;
  kind: 'first' | 'every' | 'event';
  event_id: number | null;
  option_id: string;
  level: number;
  percent: number;
  cap: number;
  rollover: number;
  state: ColumnType<DepositBonusState, DepositBonusState | undefined, DepositBonusState>;
  deposit_amount: Defaulted<number>;
  bonus: Defaulted<number>;
  required: Defaulted<number>;
  returned: Defaulted<number>;
  transfer_id: ColumnType<number | null, number | null | undefined, number | null>;
  since: ColumnType<Date | null, Date | null | undefined, Date | null>;
  ended_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: DefaultTimestamp;
}

/** An operator's deposit event (0024): a window, the levels it covers and its own bonus terms. */
export interface DepositEventsTable {
  id: Generated<number>;
  name: string;
  starts_at: Timestamp;
  ends_at: Timestamp;
  levels: number[];
  percent: number;
  cap: number;
  rollover: number;
  enabled: Defaulted<boolean>;
  ended_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_by: string;
  created_at: DefaultTimestamp;
}

/** Append-only: a trigger refuses UPDATE, DELETE and TRUNCATE. */
export interface AuditLogTable {
  id: Generated<number>;
  operator_id: number | null;
  actor: string;
  action: string;
  target: string;
  before: ColumnType<unknown, string | null | undefined, never>;
  after: ColumnType<unknown, string | null | undefined, never>;
  ip: string | null;
  created_at: DefaultTimestamp;
}

export interface IdempotencyResponsesTable {
  id: Generated<number>;
  operator_id: number;
  key: string;
  request_hash: string;
  status_code: number | null;
  response: ColumnType<unknown, string | null | undefined, string | null>;
  created_at: DefaultTimestamp;
}

/** A periodic job's lease and its last runs (migration 0020, written by lib/jobs.ts). */
export interface JobLeasesTable {
  name: string;
  holder: string | null;
  lease_until: Timestamp | null;
  next_run_at: DefaultTimestamp;
  last_holder: string | null;
  last_started_at: Timestamp | null;
  last_finished_at: Timestamp | null;
  last_success_at: Timestamp | null;
  last_error: string | null;
  last_error_at: Timestamp | null;
  runs: ColumnType<number, number | undefined, number>;
  failures: ColumnType<number, number | undefined, number>;
}

/**
 * The database as Kysely sees it. Later migrations add their tables to this interface in the
 * section of the module that owns them.
 */
export interface DB {
  settings: SettingsTable;
  reg_codes: RegCodesTable;
  members: MembersTable;
  member_sign_ins: MemberSignInsTable;
  play_limits: PlayLimitsTable;
  member_breaks: MemberBreaksTable;
  sessions: SessionsTable;
  rate_limits: RateLimitsTable;
  accounts: AccountsTable;
  notes: NotesTable;
  helps: HelpsTable;
  transfers: TransfersTable;
  holds: HoldsTable;
  operators: OperatorsTable;
  deposit_requests: DepositRequestsTable;
  withdraw_requests: WithdrawRequestsTable;
  deposit_bonuses: DepositBonusesTable;
  deposit_events: DepositEventsTable;
  audit_log: AuditLogTable;
  idempotency_responses: IdempotencyResponsesTable;
  providers: ProvidersTable;
  games: GamesTable;
  rounds: RoundsTable;
  wallet_calls: WalletCallsTable;
  member_day_stakes: MemberDayStakesTable;
  partner_rates_epoch: PartnerRatesEpochTable;
  partners: PartnersTable;
  partner_rate_history: PartnerRateHistoryTable;
  partner_settlements: PartnerSettlementsTable;
  partner_settled_days: PartnerSettledDaysTable;
  member_day_late: MemberDayLateTable;
  partner_late_seen: PartnerLateSeenTable;
  partner_payouts: PartnerPayoutsTable;
  transfer_wallets: TransferWalletsTable;
  game_transfers: GameTransfersTable;
  jackpot_tiers: JackpotTiersTable;
  jackpot_shards: JackpotShardsTable;
  jackpot_hits: JackpotHitsTable;
  legal_documents: LegalDocumentsTable;
  legal_acceptances: LegalAcceptancesTable;
  notices: NoticesTable;
  popups: PopupsTable;
  note_sends: NoteSendsTable;
  media: MediaTable;
  banners: BannersTable;
  promotion_settings: PromotionSettingsTable;
  attendance_checks: AttendanceChecksTable;
  referral_payouts: ReferralPayoutsTable;
  payback_payouts: PaybackPayoutsTable;
  job_leases: JobLeasesTable;
  sites: SitesTable;
  site_domains: SiteDomainsTable;
  blacklist_entries: BlacklistEntriesTable;
  blacklist_hits: BlacklistHitsTable;
  member_signals: MemberSignalsTable;
  fraud_settings: FraudSettingsTable;
  fraud_flags: FraudFlagsTable;
  fraud_watch: FraudWatchTable;
  fraud_round_bets: FraudRoundBetsTable;
}

export type ProviderKind = 'casino' | 'slot' | 'sport' | 'mini';
export type WalletMode = 'seamless' | 'transfer';
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export interface ProvidersTable {
  code: string;
  kind: ProviderKind;
  name: string;
  name_ko: string | null;
  wallet: WalletMode;
  launch_url: string;
  secret_enc: string;
  img_url: Defaulted<string>;
  enabled: Defaulted<boolean>;
  maint_from: string | null;
  maint_to: string | null;
  sort_order: Defaulted<number>;
  /** A transfer-wallet provider's server API; null for seamless providers. */
  api_url: string | null;
  /** Whether the provider's bets fund (and may win) the jackpots. */
  jackpot: Defaulted<boolean>;
  /** The operator's maximum per wallet call (won), 1..1,000,000,000,000 (0016). */
  max_amount: Defaulted<number>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface GamesTable {
  provider: string;
  code: string;
  name_ko: string;
  name_en: string;
  img_url: Defaulted<string>;
  enabled: Defaulted<boolean>;
  sort_order: Defaulted<number>;
  created_at: DefaultTimestamp;
}

export interface RoundsTable {
  id: Generated<number>;
  provider: string;
  round_id: string;
  member_id: number;
  game_code: string;
  bet: Defaulted<number>;
  win: Defaulted<number>;
  rolled_back: Defaulted<number>;
  closed: Defaulted<boolean>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export type WalletAction = 'bet' | 'win' | 'rollback' | 'mark';

export interface WalletCallsTable {
  provider: string;
  transaction_id: string;
  action: WalletAction;
  request_hash: string;
  member_id: number;
  round_id: string;
  amount: Defaulted<number>;
  reference_id: string | null;
  outcome: string;
  rolled_back: Defaulted<boolean>;
  comp_points: Defaulted<number>;
  jackpot_share: Defaulted<number>;
  created_at: DefaultTimestamp;
  /** 0021: a counted bet's day row (`member_day_stakes`): the member's partner (0: none) and rates epoch. */
  stake_partner: ColumnType<number | null, number | null | undefined, number | null>;
  stake_epoch: ColumnType<number | null, number | null | undefined, number | null>;
}

/**
 * Daily stake aggregates (0021): per member, site day, game kind, partner when played (0: none) and
 * partners' rates epoch; kept by the wallet's bet, win and rollback. Read `day::text`, `sum()`.
 */
export interface MemberDayStakesTable {
  member_id: number;
  day: ColumnType<string, string, string>;
  kind: ProviderKind;
  partner_id: number;
  rates_epoch: number;
  stakes: Defaulted<number>;
  wins: Defaulted<number>;
}

/** A partner (0022): an operator of role `partner` with its place in the tree and its rates. */
export interface PartnersTable {
  id: number;
  parent_id: number | null;
  name: string;
  /** The ids from the top of the tree down to this partner. */
  path: number[];
  depth: number;
  casino: number;
  slot: number;
  mini: number;
  losing: number;
  enabled: Defaulted<boolean>;
  created_at: DefaultTimestamp;
}

/** A partner's rates from an epoch of `partner_rates_epoch` on (0022). */
export interface PartnerRateHistoryTable {
  partner_id: number;
  epoch: number;
  casino: number;
  slot: number;
  mini: number;
  losing: number;
  created_at: DefaultTimestamp;
}

/** A settled period of a partner (0022). */
export interface PartnerSettlementsTable {
  id: Generated<number>;
  partner_id: number;
  from_day: ColumnType<string, string, string>;
  to_day: ColumnType<string, string, string>;
  rolling: number;
  losing: number;
  total: number;
  carried_in: number;
  paid: number;
  carried_out: number;
  transfer_id: number | null;
  operator_id: number;
  created_at: DefaultTimestamp;
  /** 0027: the total as counted so far (the paid figure, then corrected by later rollbacks). */
  counted: number;
  /** 0027: what this settlement carried in from rollbacks on days settled before it. */
  adjustment: Generated<number>;
}

/** A rollback after its bet's day (0027): the day row it changed, for the partners' settlements. */
export interface MemberDayLateTable {
  id: Generated<number>;
  member_id: number;
  day: ColumnType<string, string, string>;
  kind: string;
  partner_id: number;
  rates_epoch: number;
  stakes: number;
  created_at: DefaultTimestamp;
}

/** A late rollback a partner's settlement took into account (0027): taken once. */
export interface PartnerLateSeenTable {
  partner_id: number;
  late_id: number;
  settlement_id: number;
}

/** One settled day of a partner (0022): settled once. */
export interface PartnerSettledDaysTable {
  partner_id: number;
  day: ColumnType<string, string, string>;
  settlement_id: number;
}

/** A partner's payout request (0022), held until an owner decides. */
export interface PartnerPayoutsTable {
  id: Generated<number>;
  partner_id: number;
  amount: number;
  state: ColumnType<'wait' | 'approved' | 'rejected', 'wait' | 'approved' | 'rejected' | undefined>;
  reason: string | null;
  hold_transfer_id: number | null;
  decided_by: number | null;
  created_at: DefaultTimestamp;
  decided_at: Timestamp | null;
}

/** The one row of the partners' rates version (0021), bumped by every rate change. */
export interface PartnerRatesEpochTable {
  one: Defaulted<boolean>;
  epoch: number;
}

export interface TransferWalletsTable {
  member_id: number;
  provider: string;
  principal: Defaulted<number>;
  last_balance: number | null;
  checked_at: Date | null;
}

export type GameTransferDirection = 'in' | 'out';
export type GameTransferState = 'pending' | 'done' | 'failed';

export interface GameTransfersTable {
  id: Generated<number>;
  member_id: number;
  provider: string;
  direction: GameTransferDirection;
  amount: number | null;
  state: Defaulted<GameTransferState>;
  hold_id: number | null;
  attempts: Defaulted<number>;
  next_check_at: Date;
  last_error: string | null;
  created_at: DefaultTimestamp;
  settled_at: Date | null;
}

export type JackpotTier = 'MEGA' | 'MAJOR' | 'MINOR';

export interface JackpotTiersTable {
  tier: JackpotTier;
  seed: number;
  ceiling: number;
  share_bp: number;
  one_in_won: number;
  generation: Defaulted<number>;
  updated_at: DefaultTimestamp;
}

export interface JackpotShardsTable {
  tier: JackpotTier;
  shard: number;
  amount: Defaulted<number>;
}

export interface JackpotHitsTable {
  id: Generated<number>;
  tier: JackpotTier;
  member_id: number;
  provider: string;
  round_id: string;
  transaction_id: string;
  amount: number;
  created_at: DefaultTimestamp;
}

// --- community (0007_community): site content and the notes operators send ---

/** A notice; `contents` is operator HTML, sanitized when stored. */
export interface NoticesTable {
  id: Generated<number>;
  title: string;
  contents: string;
  domain: ColumnType<string, string | undefined, string>;
  is_active: ColumnType<boolean, boolean | undefined, boolean>;
  created_by: string | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  deleted_at: Timestamp | null;
}

/** A site popup; `contents` is operator HTML, sanitized when stored. */
export interface PopupsTable {
  id: Generated<number>;
  title: string;
  title_color: string;
  contents: string;
  domain: ColumnType<string, string | undefined, string>;
  pos_x: ColumnType<number, number | undefined, number>;
  pos_y: ColumnType<number, number | undefined, number>;
  is_active: ColumnType<boolean, boolean | undefined, boolean>;
  sort_order: ColumnType<number, number | undefined, number>;
  created_by: string | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  deleted_at: Timestamp | null;
}

/** One note an operator sent: to one member, or (member_id null) to every member existing then. */
export interface NoteSendsTable {
  id: Generated<number>;
  member_id: number | null;
  title: string;
  contents: string;
  recipients: ColumnType<number, number | undefined, number>;
  created_by: string;
  created_at: DefaultTimestamp;
}

// --- legal (0009_legal): versioned terms and privacy policy ---

/** One locale's text of one version; immutable once published (a trigger refuses edits). */
export interface LegalDocumentsTable {
  kind: 'terms' | 'privacy';
  version: number;
  locale: 'ko' | 'en' | 'jp' | 'vn' | 'cn';
  title: string;
  /** Sanitized operator HTML. */
  body: string;
  published_at: DefaultTimestamp;
  created_by: string | null;
}

/**
 * A member's acceptance of one version of a legal document (0018_legal_acceptances): at
 * registration, or of a newer version later (`accept-terms`). Append-only.
 */
export interface LegalAcceptancesTable {
  id: Generated<number>;
  member_id: number;
  kind: 'terms' | 'privacy';
  version: number;
  accepted_at: DefaultTimestamp;
  ip: string | null;
  user_agent: string | null;
  context: 'registration' | 'update';
}

// --- media (0008_media): uploaded images and the home banners ---

export type MediaContentType = 'image/png' | 'image/jpeg' | 'image/webp' | 'image/avif' | 'image/gif';

/** An uploaded image, named in the media store by `key` (a content hash). Never changed. */
export interface MediaTable {
  id: Generated<number>;
  key: string;
  content_type: MediaContentType;
  width: number;
  height: number;
  byte_size: number;
  animated: ColumnType<boolean, boolean | undefined, never>;
  storage: 'fs' | 's3';
  created_by: number | null;
  created_at: DefaultTimestamp;
}

/** A home banner: an uploaded image (`media_id`) or another picture's URL (`img_url`), exactly one. */
export interface BannersTable {
  id: Generated<number>;
  title: string;
  media_id: number | null;
  img_url: string | null;
  link: string | null;
  sort_order: ColumnType<number, number | undefined, number>;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  domain: ColumnType<string, string | undefined, string>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  deleted_at: Timestamp | null;
}

/**
 * A site (0023_sites; docs/api/backoffice-sites.md): its name, look, default partner (an operator
 * id) and registration code. Written only by `modules/settings/sites.repository.ts`.
 */
export interface SitesTable {
  id: Generated<number>;
  name: string;
  partner_id: string | null;
  reg_code: string | null;
  theme_primary: string | null;
  logo_url: string | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

/** The hosts of each site (0023_sites): a host belongs to one site at most. */
export interface SiteDomainsTable {
  host: string;
  site_id: number;
  position: number;
}

export type BlacklistKind = 'ip' | 'phone' | 'bank' | 'device';
export type BlacklistContext = 'register' | 'sign_in' | 'deposit' | 'withdraw';

/**
 * One blacklisted address, range, phone or bank account (0026_blacklist; docs/api/backoffice-blacklist.md):
 * `value` normalized, `network` the `inet` of an `ip` entry. Written only by
 * `modules/blacklist/blacklist.repository.ts`.
 */
export interface BlacklistEntriesTable {
  id: Generated<number>;
  kind: BlacklistKind;
  value: string;
  network: string | null;
  reason: string;
  created_by: string;
  created_at: DefaultTimestamp;
}

/** A request the blacklist refused (0026_blacklist), for the operator. */
export interface BlacklistHitsTable {
  id: Generated<number>;
  kind: BlacklistKind;
  value: string;
  entry_id: number | null;
  context: BlacklistContext;
  member_id: number | null;
  user_id: string | null;
  ip: string | null;
  at: DefaultTimestamp;
}

/** What a member's request told (0030_fraud_signals; docs/security.md "Abuse signals"). */
export type SignalKind = 'ip' | 'range' | 'device' | 'browser' | 'phone' | 'bank' | 'depositor';
export type FraudAction = 'allow' | 'flag' | 'refuse';
export type FraudFlagKind = 'linked_register' | 'linked_sign_in' | 'opposite_bet' | 'bonus_hunt';

/** One signal of one member with when it was first and last seen. Written only by `modules/fraud/fraud.repository.ts`. */
export interface MemberSignalsTable {
  member_id: number;
  kind: SignalKind;
  value: string;
  first_seen: Timestamp;
  last_seen: Timestamp;
  seen: ColumnType<number, number | undefined, number>;
}

/** The operator's abuse settings, one row (0030_fraud_signals). */
export interface FraudSettingsTable {
  id: number;
  register_action: ColumnType<FraudAction, FraudAction | undefined, FraudAction>;
  sign_in_action: ColumnType<FraudAction, FraudAction | undefined, FraudAction>;
  link_threshold: ColumnType<number, number | undefined, number>;
  ip_links: ColumnType<boolean, boolean | undefined, boolean>;
  ip_link_days: ColumnType<number, number | undefined, number>;
  skip_flagged_promotions: ColumnType<boolean, boolean | undefined, boolean>;
  refuse_opposite_bets: ColumnType<boolean, boolean | undefined, boolean>;
  updated_by: string | null;
  updated_at: DefaultTimestamp;
}

/** A review entry (0030_fraud_signals): a linked registration or sign-in, an opposite bet, a bonus hunt. */
export interface FraudFlagsTable {
  id: Generated<number>;
  kind: FraudFlagKind;
  member_id: number | null;
  action: 'flag' | 'refuse';
  details: ColumnType<unknown, string, string>;
  state: ColumnType<'open' | 'closed', 'open' | 'closed' | undefined, 'open' | 'closed'>;
  note: string | null;
  at: Timestamp;
  /** Added once per member and kind while open (0032_fraud_flags_open_once). */
  once: Generated<boolean>;
}

/** A member the operator watches for opposite betting (0030_fraud_signals). */
export interface FraudWatchTable {
  member_id: number;
  reason: string;
  added_by: string;
  added_at: DefaultTimestamp;
}

/** A member's stake on one spot of a shared round (0030_fraud_signals), kept a day. */
export interface FraudRoundBetsTable {
  provider: string;
  round_key: string;
  /** The bet's `userId`, lower-cased (the member, without a lookup on the bet's path). */
  user_id: string;
  spot: string;
  round_id: string;
  at: Timestamp;
}
