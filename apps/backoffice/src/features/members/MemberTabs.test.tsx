import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n/i18n.ts';
import { formatDateTime } from '../../lib/format.ts';
import { MemberTabs, TAB_PAGE_SIZE } from './MemberTabs.tsx';

const SIGN_IN = {
  id: 7,
  at: '2026-11-24T10:00:00.000Z',
  ip: '198.51.100.4',
  userAgent: 'Firefox',
  outcome: 'password',
};

function serve(answer: (url: string) => unknown) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      return Response.json(answer(url));
    }),
  );
  return urls;
}

function renderTabs() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <MemberTabs userId="alice1" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeAll(() => {
  localStorage.setItem('backoffice.language', 'en');
  initI18n();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the member detail tabs', () => {
  it('says when a tab has nothing yet', async () => {
    serve(() => ({ status: 'success', list: [], nextBeforeId: null }));
    renderTabs();
    expect(await screen.findByText('Nothing here yet.')).toBeTruthy();
  });

  it('shows a page of a paged tab in its columns, and the next page from the pager', async () => {
    const urls = serve(() => ({ status: 'success', list: [SIGN_IN], maxCount: TAB_PAGE_SIZE * 2 + 1 }));
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
