import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SitesPage } from './sites-page.tsx';
import { fakeFetch, renderConsole, setUpConsoleTests } from '../../test/console.tsx';

const OCEAN = {
  id: 7,
  name: 'BLUE OCEAN',
  domains: ['127.0.0.1', 'ocean.example'],
  partnerId: null,
  regCode: 'OCEAN',
  theme: { primary: '#38bdf8', logoUrl: null },
  regDate: '2026-11-20T00:00:00.000Z',
  updatedAt: '2026-11-21T00:00:00.000Z',
};

function fakeServer(answers: Record<string, unknown[]>) {
  const sent: { method: string; url: string; body: unknown }[] = [];
  fakeFetch(async (url: string, init: RequestInit) => {
    if (init.method === 'GET') {
      if (url.startsWith('/api/backoffice/sites'))
        return Response.json({
          status: 'success',
          list: [OCEAN],
          maxCount: 1,
          default: { name: 'GOLD CROWN' },
        });
      throw new Error(`unexpected GET ${url}`);
    }
    const isFile = init.body instanceof Blob;
    sent.push({
      method: init.method!,
      url,
      body: isFile ? 'file' : init.body ? JSON.parse(init.body as string) : undefined,
    });
    const next = answers[`${init.method} ${url}`]?.shift();
    if (!next) throw new Error(`unexpected ${init.method} ${url}`);
    return Response.json(next);
  });
  return sent;
}

function renderPage() {
  renderConsole(<SitesPage />, {
    path: '/sites',
    operator: { operatorId: 'boss', role: 'owner', permissions: [] },
    staleTime: Infinity,
  });
}

setUpConsoleTests();

describe('sites', () => {
  it('lists each site with its domains, colour and code, and names the default site', async () => {
    fakeServer({});
    renderPage();
    const row = (await screen.findByText('BLUE OCEAN')).closest('tr')!;
    expect(within(row).getByRole('link', { name: '127.0.0.1' }).getAttribute('href')).toBe('//127.0.0.1/');
    expect(within(row).getByText('ocean.example')).toBeTruthy();
    expect(within(row).getByText('#38bdf8')).toBeTruthy();
    expect(within(row).getByText('OCEAN')).toBeTruthy();
    expect(screen.getByText(/Any other domain shows the default site, GOLD CROWN/)).toBeTruthy();
  });

  it('creates a site: checks the fields first, says a taken domain at its field, then sends the next try', async () => {
    const sent = fakeServer({
      'POST /api/backoffice/sites': [{ status: 'already' }, { status: 'success', id: 8 }],
    });
    renderPage();
    const form = (await screen.findByRole('form', { name: 'Add site' })) as HTMLFormElement;
    const field = (label: string) => within(form).getByLabelText(label) as HTMLInputElement;
    fireEvent.change(field('Domains'), { target: { value: 'https://red.example/' } });
    fireEvent.change(field('Theme colour'), { target: { value: 'red' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add site' }));
    expect(await within(form).findByText('Enter a name of 1 to 60 characters.')).toBeTruthy();
    expect(within(form).getByText(/Enter host names only/)).toBeTruthy();
    expect(within(form).getByText(/Enter a colour as #rrggbb/)).toBeTruthy();
    expect(sent).toEqual([]);

    fireEvent.change(field('Site name'), { target: { value: 'RED ROOM' } });
    fireEvent.change(field('Domains'), { target: { value: 'red.example, m.red.example' } });
    fireEvent.change(field('Theme colour'), { target: { value: '#E11D48' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add site' }));
    expect(await within(form).findByText('A domain belongs to another site.')).toBeTruthy();
    fireEvent.change(field('Domains'), { target: { value: 'red2.example' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add site' }));
    expect(await screen.findByText(/RED ROOM was created/)).toBeTruthy();
    expect(sent.map((s) => s.body)).toEqual([
      {
        name: 'RED ROOM',
        domains: 'red.example, m.red.example',
        regCode: null,
        partnerId: null,
        theme: { primary: '#E11D48', logoUrl: null },
      },
      {
        name: 'RED ROOM',
        domains: 'red2.example',
        regCode: null,
        partnerId: null,
        theme: { primary: '#E11D48', logoUrl: null },
      },
    ]);
  });

  it('uploads a logo into the logo address', async () => {
    const sent = fakeServer({
      'POST /api/backoffice/media': [
        { status: 'success', id: 4, url: '/media/ocean-logo.png', width: 64, height: 64 },
      ],
    });
    renderPage();
    const form = (await screen.findByRole('form', { name: 'Add site' })) as HTMLFormElement;
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });
    fireEvent.change(within(form).getByLabelText('Upload a logo'), { target: { files: [file] } });
    await expect
      .poll(() => (within(form).getByLabelText('Logo address') as HTMLInputElement).value)
      .toBe('/media/ocean-logo.png');
    expect(sent).toEqual([{ method: 'POST', url: '/api/backoffice/media', body: 'file' }]);
  });

  it('changes a site in a dialog and deletes one after asking', async () => {
    const sent = fakeServer({
      'PATCH /api/backoffice/sites/7': [{ status: 'cant_find_code' }, { status: 'success' }],
      'DELETE /api/backoffice/sites/7': [{ status: 'success' }],
    });
    renderPage();
    const row = (await screen.findByText('BLUE OCEAN')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit BLUE OCEAN' });
    const name = within(dialog).getByLabelText('Site name') as HTMLInputElement;
    expect(name.value).toBe('BLUE OCEAN');
    fireEvent.change(name, { target: { value: 'DEEP OCEAN' } });
    fireEvent.change(within(dialog).getByLabelText('Registration code'), { target: { value: 'GONE1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save site' }));
    expect(await within(dialog).findByText(/No enabled registration code has this name/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Registration code'), { target: { value: 'OCEAN' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save site' }));
    expect(await screen.findByText('DEEP OCEAN was saved.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent.at(-1)).toEqual({
      method: 'PATCH',
      url: '/api/backoffice/sites/7',
      body: {
        name: 'DEEP OCEAN',
        domains: '127.0.0.1, ocean.example',
        regCode: 'OCEAN',
        partnerId: null,
        theme: { primary: '#38bdf8', logoUrl: null },
      },
    });

    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    const ask = await screen.findByRole('dialog', { name: 'Delete BLUE OCEAN?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(/BLUE OCEAN was deleted/)).toBeTruthy();
    expect(sent.at(-1)).toMatchObject({ method: 'DELETE', url: '/api/backoffice/sites/7' });
  });
});
