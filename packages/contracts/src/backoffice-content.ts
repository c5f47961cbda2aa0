import { z } from 'zod';
import { ZBankCode, ZBankNum, ZBankOwner } from './fields.ts';

// The help desk's and the content screens' own back-office calls (docs/api/backoffice-content.md).

/**
 * The site's deposit account: where members send the money of a deposit. Operators give it to a
 * member in the answer of an account inquiry (`user-ask-account`); it is never shown to members
 * otherwise. `bank` is a KFTC bank code (banks.ts), `number` digits only (spaces and dashes are
 * removed), `holder` the account holder's name.
 */
export const ZDepositAccount = z.strictObject({
  bank: ZBankCode,
  number: ZBankNum,
  holder: ZBankOwner,
});
export type TDepositAccount = z.infer<typeof ZDepositAccount>;

/** `GET /api/backoffice/deposit-account` (owner, support): null until an owner has set it. */
export const ZDepositAccountResponse = z.object({
  status: z.literal('success'),
  account: ZDepositAccount.nullable(),
});
export type TDepositAccountResponse = z.infer<typeof ZDepositAccountResponse>;
