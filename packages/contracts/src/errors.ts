import { z } from 'zod';

export const FIELD_ERROR_CODES = [
  'required',
  'type',
  'min',
  'max',
  'length',
  'pattern',
  'unit',
  'unknown',
] as const;
export const ZFieldErrorCode = z.enum(FIELD_ERROR_CODES);
export type TFieldErrorCode = z.infer<typeof ZFieldErrorCode>;

export function isFieldErrorCode(value: unknown): value is TFieldErrorCode {
  return typeof value === 'string' && (FIELD_ERROR_CODES as readonly string[]).includes(value);
}

export const ZFieldError = z.object({ path: z.string(), code: ZFieldErrorCode });
export type TFieldError = z.infer<typeof ZFieldError>;

export const ZInvalidResponse = z.object({ status: z.literal('invalid'), errors: z.array(ZFieldError) });
export type TInvalidResponse = z.infer<typeof ZInvalidResponse>;

export const ZUnauthenticatedResponse = z.object({ status: z.literal('unauthenticated') });
export const ZForbiddenResponse = z.object({ status: z.literal('forbidden') });
export const ZDeniedResponse = z.object({ status: z.literal('denied') });
export const ZTooLargeResponse = z.object({ status: z.literal('too_large') });
export const ZTooManyResponse = z.object({ status: z.literal('too_many') });
export const ZErrorResponse = z.object({ status: z.literal('error'), requestId: z.string() });
export type TErrorResponse = z.infer<typeof ZErrorResponse>;

export const ZHttpErrorResponse = z.discriminatedUnion('status', [
  ZInvalidResponse,
  ZUnauthenticatedResponse,
  ZForbiddenResponse,
  ZDeniedResponse,
  ZTooLargeResponse,
  ZTooManyResponse,
  ZErrorResponse,
]);
export type THttpErrorResponse = z.infer<typeof ZHttpErrorResponse>;
export type THttpErrorStatus = THttpErrorResponse['status'];

export const HTTP_STATUS_OF_ERROR = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  denied: 403,
  too_large: 413,
  too_many: 429,
  error: 500,
} as const satisfies Record<THttpErrorStatus, number>;

/** Refinement options that make a custom issue carry its contract code: `.refine(fn, withCode('unit'))`. */
export function withCode(code: TFieldErrorCode): { params: { code: TFieldErrorCode } } {
  return { params: { code } };
}

type TIssue = z.core.$ZodIssue;

const SIZED_ORIGINS: ReadonlySet<string> = new Set(['string', 'array', 'set', 'map', 'file']);

function valueAt(input: unknown, path: readonly PropertyKey[]): { found: boolean; value: unknown } {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key))
      return { found: false, value: undefined };
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return { found: true, value };
}

// zod 4 drops `input` from finished issues unless parsing ran with `reportInput`, so without the
// parsed body the only remaining trace of a missing value is the default (English) message.
function isMissing(issue: TIssue, hasInput: boolean, input: unknown): boolean {
  if (issue.code !== 'invalid_type' && issue.code !== 'invalid_value' && issue.code !== 'invalid_union')
    return false;
  if ('input' in issue) return issue.input === undefined;
  if (hasInput) return valueAt(input, issue.path).value === undefined;
  return issue.code === 'invalid_type' && /received undefined$/.test(issue.message);
}

function codeOf(issue: TIssue, missing: boolean): TFieldErrorCode {
  const params = 'params' in issue ? issue.params : undefined;
  if (params && isFieldErrorCode(params.code)) return params.code;
  if (missing) return 'required';
  switch (issue.code) {
    case 'too_small':
      return SIZED_ORIGINS.has(issue.origin) ? 'length' : 'min';
    case 'too_big':
      return SIZED_ORIGINS.has(issue.origin) ? 'length' : 'max';
    case 'invalid_format':
    case 'invalid_value':
    case 'custom':
      return 'pattern';
    case 'not_multiple_of':
      return 'unit';
    case 'unrecognized_keys':
      return 'unknown';
    default:
      return 'type';
  }
}

/**
 * Maps zod issues to the contract's 400 errors: one error per field (the first issue wins, so
 * schemas order their checks by importance), `path` being the top-level field name ('' for the
 * whole body). Pass the parsed `input` too when available: it detects missing fields without
 * relying on zod's default messages.
 */
export function toFieldErrors(issues: readonly TIssue[], ...rest: [input?: unknown]): TFieldError[] {
  const hasInput = rest.length > 0;
  const input = rest[0];
  const byPath = new Map<string, TFieldErrorCode>();
  const add = (path: string, code: TFieldErrorCode) => {
    if (!byPath.has(path)) byPath.set(path, code);
  };
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys' && issue.path.length === 0) {
      for (const key of issue.keys) add(key, 'unknown');
      continue;
    }
    const first = issue.path[0];
    add(first === undefined ? '' : String(first), codeOf(issue, isMissing(issue, hasInput, input)));
  }
  return [...byPath].map(([path, code]) => ({ path, code }));
}
