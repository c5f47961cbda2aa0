import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BlacklistPage } from './blacklist-page.tsx';
import { setLanguage } from '../../i18n/i18n.ts';
import { renderConsole, serveWrites, setUpConsoleTests } from '../../test/console.tsx';

const ENTRY = {
  id: 3,
  kind: 'ip',
  value: '203.0.113.0/24',
  reason: 'fraud ring',
  createdBy: 'boss',
  createdAt: '2026-11-21T00:00:00.000Z',
};
const HIT = {
  id: 9,
  kind: 'ip',
  value: '203.0.113.9',
  context: 'sign_in',
  userId: 'player1',
  ip: '203.0.113.9',
  at: '2026-11-22T00:00:00.000Z',
};

function fakeServer(answers: Record<string, unknown[]>) {
  const reads: string[] = [];
  const sent = serveWrites((url) => {
    reads.push(url);
    if (url.startsWith('/api/backoffice/blacklist/hits'))
      return { status: 'success', list: [HIT], maxCount: 1 };
    if (url.startsWith('/api/backoffice/blacklist')) return { status: 'success', list: [ENTRY], maxCount: 1 };
    return undefined;
  }, answers);
  return { sent, reads };
}

function renderPage() {
  renderConsole(<BlacklistPage />, {
    path: '/blacklist',
    operator: { operatorId: 'boss', role: 'owner', permissions: [] },
    staleTime: Infinity,
  });
}

setUpConsoleTests();

describe('blacklist', () => {
  it('lists the entries and the refusals, filters by kind, links the CSV export', async () => {
    const { reads } = fakeServer({});
    renderPage();
    const row = (await screen.findByText('203.0.113.0/24')).closest('tr')!;
    expect(within(row).getByText('fraud ring')).toBeTruthy();
    expect(within(row).getByText('IP address / range')).toBeTruthy();
    expect(await screen.findByText('player1')).toBeTruthy();
    expect(screen.getByText('Sign-in')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      '/api/backoffice/blacklist.csv',
    );
    const bar = screen.getByRole('form', { name: 'Blacklist filters' });
    fireEvent.change(within(bar).getByLabelText('Kind'), { target: { value: 'phone' } });
    fireEvent.click(within(bar).getByRole('button', { name: 'Search' }));
    await expect.poll(() => reads.some((url) => url.includes('kind=phone'))).toBe(true);
  });

  it('adds an entry: checks the value first, says a listed one at its field, then sends the next', async () => {
    const { sent } = fakeServer({
      'POST /api/backoffice/blacklist': [{ status: 'already' }, { status: 'success', id: 4 }],
    });
    renderPage();
    const form = (await screen.findByRole('form', { name: 'Add to blacklist' })) as HTMLFormElement;
    const field = (label: string) => within(form).getByLabelText(label) as HTMLInputElement;
    fireEvent.change(field('Value'), { target: { value: '300.1.1.1' } });
    fireEvent.change(field('Reason'), { target: { value: 'abuse' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add to blacklist' }));
    await expect.poll(() => field('Value').getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);

    fireEvent.change(field('Value'), { target: { value: '2001:db8::/64' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add to blacklist' }));
    await expect.poll(() => sent.length).toBe(1);
    await expect.poll(() => field('Value').getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(field('Value'), { target: { value: '2001:db8:1::/64' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add to blacklist' }));
    expect(await screen.findByText('2001:db8:1::/64 was added.')).toBeTruthy();
    expect(sent.map((s) => s.body)).toEqual([
      { kind: 'ip', value: '2001:db8::/64', reason: 'abuse' },
      { kind: 'ip', value: '2001:db8:1::/64', reason: 'abuse' },
    ]);
  });

  it('imports CSV, naming the bad lines, and removes an entry after asking', async () => {
    const { sent } = fakeServer({
      'POST /api/backoffice/blacklist/import': [
        { status: 'invalid', rows: [{ line: 2, reason: 'value' }] },
        { status: 'success', added: 1, already: 0 },
      ],
      'DELETE /api/backoffice/blacklist/3': [{ status: 'success' }],
    });
    renderPage();
    const form = (await screen.findByRole('form', { name: 'Import CSV' })) as HTMLFormElement;
    const text = within(form).getByLabelText('CSV lines (kind,value,reason)');
    fireEvent.change(text, { target: { value: 'phone,01012345678,x\nip,999.1.1.1,y' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Import CSV' }));
    expect(await within(form).findByText(/line 2 \(bad value\)/)).toBeTruthy();
    fireEvent.change(text, { target: { value: 'phone,01012345678,x' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Import CSV' }));
    expect(await screen.findByText('Imported: 1 added, 0 already listed.')).toBeTruthy();

    const row = (await screen.findByText('203.0.113.0/24')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Remove' }));
    const ask = await screen.findByRole('dialog', { name: 'Remove 203.0.113.0/24 from the blacklist?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('203.0.113.0/24 was removed.')).toBeTruthy();
    expect(sent.at(-1)).toMatchObject({ method: 'DELETE', url: '/api/backoffice/blacklist/3' });
  });

  it('imports a chosen file, says a list over the row cap, and refuses one over the route’s limit unsent', async () => {
    const { sent } = fakeServer({
      'POST /api/backoffice/blacklist/import': [
        { status: 'too_many_rows', rows: 20_001, maxRows: 20_000 },
        { status: 'success', added: 2, already: 1 },
      ],
    });
    renderPage();
    const form = (await screen.findByRole('form', { name: 'Import CSV' })) as HTMLFormElement;
    expect(within(form).getByText(/At most 20000 rows and 4 MB per import/)).toBeTruthy();
    const csv = 'kind,value,reason\nphone,01012345678,x\nip,203.0.113.0/24,y\nbank,12345678,z\n';
    const choose = (file: File) =>
      fireEvent.change(within(form).getByLabelText('CSV file'), { target: { files: [file] } });
    choose(new File([csv], 'list.csv', { type: 'text/csv' }));
    expect(await within(form).findByText('list.csv will be imported.')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Import CSV' }));
    expect(
      await within(form).findByText(
        'Nothing was imported: the list has 20001 rows, more than the 20000 one import takes. Split it.',
      ),
    ).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Import CSV' }));
    expect(await screen.findByText('Imported: 2 added, 1 already listed.')).toBeTruthy();
    expect(sent.map((s) => s.body)).toEqual([{ csv }, { csv }]);

    // Over the entry's bodyLimit (4 MiB): said at once, nothing sent.
    choose(new File([`phone,01012345678,${'x'.repeat(4 * 1024 * 1024)}`], 'huge.csv'));
    expect(await within(form).findByText('huge.csv will be imported.')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Import CSV' }));
    expect(
      await within(form).findByText(
        'Nothing was imported: the list is larger than the 4 MB one import takes. Split it.',
      ),
    ).toBeTruthy();
    expect(sent).toHaveLength(2);
  });

  describe('in Korean', () => {
    afterEach(() => setLanguage('en'));

    it('says the limits, the row cap and a 413 from the server in Korean', async () => {
      setLanguage('ko');
      fakeServer({
        'POST /api/backoffice/blacklist/import': [
          { status: 'too_many_rows', rows: 25_000, maxRows: 20_000 },
          new Response(JSON.stringify({ status: 'too_large' }), { status: 413 }),
        ],
      });
      renderPage();
      const form = (await screen.findByRole('form', { name: 'CSV 가져오기' })) as HTMLFormElement;
      expect(within(form).getByText(/한 번에 최대 20000줄, 4MB까지/)).toBeTruthy();
      fireEvent.change(within(form).getByLabelText('CSV 파일'), {
        target: { files: [new File(['phone,01012345678,x\n'], '목록.csv')] },
      });
      expect(await within(form).findByText('목록.csv 파일을 가져옵니다.')).toBeTruthy();
      fireEvent.click(within(form).getByRole('button', { name: 'CSV 가져오기' }));
      expect(
        await within(form).findByText(/목록이 25000줄로, 한 번에 가져올 수 있는 20000줄보다/),
      ).toBeTruthy();
      fireEvent.click(within(form).getByRole('button', { name: 'CSV 가져오기' }));
      expect(await within(form).findByText(/4MB보다 큽니다/)).toBeTruthy();
    });
  });
});
