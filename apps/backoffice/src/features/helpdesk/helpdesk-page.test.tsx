import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HelpdeskPage } from './helpdesk-page.tsx';
import { renderConsole, serveJson, setUpConsoleTests } from '../../test/console.tsx';

// An account inquiry is answered with the deposit account of the member's level when it has one
// (docs/api/levels.md), else with the site's.

const HELP = {
  id: 5,
  kind: 'account_inquiry',
  userId: 'kim02',
  guestUserId: null,
  guestPhone: null,
  title: '입금 계좌 문의',
  contents: '계좌 알려 주세요',
  answer: null,
  answerDate: null,
  answeredBy: null,
  state: 'wait',
  isRead: false,
  regDate: '2026-11-27T01:00:00.000Z',
  lastDate: '2026-11-27T01:00:00.000Z',
};
const SITE_ACCOUNT = { bank: '004', number: '11112222333', holder: '사이트' };
const LEVEL_ACCOUNT = { bank: '088', number: '98765432101', holder: '골드계좌' };

function levels(account: unknown) {
  return {
    status: 'success',
    levels: Array.from({ length: 10 }, (_, i) => ({
      level: i + 1,
      name: `Lv.${i + 1}`,
      members: 0,
      compRates: { casino: null, slot: null, mini: null },
      withdrawDailyLimit: null,
      depositBonus: [],
      threshold: { stakes: null, deposits: null },
      depositAccount: i === 2 ? account : null,
    })),
  };
}

function render(levelAccount: unknown) {
  serveJson((url) => {
    if (url.startsWith('/api/backoffice/helps')) return { status: 'success', list: [HELP], maxCount: 1 };
    if (url === '/api/backoffice/deposit-account') return { status: 'success', account: SITE_ACCOUNT };
    if (url === '/api/backoffice/members/kim02')
      return { status: 'success', member: { userId: 'kim02', level: 3 }, ledger: [] };
    if (url === '/api/backoffice/settings/levels') return levels(levelAccount);
    return { status: 'success', list: [], maxCount: 0 };
  });
  renderConsole(<HelpdeskPage />, {
    path: '/helpdesk?id=5',
    operator: { operatorId: 'boss', role: 'owner', permissions: [] },
  });
}

setUpConsoleTests();

describe("an account inquiry's answer", () => {
  it("inserts the member's level account when the level has one", async () => {
    render(LEVEL_ACCOUNT);
    const insert = await screen.findByRole('button', { name: 'Insert the deposit account' });
    // The editor loads as its own chunk: insert once it is there.
    await waitFor(() => expect(document.querySelector('[contenteditable="true"]')).not.toBeNull(), {
      timeout: 10_000,
    });
    expect(document.body.textContent).not.toContain('98765432101');
    fireEvent.click(insert);
    await waitFor(() => expect(document.body.textContent).toContain('98765432101'));
  });
});
