import { z } from 'zod';
import { isBankCode } from './banks.ts';
import { withCode } from './errors.ts';

// Messages-free field rules of docs/api/member-calls.md; the 400 codes come from toFieldErrors. Within a
// field, length checks come before patterns so that the more useful error wins.

const removeSpacesAndDashes = (value: string) => value.replace(/[\s-]/g, '');
const isNotBlank = (value: string) => value.trim() !== '';

export const USER_ID_MIN = 4;
export const USER_ID_MAX = 16;
export const ZUserId = z
  .string()
  .trim()
  .toLowerCase()
  .min(USER_ID_MIN)
  .max(USER_ID_MAX)
  .regex(/^[a-z][a-z0-9]*$/);

export const NICK_MIN = 2;
export const NICK_MAX = 10;
export const ZNick = z
  .string()
  .trim()
  .normalize('NFC')
  .min(NICK_MIN)
  .max(NICK_MAX)
  .regex(/^[가-힣A-Za-z0-9]+$/);

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;
export const ZPassword = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX);

/** A password being checked rather than set (sign-in, current password): only presence and size. */
export const ZLoginPassword = z.string().max(PASSWORD_MAX).refine(isNotBlank, withCode('required'));

/** The registration rule "not equal to the user id", case-insensitive because ids are lower-cased. */
export function passwordEqualsUserId(password: string, userId: string): boolean {
  return password.toLowerCase() === userId.trim().toLowerCase();
}

export const ZExchangePassword = z.string().min(4).max(6).regex(/^\d+$/);

export const ZPhone = z
  .string()
  .overwrite(removeSpacesAndDashes)
  .regex(/^01\d{8,9}$/);

export const ZBankCode = z.string().refine(isBankCode, withCode('pattern'));

export const ZBankOwner = z.string().trim().min(2).max(20);

export const ZBankNum = z.string().overwrite(removeSpacesAndDashes).min(8).max(20).regex(/^\d+$/);

export const ZRegCode = z
  .string()
  .trim()
  .min(1)
  .max(20)
  .regex(/^[A-Za-z0-9]+$/);

export const ZAgree18 = z.boolean().refine((value): value is true => value, withCode('required'));

/** The default of the operators' maximum amount (a cashier setting the server checks). */
export const DEFAULT_MAX_AMOUNT = 100_000_000;

/** A request amount in whole won (or points): a positive safe integer up to `maxAmount`. */
export function amountSchema(maxAmount: number = Number.MAX_SAFE_INTEGER) {
  return z.int().positive().max(maxAmount);
}
/**
 * Any positive safe integer: the operator's maximum (default DEFAULT_MAX_AMOUNT) is a setting, so
 * the server checks it against the current settings and answers 400 `amount` `max` itself.
 */
export const ZAmount = amountSchema();

/** Money or points in a response: a whole number of won. */
export const ZMoney = z.int();
export const ZCount = z.int().nonnegative();

export const ZId = z.int().positive();

export const ZEmptyRequest = z.strictObject({});
export type TEmptyRequest = z.infer<typeof ZEmptyRequest>;

export const ZIdRequest = z.strictObject({ id: ZId });
export type TIdRequest = z.infer<typeof ZIdRequest>;

export const DEFAULT_PAGE = 1;
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
export const ZPaging = z.strictObject({
  page: z.int().min(1).default(DEFAULT_PAGE),
  pageSize: z.int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type TPaging = z.infer<typeof ZPaging>;

/** `?page&pageSize` of a paged list's query string (spread into its `z.strictObject`). */
export const ZPageQuery = {
  page: z.coerce.number().pipe(z.int().min(1)).default(DEFAULT_PAGE),
  pageSize: z.coerce.number().pipe(z.int().min(1).max(MAX_PAGE_SIZE)).default(DEFAULT_PAGE_SIZE),
};

type TSuccessListShape<T extends z.ZodType, K extends string> = { status: z.ZodLiteral<'success'> } & {
  [P in K]: z.ZodArray<T>;
};

/**
 * The success answer of a whole list: `{status: "success", list}`, every `item`. `key` names the
 * list's field where a call names it otherwise (`banks`, `jobs`); `.extend()` the result for fields
 * beside it.
 */
export function successList<T extends z.ZodType, K extends string = 'list'>(item: T, key: K = 'list' as K) {
  const shape = { status: z.literal('success'), [key]: z.array(item) };
  return z.object(shape as TSuccessListShape<T, K>);
}

/**
 * The success answer of a paged list: `{status: "success", list, maxCount}`, one page of `item` and how many the
 * whole (filtered) list holds. `key` names the page's field where a member call names it otherwise (`bets`, `notes`);
 * `.extend()` the result for fields beside them.
 */
export function pagedList<T extends z.ZodType, K extends string = 'list'>(item: T, key: K = 'list' as K) {
  return successList(item, key).extend({ maxCount: ZCount });
}

/** An ISO-8601 instant as the server writes it (`Date#toISOString`, or with an offset). */
export const ZIsoDate = z.iso.datetime({ offset: true });

export const HH_MM_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
/** A wall-clock time `HH:mm` (the site's time zone). */
export const ZHhMm = z.string().regex(HH_MM_PATTERN);

export const ZTitleColor = z.string().regex(/^#[0-9a-fA-F]{6}$/);
export const POPUP_POS_MAX = 4000;
export const ZPopupPos = z.int().min(0).max(POPUP_POS_MAX);

export const HELP_TITLE_MAX = 100;
export const HELP_CONTENTS_MAX = 5000;
// Member text is stored as written, so blank text is refused rather than trimmed away.
export const ZHelpTitle = z.string().max(HELP_TITLE_MAX).refine(isNotBlank, withCode('required'));
export const ZHelpContents = z.string().max(HELP_CONTENTS_MAX).refine(isNotBlank, withCode('required'));

/** A game or provider code as the catalog names it. */
export const ZGameCode = z.string().trim().min(1).max(64);
