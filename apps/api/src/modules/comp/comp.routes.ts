import type { ModuleContext } from '../../lib/module-context.ts';
import { idempotencyKeyOf } from '../../lib/idempotency.ts';
import type { CompService } from './comp.service.ts';

/** roll-to-balance (docs/api/member-calls.md): comp points become cash 1:1. */
export function registerCompCalls(ctx: ModuleContext, deps: { comp: CompService }): void {
  ctx.calls.register('roll-to-balance', async (input, { member, request }) => {
    const answer = await deps.comp.convert(member.memberId, input.amount, idempotencyKeyOf(request));
    // The member's other tabs and game windows hear of it (docs/api/events.md).
    if (answer.status === 'success') ctx.events.member({ memberId: member.memberId }, 'balance');
    return answer;
  });
}
