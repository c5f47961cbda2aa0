import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TGetLegalDocumentResponse } from '@casino/contracts/site';
import { fakeServer, renderPage, settle } from '../../test/fake-server.tsx';
import { PrivacyPage, TermsPage } from './legal-page.tsx';

const terms = (locale: 'ko' | 'en', version = 3): TGetLegalDocumentResponse => ({
  status: 'success',
  document: {
    kind: 'terms',
    version,
    locale,
    title: locale === 'ko' ? '이용약관' : 'Terms of Use',
    body: '<h2>제1조 (목적)</h2><p>본문입니다.</p><img src="x" onerror="alert(1)">',
    publishedAt: '2025-03-09T16:30:00.000Z',
  },
});

describe('the legal pages', () => {
  it('show the document in force with its version and its date (Seoul calendar), sanitized', async () => {
    const server = fakeServer({ 'get-legal-document': () => terms('ko') });
    renderPage('/terms', <TermsPage />);
    await settle();
    expect(screen.getByRole('heading', { level: 1, name: '이용약관' })).toBeTruthy();
    expect(screen.getByText('버전 3')).toBeTruthy();
    expect(screen.getByText('2025-03-10').getAttribute('datetime')).toBe('2025-03-09T16:30:00.000Z');
    // The text goes through the one sanitizer (SafeHtml) again; nothing that can run survives.
    expect(document.querySelector('.legal__body')?.textContent).toContain('제1조 (목적)');
    expect(document.querySelector('.legal__body')?.textContent).toContain('본문입니다.');
    expect(document.querySelector('[onerror]')).toBeNull();
    expect(server.bodiesOf('get-legal-document')).toEqual([{ kind: 'terms', locale: 'ko' }]);
    expect(screen.getByRole('link', { name: /개인정보 처리방침/ }).getAttribute('href')).toBe('/privacy');
  });

  it('say so when the locale has no text of this version and the Korean one is shown', async () => {
    fakeServer({ 'get-legal-document': () => terms('ko') });
    renderPage('/en/terms', <TermsPage />, {}, 'en');
    await settle();
    expect(
      screen.getByText('This version is not available in your language, so the Korean original is shown.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: /Privacy Policy/ }).getAttribute('href')).toBe('/en/privacy');
  });

  it('tell when nothing is published yet', async () => {
    fakeServer({ 'get-legal-document': () => ({ status: 'not_found' }) });
    renderPage('/privacy', <PrivacyPage />);
    await settle();
    expect(screen.getByRole('heading', { level: 1, name: '개인정보 처리방침' })).toBeTruthy();
    expect(screen.getByText('아직 게시된 문서가 없습니다')).toBeTruthy();
  });
});
