import type { TFieldError } from '@casino/contracts/errors';

/**
 * The HTTP-level failures of docs/api/README.md. Business outcomes are never AppErrors: they are
 * HTTP 200 answers with their own `status`.
 *
 * - invalid (400): the body breaks a rule; `errors` names the fields.
 * - unauthenticated (401): a member call without a live member session, or a back-office call
 *   without a live operator session.
 * - forbidden (403): a cross-origin or cross-site POST, or a failed csrfToken double submit.
 * - denied (403): a signed-in operator whose role does not allow the call.
 * - not_found (404): a back-office entry outside a partner's subtree, or none (docs/api/backoffice-partners.md:
 *   its existence is not disclosed).
 * - too_large (413): a body over the 64 KiB limit.
 * - too_many (429): a rate limit; `retryAfterSec` becomes the Retry-After header.
 * - error (500): anything unexpected; the answer carries only the request id.
 * - must_change_password (403), must_accept_terms (403): a member call that what the member must do
 *   first does not allow (`MEMBER_REQUIREMENT_RULES` of the contracts): every call but the password
 *   change and the health check while an operator's password reset waits for the member's new
 *   password; the calls that move money or start play while a newer version of the terms of use or
 *   the privacy policy waits for the member's acceptance.
 * - maintenance (503): the site is in maintenance (plugins/maintenance.ts); `retryAfterSec` is the
 *   time to the operator's expected end when there is one.
 */
export const APP_ERROR_HTTP = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  denied: 403,
  not_found: 404,
  too_large: 413,
  too_many: 429,
  error: 500,
  maintenance: 503,
  must_change_password: 403,
  must_accept_terms: 403,
} as const;

export type AppErrorCode = keyof typeof APP_ERROR_HTTP;

export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly errors: TFieldError[] | undefined;
  readonly retryAfterSec: number | undefined;
  /** An extra body to send instead of the standard one (the auth callback answers `{url}`). */
  readonly body: Record<string, unknown> | undefined;

  constructor(
    code: AppErrorCode,
    options: {
      errors?: TFieldError[];
      retryAfterSec?: number;
      body?: Record<string, unknown>;
      message?: string;
    } = {},
  ) {
    super(options.message ?? code);
    this.code = code;
    this.errors = options.errors;
    this.retryAfterSec = options.retryAfterSec;
    this.body = options.body;
  }

  get httpStatus(): number {
    return APP_ERROR_HTTP[this.code];
  }
}

export function invalid(path: string, code: TFieldError['code']): AppError {
  return new AppError('invalid', { errors: [{ path, code }] });
}
