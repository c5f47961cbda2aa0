import type { ModuleContext } from '../../lib/module-context.ts';
import { idempotencyKeyOf } from '../../lib/idempotency.ts';
import type { CompService } from './comp.service.ts';

/** roll-to-balance (docs/api/member-calls.md): comp points become cash 1:1. */
export function registerCompCalls(ctx: ModuleContext, deps: { comp: CompService }): void {
  ctx.calls.register('roll-to-balance', (input, { member, request }) =>
    deps.comp.convert(member.memberId, input.amount, idempotencyKeyOf(request)),
  );
}
