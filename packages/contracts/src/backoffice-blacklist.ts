import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { ZBackofficeIdParams, ZCreatedResponse } from './backoffice.ts';
import { backofficeRoute, CSV_ANSWER } from './backoffice-route.ts';
import { pagedList, ZIsoDate, ZPageQuery } from './fields.ts';
import { statusOnly, ZSuccess } from './status.ts';

// The blacklist of issue 28 (docs/api/backoffice-blacklist.md): addresses and ranges, phone numbers
// and bank account numbers refused at registration, sign-in, deposit and withdrawal requests, and
// device ids (the first-party `did` cookie, docs/security.md "Abuse signals").

export const BLACKLIST_KINDS = ['ip', 'phone', 'bank', 'device'] as const;
export type TBlacklistKind = (typeof BLACKLIST_KINDS)[number];
export const ZBlacklistKind = z.enum(BLACKLIST_KINDS);

/** The widest range an entry may name: an IPv4 /8, an IPv6 /32 (a wider one would shut out whole regions). */
export const BLACKLIST_MIN_PREFIX = { ipv4: 8, ipv6: 32 } as const;
/**
 * How many rows one CSV import may hold (the lines that are not empty, a header line not counted):
 * more answers `too_many_rows` and imports nothing. An operator splits a longer list.
 */
export const BLACKLIST_IMPORT_MAX_ROWS = 20_000;
/**
 * The largest import request (bytes of the JSON body as sent, the CSV's line ends and quotes
 * escaped): `blacklist.import`'s `bodyLimit`, 413 `too_large` above it. 4 MiB holds
 * BLACKLIST_IMPORT_MAX_ROWS rows of about 200 bytes each (a long address range with a reason of
 * 150 Latin letters or 50 Korean syllables).
 */
export const BLACKLIST_IMPORT_MAX_BYTES = 4 * 1024 * 1024;
export const BLACKLIST_REASON_MAX = 200;

/** An address as its canonical text: IPv4 dotted, IPv6 compact (RFC 5952), an IPv4-mapped IPv6 as IPv4. */
function parseAddress(text: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  if (ipaddr.IPv4.isValidFourPartDecimal(text)) return ipaddr.IPv4.parse(text);
  if (!text.includes(':') || !ipaddr.IPv6.isValid(text)) return undefined;
  const v6 = ipaddr.IPv6.parse(text);
  if (v6.zoneId !== undefined) return undefined;
  return v6.isIPv4MappedAddress() ? v6.toIPv4Address() : v6;
}

/**
 * An address or a CIDR range in its stored form, or undefined when it is neither: a single address
 * without prefix (`203.0.113.7`, `2001:db8::1`), a range as its network address and prefix
 * (`203.0.113.0/24`, `2001:db8:1:2::/64`; host bits cleared). A /32 (IPv4) or /128 (IPv6) is the
 * address itself. Ranges wider than BLACKLIST_MIN_PREFIX are refused.
 */
export function normalizeIpEntry(raw: string): string | undefined {
  const text = raw.trim().toLowerCase();
  const [addressText, prefixText, extra] = text.split('/');
  if (extra !== undefined || addressText === undefined) return undefined;
  const address = parseAddress(addressText);
  if (!address) return undefined;
  const family = address.kind();
  const bits = family === 'ipv4' ? 32 : 128;
  if (prefixText === undefined) return address.toString();
  if (!/^\d{1,3}$/.test(prefixText)) return undefined;
  // A mapped IPv6 range (::ffff:a.b.c.d/n, n >= 96) is the IPv4 range of n - 96.
  const mapped = family === 'ipv4' && addressText.includes(':');
  const prefix = Number(prefixText) - (mapped ? 96 : 0);
  if (prefix > bits || prefix < BLACKLIST_MIN_PREFIX[family]) return undefined;
  if (prefix === bits) return address.toString();
  const network =
    family === 'ipv4'
      ? ipaddr.IPv4.networkAddressFromCIDR(`${address.toString()}/${prefix}`)
      : ipaddr.IPv6.networkAddressFromCIDR(`${address.toString()}/${prefix}`);
  return `${network.toString()}/${prefix}`;
}

/** A client address as the blacklist compares it (an IPv4-mapped IPv6 as IPv4), or undefined. */
export function normalizeClientIp(raw: string): string | undefined {
  return parseAddress(raw.trim().toLowerCase())?.toString();
}

/**
 * A client address's /24 (IPv4) or /64 (IPv6) as a CIDR range (`203.0.113.0/24`), the block a
 * household line or a mobile carrier moves an address within (the abuse signals' `range`), or
 * undefined when it is no address.
 */
export function addressRange(raw: string): string | undefined {
  const address = parseAddress(raw.trim().toLowerCase());
  if (!address) return undefined;
  const text = address.toString();
  return address.kind() === 'ipv4'
    ? `${ipaddr.IPv4.networkAddressFromCIDR(`${text}/24`).toString()}/24`
    : `${ipaddr.IPv6.networkAddressFromCIDR(`${text}/64`).toString()}/64`;
}

/** A phone number or bank account number: digits only (spaces, hyphens, dots and brackets dropped). */
export function normalizeDigits(raw: string): string | undefined {
  const digits = raw.trim().replace(/[\s\-.()]/g, '');
  return /^\d{6,24}$/.test(digits) ? digits : undefined;
}

/** A device id (the `did` cookie's value: 22 base64url characters, case kept), or undefined. */
export function normalizeDeviceId(raw: string): string | undefined {
  const text = raw.trim();
  return /^[A-Za-z0-9_-]{22}$/.test(text) ? text : undefined;
}

/** The stored form of an entry's value, or undefined when it is not one of its kind. */
export function normalizeBlacklistValue(kind: TBlacklistKind, raw: string): string | undefined {
  if (kind === 'ip') return normalizeIpEntry(raw);
  if (kind === 'device') return normalizeDeviceId(raw);
  return normalizeDigits(raw);
}

export const ZBlacklistReason = z
  .string()
  .trim()
  .min(1)
  .max(BLACKLIST_REASON_MAX)
  // One line: a control character would not show in the list.
  // eslint-disable-next-line no-control-regex
  .refine((text) => !/[\u0000-\u001f\u007f-\u009f]/.test(text), { message: 'pattern' });

/** `POST /api/backoffice/blacklist`: the value normalized by its kind (a wrong one: 400 `value`). */
export const ZBlacklistAddRequest = z
  .strictObject({ kind: ZBlacklistKind, value: z.string().max(100), reason: ZBlacklistReason })
  .transform((input, ctx) => {
    const value = normalizeBlacklistValue(input.kind, input.value);
    if (value === undefined) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'pattern', input: input.value });
      return z.NEVER;
    }
    return { ...input, value };
  });
export type TBlacklistAddRequest = z.input<typeof ZBlacklistAddRequest>;
export type TBlacklistAddParsed = z.output<typeof ZBlacklistAddRequest>;

/** `success` with the new entry's id · `already` (the same kind and value is listed). */
export const ZBlacklistAddResponse = z.discriminatedUnion('status', [
  ZCreatedResponse,
  statusOnly('already'),
]);

export const ZBlacklistEntry = z.object({
  id: z.number(),
  kind: ZBlacklistKind,
  value: z.string(),
  reason: z.string(),
  createdBy: z.string(),
  createdAt: ZIsoDate,
});
export type TBlacklistEntry = z.infer<typeof ZBlacklistEntry>;

export const ZBlacklistQuery = z.strictObject({
  ...ZPageQuery,
  kind: ZBlacklistKind.optional(),
  /** A part of the value or the reason. */
  search: z.string().trim().max(100).optional(),
});
export type TBlacklistQuery = z.input<typeof ZBlacklistQuery>;

export const ZBlacklistResponse = pagedList(ZBlacklistEntry);
export type TBlacklistResponse = z.infer<typeof ZBlacklistResponse>;

export const BLACKLIST_CONTEXTS = ['register', 'sign_in', 'deposit', 'withdraw'] as const;
export const ZBlacklistHit = z.object({
  id: z.number(),
  kind: ZBlacklistKind,
  value: z.string(),
  context: z.enum(BLACKLIST_CONTEXTS),
  userId: z.string().nullable(),
  ip: z.string().nullable(),
  at: ZIsoDate,
});
export type TBlacklistHit = z.infer<typeof ZBlacklistHit>;
export const ZBlacklistHitsQuery = z.strictObject({ ...ZPageQuery });
export const ZBlacklistHitsResponse = pagedList(ZBlacklistHit);

export const ZBlacklistDeleteResponse = z.discriminatedUnion('status', [ZSuccess, statusOnly('not_found')]);

/** `POST /api/backoffice/blacklist/import`: the CSV text, one `kind,value,reason` per line. */
export const ZBlacklistImportRequest = z.strictObject({
  csv: z.string().min(1).max(BLACKLIST_IMPORT_MAX_BYTES),
});

/**
 * `success` with how many were added and how many were listed already · `invalid` with the bad
 * rows (line number and why), nothing imported · `too_many_rows` (more than `maxRows` rows; the
 * file holds `rows`), nothing read further and nothing imported.
 */
export const ZBlacklistImportResponse = z.discriminatedUnion('status', [
  z.object({ status: z.literal('success'), added: z.number(), already: z.number() }),
  z.object({ status: z.literal('too_many_rows'), rows: z.number(), maxRows: z.number() }),
  z.object({
    status: z.literal('invalid'),
    rows: z.array(z.object({ line: z.number(), reason: z.enum(['columns', 'kind', 'value', 'reason']) })),
  }),
]);
export type TBlacklistImportResponse = z.infer<typeof ZBlacklistImportResponse>;

/** One CSV line's cells: commas split them, a quoted cell may hold commas and doubled quotes. */
function csvCells(line: string): string[] | undefined {
  const cells: string[] = [];
  let i = 0;
  for (;;) {
    if (line[i] === '"') {
      let cell = '';
      i += 1;
      for (;;) {
        if (i >= line.length) return undefined;
        if (line[i] === '"') {
          if (line[i + 1] === '"') {
            cell += '"';
            i += 2;
            continue;
          }
          i += 1;
          break;
        }
        cell += line[i];
        i += 1;
      }
      cells.push(cell);
      if (i === line.length) return cells;
      if (line[i] !== ',') return undefined;
      i += 1;
    } else {
      const end = line.indexOf(',', i);
      cells.push(end === -1 ? line.slice(i) : line.slice(i, end));
      if (end === -1) return cells;
      i = end + 1;
    }
  }
}

/** A cell the export made inert (a leading `'` before `=`, `+`, `-`, `@`) as it was typed. */
function uninert(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

/**
 * A CSV import read: one entry per non-empty line (`kind,value,reason`, or the export's five columns;
 * a header line and a byte order mark are skipped), or the bad lines (1-based) and why.
 */
export function parseBlacklistCsv(
  text: string,
):
  | { status: 'success'; entries: TBlacklistAddParsed[] }
  | { status: 'invalid'; rows: { line: number; reason: 'columns' | 'kind' | 'value' | 'reason' }[] }
  | { status: 'too_many_rows'; rows: number; maxRows: number } {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = csvCells(lines[0] ?? '')
    ?.slice(0, 3)
    .map((c) => c.trim().toLowerCase())
    .join(',');
  const count = lines.reduce(
    (n, line) => (line.trim() === '' ? n : n + 1),
    header === 'kind,value,reason' ? -1 : 0,
  );
  if (count > BLACKLIST_IMPORT_MAX_ROWS)
    return { status: 'too_many_rows', rows: count, maxRows: BLACKLIST_IMPORT_MAX_ROWS };
  const entries: TBlacklistAddParsed[] = [];
  const rows: { line: number; reason: 'columns' | 'kind' | 'value' | 'reason' }[] = [];
  lines.forEach((line, index) => {
    if (line.trim() === '') return;
    if (index === 0 && header === 'kind,value,reason') return;
    const cells = csvCells(line);
    // Three cells, or the five of the export (its `createdBy` and `createdAt` are not imported).
    if (!cells || (cells.length !== 3 && cells.length !== 5))
      return void rows.push({ line: index + 1, reason: 'columns' });
    const parsed = ZBlacklistKind.safeParse(cells[0]!.trim().toLowerCase());
    if (!parsed.success) return void rows.push({ line: index + 1, reason: 'kind' });
    const value = normalizeBlacklistValue(parsed.data, uninert(cells[1]!));
    if (value === undefined) return void rows.push({ line: index + 1, reason: 'value' });
    const reason = ZBlacklistReason.safeParse(uninert(cells[2]!));
    if (!reason.success) return void rows.push({ line: index + 1, reason: 'reason' });
    entries.push({ kind: parsed.data, value, reason: reason.data });
  });
  return rows.length > 0 ? { status: 'invalid', rows } : { status: 'success', entries };
}

/** The blacklist (owner): part of BACKOFFICE_ROUTES. */
export const BACKOFFICE_BLACKLIST_ROUTES = {
  'blacklist.list': backofficeRoute({
    method: 'GET',
    path: '/api/backoffice/blacklist',
    permission: 'settingsWrite',
    query: ZBlacklistQuery,
    response: ZBlacklistResponse,
  }),
  'blacklist.add': backofficeRoute({
    method: 'POST',
    path: '/api/backoffice/blacklist',
    permission: 'settingsWrite',
    body: ZBlacklistAddRequest,
    response: ZBlacklistAddResponse,
  }),
  'blacklist.delete': backofficeRoute({
    method: 'DELETE',
    path: '/api/backoffice/blacklist/:id',
    permission: 'settingsWrite',
    params: ZBackofficeIdParams,
    response: ZBlacklistDeleteResponse,
  }),
  'blacklist.import': backofficeRoute({
    method: 'POST',
    path: '/api/backoffice/blacklist/import',
    permission: 'settingsWrite',
    body: ZBlacklistImportRequest,
    bodyLimit: BLACKLIST_IMPORT_MAX_BYTES,
    response: ZBlacklistImportResponse,
  }),
  'blacklist.csv': backofficeRoute({
    method: 'GET',
    path: '/api/backoffice/blacklist.csv',
    permission: 'settingsWrite',
    response: CSV_ANSWER,
  }),
  'blacklist.hits': backofficeRoute({
    method: 'GET',
    path: '/api/backoffice/blacklist/hits',
    permission: 'settingsWrite',
    query: ZBlacklistHitsQuery,
    response: ZBlacklistHitsResponse,
  }),
};
