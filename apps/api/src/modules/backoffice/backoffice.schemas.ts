import { z } from 'zod';
import { HH_MM_PATTERN, MAX_PAGE_SIZE } from '@casino/contracts/fields';
import { ZOperatorRole } from '@casino/contracts/backoffice';

/**
 * Schemas of the back-office routes beyond API.md section 4 (cashier settings, operators, the
 * audit log); the routes of section 4 use the contracts' own schemas.
 */

const positiveInt = z.int().positive();
const page = z.coerce.number().pipe(z.int().min(1)).default(1);
const pageSize = z.coerce.number().pipe(z.int().min(1).max(MAX_PAGE_SIZE)).default(20);

export const ZAuditQuery = z.strictObject({ target: z.string().max(100).optional(), page, pageSize });

const ZLockWindow = z
  .strictObject({ from: z.string().regex(HH_MM_PATTERN), to: z.string().regex(HH_MM_PATTERN) })
  .refine((w) => w.from !== w.to, { message: 'a window needs a length' })
  .nullable();

/** A partial change of the cashier settings; a lock window is `{from, to}` or null (always open). */
export const ZCashierSettingsPatch = z.strictObject({
  minDeposit: positiveInt.optional(),
  minWithdraw: positiveInt.optional(),
  unit: positiveInt.optional(),
  maxAmount: positiveInt.optional(),
  minConversion: positiveInt.optional(),
  depositLock: ZLockWindow.optional(),
  withdrawLock: ZLockWindow.optional(),
});

export const ZCreateOperatorRequest = z.strictObject({
  operatorId: z.string().regex(/^[A-Za-z][A-Za-z0-9._-]{2,31}$/),
  password: z.string().min(12).max(128),
  role: ZOperatorRole,
  withTotp: z.boolean().optional(),
});
