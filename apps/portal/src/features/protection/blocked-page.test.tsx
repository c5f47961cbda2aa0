import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { TLocale } from '@casino/contracts/locales';
import { LocaleContext } from '../../i18n/locale-context.ts';
import { fakeSession, TestProviders } from '../../test/test-app.tsx';
import { BlockedPage, blockedReason } from './blocked-page.tsx';

function show(search: string, locale: TLocale = 'ko') {
  const router = createMemoryRouter([{ path: '/blocked', element: <BlockedPage /> }], {
    initialEntries: [`/blocked${search}`],
  });
  render(
    <TestProviders session={fakeSession('unauthenticated')} lng={locale}>
      <LocaleContext.Provider value={locale}>
        <RouterProvider router={router} />
      </LocaleContext.Provider>
    </TestProviders>,
  );
}

describe('/blocked', () => {
  it('says until when, in the member locale, and where to find help', () => {
    show('?until=2026-05-01T03:00:00.000Z');
    expect(screen.getByText(/2026년 5월 1일.*12:00.*까지 로그인할 수 없습니다/)).toBeTruthy();
    expect(screen.getByText('한국도박문제예방치유원 상담전화')).toBeTruthy();
    expect(screen.getByRole('link', { name: '1336' }).getAttribute('href')).toBe('tel:1336');
    expect(screen.getByText(/본인도 고객센터도 제한을 풀 수 없습니다/)).toBeTruthy();
  });

  it('in English too', () => {
    show('?until=2026-05-01T03:00:00.000Z', 'en');
    expect(screen.getByText(/You cannot log in until May 1, 2026/)).toBeTruthy();
  });

  it('words a permanent self-exclusion as permanent', () => {
    show('?until=permanent');
    expect(screen.getByText('영구 자기 이용 제한 중이라 로그인할 수 없습니다.')).toBeTruthy();
  });

  it('right after a break: which one started', () => {
    show('?kind=self_exclusion&period=1y');
    expect(screen.getByText(/1년 자기 이용 제한이 시작되었습니다/)).toBeTruthy();
  });

  it('right after a break: which one started and when it ends', () => {
    show('?until=2026-05-01T03%3A00%3A00.000Z&kind=time_out&period=24h');
    expect(screen.getByText(/2026년 5월 1일.*12:00.*까지 로그인할 수 없습니다/)).toBeTruthy();
    expect(screen.getAllByText(/시작되었습니다/)).toHaveLength(1);
  });

  it('reads nothing it cannot trust from the address', () => {
    expect(blockedReason(new URLSearchParams('kind=time_out&period=5y'))).toEqual({ kind: 'unknown' });
    expect(blockedReason(new URLSearchParams('until=tomorrow'))).toEqual({ kind: 'unknown' });
    show('?until=<b>');
    expect(screen.getByText('지금은 로그인할 수 없습니다.')).toBeTruthy();
  });
});
