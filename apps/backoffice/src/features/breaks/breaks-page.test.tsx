import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { TBackofficeBreaksResponse, TBreakReportRow } from '@casino/contracts/backoffice-protection';
import { formatDateTime } from '../../lib/format.ts';
import { BREAKS_PAGE_SIZE, BreaksPage } from './breaks-page.tsx';
import { setUpConsoleTests, renderConsole, fakeFetch } from '../../test/console.tsx';

const EXCLUDED: TBreakReportRow = {
  id: 31,
  userId: 'player7',
  nick: '행운이',
  kind: 'self_exclusion',
  period: 'permanent',
  startedAt: '2026-11-25T02:00:00.000Z',
  until: null,
};
const TIMED_OUT: TBreakReportRow = {
  id: 30,
  userId: 'player3',
  nick: '별빛',
  kind: 'time_out',
  period: '7d',
  startedAt: '2026-11-24T02:00:00.000Z',
  until: '2026-12-01T02:00:00.000Z',
};

/** The report endpoint: records each URL and answers the rows of the asked kind. */
function fakeServer(maxCount = 2) {
  const urls: string[] = [];
  fakeFetch(async (url: string) => {
    urls.push(url);
    const kind = new URL(url, 'http://x').searchParams.get('kind');
    const list = [EXCLUDED, TIMED_OUT].filter((r) => !kind || r.kind === kind);
    const body: TBackofficeBreaksResponse = {
      status: 'success',
      list,
      maxCount: kind ? list.length : maxCount,
    };
    return Response.json(body);
  });
  return urls;
}

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

function renderAt(path: string) {
  renderConsole(
    <>
      <Routes>
        <Route path="/breaks" element={<BreaksPage />} />
        <Route path="/members/:userId" element={<p>member page</p>} />
      </Routes>
      <Where />
    </>,
    { path: path },
  );
}

setUpConsoleTests();

describe('members on a break', () => {
  it('lists the members under a break, newest first, with their ends; says breaks cannot be ended', async () => {
    const urls = fakeServer();
    renderAt('/breaks');
    expect(await screen.findByText('행운이')).toBeTruthy();
    expect(urls).toEqual([`/api/backoffice/protection/breaks?page=1&pageSize=${BREAKS_PAGE_SIZE}`]);
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      `player7행운이Self-exclusionPermanent${formatDateTime(EXCLUDED.startedAt)}Permanent`,
      `player3별빛Take a break7 days${formatDateTime(TIMED_OUT.startedAt)}${formatDateTime(TIMED_OUT.until!)}`,
    ]);
    expect(screen.getByText('2 members')).toBeTruthy();
    expect(
      screen.getByText(/nobody can end or shorten a break before its end, operators included/),
    ).toBeTruthy();
    // The only buttons are the pager's: nothing here ends a break.
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Previous', 'Next']);
  });

  it('filters by kind through the URL and opens a member from the list', async () => {
    const urls = fakeServer();
    renderAt('/breaks');
    await screen.findByText('행운이');
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'time_out' } });
    await waitFor(() => expect(screen.queryByText('행운이')).toBeNull());
    expect(screen.getByTestId('where').textContent).toBe('/breaks?kind=time_out');
    expect(urls.at(-1)).toBe(
      `/api/backoffice/protection/breaks?kind=time_out&page=1&pageSize=${BREAKS_PAGE_SIZE}`,
    );
    fireEvent.click(within(screen.getByRole('table')).getByRole('link', { name: 'player3' }));
    expect(await screen.findByText('member page')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/members/player3');
  });

  it('pages through a long list and says when nobody is on a break', async () => {
    const urls = fakeServer(BREAKS_PAGE_SIZE * 2 + 1);
    renderAt('/breaks?page=2');
    expect(await screen.findByText('Page 2 of 3')).toBeTruthy();
    expect(urls).toEqual([`/api/backoffice/protection/breaks?page=2&pageSize=${BREAKS_PAGE_SIZE}`]);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 3 of 3')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    cleanup();

    fakeFetch(() => ({ status: 'success', list: [], maxCount: 0 }));
    renderAt('/breaks');
    expect(await screen.findByText('No member is on a break.')).toBeTruthy();
  });

  it('shows the failure when the server refuses', async () => {
    fakeFetch(() => Response.json({ status: 'denied' }, { status: 403 }));
    renderAt('/breaks');
    expect((await screen.findByRole('alert')).textContent).toBe('Your role may not do this.');
  });
});
