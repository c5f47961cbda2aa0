import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ContentPage } from './content-page.tsx';
import { setUpConsoleTests, renderConsole, fakeFetch } from '../../test/console.tsx';

const NOTICE = {
  id: 7,
  title: 'Maintenance',
  contents: '<p>Tonight</p>',
  domain: '',
  isActive: true,
  operatorId: 'boss',
  regDate: '2026-11-20T00:00:00.000Z',
  lastDate: '2026-11-20T00:00:00.000Z',
};

function fakeServer() {
  const sent: { method: string; url: string; body: unknown }[] = [];
  fakeFetch(async (url: string, init: RequestInit) => {
    if (init.method === 'GET') return Response.json({ status: 'success', list: [NOTICE], maxCount: 1 });
    sent.push({ method: String(init.method), url, body: JSON.parse(String(init.body)) });
    return Response.json({ status: 'success' });
  });
  return sent;
}

function renderNotices() {
  renderConsole(<ContentPage kind="notices" />);
}

setUpConsoleTests();

describe('the notice form on the form layer', () => {
  it('says a missing title and empty contents at their fields and sends nothing', async () => {
    const sent = fakeServer();
    renderNotices();
    fireEvent.click(await screen.findByRole('button', { name: 'New notice' }));
    const form = screen.getByRole('form', { name: 'New notice' });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Write a title.')).toBeTruthy();
    expect(within(form).getByText('Write the contents.')).toBeTruthy();
    expect(within(form).getByLabelText('Title').getAttribute('aria-invalid')).toBe('true');
    expect(sent).toHaveLength(0);
  });

  it('saves an edited notice with its title trimmed', async () => {
    const sent = fakeServer();
    renderNotices();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const form = screen.getByRole('form', { name: 'Edit no. 7' });
    fireEvent.change(within(form).getByLabelText('Title'), { target: { value: ' Maintenance tonight ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      method: 'PATCH',
      url: '/api/backoffice/notices/7',
      body: { title: 'Maintenance tonight', contents: '<p>Tonight</p>', domain: '', isActive: true },
    });
    expect(await screen.findByText('“Maintenance tonight” saved. Members see it at once.')).toBeTruthy();
  });
});
