import type { ModuleContext } from '../../lib/module-context.ts';
import type { CommunityService } from '../community/community.service.ts';
import type { CashierService } from './cashier.service.ts';

export interface CashierRouteDeps {
  cashier: CashierService;
  community: CommunityService;
}

/** The member calls of the cashier and my page's money (docs/api/member-calls.md). */
export function registerCashierCalls(ctx: ModuleContext, deps: CashierRouteDeps): void {
  const { cashier, community } = deps;
  const { calls } = ctx;

  calls.register('apply-user-deposit', (input, { member }) => cashier.applyDeposit(member.memberId, input));
  calls.register('apply-user-withdraw', (input, { member }) => cashier.applyWithdraw(member.memberId, input));

  calls.register('get-deposit-list', (input, { member }) =>
    cashier.list('deposit', member.memberId, { page: input.page ?? 1, pageSize: input.pageSize ?? 20 }),
  );
  calls.register('get-withdraw-list', (input, { member }) =>
    cashier.list('withdraw', member.memberId, { page: input.page ?? 1, pageSize: input.pageSize ?? 20 }),
  );

  calls.register('del-deposit', (input, { member }) => cashier.remove('deposit', member.memberId, input.id));
  calls.register('del-withdraw', (input, { member }) =>
    cashier.remove('withdraw', member.memberId, input.id),
  );

  calls.register('get-cashier-status', () => cashier.status());
  calls.register('get-cash-ticker', () => cashier.ticker());

  calls.register('user-ask-account', async (_input, { member }) => {
    const opened = await community.openAccountInquiry(member.memberId);
    return { status: opened ? ('success' as const) : ('already' as const) };
  });
}
