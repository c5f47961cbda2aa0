import { z } from 'zod';
import { withCode } from './errors.ts';
import { ZId, ZUserId } from './fields.ts';

// What every back-office domain shares: the operator roles and what they see, member states, the
// path params and the rules of operator-written fields. Each domain's schemas live beside its routes
// in `backoffice-<domain>.ts` (the route table: `backoffice-routes.ts`); the sign-in is in auth.ts.

export const OPERATOR_ROLES = ['owner', 'cashier', 'support', 'content', 'partner'] as const;
export const ZOperatorRole = z.enum(OPERATOR_ROLES);
export type TOperatorRole = z.infer<typeof ZOperatorRole>;
/** The house's own staff roles: what the operators screen creates and assigns (a partner is made by `POST /partners`). */
export const STAFF_ROLES = ['owner', 'cashier', 'support', 'content'] as const;
export const ZStaffRole = z.enum(STAFF_ROLES);
export type TStaffRole = z.infer<typeof ZStaffRole>;

/** What a role may touch besides what `owner` may (everything). */
export const OPERATOR_AREAS = ['money', 'support', 'content'] as const;
export type TOperatorArea = (typeof OPERATOR_AREAS)[number];

const AREAS_OF_ROLE: Record<TOperatorRole, readonly TOperatorArea[]> = {
  owner: OPERATOR_AREAS,
  cashier: ['money'],
  support: ['support'],
  content: ['content'],
  partner: [],
};

/** money: deposit/withdrawal queues, adjustments; support: help posts, notes; content: notices, popups, banners. */
export function roleAllows(role: TOperatorRole, area: TOperatorArea): boolean {
  return AREAS_OF_ROLE[role].includes(area);
}

export function canSeeBankNumbers(role: TOperatorRole): boolean {
  return role === 'owner' || role === 'cashier';
}

export const MEMBER_STATES = ['active', 'pending', 'blocked', 'self_excluded'] as const;
export const ZMemberState = z.enum(MEMBER_STATES);
export type TMemberState = z.infer<typeof ZMemberState>;

// Path and query values arrive as strings.
export const ZBackofficeIdParams = z.strictObject({ id: z.coerce.number().pipe(ZId) });
export type TBackofficeIdParams = z.infer<typeof ZBackofficeIdParams>;

export const ZBackofficeUserIdParams = z.strictObject({ userId: ZUserId });
export type TBackofficeUserIdParams = z.infer<typeof ZBackofficeUserIdParams>;

export const REASON_MAX = 200;
export const ZReason = z.string().trim().max(REASON_MAX);

export const OPERATOR_TITLE_MAX = 100;
export const OPERATOR_HTML_MAX = 20_000;
export const DOMAIN_FIELD_MAX = 500;
export const ZOperatorTitle = z.string().trim().min(1).max(OPERATOR_TITLE_MAX);
/**
 * Operator HTML. Not sanitized by this schema: the server passes it through createHtmlSanitizer
 * (sanitize-html.ts) before storing it (a text that comes out empty is a 400 `required`), and the
 * portal again before rendering it.
 */
export const ZOperatorHtml = z.string().min(1).max(OPERATOR_HTML_MAX);
export const ZDomainField = z.string().trim().max(DOMAIN_FIELD_MAX);
export const ZSortOrder = z.int().min(-1_000_000).max(1_000_000);

export const ZCreatedResponse = z.object({ status: z.literal('success'), id: ZId });

// Patches of the help desk's and the content screens' lists.

/** A patch must change something: `{}` is a 400 on the whole body. */
export const isNonEmptyPatch = (patch: object) => Object.values(patch).some((v) => v !== undefined);

/** The `PATCH` body of what `fields` creates: any of its fields, at least one (`{}` is a 400 `required`). */
export function patchOf<T extends z.ZodObject>(fields: T) {
  return fields.partial().refine(isNonEmptyPatch, withCode('required'));
}
