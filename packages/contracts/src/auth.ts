import { z } from 'zod';
import { ZLoginPassword, ZUserId } from './fields.ts';
import { statusOnly, ZSuccess } from './status.ts';

// The authentication layer of docs/api/auth.md (`/api/auth/*`), shaped like a credentials
// sign-in; and the operators' sign-in (docs/api/backoffice.md).

export const ZCsrfResponse = z.object({ csrfToken: z.string() });
export type TCsrfResponse = z.infer<typeof ZCsrfResponse>;

export const ZSessionUser = z.object({ userId: z.string(), nick: z.string(), level: z.int() });
export type TSessionUser = z.infer<typeof ZSessionUser>;

export const ZSignedInSession = z.object({ user: ZSessionUser, expires: z.iso.datetime({ offset: true }) });
export const ZSignedOutSession = z.strictObject({});
export const ZSessionResponse = z.union([ZSignedInSession, ZSignedOutSession]);
export type TSessionResponse = z.infer<typeof ZSessionResponse>;

export const ZProvidersResponse = z.object({
  credentials: z.object({
    id: z.literal('credentials'),
    name: z.literal('Credentials'),
    type: z.literal('credentials'),
    signinUrl: z.string(),
    callbackUrl: z.string(),
  }),
});
export type TProvidersResponse = z.infer<typeof ZProvidersResponse>;

// Form-encoded bodies: every value is a string. `redirect` is sent by the specification's client
// library alongside the credentials, so it is accepted and ignored.
const ZFormFlag = z.enum(['true', 'false']);
const ZCallbackUrl = z.string().max(2048);

export const ZCredentialsCallbackForm = z.strictObject({
  csrfToken: z.string().min(1).max(256),
  userId: ZUserId,
  password: ZLoginPassword,
  callbackUrl: ZCallbackUrl.optional(),
  json: ZFormFlag.optional(),
  redirect: ZFormFlag.optional(),
});
export type TCredentialsCallbackForm = z.infer<typeof ZCredentialsCallbackForm>;

/** 200 with the session cookie, or 401 with an error URL (see SIGNIN_ERROR_URLS). */
export const ZCredentialsCallbackResponse = z.object({ url: z.string() });
export type TCredentialsCallbackResponse = z.infer<typeof ZCredentialsCallbackResponse>;

export const SIGNIN_ERRORS = ['CredentialsSignin', 'AccessDenied'] as const;
export type TSigninError = (typeof SIGNIN_ERRORS)[number];
export const SIGNIN_ERROR_PATH = '/admin/error';
export function signinErrorUrl(error: TSigninError): string {
  return `${SIGNIN_ERROR_PATH}?error=${error}`;
}

export const ZSignoutForm = z.strictObject({
  csrfToken: z.string().min(1).max(256),
  callbackUrl: ZCallbackUrl.optional(),
  json: ZFormFlag.optional(),
});
export type TSignoutForm = z.infer<typeof ZSignoutForm>;

export const ZSignoutResponse = z.object({ url: z.string() });
export type TSignoutResponse = z.infer<typeof ZSignoutResponse>;

/**
 * The client's error log. Loose on purpose: the specification's client library posts whatever
 * metadata the error had, and a log sink that refuses entries loses exactly the odd ones. The
 * server caps the size.
 */
export const ZClientLogRequest = z.looseObject({
  level: z.string().max(20).optional(),
  code: z.string().max(200).optional(),
  message: z.string().max(4000).optional(),
});
export type TClientLogRequest = z.infer<typeof ZClientLogRequest>;

export const ZClientLogResponse = z.strictObject({});
export type TClientLogResponse = z.infer<typeof ZClientLogResponse>;

export const ZOperatorId = z.string().trim().min(1).max(32);

export const ZOperatorLoginRequest = z.strictObject({
  operatorId: ZOperatorId,
  password: ZLoginPassword,
  totp: z
    .string()
    .regex(/^\d{6}$/)
    .optional(),
});
export type TOperatorLoginRequest = z.infer<typeof ZOperatorLoginRequest>;

export const ZOperatorLoginResponse = z.discriminatedUnion('status', [
  ZSuccess,
  statusOnly('fail'),
  statusOnly('totp_required'),
  // An owner without TOTP while another owner has it: another owner sets one up for them.
  z.object({ status: z.literal('totp_setup_required') }),
]);
export type TOperatorLoginResponse = z.infer<typeof ZOperatorLoginResponse>;
