import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { TNotice } from '@casino/contracts/community';
import { fakeServer, settle } from '../../test/fake-server.tsx';
import { fakeSession, TestProviders } from '../../test/test-app.tsx';
import { NoticePage } from './notice-page.tsx';

function notice(id: number, extra: Partial<TNotice> = {}): TNotice {
  return {
    id,
    title: `공지 ${id}`,
    contents: `점검 안내 <b>${id}</b><script>window.hacked=1</script>`,
    lastDate: '2026-11-20T01:00:00.000Z',
    domain: '',
    ...extra,
  };
}

async function open(notices: TNotice[], url = '/notice') {
  const api = fakeServer({ 'get-user-notices': () => ({ status: 'success', notices }) });
  const router = createMemoryRouter([{ path: '/notice', element: <NoticePage /> }], {
    initialEntries: [url],
  });
  // A guest: notices are public.
  render(
    <TestProviders session={fakeSession('unauthenticated')}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  await settle();
  return api;
}

describe('/notice', () => {
  it('lists the notices for this host to a guest; a row opens to its sanitized contents', async () => {
    // The test page's host is localhost:3000: the host matcher ignores the port and a leading www.
    const api = await open([
      notice(4, { domain: 'www.localhost' }),
      notice(3, { domain: 'other.example' }),
      notice(2),
      notice(1, { domain: 'other.example, localhost' }),
    ]);
    expect(api.countOf('get-user-notices')).toBe(1);
    expect(screen.getByRole('button', { name: /공지 4/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /공지 3/ })).toBeNull();
    expect(screen.getByText('전체 3건')).toBeTruthy();

    const row = screen.getByRole('button', { name: /공지 2/ });
    expect(row.getAttribute('aria-expanded')).toBe('false');
    await act(async () => fireEvent.click(row));
    expect(row.getAttribute('aria-expanded')).toBe('true');
    const panel = row.closest('li')!;
    expect(panel.textContent).toContain('점검 안내');
    expect(panel.querySelector('script')).toBeNull();
    expect((window as { hacked?: number }).hacked).toBeUndefined();
    expect(panel.textContent).toContain('2026-11-20');
  });

  it('opens the notice a link names (/notice?id=N from the home panel), on its own page', async () => {
    const many = Array.from({ length: 25 }, (_, i) => notice(25 - i));
    await open(many, '/notice?id=3');
    const row = screen.getByRole('button', { name: /공지 3\b/ });
    expect(row.getAttribute('aria-expanded')).toBe('true');
    expect(row.closest('li')!.id).toBe('notice-3');
    // Notice 3 is the 23rd newest: page 3 of ten a page.
    expect(screen.queryByRole('button', { name: /공지 25\b/ })).toBeNull();
  });

  it('ignores a link id that is not a plain number or not listed', async () => {
    await open([notice(2), notice(1)], '/notice?id=1%27%20or%201=1');
    for (const name of [/공지 2/, /공지 1/])
      expect(screen.getByRole('button', { name }).getAttribute('aria-expanded')).toBe('false');
  });

  it('pages through many notices, ten at a time', async () => {
    await open(Array.from({ length: 23 }, (_, i) => notice(23 - i)));
    expect(screen.getAllByRole('button', { name: /공지 \d+/ })).toHaveLength(10);
    expect(screen.getByText('1 / 3')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '다음 페이지' })));
    expect(screen.getByRole('button', { name: /공지 13/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /공지 23/ })).toBeNull();
  });

  it('says so when there is nothing to read', async () => {
    await open([]);
    expect(screen.getByText('등록된 공지사항이 없습니다.')).toBeTruthy();
  });
});
