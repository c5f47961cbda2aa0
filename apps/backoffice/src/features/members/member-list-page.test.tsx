import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { TBackofficeMemberRow } from '@casino/contracts/backoffice-members';
import { MemberListPage } from './member-list-page.tsx';
import { renderConsole, serveJson, setUpConsoleTests } from '../../test/console.tsx';

const ROW: TBackofficeMemberRow = {
  userId: 'player7',
  nick: '행운이',
  phone: '01012345678',
  level: 3,
  state: 'pending',
  balance: 125_000,
  rolling: 4_200,
  bankname: '004',
  bankOwner: '홍길동',
  banknum: null,
  regCode: 'VIP',
  regDomain: 'vip.example.com',
  regDate: '2026-11-20T01:02:03.000Z',
  lastLoginDate: null,
  partnerId: null,
};

/** The member list endpoint: records each URL asked and answers one row. */
function fakeServer() {
  return serveJson(() => ({ status: 'success', list: [ROW], maxCount: 120 }));
}

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

function renderList(initial = '/members') {
  renderConsole(
    <>
      <Routes>
        <Route path="/members" element={<MemberListPage />} />
        <Route path="/members/:userId" element={<p>detail</p>} />
      </Routes>
      <Where />
    </>,
    { path: initial },
  );
}

setUpConsoleTests();

describe('the member list', () => {
  it('shows a dense row per member with state, money and sign-up domain', async () => {
    fakeServer();
    renderList();
    expect(await screen.findByText('행운이')).toBeTruthy();
    const table = within(screen.getByRole('table'));
    expect(table.getByText('Awaiting approval')).toBeTruthy();
    expect(table.getByText('₩125,000')).toBeTruthy();
    expect(table.getByText('vip.example.com')).toBeTruthy();
    expect(screen.getByText('120 members')).toBeTruthy();
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
  });

  it('searches by the filter bar (Enter submits), keeps the filter in the URL, and pages', async () => {
    const urls = fakeServer();
    renderList();
    await screen.findByText('행운이');
    fireEvent.change(screen.getByLabelText('User ID'), { target: { value: ' play ' } });
    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'blocked' } });
    fireEvent.change(screen.getByLabelText('Level'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('Sign-up domain'), { target: { value: 'vip' } });
    fireEvent.submit(screen.getByRole('search'));
    await waitFor(() => expect(urls.at(-1)).toContain('state=blocked'));
    const asked = new URL(urls.at(-1)!, 'http://x').searchParams;
    expect(Object.fromEntries(asked)).toEqual({
      userId: 'play',
      domain: 'vip',
      level: '3',
      state: 'blocked',
      page: '1',
      pageSize: '50',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(urls.at(-1)).toContain('page=2'));
    expect(screen.getByTestId('where').textContent).toContain('state=blocked');
  });

  it("opens a member's detail from the row", async () => {
    fakeServer();
    renderList();
    fireEvent.click(await screen.findByRole('link', { name: 'Open player7' }));
    expect(await screen.findByText('detail')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/members/player7');
  });
});
