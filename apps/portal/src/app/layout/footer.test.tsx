import { act, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { siteInfoElement } from '@casino/contracts/site-info';
import type { TSessionStatus } from '../../lib/session/session-state.ts';
import { LocaleContext } from '../../i18n/locale-context.ts';
import { fakeSession, TestProviders } from '../../test/test-app.tsx';
import { Footer } from './footer.tsx';

function renderFooter(status: TSessionStatus, locale: 'ko' | 'en' = 'ko') {
  const path = locale === 'ko' ? '/' : `/${locale}`;
  const router = createMemoryRouter([{ path, element: <Footer /> }], { initialEntries: [path] });
  render(
    <TestProviders session={fakeSession(status)} lng={locale}>
      <LocaleContext.Provider value={locale}>
        <RouterProvider router={router} />
      </LocaleContext.Provider>
    </TestProviders>,
  );
}

/** The data block the server writes into the page (lib/site-info.ts of the API). */
function serverWrites(html: string) {
  document.head.insertAdjacentHTML('beforeend', html);
}

afterEach(() => {
  document.getElementById('site-info')?.remove();
});

const links = () => within(screen.getByRole('navigation')).getAllByRole('link');

describe('the footer', () => {
  it('links notices, terms and privacy for everyone; support leads a guest to sign in', async () => {
    renderFooter('unauthenticated');
    expect(links().map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['공지사항', '/notice'],
      ['고객센터', '/login'],
      ['이용약관', '/terms'],
      ['개인정보처리방침', '/privacy'],
    ]);
    // Plain links: no guard dialog answers a guest who follows them.
    screen.getByRole('link', { name: '공지사항' }).click();
    expect(document.querySelector('[role="alertdialog"]')).toBeNull();
  });

  it('sends a member to support, in the current locale', async () => {
    renderFooter('authenticated', 'en');
    expect(links().map((a) => a.getAttribute('href'))).toEqual([
      '/en/notice',
      '/en/help',
      '/en/terms',
      '/en/privacy',
    ]);
  });

  it('carries the 18+ responsible-gaming notice and the cookie notice', () => {
    renderFooter('unauthenticated');
    expect(screen.getByRole('region', { name: '건전한 게임 이용' }).textContent).toContain('18세 미만');
    expect(screen.getByRole('region', { name: '쿠키 안내' }).textContent).toContain('쿠키');
  });

  it('floats the cookie bar until it is dismissed, and remembers that', async () => {
    localStorage.clear();
    renderFooter('unauthenticated');
    const accept = screen.getByRole('button', { name: '확인' });
    await act(async () => accept.click());
    expect(screen.queryByRole('button', { name: '확인' })).toBeNull();
    expect(localStorage.getItem('portal.cookieNoticeDismissed')).toBe('1');
    // The footer keeps its notice.
    expect(screen.getByRole('region', { name: '쿠키 안내' })).toBeTruthy();
  });

  it("shows the operator's details the server wrote into the page, and the site name", () => {
    serverWrites(
      siteInfoElement({
        siteName: 'Royal Spade',
        operatorName: 'Spade Entertainment Ltd.',
        operatorAddress: '12 Harbour Street, Valletta',
        operatorLicense: 'Licence MGA/B2C/000/2025',
        supportEmail: 'help@royal-spade.example',
      }),
    );
    renderFooter('unauthenticated', 'en');
    const operator = screen.getByRole('group', { name: 'Operator details' });
    expect(operator.textContent).toContain('Operated by Spade Entertainment Ltd.');
    expect(operator.textContent).toContain('12 Harbour Street, Valletta');
    expect(operator.textContent).toContain('Licence MGA/B2C/000/2025');
    expect(
      within(operator).getByRole('link', { name: 'help@royal-spade.example' }).getAttribute('href'),
    ).toBe('mailto:help@royal-spade.example');
    expect(screen.getByText(/© \d{4} Royal Spade\./)).toBeTruthy();
  });

  it('leaves the operator block out when the server set none', () => {
    renderFooter('unauthenticated', 'en');
    expect(screen.queryByRole('group', { name: 'Operator details' })).toBeNull();
    expect(screen.getByText(/© \d{4} GOLD CROWN\./)).toBeTruthy();
  });
});
