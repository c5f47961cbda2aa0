import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n/i18n.ts';
import { BannersPage } from './BannersPage.tsx';

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
