import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BannersPage } from './banners-page.tsx';
import { fakeFetch, renderConsole, setUpConsoleTests } from '../../test/console.tsx';

describe('the banner form on the form layer', () => {
  setUpConsoleTests();

  it('says a missing title and image at their fields, then sends the trimmed banner', async () => {
    const sent: unknown[] = [];
    fakeFetch((url, init) => {
      if (init.method === 'GET') return { status: 'success', list: [] };
      sent.push({ url, body: JSON.parse(String(init.body)) });
      return { status: 'success', id: 1 };
    });
    renderConsole(<BannersPage />, { path: null });
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
