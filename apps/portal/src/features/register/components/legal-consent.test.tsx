import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TGetLegalDocumentResponse } from '@casino/contracts/site';
import { fakeServer, renderPage, settle } from '../../../test/fake-server.tsx';
import { LegalConsent } from './legal-consent.tsx';

const doc = (kind: 'terms' | 'privacy', version: number): TGetLegalDocumentResponse => ({
  status: 'success',
  document: {
    kind,
    version,
    locale: 'ko',
    title: kind,
    body: '<p>x</p>',
    publishedAt: '2025-01-01T00:00:00.000Z',
  },
});

describe('LegalConsent', () => {
  it('names the versions in force, each a link opening in a new tab', async () => {
    fakeServer({
      'get-legal-document': (body) => (body.kind === 'terms' ? doc('terms', 2) : doc('privacy', 5)),
    });
    renderPage('/register', <LegalConsent />, {}, 'ko');
    await settle();
    expect(document.body.textContent).toContain(
      '만 18세 이상이며, 이용약관(버전 2) 및 개인정보 처리방침(버전 5)에 동의합니다.',
    );
    const terms = screen.getByRole('link', { name: '이용약관' });
    expect(terms.getAttribute('href')).toBe('/terms');
    expect(terms.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('link', { name: '개인정보 처리방침' }).getAttribute('href')).toBe('/privacy');
  });

  it('is the plain 18+ sentence while no version is known', async () => {
    fakeServer({ 'get-legal-document': () => ({ status: 'not_found' }) });
    renderPage('/register', <LegalConsent />);
    await settle();
    expect(document.body.textContent).toContain('만 18세 이상이며, 건전하게 이용할 것에 동의합니다.');
    expect(screen.queryByRole('link')).toBeNull();
  });
});
