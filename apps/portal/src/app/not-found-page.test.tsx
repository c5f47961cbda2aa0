import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../test/fake-server.tsx';
import { NotFoundPage } from './not-found-page.tsx';

describe('NotFoundPage', () => {
  it('says the page does not exist, shows the address and links home and to the games', () => {
    renderPage('/no/such/page', <NotFoundPage />);
    expect(screen.getByRole('heading', { level: 1, name: '페이지를 찾을 수 없습니다' })).toBeTruthy();
    expect(screen.getByText('/no/such/page')).toBeTruthy();
    expect(screen.getByRole('link', { name: '홈으로' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: '게임 보러 가기' }).getAttribute('href')).toBe('/game');
    expect(document.title).toContain('페이지를 찾을 수 없습니다');
  });

  it('speaks the locale of the address and keeps its links in it', () => {
    renderPage('/en/nowhere', <NotFoundPage />, {}, 'en');
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to home' }).getAttribute('href')).toBe('/en');
    expect(screen.getByRole('link', { name: 'Browse games' }).getAttribute('href')).toBe('/en/game');
  });
});
