import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { siteInfoElement, type TSiteInfo } from '@casino/contracts/site-info';
import { LocaleContext } from '../../i18n/locale-context.ts';
import { fakeSession, TestProviders } from '../../test/test-app.tsx';
import { Logo } from './logo.tsx';

// The header's logo shows the site of the page's host (docs/api/backoffice-sites.md): the server
// writes the site's name and look into the page's details block.

function renderLogo() {
  const router = createMemoryRouter([{ path: '/', element: <Logo /> }], { initialEntries: ['/'] });
  render(
    <TestProviders session={fakeSession('unauthenticated')} lng="ko">
      <LocaleContext.Provider value="ko">
        <RouterProvider router={router} />
      </LocaleContext.Provider>
    </TestProviders>,
  );
}

/** The data block the server writes into the page (lib/site-info.ts of the API). */
function serverWrites(info: TSiteInfo) {
  document.head.insertAdjacentHTML('beforeend', siteInfoElement(info));
}

afterEach(() => {
  document.getElementById('site-info')?.remove();
});

describe('the logo', () => {
  it('is the brand and its emblem on the default site', () => {
    renderLogo();
    const link = screen.getByRole('link', { name: 'GOLD CROWN 홈' });
    expect(link.getAttribute('href')).toBe('/');
    expect(link.querySelector('svg')).not.toBeNull();
    expect(link.querySelector('img')).toBeNull();
  });

  it("is the site's name and its own logo on a site's host", () => {
    serverWrites({ siteName: 'BLUE OCEAN', theme: { primary: '#38bdf8', logoUrl: '/media/ocean.png' } });
    renderLogo();
    const link = screen.getByRole('link', { name: 'BLUE OCEAN 홈' });
    expect(link.textContent).toContain('BLUE OCEAN');
    expect(link.querySelector('img')?.getAttribute('src')).toBe('/media/ocean.png');
    expect(link.querySelector('svg')).toBeNull();
  });

  it('keeps the emblem, in the site colour, for a site with a colour and no logo', () => {
    serverWrites({ siteName: 'BLUE OCEAN', theme: { primary: '#38bdf8' } });
    renderLogo();
    const link = screen.getByRole('link', { name: 'BLUE OCEAN 홈' });
    const stops = [...link.querySelectorAll('stop')].map((stop) => stop.getAttribute('style'));
    expect(stops).toEqual([
      'stop-color: var(--logo-light, #ffe9a8);',
      'stop-color: var(--gold, #f2c14e);',
      'stop-color: var(--logo-dark, #b8801f);',
    ]);
  });

  it('ignores a logo address the server would never write', () => {
    document.head.insertAdjacentHTML(
      'beforeend',
      `<script id="site-info" type="application/json">${JSON.stringify({
        siteName: 'Odd',
        theme: { logoUrl: 'javascript:alert(1)' },
      })}</script>`,
    );
    renderLogo();
    const link = screen.getByRole('link', { name: 'Odd 홈' });
    expect(link.querySelector('img')).toBeNull();
  });
});
