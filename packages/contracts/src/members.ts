import { z } from 'zod';
import {
  passwordEqualsUserId,
  successList,
  ZAgree18,
  ZBankCode,
  ZBankNum,
  ZBankOwner,
  ZCount,
  ZEmptyRequest,
  ZExchangePassword,
  ZId,
  ZIsoDate,
  ZLoginPassword,
  ZMoney,
  ZNick,
  ZPassword,
  ZPhone,
  ZRegCode,
  ZUserId,
} from './fields.ts';
import { withCode } from './errors.ts';
import { ZLegalKind } from './site.ts';
import { MEMBER_REQUIREMENTS } from './member-requirements.ts';
import { statusOnly, ZSuccess } from './status.ts';

export {
  CALLS_DURING_PASSWORD_CHANGE,
  CALLS_THAT_MOVE_MONEY_OR_PLAY,
  MEMBER_REQUIREMENT_RULES,
  MEMBER_REQUIREMENTS,
  refusingRequirement,
  type TMemberRequirement,
} from './member-requirements.ts';
export const ZMemberRequirement = z.enum(MEMBER_REQUIREMENTS);

/** `bankname` is a bank code of get-banks, shown by its localized name. */
export const ZUser = z.object({
  userId: z.string(),
  nick: z.string(),
  phone: z.string(),
  rolling: ZMoney,
  balance: ZMoney,
  in_balance: ZMoney,
  bankname: z.string(),
  bankOwner: z.string(),
  banknum: z.string(),
  level: z.int(),
  noteCount: ZCount,
  helpCount: ZCount,
  /**
   * True after an operator reset the password: until the member changes it, every member call but
   * `CALLS_DURING_PASSWORD_CHANGE` answers 403 `must_change_password`. This server always sends it
   * (the same fact as `change_password` in `requires`).
   */
  mustChangePassword: z.boolean().optional(),
  /**
   * What the member must do before the rest of the site, the first one first (`MEMBER_REQUIREMENTS`);
   * empty when nothing. This server always sends it.
   */
  requires: z.array(ZMemberRequirement).optional(),
  /**
   * The versions in force of the terms of use and the privacy policy that the member has not
   * accepted yet (`accept_terms` in `requires` while there is one); empty when none. Always sent.
   */
  termsToAccept: z.array(z.object({ kind: ZLegalKind, version: z.int().positive() })).optional(),
});
export type TUser = z.infer<typeof ZUser>;

const ZAuthenticated = statusOnly('authenticated');

export const ZUserDoLoginRequest = z.strictObject({ userId: ZUserId, password: ZLoginPassword });
export type TUserDoLoginRequest = z.infer<typeof ZUserDoLoginRequest>;
export const ZUserDoLoginResponse = z.discriminatedUnion('status', [
  z.object({ status: z.literal('success'), user: ZUser }),
  statusOnly('fail'),
  /**
   * The account may not sign in: `until` (docs/protection.md) when the member took a time-out or
   * self-exclusion, null when it is permanent; absent for an account an operator blocked.
   */
  z.object({ status: z.literal('blocked'), until: ZIsoDate.nullable().optional() }),
  ZAuthenticated,
]);
export type TUserDoLoginResponse = z.infer<typeof ZUserDoLoginResponse>;

export const ZUserHealthCheckRequest = ZEmptyRequest;
export type TUserHealthCheckRequest = z.infer<typeof ZUserHealthCheckRequest>;
export const ZUserHealthCheckResponse = z.object({
  status: z.literal('success'),
  noteCount: ZCount,
  helpCount: ZCount,
  user: ZUser,
});
export type TUserHealthCheckResponse = z.infer<typeof ZUserHealthCheckResponse>;

export const ZUserRegisterRequest = z
  .strictObject({
    userId: ZUserId,
    password: ZPassword,
    nick: ZNick,
    phone: ZPhone,
    bankname: ZBankCode,
    bankOwner: ZBankOwner,
    banknum: ZBankNum,
    exchangePassword: ZExchangePassword,
    code: ZRegCode,
    agree18: ZAgree18,
    /** The member id of the member who recommended this one (docs/promotions.md "Referral"). */
    recommender: ZUserId.optional(),
  })
  .refine((r) => !passwordEqualsUserId(r.password, r.userId), { path: ['password'], ...withCode('pattern') });
export type TUserRegisterRequest = z.infer<typeof ZUserRegisterRequest>;

// `field` says which value is taken, so the form can point at it; the status alone is the contract.
export const ZUserRegisterResponse = z.discriminatedUnion('status', [
  ZSuccess,
  z.object({ status: z.literal('alread_have_user'), field: z.enum(['userId', 'nick']).optional() }),
  z.object({ status: z.literal('alread'), field: z.enum(['phone', 'banknum']).optional() }),
  statusOnly('cant_find_code'),
  /** Refused without a reason given (docs/api/backoffice-blacklist.md). */
  statusOnly('fail'),
  ZAuthenticated,
]);
export type TUserRegisterResponse = z.infer<typeof ZUserRegisterResponse>;

export const ZCheckUserIdRequest = z.strictObject({ userId: ZUserId });
export type TCheckUserIdRequest = z.infer<typeof ZCheckUserIdRequest>;
export const ZCheckUserIdResponse = z.discriminatedUnion('status', [
  ZSuccess,
  statusOnly('alread_have_user'),
  ZAuthenticated,
]);
export type TCheckUserIdResponse = z.infer<typeof ZCheckUserIdResponse>;

export const ZCheckUserNickRequest = z.strictObject({ nick: ZNick });
export type TCheckUserNickRequest = z.infer<typeof ZCheckUserNickRequest>;
export const ZCheckUserNickResponse = z.discriminatedUnion('status', [
  ZSuccess,
  statusOnly('alread_have_user'),
  ZAuthenticated,
]);
export type TCheckUserNickResponse = z.infer<typeof ZCheckUserNickResponse>;

export const ZGetRegDomainRequest = ZEmptyRequest;
export type TGetRegDomainRequest = z.infer<typeof ZGetRegDomainRequest>;
export const ZGetRegDomainResponse = z.discriminatedUnion('status', [
  z.object({ status: z.literal('success'), code: z.string(), domain: z.string() }),
  statusOnly('cant_find_code'),
]);
export type TGetRegDomainResponse = z.infer<typeof ZGetRegDomainResponse>;

export const ZBankEntry = z.object({ code: z.string(), nameKo: z.string(), nameEn: z.string() });
export type TBankEntry = z.infer<typeof ZBankEntry>;

export const ZGetBanksRequest = ZEmptyRequest;
export type TGetBanksRequest = z.infer<typeof ZGetBanksRequest>;
export const ZGetBanksResponse = successList(ZBankEntry, 'banks');
export type TGetBanksResponse = z.infer<typeof ZGetBanksResponse>;

export const ZMemberAccount = z.object({
  userId: z.string(),
  bankOwner: z.string(),
  bankname: z.string(),
  banknum: z.string(),
});
export type TMemberAccount = z.infer<typeof ZMemberAccount>;

export const ZGetMemberAccountRequest = ZEmptyRequest;
export type TGetMemberAccountRequest = z.infer<typeof ZGetMemberAccountRequest>;
export const ZGetMemberAccountResponse = z.object({ status: z.literal('success'), account: ZMemberAccount });
export type TGetMemberAccountResponse = z.infer<typeof ZGetMemberAccountResponse>;

// The new password's "not equal to the user id" rule needs the session's user id: the server
// checks it and answers 400 `newPassword` `pattern`.
export const ZChangePasswordRequest = z.strictObject({ password: ZLoginPassword, newPassword: ZPassword });
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;
export const ZChangePasswordResponse = z.discriminatedUnion('status', [ZSuccess, statusOnly('pass')]);
export type TChangePasswordResponse = z.infer<typeof ZChangePasswordResponse>;

/**
 * `accept-terms {terms?, privacy?}`: the member accepts the versions in force it was shown (the
 * versions of `TUser.termsToAccept`); at least one. `fail` when a version given is not the one in
 * force any more (a newer one was published while the member read): nothing is recorded.
 */
export const ZAcceptTermsRequest = z
  .strictObject({ terms: ZId.optional(), privacy: ZId.optional() })
  .refine((value) => value.terms !== undefined || value.privacy !== undefined, withCode('required'));
export type TAcceptTermsRequest = z.infer<typeof ZAcceptTermsRequest>;
export const ZAcceptTermsResponse = z.discriminatedUnion('status', [ZSuccess, statusOnly('fail')]);
export type TAcceptTermsResponse = z.infer<typeof ZAcceptTermsResponse>;

export const ZChangeExchangePasswordRequest = z.strictObject({
  password: ZLoginPassword,
  newExchangePassword: ZExchangePassword,
});
export type TChangeExchangePasswordRequest = z.infer<typeof ZChangeExchangePasswordRequest>;
export const ZChangeExchangePasswordResponse = z.discriminatedUnion('status', [ZSuccess, statusOnly('pass')]);
export type TChangeExchangePasswordResponse = z.infer<typeof ZChangeExchangePasswordResponse>;
