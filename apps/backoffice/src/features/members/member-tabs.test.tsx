import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../lib/format.ts';
import { MemberTabs, TAB_PAGE_SIZE } from './member-tabs.tsx';
import { renderConsole, serveJson, setUpConsoleTests } from '../../test/console.tsx';

const SIGN_IN = {
  id: 7,
  at: '2026-11-24T10:00:00.000Z',
  ip: '198.51.100.4',
  userAgent: 'Firefox',
  outcome: 'password',
};

function renderTabs() {
  renderConsole(<MemberTabs userId="alice1" />);
}

setUpConsoleTests();

describe('the member detail tabs', () => {
  it('says when a tab has nothing yet', async () => {
    serveJson(() => ({ status: 'success', list: [], nextBeforeId: null }));
    renderTabs();
    expect(await screen.findByText('Nothing here yet.')).toBeTruthy();
  });

  it('shows a page of a paged tab in its columns, and the next page from the pager', async () => {
    const urls = serveJson(() => ({ status: 'success', list: [SIGN_IN], maxCount: TAB_PAGE_SIZE * 2 + 1 }));
    renderTabs();
    fireEvent.click(screen.getByRole('tab', { name: 'Sign-ins' }));
    const cell = await screen.findByText('Wrong password');
    expect(
      within(cell.closest('tr')!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([formatDateTime(SIGN_IN.at), '198.51.100.4', 'Wrong password', 'Firefox']);
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3')).toBeTruthy();
    expect(urls.at(-1)).toBe(`/api/backoffice/members/alice1/sign-ins?page=2&pageSize=${TAB_PAGE_SIZE}`);
  });
});
