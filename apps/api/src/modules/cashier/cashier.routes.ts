import type { ModuleContext } from '../../lib/module-context.ts';
import { clientDevice } from '../auth/device.ts';
import type { CommunityService } from '../community/community.service.ts';
import type { CashierService } from './cashier.service.ts';
import type { DepositBonusService } from './deposit-bonus.service.ts';

export interface CashierRouteDeps {
  cashier: CashierService;
  community: CommunityService;
  /** The levels' deposit bonus, rollover and benefits (docs/api/levels.md). */
  depositBonus: DepositBonusService;
}

/** The member calls of the cashier and my page's money (docs/api/member-calls.md). */
export function registerCashierCalls(ctx: ModuleContext, deps: CashierRouteDeps): void {
  const { cashier, community, depositBonus } = deps;
  const { calls, events } = ctx;

  // After a change committed, the operators' queues and the member's other tabs hear of it
  // (docs/api/events.md).
  calls.register('apply-user-deposit', async (input, { member, request, reply }) => {
    const answer = await cashier.applyDeposit(member.memberId, input, {
      ip: request.ip,
      device: clientDevice(request, reply),
    });
    if (answer.status === 'success') events.queue();
    return answer;
  });
  calls.register('apply-user-withdraw', async (input, { member, request, reply }) => {
    const answer = await cashier.applyWithdraw(member.memberId, input, {
      ip: request.ip,
      device: clientDevice(request, reply),
    });
    if (answer.status === 'success') {
      events.queue();
      events.member({ memberId: member.memberId }, 'balance');
    }
    return answer;
  });

  calls.register('get-deposit-list', (input, { member }) =>
    cashier.list('deposit', member.memberId, { page: input.page ?? 1, pageSize: input.pageSize ?? 20 }),
  );
  calls.register('get-withdraw-list', (input, { member }) =>
    cashier.list('withdraw', member.memberId, { page: input.page ?? 1, pageSize: input.pageSize ?? 20 }),
  );

  calls.register('del-deposit', async (input, { member }) => {
    const answer = await cashier.remove('deposit', member.memberId, input.id);
    if (answer.status === 'success') events.queue();
    return answer;
  });
  calls.register('del-withdraw', async (input, { member }) => {
    const answer = await cashier.remove('withdraw', member.memberId, input.id);
    if (answer.status === 'success') {
      events.queue();
      events.member({ memberId: member.memberId }, 'balance');
    }
    return answer;
  });

  calls.register('get-cashier-status', () => cashier.status());

  // Levels and the deposit bonus (docs/api/levels.md, docs/api/member-calls.md).
  calls.register('get-deposit-bonus', (_input, { member }) => depositBonus.options(member.memberId));
  calls.register('get-rollover', (_input, { member }) => depositBonus.rollover(member.memberId));
  calls.register('cancel-bonus', async (_input, { member }) => {
    const answer = await depositBonus.cancel(member.memberId);
    if (answer.status === 'success') events.member({ memberId: member.memberId }, 'balance');
    return answer;
  });
  calls.register('get-my-level', (_input, { member }) => depositBonus.myLevel(member.memberId));
  calls.register('get-cash-ticker', () => cashier.ticker());

  calls.register('user-ask-account', async (_input, { member }) => {
    const opened = await community.openAccountInquiry(member.memberId);
    if (opened) events.queue();
    return { status: opened ? ('success' as const) : ('already' as const) };
  });
}
