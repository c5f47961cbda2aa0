import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { TBackofficeMember } from '@casino/contracts/backoffice-members';
import { MemberDetailPage } from './member-detail-page.tsx';
import { renderConsole, serveJson, setUpConsoleTests } from '../../test/console.tsx';

const MEMBER: TBackofficeMember = {
  id: 7,
  userId: 'kim02',
  nick: '김둘',
  phone: '01012345678',
  level: 1,
  state: 'active',
  balance: 0,
  rolling: 0,
  in_balance: 0,
  bankname: '004',
  bankOwner: '김둘',
  banknum: null,
  regCode: 'DEMO',
  regDate: '2026-11-20T01:02:03.000Z',
  lastLoginDate: null,
  mustChangePassword: false,
  partnerId: null,
  recommender: 'kim01',
};

function render(attendance: unknown) {
  serveJson((url) => {
    if (url === '/api/backoffice/members/kim02') return { status: 'success', member: MEMBER, ledger: [] };
    if (url === '/api/backoffice/members/kim02/attendance') return attendance;
    return { status: 'success', list: [], maxCount: 0 };
  });
  renderConsole(
    <Routes>
      <Route path="/members/:userId" element={<MemberDetailPage />} />
    </Routes>,
    { path: '/members/kim02', operator: { operatorId: 'boss', role: 'owner', permissions: [] } },
  );
}

setUpConsoleTests();

describe('the member detail', () => {
  it('shows the recommender as a link and the attendance of the last 30 days', async () => {
    render({ status: 'success', streak: 3, lastDay: '2026-11-28', days30: 12, points30: 1_500 });
    expect(await screen.findByText('Streak 3 · 12 check-ins in 30 days · 1,500 points')).toBeTruthy();
    expect(screen.getByText('(last 2026-11-28)')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'kim01' }).getAttribute('href')).toBe('/members/kim01');
  });

  it('says when the member has not checked in for 30 days', async () => {
    render({ status: 'success', streak: 0, lastDay: null, days30: 0, points30: 0 });
    expect(await screen.findByText('No check-in in the last 30 days')).toBeTruthy();
  });
});

describe('the rollover on the member detail', () => {
  it("shows the deposit bonus in play's rollover, or that none is", async () => {
    serveJson((url) => {
      if (url === '/api/backoffice/members/kim02')
        return {
          status: 'success',
          member: { ...MEMBER, rollover: { required: 330_000, done: 30_000 } },
          ledger: [],
        };
      return { status: 'success', list: [], maxCount: 0 };
    });
    renderConsole(
      <Routes>
        <Route path="/members/:userId" element={<MemberDetailPage />} />
      </Routes>,
      { path: '/members/kim02', operator: { operatorId: 'boss', role: 'owner', permissions: [] } },
    );
    const term = await screen.findByText('Rollover (deposit bonus)');
    expect(term.nextElementSibling?.textContent).toMatch(/30,000.* of .*330,000/);
  });
});
