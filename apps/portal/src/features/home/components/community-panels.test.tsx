import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TCallResponse } from '@casino/contracts/calls';
import { fakeSession } from '../../../test/test-app.tsx';
import { closeDialog, fakeServer, renderPage, settle } from '../../../test/fake-server.tsx';
import { CommunityPanels } from './community-panels.tsx';

const NOTICES: TCallResponse<'get-user-notices'> = {
  status: 'success',
  notices: Array.from({ length: 7 }, (_, i) => ({
    id: 100 - i,
    title: `공지 ${i + 1}`,
    contents: '<p>내용</p>',
    lastDate: i === 1 ? null : `2026-11-${String(20 - i).padStart(2, '0')}T03:00:00.000Z`,
    domain: '',
  })),
};

const HELPS: TCallResponse<'get-help-list'> = {
  status: 'success',
  maxCount: 2,
  helps: [
    {
      id: 7,
      kind: 'help',
      title: '충전 확인 부탁드립니다',
      contents: '입금했습니다',
      answer: '확인되었습니다',
      answerDate: '2026-11-23T01:00:00.000Z',
      state: 'already',
      isRead: false,
      regDate: '2026-11-22T15:30:00.000Z',
      lastDate: '2026-11-23T01:00:00.000Z',
    },
    {
      id: 6,
      kind: 'help',
      title: '환전 시간 문의',
      contents: '언제 되나요',
      answer: null,
      answerDate: null,
      state: 'wait',
      isRead: true,
      regDate: '2026-11-21T02:00:00.000Z',
      lastDate: null,
    },
  ],
};

const panel = (name: string) => screen.getByRole('region', { name });
const rowsOf = (region: HTMLElement) =>
  within(region)
    .queryAllByRole('listitem')
    .map((li) => li.textContent);

describe('the home panels', () => {
  it('shows a guest the first five notices and invites them to sign in instead of fetching help', async () => {
    const server = fakeServer({ 'get-user-notices': () => NOTICES });
    renderPage('/', <CommunityPanels />, fakeSession('unauthenticated'));
    await settle();
    expect(rowsOf(panel('공지사항'))).toEqual([
      '공지 12026-11-20',
      '공지 2-',
      '공지 32026-11-18',
      '공지 42026-11-17',
      '공지 52026-11-16',
    ]);
    const help = panel('고객센터');
    expect(within(help).getByText('로그인하고 1:1 문의를 남겨 보세요')).toBeTruthy();
    expect(
      within(help)
        .getByRole('link', { name: /로그인/ })
        .getAttribute('href'),
    ).toBe('/login');
    expect(within(help).getByRole('link', { name: '회원가입' }).getAttribute('href')).toBe('/register');
    // No 'more' for a guest's help panel, and no help list asked for.
    expect(within(help).queryByRole('link', { name: /더보기/ })).toBeNull();
    expect(server.countOf('get-help-list')).toBe(0);
  });

  it('tells a guest to sign in (msg2001) when they open the notices, and stays', async () => {
    fakeServer({ 'get-user-notices': () => NOTICES });
    const { router } = renderPage('/', <CommunityPanels />, fakeSession('unauthenticated'));
    await settle();
    fireEvent.click(within(panel('공지사항')).getByRole('link', { name: /더보기/ }));
    await settle();
    expect(screen.getByRole('alertdialog').textContent).toContain('로그인');
    expect(router.state.location.pathname).toBe('/');
    await closeDialog();
    fireEvent.click(within(panel('공지사항')).getAllByRole('link')[1]!);
    await settle();
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it("shows a member their latest help posts (page 1 of 5) with their state, and 'more' leads to /help", async () => {
    const server = fakeServer({ 'get-user-notices': () => NOTICES, 'get-help-list': () => HELPS });
    const { router } = renderPage('/', <CommunityPanels />);
    await settle();
    expect(server.bodiesOf('get-help-list')).toEqual([{ page: 1, pageSize: 5 }]);
    const help = panel('고객센터');
    expect(rowsOf(help)).toEqual([
      '답변 완료충전 확인 부탁드립니다2026-11-23',
      '답변 대기환전 시간 문의2026-11-21',
    ]);
    expect(within(help).getAllByRole('link')[1]!.getAttribute('href')).toBe('/help?id=7');
    fireEvent.click(within(help).getByRole('link', { name: /더보기/ }));
    await settle();
    expect(router.state.location.pathname).toBe('/help');
  });

  it('keeps the rows while the session loads, and says when there is nothing yet', async () => {
    fakeServer({
      'get-user-notices': () => ({ status: 'success', notices: [] }),
      'get-help-list': () => ({ status: 'success', helps: [], maxCount: 0 }),
    });
    renderPage('/', <CommunityPanels />, fakeSession('loading'));
    expect(panel('고객센터').querySelectorAll('.home-panel__row')).toHaveLength(5);
    await settle();
    expect(within(panel('공지사항')).getByText('등록된 공지사항이 없습니다.')).toBeTruthy();
  });
});
