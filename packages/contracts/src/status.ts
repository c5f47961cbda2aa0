import { z } from 'zod';

export const STATUSES = [
  'success',
  'fail',
  'invalid',
  'authenticated',
  'alread_have_user',
  'alread',
  'cant_find_code',
  'already',
  'wait',
  'time',
  'balance',
  'low_point',
  'pass',
  'blocked',
  'not_found',
  'denied',
  'totp_required',
  'unauthenticated',
  'forbidden',
  'too_many',
  'too_large',
  'error',
  'maintenance',
  'must_change_password',
  'must_accept_terms',
  /** A withdrawal while a deposit bonus's rollover is not met (docs/api/levels.md). */
  'rolling',
] as const;

export const ZStatus = z.enum(STATUSES);
export type TStatus = z.infer<typeof ZStatus>;

export function isStatus(value: unknown): value is TStatus {
  return typeof value === 'string' && (STATUSES as readonly string[]).includes(value);
}

/** A response that is its status alone (`{status: "not_found"}`). */
export function statusOnly<S extends TStatus>(status: S) {
  return z.object({ status: z.literal(status) });
}

export const ZSuccess = statusOnly('success');
export type TSuccess = z.infer<typeof ZSuccess>;

export const ZSuccessOrNotFound = z.discriminatedUnion('status', [ZSuccess, statusOnly('not_found')]);
export type TSuccessOrNotFound = z.infer<typeof ZSuccessOrNotFound>;

export const REQUEST_STATES = ['wait', 'reg', 'already', 'cansel'] as const;
export const ZRequestState = z.enum(REQUEST_STATES);
export type TRequestState = z.infer<typeof ZRequestState>;

export const HELP_STATES = ['wait', 'already'] as const;
export const ZHelpState = z.enum(HELP_STATES);
export type THelpState = z.infer<typeof ZHelpState>;

export const REQUEST_STATE_LABEL_KEYS = {
  waiting: 'requestState.waiting',
  complete: 'requestState.complete',
  cancelled: 'requestState.cancelled',
} as const;
export type TRequestStateLabelKey = (typeof REQUEST_STATE_LABEL_KEYS)[keyof typeof REQUEST_STATE_LABEL_KEYS];

/** The message key of a request state, or null when the portal must show the raw value. */
export function requestStateLabelKey(state: string): TRequestStateLabelKey | null {
  switch (state) {
    case 'wait':
    case 'reg':
      return REQUEST_STATE_LABEL_KEYS.waiting;
    case 'already':
      return REQUEST_STATE_LABEL_KEYS.complete;
    case 'cansel':
      return REQUEST_STATE_LABEL_KEYS.cancelled;
    default:
      return null;
  }
}
