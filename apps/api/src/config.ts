import { resolve } from 'node:path';
import type { TLogFormat } from './lib/logger.ts';
import { parseSecretsKey, SecretsKeyError } from './lib/secrets.ts';
import { siteInfoFromEnv, SiteInfoError } from './lib/site-info.ts';
import type { TSiteInfo } from '@casino/contracts/site-info';
import { parseCidr } from '@casino/contracts/backoffice-operators';
import { DEFAULT_SITE_TIME_ZONE, isTimeZone } from '@casino/contracts/site-time';

export interface Config {
  /** The operator's details the portal's footer shows (SITE_NAME, OPERATOR_*, SUPPORT_EMAIL). */
  site: TSiteInfo;
  /**
   * SITE_TIME_ZONE: the IANA time zone of every day, week and month boundary (reports, the
   * dashboard, filters and history days, lock and maintenance windows) and of the dates the web
   * apps show; default Asia/Seoul. Set at deploy time only (decision 0020).
   */
  siteTimeZone: string;
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  redisUrl: string | undefined;
  bootstrapAdminId: string;
  bootstrapAdminPassword: string | undefined;
  trustProxy: boolean;
  allowedOrigins: string[];
  /** BACKOFFICE_IP_ALLOWLIST: CIDR ranges every back-office request must come from (empty: no floor). */
  backofficeIpAllowlist: string[];
  logLevel: string;
  /** LOG_FORMAT: `json` or `pretty`; unset, readable lines on a terminal and JSON elsewhere (lib/logger.ts). */
  logFormat: TLogFormat | undefined;
  isProduction: boolean;
  /** Seed demo content (registration code, demo member, ...) into a fresh database. */
  seedDemo: boolean;
  portalDist: string | undefined;
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  signInMaxFailuresPerId: number;
  signInFailureWindowMs: number;
  signInMaxAttemptsPerIp: number;
  signInAttemptWindowMs: number;
  registerMaxPerIp: number;
  registerWindowMs: number;
  checkMaxPerIp: number;
  checkWindowMs: number;
  /** guest-write-help (the login page's inquiry): posts per IP and per phone number per window. */
  guestHelpMaxPerIp: number;
  guestHelpMaxPerPhone: number;
  guestHelpWindowMs: number;
  /**
   * The key that encrypts provider secrets (SECRETS_KEY). Required with DATABASE_URL; on the
   * embedded database `main.ts` makes one in DATA_DIR when it is not set.
   */
  secretsKey: Buffer | undefined;
  /** How long a transfer-wallet provider has to answer before the move counts as unknown. */
  transferTimeoutMs: number;
  /** How often the reconciler settles moves whose answer never came (0: never); a periodic job. */
  transferReconcileMs: number;
  /** How long a periodic job's lease holds without renewal (JOB_LEASE_MS; lib/jobs.ts). */
  jobLeaseMs: number;
  /** How often each instance asks whether a periodic job is due (JOB_CHECK_MS). */
  jobCheckMs: number;
  /**
   * After SIGTERM, how long the instance keeps answering (each answer closing its connection)
   * before it stops taking connections and finishes (SHUTDOWN_GRACE_MS).
   */
  shutdownGraceMs: number;
  /** Connections each instance opens to PostgreSQL at most (DB_POOL_SIZE). */
  dbPoolSize: number;
  /**
   * The wallet's group commit (decision 0029): calls in one batch at most (WALLET_BATCH_MAX, default
   * 64, at most 64; 1 turns it off: every call its own statement) and batches at once
   * (WALLET_BATCH_IN_FLIGHT, default 4).
   */
  walletBatchMax: number;
  walletBatchInFlight: number;
  /** METRICS_TOKEN: the bearer token `GET /metrics` asks for; unset, there is no /metrics (404). */
  metricsToken: string | undefined;
  /** Mount the house studio (decision 0012) and register its providers on a fresh database. */
  studioEnabled: boolean;
  /** Where the studio reaches the platform's wallet (default this server on 127.0.0.1). */
  studioPlatformUrl: string;
  /**
   * Studio provider secrets an operator rotated in the back office (STUDIO_SECRET_<CODE>, e.g.
   * STUDIO_SECRET_HOUSE_LIVE for `house-live`); unset ones are derived from the secrets key.
   */
  studioSecrets: Record<string, string>;
  /** The built game client of the studio (STUDIO_DIST; default apps/studio/dist when built). */
  studioDist: string | undefined;
  /** The built back-office console (BACKOFFICE_DIST; default apps/backoffice/dist when built). */
  backofficeDist: string | undefined;
  /**
   * Where uploaded images and their resized variants live: files under DATA_DIR/media, or an
   * S3-compatible bucket when S3_BUCKET is set (docs/operations.md, "Images").
   */
  mediaStore: MediaStoreConfig;
  /** How many bytes of encoded image variants each instance keeps in memory (MEDIA_MEMORY_CACHE_MB). */
  mediaMemoryCacheBytes: number;
  /** Uploads decoded at once per instance (MEDIA_UPLOAD_CONCURRENCY, at least 1). */
  mediaUploadConcurrency: number;
  /** Uploads waiting for their turn beyond those; more are refused 429 (MEDIA_UPLOAD_QUEUE). */
  mediaUploadQueue: number;
}

export type MediaStoreConfig =
  | { kind: 'fs'; dir: string }
  | {
      kind: 's3';
      bucket: string;
      /** The service's base URL (S3_ENDPOINT; default AWS's `https://s3.<region>.amazonaws.com`). */
      endpoint: string;
      region: string;
      accessKeyId: string;
      secretAccessKey: string;
      /** `<endpoint>/<bucket>/<key>` instead of `<bucket>.<endpoint host>/<key>` (MinIO and most others). */
      forcePathStyle: boolean;
    };

/** S3_* variables: a bucket when S3_BUCKET is set, else files under `<dataDir>/media`. */
function mediaStore(env: NodeJS.ProcessEnv, dataDir: string): MediaStoreConfig {
  const bucket = env.S3_BUCKET;
  if (!bucket) return { kind: 'fs', dir: resolve(dataDir, 'media') };
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
    throw new ConfigError(`S3_BUCKET must be a bucket name (3..63 of a-z, 0-9, '.', '-'), got "${bucket}"`);
  const accessKeyId = env.S3_ACCESS_KEY_ID;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY;
  if (!accessKeyId || !secretAccessKey)
    throw new ConfigError('S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  const region = env.S3_REGION || 'us-east-1';
  if (!/^[a-z0-9-]{1,32}$/.test(region))
    throw new ConfigError(`S3_REGION must be a region name, got "${region}"`);
  return {
    kind: 's3',
    bucket,
    endpoint: httpUrl(env, 'S3_ENDPOINT', `https://s3.${region}.amazonaws.com`),
    region,
    accessKeyId,
    secretAccessKey,
    forcePathStyle: bool(env, 'S3_FORCE_PATH_STYLE', false),
  };
}

export class ConfigError extends Error {}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 0)
    throw new ConfigError(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
}

/** A count that must be at least 1 (0 would stop the work it counts for good). */
function atLeastOne(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = int(env, name, fallback);
  if (value < 1) throw new ConfigError(`${name} must be at least 1, got "${env[name]}"`);
  return value;
}

function bool(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (/^(1|true|yes|on)$/i.test(raw)) return true;
  if (/^(0|false|no|off)$/i.test(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

/** `STUDIO_SECRET_<CODE>` variables by provider code (`HOUSE_LIVE` names `house-live`). */
function studioSecrets(env: NodeJS.ProcessEnv): Record<string, string> {
  const secrets: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    const match = /^STUDIO_SECRET_([A-Z0-9_]+)$/.exec(name);
    if (!match || !value) continue;
    if (!/^[\x21-\x7e]{32,128}$/.test(value))
      throw new ConfigError(
        `${name} must be 32..128 printable characters, like the secret given in the back office`,
      );
    secrets[match[1]!.toLowerCase().replace(/_/g, '-')] = value;
  }
  return secrets;
}

function logFormat(env: NodeJS.ProcessEnv): TLogFormat | undefined {
  const raw = env.LOG_FORMAT;
  if (raw === undefined || raw === '') return undefined;
  const format = raw.toLowerCase();
  if (format !== 'json' && format !== 'pretty')
    throw new ConfigError(`LOG_FORMAT must be json or pretty, got "${raw}"`);
  return format;
}

/** SITE_TIME_ZONE: an IANA name the runtime knows (`Asia/Seoul`, `America/New_York`, `UTC`). */
function siteTimeZone(env: NodeJS.ProcessEnv): string {
  const raw = env.SITE_TIME_ZONE?.trim();
  if (!raw) return DEFAULT_SITE_TIME_ZONE;
  if (!isTimeZone(raw))
    throw new ConfigError(
      `SITE_TIME_ZONE must be an IANA time zone name such as Asia/Seoul or America/New_York, got "${raw}"`,
    );
  return raw;
}

/** METRICS_TOKEN: long enough that guessing it is hopeless (16 characters at least), else no start. */
function metricsToken(env: NodeJS.ProcessEnv): string | undefined {
  const token = env.METRICS_TOKEN;
  if (!token) return undefined;
  if (token.length < 16 || !/^[\x21-\x7e]+$/.test(token))
    throw new ConfigError('METRICS_TOKEN must be 16 or more printable characters without spaces');
  return token;
}

function httpUrl(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be an http(s) URL, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ConfigError(`${name} must be an http(s) URL, got "${raw}"`);
  return raw.replace(/\/+$/, '');
}

/** Reads the whole configuration from the environment; every variable is documented in README.md. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const databaseUrl = env.DATABASE_URL || undefined;
  const isProduction = env.NODE_ENV === 'production';
  const allowedOrigins = (env.ALLOWED_ORIGINS ?? '')
    .split(',')
    .map((o) => o.trim().replace(/\/+$/, '').toLowerCase())
    .filter(Boolean);
  for (const origin of allowedOrigins) {
    if (!/^https?:\/\/[^/\s]+$/.test(origin))
      throw new ConfigError(`ALLOWED_ORIGINS entry "${origin}" is not an origin`);
  }
  const backofficeIpAllowlist = (env.BACKOFFICE_IP_ALLOWLIST ?? '')
    .split(',')
    .map((r) => r.trim().toLowerCase())
    .filter(Boolean);
  for (const range of backofficeIpAllowlist) {
    if (!parseCidr(range))
      throw new ConfigError(`BACKOFFICE_IP_ALLOWLIST entry "${range}" is not an address or CIDR range`);
  }
  let secretsKey: Buffer | undefined;
  if (env.SECRETS_KEY) {
    try {
      secretsKey = parseSecretsKey(env.SECRETS_KEY);
    } catch (error) {
      if (error instanceof SecretsKeyError) throw new ConfigError(error.message);
      throw error;
    }
  }
  let site: TSiteInfo;
  try {
    site = siteInfoFromEnv(env);
  } catch (error) {
    if (error instanceof SiteInfoError) throw new ConfigError(error.message);
    throw error;
  }
  const port = int(env, 'PORT', 3000);
  const dataDir = resolve(env.DATA_DIR || './data');
  return {
    site,
    siteTimeZone: siteTimeZone(env),
    secretsKey,
    port,
    host: env.HOST || '0.0.0.0',
    databaseUrl,
    dataDir,
    redisUrl: env.REDIS_URL || undefined,
    bootstrapAdminId: env.BOOTSTRAP_ADMIN_ID || 'admin',
    bootstrapAdminPassword: env.BOOTSTRAP_ADMIN_PASSWORD || undefined,
    trustProxy: bool(env, 'TRUST_PROXY', false),
    allowedOrigins,
    backofficeIpAllowlist,
    logLevel: env.LOG_LEVEL || 'info',
    logFormat: logFormat(env),
    isProduction,
    seedDemo: bool(env, 'SEED_DEMO', !databaseUrl),
    // Relative to the working directory, like DATA_DIR.
    portalDist: env.PORTAL_DIST ? resolve(env.PORTAL_DIST) : undefined,
    sessionIdleMs: int(env, 'SESSION_IDLE_MS', 30 * 60_000),
    sessionAbsoluteMs: int(env, 'SESSION_ABSOLUTE_MS', 12 * 3_600_000),
    signInMaxFailuresPerId: int(env, 'SIGNIN_MAX_FAILURES_PER_ID', 10),
    signInFailureWindowMs: int(env, 'SIGNIN_FAILURE_WINDOW_MS', 15 * 60_000),
    signInMaxAttemptsPerIp: int(env, 'SIGNIN_MAX_ATTEMPTS_PER_IP', 30),
    signInAttemptWindowMs: int(env, 'SIGNIN_ATTEMPT_WINDOW_MS', 60_000),
    registerMaxPerIp: int(env, 'REGISTER_MAX_PER_IP', 10),
    registerWindowMs: int(env, 'REGISTER_WINDOW_MS', 60 * 60_000),
    checkMaxPerIp: int(env, 'CHECK_MAX_PER_IP', 60),
    checkWindowMs: int(env, 'CHECK_WINDOW_MS', 60_000),
    guestHelpMaxPerIp: int(env, 'GUEST_HELP_MAX_PER_IP', 5),
    guestHelpMaxPerPhone: int(env, 'GUEST_HELP_MAX_PER_PHONE', 3),
    guestHelpWindowMs: int(env, 'GUEST_HELP_WINDOW_MS', 60 * 60_000),
    transferTimeoutMs: Math.max(1, int(env, 'TRANSFER_TIMEOUT_MS', 5_000)),
    transferReconcileMs: int(env, 'TRANSFER_RECONCILE_MS', 15_000),
    jobLeaseMs: Math.max(100, int(env, 'JOB_LEASE_MS', 30_000)),
    jobCheckMs: Math.max(10, int(env, 'JOB_CHECK_MS', 5_000)),
    shutdownGraceMs: int(env, 'SHUTDOWN_GRACE_MS', 1_000),
    dbPoolSize: Math.max(1, int(env, 'DB_POOL_SIZE', 20)),
    walletBatchMax: Math.min(64, Math.max(1, int(env, 'WALLET_BATCH_MAX', 64))),
    walletBatchInFlight: Math.max(1, int(env, 'WALLET_BATCH_IN_FLIGHT', 4)),
    metricsToken: metricsToken(env),
    studioEnabled: bool(env, 'STUDIO_ENABLED', true),
    studioPlatformUrl: httpUrl(env, 'STUDIO_PLATFORM_URL', `http://127.0.0.1:${port}`),
    studioSecrets: studioSecrets(env),
    studioDist: env.STUDIO_DIST ? resolve(env.STUDIO_DIST) : undefined,
    backofficeDist: env.BACKOFFICE_DIST ? resolve(env.BACKOFFICE_DIST) : undefined,
    mediaStore: mediaStore(env, dataDir),
    mediaMemoryCacheBytes: int(env, 'MEDIA_MEMORY_CACHE_MB', 64) * 1024 * 1024,
    mediaUploadConcurrency: atLeastOne(env, 'MEDIA_UPLOAD_CONCURRENCY', 1),
    mediaUploadQueue: int(env, 'MEDIA_UPLOAD_QUEUE', 8),
  };
}
