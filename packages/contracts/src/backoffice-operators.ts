import { z } from 'zod';
import { ZOperatorLoginRequest, ZOperatorLoginResponse } from './auth.ts';
import { backofficeRoute } from './backoffice-route.ts';
import { ZOperatorRole, ZStaffRole } from './backoffice.ts';
import { withCode } from './errors.ts';
import { ZCount, ZId, ZIsoDate } from './fields.ts';
import { statusOnly, ZSuccess } from './status.ts';

// --- the back office's session, settings, operators and audit routes ---
// (docs/api/backoffice.md, docs/api/backoffice-operators.md)

/** `POST /api/backoffice/logout`: always `success` (a missing or stale cookie is already signed out). */
export const ZBackofficeLogoutResponse = ZSuccess;

export type TBackofficeLogoutResponse = z.infer<typeof ZBackofficeLogoutResponse>;

/** `GET /api/backoffice/me`: the signed-in operator and the permissions of its role. */
export const ZBackofficeMeResponse = z.object({
  status: z.literal('success'),
  operator: z.object({
    operatorId: z.string(),
    role: ZOperatorRole,
    permissions: z.array(z.string()),
    /** Set by an owner (new operator, password reset): only My account works until it is changed. */
    mustChangePassword: z.boolean().optional(),
  }),
});

export type TBackofficeMeResponse = z.infer<typeof ZBackofficeMeResponse>;

/** `GET /api/backoffice/sessions`: the signed-in operator's own live sessions, newest first. */
export const ZBackofficeSessionsResponse = z.object({
  status: z.literal('success'),
  list: z.array(
    z.object({
      id: ZId,
      current: z.boolean(),
      ip: z.string().nullable(),
      userAgent: z.string().nullable(),
      regDate: ZIsoDate,
      lastSeenDate: ZIsoDate,
    }),
  ),
});

export type TBackofficeSessionsResponse = z.infer<typeof ZBackofficeSessionsResponse>;

/** `POST /api/backoffice/sessions/revoke-others`: how many other sessions ended. */
export const ZBackofficeRevokeOthersResponse = z.object({ status: z.literal('success'), revoked: ZCount });

export type TBackofficeRevokeOthersResponse = z.infer<typeof ZBackofficeRevokeOthersResponse>;

// Operator accounts and the back office's own security (docs/api/backoffice-operators.md): the
// operator's own account (TOTP enrolment, password), the owners' operator management and the
// back office's IP allow-list. No I/O: the server and the console share these.

/** A business answer of the back office's own (docs/api/backoffice.md), one literal and no other field. */
function only<S extends string>(status: S) {
  return z.object({ status: z.literal(status) });
}

// --- IP addresses and CIDR ranges (IPv4 and IPv6) ---

/** An address as bytes: 4 for IPv4, 16 for IPv6. */
export interface TIpBytes {
  version: 4 | 6;
  bytes: number[];
}

function parseIpv4(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  const bytes: number[] = [];
  for (const part of parts) {
    if (!/^(0|[1-9]\d{0,2})$/.test(part)) return null;
    const value = Number(part);
    if (value > 255) return null;
    bytes.push(value);
  }
  return bytes;
}

function parseIpv6(text: string): number[] | null {
  if (text.length > 45 || !/^[0-9a-fA-F:.]+$/.test(text)) return null;
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const groupsOf = (part: string): number[] | null => {
    if (part === '') return [];
    const out: number[] = [];
    const pieces = part.split(':');
    for (let i = 0; i < pieces.length; i++) {
      const piece = pieces[i]!;
      if (i === pieces.length - 1 && piece.includes('.')) {
        const v4 = parseIpv4(piece);
        if (!v4) return null;
        out.push((v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!);
      } else {
        if (!/^[0-9a-fA-F]{1,4}$/.test(piece)) return null;
        out.push(parseInt(piece, 16));
      }
    }
    return out;
  };
  const head = groupsOf(halves[0]!);
  const tail = halves.length === 2 ? groupsOf(halves[1]!) : [];
  if (!head || !tail) return null;
  // An embedded IPv4 address may end only the whole address.
  if (halves.length === 2 && halves[0]!.includes('.')) return null;
  let groups: number[];
  if (halves.length === 2) {
    const missing = 8 - head.length - tail.length;
    if (missing < 1) return null;
    groups = [...head, ...Array<number>(missing).fill(0), ...tail];
  } else {
    groups = head;
  }
  if (groups.length !== 8) return null;
  return groups.flatMap((g) => [g >> 8, g & 0xff]);
}

/**
 * Parses an IPv4 or IPv6 address (no zone index). An IPv4-mapped IPv6 address (`::ffff:10.0.0.1`,
 * what a dual-stack socket reports for an IPv4 client) counts as the IPv4 address.
 */
export function parseIp(text: string): TIpBytes | null {
  const v4 = parseIpv4(text);
  if (v4) return { version: 4, bytes: v4 };
  const v6 = parseIpv6(text);
  if (!v6) return null;
  const mapped = v6.slice(0, 10).every((b) => b === 0) && v6[10] === 0xff && v6[11] === 0xff;
  return mapped ? { version: 4, bytes: v6.slice(12) } : { version: 6, bytes: v6 };
}

/** A CIDR range: the network's bytes and its prefix length. */
export interface TCidr extends TIpBytes {
  prefix: number;
}

/** Parses `address/prefix` or a bare address (a range of one); null when it is not one. */
export function parseCidr(text: string): TCidr | null {
  const [address, prefixText, extra] = text.trim().split('/');
  if (extra !== undefined || !address) return null;
  const ip = parseIp(address);
  if (!ip) return null;
  const max = ip.version === 4 ? 32 : 128;
  // A mapped address written with an IPv6 prefix (::ffff:10.0.0.0/104) counts in IPv4 bits.
  const mappedV6 = ip.version === 4 && address.includes(':');
  if (prefixText === undefined) return { ...ip, prefix: max };
  if (!/^\d{1,3}$/.test(prefixText)) return null;
  let prefix = Number(prefixText);
  if (mappedV6) {
    if (prefix < 96 || prefix > 128) return null;
    prefix -= 96;
  }
  if (prefix > max) return null;
  return { ...ip, prefix };
}

/** Whether the address lies in the range (an IPv4 address never lies in an IPv6 range). */
export function cidrContains(cidr: TCidr, ip: TIpBytes): boolean {
  if (cidr.version !== ip.version) return false;
  let bits = cidr.prefix;
  for (let i = 0; bits > 0; i++, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
    if ((cidr.bytes[i]! & mask) !== (ip.bytes[i]! & mask)) return false;
  }
  return true;
}

/** Whether `address` lies in any of the ranges (texts that do not parse match nothing). */
export function ipAllowedBy(ranges: readonly string[], address: string): boolean {
  const ip = parseIp(address);
  if (!ip) return false;
  return ranges.some((text) => {
    const cidr = parseCidr(text);
    return cidr !== null && cidrContains(cidr, ip);
  });
}

/** At most this many ranges in the allow-list. */
export const IP_ALLOWLIST_MAX = 100;

/** One range of the allow-list: a valid CIDR (or a bare address), trimmed. */
export const ZCidrText = z
  .string()
  .trim()
  .max(64)
  .refine((text) => parseCidr(text) !== null, withCode('pattern'));

// --- the operator's own account ---

/** A TOTP code: six digits. */
export const ZTotpCode = z.string().regex(/^\d{6}$/);

/** An operator's new password: 12..64 characters (64: what sign-in accepts), not blank. */
export const OPERATOR_PASSWORD_MIN = 12;
export const OPERATOR_PASSWORD_MAX = 64;
export const ZOperatorNewPassword = z
  .string()
  .min(OPERATOR_PASSWORD_MIN)
  .max(OPERATOR_PASSWORD_MAX)
  .refine((p) => p.trim() !== '', withCode('required'));

/** A password being checked (current password): as sign-in takes it. */
const ZPasswordToCheck = z.string().min(1).max(OPERATOR_PASSWORD_MAX);

/** `GET /api/backoffice/account`: the signed-in operator's own account. */
export const ZAccountResponse = z.object({
  status: z.literal('success'),
  account: z.object({
    operatorId: z.string(),
    role: ZOperatorRole,
    hasTotp: z.boolean(),
    /** An enrolment was started and awaits its first code. */
    totpPending: z.boolean(),
    /** Owners must have TOTP: some active owner has enabled it. */
    ownerTotpRequired: z.boolean(),
    mustChangePassword: z.boolean(),
    lastLoginDate: ZIsoDate.nullable(),
  }),
});
export type TAccountResponse = z.infer<typeof ZAccountResponse>;

/** `POST /api/backoffice/account/totp/start`: a new secret to scan, until confirmed with a code. */
export const ZTotpStartResponse = z.discriminatedUnion('status', [
  z.object({ status: z.literal('success'), secret: z.string(), otpauthUrl: z.string() }),
  statusOnly('already'),
]);
export type TTotpStartResponse = z.infer<typeof ZTotpStartResponse>;

/** `POST /api/backoffice/account/totp/confirm`. */
export const ZTotpConfirmRequest = z.strictObject({ code: ZTotpCode });
export type TTotpConfirmRequest = z.infer<typeof ZTotpConfirmRequest>;
/** `fail`: wrong code; `not_found`: no enrolment started; `already`: TOTP is on already. */
export const ZTotpConfirmResponse = z.discriminatedUnion('status', [
  ZSuccess,
  statusOnly('fail'),
  statusOnly('not_found'),
  statusOnly('already'),
]);
export type TTotpConfirmResponse = z.infer<typeof ZTotpConfirmResponse>;

/** `POST /api/backoffice/account/totp/disable`: the password and a current code. */
export const ZTotpDisableRequest = z.strictObject({ password: ZPasswordToCheck, code: ZTotpCode });
export type TTotpDisableRequest = z.infer<typeof ZTotpDisableRequest>;
/**
 * `fail`: wrong password or code; `not_found`: TOTP is off; `owner_totp_required`: an owner may
 * not turn it off while another active owner has it (they would be refused at their next sign-in).
 */
export const ZTotpDisableResponse = z.discriminatedUnion('status', [
  ZSuccess,
  statusOnly('fail'),
  statusOnly('not_found'),
  only('owner_totp_required'),
]);
export type TTotpDisableResponse = z.infer<typeof ZTotpDisableResponse>;

/** `POST /api/backoffice/account/password`. */
export const ZAccountPasswordRequest = z.strictObject({
  currentPassword: ZPasswordToCheck,
  newPassword: ZOperatorNewPassword,
});
export type TAccountPasswordRequest = z.infer<typeof ZAccountPasswordRequest>;
/** `fail`: wrong current password; `same`: the new one is the current one. */
export const ZAccountPasswordResponse = z.discriminatedUnion('status', [
  z.object({ status: z.literal('success'), revoked: ZCount }),
  statusOnly('fail'),
  only('same'),
]);
export type TAccountPasswordResponse = z.infer<typeof ZAccountPasswordResponse>;

// --- operators (owner) ---

export const ZOperatorIdText = z.string().regex(/^[A-Za-z][A-Za-z0-9._-]{2,31}$/);

export const ZOperatorParams = z.strictObject({ operatorId: ZOperatorIdText });
export type TOperatorParams = z.infer<typeof ZOperatorParams>;

/** `GET /api/backoffice/operators` (owner). */
export const ZOperatorsListResponse = z.object({
  status: z.literal('success'),
  list: z.array(
    z.object({
      operatorId: z.string(),
      role: ZOperatorRole,
      isActive: z.boolean(),
      hasTotp: z.boolean(),
      mustChangePassword: z.boolean(),
      sessions: ZCount,
      regDate: ZIsoDate,
      lastLoginDate: ZIsoDate.nullable(),
    }),
  ),
});
export type TOperatorsListResponse = z.infer<typeof ZOperatorsListResponse>;

/**
 * `POST /api/backoffice/operators` (owner): without `password` the server makes one and answers it
 * once. The new operator changes it at the first sign-in.
 */
export const ZOperatorCreateRequest = z.strictObject({
  operatorId: ZOperatorIdText,
  password: ZOperatorNewPassword.optional(),
  role: ZStaffRole,
  withTotp: z.boolean().optional(),
});
export type TOperatorCreateRequest = z.infer<typeof ZOperatorCreateRequest>;

export const ZOperatorCreateResponse = z.union([
  z.object({
    status: z.literal('success'),
    password: z.string().optional(),
    totpSecret: z.string().optional(),
    otpauthUrl: z.string().optional(),
  }),
  statusOnly('already'),
]);
export type TOperatorCreateResponse = z.infer<typeof ZOperatorCreateResponse>;

/**
 * What an owner's change of another operator can answer besides `success`: `not_found`; `self`
 * (an owner does not demote, deactivate or reset themselves here: My account does that);
 * `last_owner` (the change would leave no active owner); `already` (nothing to change).
 */
export const ZOperatorChangeResponse = z.discriminatedUnion('status', [
  ZSuccess,
  statusOnly('not_found'),
  statusOnly('already'),
  only('self'),
  only('last_owner'),
]);
export type TOperatorChangeResponse = z.infer<typeof ZOperatorChangeResponse>;

/** `POST /api/backoffice/operators/:operatorId/role`. */
export const ZOperatorRoleRequest = z.strictObject({ role: ZStaffRole });
export type TOperatorRoleRequest = z.infer<typeof ZOperatorRoleRequest>;

/** `POST /api/backoffice/operators/:operatorId/password`: a set password, or one made by the server. */
export const ZOperatorPasswordResetRequest = z.strictObject({ password: ZOperatorNewPassword.optional() });
export type TOperatorPasswordResetRequest = z.infer<typeof ZOperatorPasswordResetRequest>;
export const ZOperatorPasswordResetResponse = z.union([
  z.object({ status: z.literal('success'), password: z.string().optional() }),
  ZOperatorChangeResponse,
]);
export type TOperatorPasswordResetResponse = z.infer<typeof ZOperatorPasswordResetResponse>;

/**
 * `POST /api/backoffice/operators/:operatorId/totp`: `remove` turns the operator's TOTP off (they
 * enrol again from My account); otherwise a new secret replaces the old one and is answered once.
 */
export const ZOperatorTotpResetRequest = z.strictObject({ remove: z.boolean().optional() });
export type TOperatorTotpResetRequest = z.infer<typeof ZOperatorTotpResetRequest>;
export const ZOperatorTotpResetResponse = z.union([
  z.object({
    status: z.literal('success'),
    totpSecret: z.string().optional(),
    otpauthUrl: z.string().optional(),
  }),
  ZOperatorChangeResponse,
]);
export type TOperatorTotpResetResponse = z.infer<typeof ZOperatorTotpResetResponse>;

// --- the IP allow-list (owner) ---

/**
 * `GET /api/backoffice/settings/ip-allowlist`: the ranges (empty: off), the ranges of the
 * server's `BACKOFFICE_IP_ALLOWLIST` (a floor every request must also pass), and the address the
 * server sees for this request.
 */
export const ZIpAllowlistResponse = z.object({
  status: z.literal('success'),
  ranges: z.array(z.string()),
  floor: z.array(z.string()),
  yourIp: z.string(),
});
export type TIpAllowlistResponse = z.infer<typeof ZIpAllowlistResponse>;

/** `POST /api/backoffice/settings/ip-allowlist`: the whole list (empty turns it off). */
export const ZIpAllowlistRequest = z.strictObject({
  ranges: z.array(ZCidrText).max(IP_ALLOWLIST_MAX),
});
export type TIpAllowlistRequest = z.infer<typeof ZIpAllowlistRequest>;

/** `excludes_you`: the list would refuse the address of this very request; nothing is saved. */
export const ZIpAllowlistSaveResponse = z.union([
  ZIpAllowlistResponse,
  z.object({ status: z.literal('excludes_you'), yourIp: z.string() }),
]);
export type TIpAllowlistSaveResponse = z.infer<typeof ZIpAllowlistSaveResponse>;

/**
 * The operator's session and account, the operators and the IP allow-list
 * (docs/api/backoffice-operators.md); part of BACKOFFICE_ROUTES.
 */
export const BACKOFFICE_OPERATOR_ROUTES = {
  'session.login': backofficeRoute({
    method: 'POST',
    path: '/api/backoffice/login',
    auth: 'public',
    permission: null,
    body: ZOperatorLoginRequest,
    response: ZOperatorLoginResponse,
  }),
  'session.logout': backofficeRoute({
    method: 'POST',
    path: '/api/backoffice/logout',
    auth: 'public',
    permission: null,
    response: ZBackofficeLogoutResponse,
  }),
  'session.me': backofficeRoute({
    method: 'GET',
    path: '/api/backoffice/me',
    permission: null,
    response: ZBackofficeMeResponse,
  }),
  'sessions.list': backofficeRoute({
    method: 'GET',
    path: '/api/backoffice/sessions',
    permission: null,
    response: ZBackofficeSessionsResponse,
  }),
  'sessions.revokeOthers': backofficeRoute({
    method: 'POST',
    path: '/api/backoffice/sessions/revoke-others',
    permission: null,
    response: ZBackofficeRevokeOthersResponse,
  }),
  'account.get': backofficeRoute({
    method: 'GET',
    path: '/api/backoffice/account',
    permission: null,
    response: ZAccountResponse,
  }),
  'account.totpStart': backofficeRoute({
    method: 'POST',
    path: '/api/backoffice/account/totp/start',
    permission: null,
    response: ZTotpStartResponse,
  }),
  'account.totpConfirm': backofficeRoute({
    method: 'POST',
    path: '/api/backoffice/account/totp/confirm',
    permission: null,
    body: ZTotpConfirmRequest,
    response: ZTotpConfirmResponse,
  }),
  'account.totpDisable': backofficeRoute({
    method: 'POST',
    path: '/api/backoffice/account/totp/disable',
    permission: null,
    body: ZTotpDisableRequest,
    response: ZTotpDisableResponse,
  }),
  'account.password': backofficeRoute({
    method: 'POST',
    path: '/api/backoffice/account/password',
    permission: null,
    body: ZAccountPasswordRequest,
    response: ZAccountPasswordResponse,
  }),
  'operators.list': backofficeRoute({
    method: 'GET',
    path: '/api/backoffice/operators',
    permission: 'operatorsManage',
    response: ZOperatorsListResponse,
  }),
  'operators.create': backofficeRoute({
    method: 'POST',
    path: '/api/backoffice/operators',
    permission: 'operatorsManage',
    body: ZOperatorCreateRequest,
    response: ZOperatorCreateResponse,
  }),
  'operators.role': backofficeRoute({
    method: 'POST',
    path: '/api/backoffice/operators/:operatorId/role',
    permission: 'operatorsManage',
    params: ZOperatorParams,
    body: ZOperatorRoleRequest,
    response: ZOperatorChangeResponse,
  }),
  'operators.deactivate': backofficeRoute({
    method: 'POST',
    path: '/api/backoffice/operators/:operatorId/deactivate',
    permission: 'operatorsManage',
    params: ZOperatorParams,
    response: ZOperatorChangeResponse,
  }),
  'operators.reactivate': backofficeRoute({
    method: 'POST',
    path: '/api/backoffice/operators/:operatorId/reactivate',
    permission: 'operatorsManage',
    params: ZOperatorParams,
    response: ZOperatorChangeResponse,
  }),
  'operators.password': backofficeRoute({
    method: 'POST',
    path: '/api/backoffice/operators/:operatorId/password',
    permission: 'operatorsManage',
    params: ZOperatorParams,
    body: ZOperatorPasswordResetRequest,
    response: ZOperatorPasswordResetResponse,
  }),
  'operators.totp': backofficeRoute({
    method: 'POST',
    path: '/api/backoffice/operators/:operatorId/totp',
    permission: 'operatorsManage',
    params: ZOperatorParams,
    body: ZOperatorTotpResetRequest,
    response: ZOperatorTotpResetResponse,
  }),
  'ipAllowlist.get': backofficeRoute({
    method: 'GET',
    path: '/api/backoffice/settings/ip-allowlist',
    permission: 'operatorsManage',
    response: ZIpAllowlistResponse,
  }),
  'ipAllowlist.save': backofficeRoute({
    method: 'POST',
    path: '/api/backoffice/settings/ip-allowlist',
    permission: 'operatorsManage',
    body: ZIpAllowlistRequest,
    response: ZIpAllowlistSaveResponse,
  }),
};
