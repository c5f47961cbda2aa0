import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n/i18n.ts';
import type { TFieldError } from '@casino/contracts/errors';
import { ApiError } from '../../lib/api.ts';
import en from './i18n/en.json';
import ko from './i18n/ko.json';
import { BannersPage, uploadErrorKey } from './BannersPage.tsx';

describe('a refused image upload', () => {
  it('tells too many pixels, a busy server and too many bytes apart from a bad file (issue 22)', () => {
    const refused = (status: string, httpStatus: number, code?: TFieldError['code']) =>
      new ApiError({ status, httpStatus, errors: code ? [{ path: '', code }] : [] });
    expect(uploadErrorKey(refused('invalid', 400, 'max'))).toBe('content.banners.tooManyPixels');
    expect(uploadErrorKey(refused('too_many', 429))).toBe('content.banners.busy');
    expect(uploadErrorKey(refused('too_large', 413))).toBe('content.banners.tooLarge');
    expect(uploadErrorKey(refused('invalid', 400, 'pattern'))).toBe('content.banners.badImage');
    expect(uploadErrorKey(refused('network', 0))).toBe('errors.network');
    for (const key of ['tooManyPixels', 'busy', 'tooLarge', 'badImage'] as const) {
      expect(en.banners[key]).toBeTruthy();
      expect(ko.banners[key]).toBeTruthy();
    }
  });
});

describe('the banner form on the form layer', () => {
  beforeAll(() => {
    localStorage.setItem('backoffice.language', 'en');
    initI18n();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('says a missing title and image at their fields, then sends the trimmed banner', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        if (init.method === 'GET') return Response.json({ status: 'success', list: [] });
        sent.push({ url, body: JSON.parse(String(init.body)) });
        return Response.json({ status: 'success', id: 1 });
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <BannersPage />
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'New banner' }));
    const form = screen.getByRole('form', { name: 'New banner' });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Enter a title (up to 100 characters).')).toBeTruthy();
    expect(within(form).getByText('Give an image: upload one or enter its address.')).toBeTruthy();
    expect(sent).toHaveLength(0);
    fireEvent.change(within(form).getByLabelText('Title'), { target: { value: ' Spring ' } });
    fireEvent.change(within(form).getByLabelText('Image address'), { target: { value: '/media/a.png' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      url: '/api/backoffice/banners',
      body: { title: 'Spring', imgUrl: '/media/a.png', link: null, order: 0, active: true, domain: '' },
    });
  });
});
