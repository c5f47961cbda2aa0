import { act, render, screen } from '@testing-library/react';
import { QueryClientProvider, useQuery, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { setSiteTimeZone } from '@casino/web-kit/format';
import type { TGetSiteStatusResponse } from '@casino/contracts/site';
import { LocaleContext } from '../i18n/locale-context.ts';
import { callApi } from '../lib/api.ts';
import { fakeServer, HttpAnswer, settle } from '../test/fake-server.tsx';
import { createTestI18n } from '../test/test-i18n.ts';
import { MaintenanceGate } from './maintenance-gate.tsx';
import { MaintenancePage } from './maintenance-page.tsx';
import { createQueryClient } from './providers.tsx';

/** The default site (docs/api/backoffice-sites.md): the portal's own name and look. */
const SITE: TGetSiteStatusResponse['site'] = { name: 'GOLD CROWN', theme: { primary: null, logoUrl: null } };
const OPEN: TGetSiteStatusResponse = {
  status: 'success',
  maintenance: { enabled: false, message: null, until: null },
  site: SITE,
};
const CLOSED = (
  until: string | null = '2030-01-02T03:00:00.000Z',
  message: string | null = '서버 점검 중입니다.',
) =>
  ({
    status: 'success',
    maintenance: { enabled: true, message, until },
    site: SITE,
  }) satisfies TGetSiteStatusResponse;
const MAINTENANCE_503 = new HttpAnswer(503, { status: 'maintenance' });

/** A page of the site that reads the jackpot (a call the server refuses during maintenance). */
function SitePage() {
  const jackpot = useQuery({ queryKey: ['get-jackpot'], queryFn: () => callApi('get-jackpot', {}) });
  return <p>site page {jackpot.data?.status ?? jackpot.error?.message ?? ''}</p>;
}

function renderGate(client: QueryClient, lng: 'ko' | 'en' = 'ko') {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <LocaleContext.Provider value={lng}>
            <MaintenanceGate>
              <SitePage />
            </MaintenanceGate>
          </LocaleContext.Provider>
        ),
      },
    ],
    { initialEntries: [lng === 'ko' ? '/deposit' : '/en/deposit'] },
  );
  render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={createTestI18n(lng)}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

const jackpot = { status: 'success' as const, jackpots: { MEGA: 1, MAJOR: 1, MINOR: 1 }, recent: [] };

describe('MaintenanceGate', () => {
  it('shows the site while it is open', async () => {
    const server = fakeServer({ 'get-site-status': () => OPEN, 'get-jackpot': () => jackpot });
    renderGate(createQueryClient());
    await settle();
    expect(screen.getByText('site page success')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: '사이트 점검 중입니다' })).toBeNull();
    expect(server.bodiesOf('get-site-status')).toEqual([{ locale: 'ko' }]);
  });

  it('shows the maintenance page instead, with the operator’s message and the expected end in Seoul time', async () => {
    const server = fakeServer({ 'get-site-status': () => CLOSED(), 'get-jackpot': () => MAINTENANCE_503 });
    renderGate(createQueryClient());
    await settle();
    expect(screen.getByRole('heading', { name: '사이트 점검 중입니다' })).toBeTruthy();
    expect(screen.getByText('서버 점검 중입니다.')).toBeTruthy();
    expect(screen.getByText('2030-01-02 12:00')).toBeTruthy();
    expect(screen.queryByText(/site page/)).toBeNull();
    // The site renders while the status loads (its first paint waits for no call); the call it
    // made was refused once and not retried.
    expect(server.countOf('get-jackpot')).toBe(1);
  });

  it('switches to the maintenance page when a call answers 503 maintenance, and back when it ends', async () => {
    let closed = false;
    const server = fakeServer({
      'get-site-status': () => (closed ? CLOSED(null, null) : OPEN),
      'get-jackpot': () => (closed ? MAINTENANCE_503 : jackpot),
    });
    const client = createQueryClient();
    renderGate(client);
    await settle();
    expect(screen.getByText('site page success')).toBeTruthy();

    // The operator switches maintenance on; the next call the site makes is refused.
    closed = true;
    await act(async () => {
      await client.refetchQueries({ queryKey: ['get-jackpot'] });
    });
    await settle();
    expect(screen.getByRole('heading', { name: '사이트 점검 중입니다' })).toBeTruthy();
    expect(screen.getByText('종료 시각은 정해지는 대로 이 화면에 안내해 드립니다.')).toBeTruthy();
    // The 503 was not retried: the operator's switch is not a passing failure.
    expect(server.countOf('get-jackpot')).toBe(2);
    const statusCalls = server.countOf('get-site-status');
    expect(statusCalls).toBe(2);

    // Further refusals while the page already says so ask nothing more.
    await act(async () => {
      await client.refetchQueries({ queryKey: ['get-jackpot'] });
    });
    expect(server.countOf('get-site-status')).toBe(statusCalls);

    // The operator switches it off; "check again" finds the site open and the page comes back,
    // with what was refused read again.
    closed = false;
    await act(async () => screen.getByRole('button', { name: '다시 확인하기' }).click());
    await settle();
    expect(screen.getByText('site page success')).toBeTruthy();
    expect(server.countOf('get-jackpot')).toBeGreaterThanOrEqual(4);
  });

  it('speaks the locale of the page and asks for its message', async () => {
    const server = fakeServer({
      'get-site-status': () => CLOSED('2030-01-02T03:00:00.000Z', 'We are upgrading.'),
      'get-jackpot': () => MAINTENANCE_503,
    });
    renderGate(createQueryClient(), 'en');
    await settle();
    expect(screen.getByRole('heading', { name: 'The site is under maintenance' })).toBeTruthy();
    expect(screen.getByText('We are upgrading.')).toBeTruthy();
    expect(server.bodiesOf('get-site-status')).toEqual([{ locale: 'en' }]);
  });
});

describe('MaintenancePage', () => {
  function renderPage(until: string | null, now: number) {
    const router = createMemoryRouter(
      [
        {
          path: '*',
          element: (
            <MaintenancePage
              maintenance={{ enabled: true, message: null, until }}
              onCheck={() => {}}
              isChecking={false}
              now={now}
            />
          ),
        },
      ],
      { initialEntries: ['/'] },
    );
    render(
      <I18nextProvider i18n={createTestI18n('ko')}>
        <RouterProvider router={router} />
      </I18nextProvider>,
    );
  }

  it('says the site will be back shortly once the expected end has passed', () => {
    renderPage('2030-01-02T03:00:00.000Z', Date.parse('2030-01-02T04:00:00.000Z'));
    expect(screen.getByText('예정된 종료 시각이 지났습니다. 곧 다시 이용하실 수 있습니다.')).toBeTruthy();
    expect(screen.queryByText('운영자 안내')).toBeNull();
  });

  describe('on a site in another time zone (SITE_TIME_ZONE)', () => {
    afterEach(() => setSiteTimeZone(null));

    it('shows the expected end on that zone’s clock and names the zone', () => {
      setSiteTimeZone('America/New_York');
      renderPage('2030-01-02T03:00:00.000Z', Date.parse('2030-01-01T00:00:00.000Z'));
      expect(screen.getByText('2030-01-01 22:00')).toBeTruthy();
      expect(screen.getByText('(America/New_York)')).toBeTruthy();
      expect(screen.queryByText('(한국 시간)')).toBeNull();
    });

    it('says Korea time in the member’s language for Asia/Seoul', () => {
      renderPage('2030-01-02T03:00:00.000Z', Date.parse('2030-01-01T00:00:00.000Z'));
      expect(screen.getByText('2030-01-02 12:00')).toBeTruthy();
      expect(screen.getByText('(한국 시간)')).toBeTruthy();
    });
  });
});
