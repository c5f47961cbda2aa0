import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { moved } from './api.ts';
import { GamesPage } from './games-page.tsx';
import { setUpConsoleTests, renderConsole, fakeFetch } from '../../test/console.tsx';

const game = (code: string, order: number) => ({
  code,
  nameKo: `게임 ${code}`,
  nameEn: `Game ${code}`,
  imgUrl: '',
  enabled: true,
  order,
});

const CATALOG = {
  status: 'success',
  providers: [
    {
      code: 'acme',
      kind: 'slot',
      name: 'Acme',
      nameKo: null,
      wallet: 'seamless',
      launchUrl: 'https://acme.example/play',
      apiUrl: null,
      imgUrl: '',
      enabled: true,
      jackpot: false,
      maxAmount: 10_000_000_000,
      maintenance: null,
      games: [game('a1', 10), game('b2', 20), game('c3', 30)],
    },
  ],
};

interface Sent {
  method: string;
  url: string;
  body: unknown;
}

function fakeServer(answers: Record<string, unknown> = {}) {
  const sent: Sent[] = [];
  fakeFetch(async (url: string, init: RequestInit) => {
    const method = String(init.method);
    if (method === 'GET' && url === '/api/backoffice/providers') return Response.json(CATALOG);
    sent.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    return Response.json(answers[url] ?? { status: 'success' });
  });
  return sent;
}

function renderGames() {
  renderConsole(<GamesPage />);
}

setUpConsoleTests();

describe('moving a game', () => {
  it('moves an item to a new place', () => {
    expect(moved(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moved(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
  });
});

describe('the games screen', () => {
  it('saves the display order after a move, with every game once', async () => {
    const sent = fakeServer();
    renderGames();
    fireEvent.click(await screen.findByRole('button', { name: 'Games' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Move c3 up' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move c3 up' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save order' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      method: 'PUT',
      url: '/api/backoffice/games/acme/order',
      body: { codes: ['c3', 'a1', 'b2'] },
    });
  });

  it('rotates a secret only after a confirmation and shows the new one', async () => {
    const secret = 'N3w-s3cret_0123456789abcdefghijklmnopqrstu';
    const sent = fakeServer({
      '/api/backoffice/providers/acme/rotate-secret': { status: 'success', secret },
    });
    renderGames();
    fireEvent.click(await screen.findByRole('button', { name: 'Rotate secret' }));
    const dialog = await screen.findByRole('dialog');
    expect(sent).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rotate now' }));
    expect(await within(dialog).findByText(secret)).toBeTruthy();
    expect(within(dialog).getByText(/only time the new secret is shown/)).toBeTruthy();
    expect(sent).toEqual([{ method: 'POST', url: '/api/backoffice/providers/acme/rotate-secret', body: {} }]);
  });

  it('closes a provider with one click', async () => {
    const sent = fakeServer();
    renderGames();
    const row = (await screen.findByText('Acme')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      method: 'PATCH',
      url: '/api/backoffice/providers/acme',
      body: { enabled: false },
    });
  });

  it('adds a game on the form layer: a taken code is said at its field, nothing sent while a field is empty', async () => {
    const sent = fakeServer({ '/api/backoffice/games': { status: 'already' } });
    renderGames();
    fireEvent.click(await screen.findByRole('button', { name: 'Games' }));
    const form = await screen.findByRole('form', { name: 'Add game' });
    const code = within(form).getByLabelText('Code') as HTMLInputElement;
    fireEvent.change(code, { target: { value: 'd4' } });
    fireEvent.change(within(form).getByLabelText('Name (Korean)'), { target: { value: '게임 d4' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add game' }));
    await waitFor(() =>
      expect(
        (within(form).getByLabelText('Name (English)') as HTMLInputElement).getAttribute('aria-invalid'),
      ).toBe('true'),
    );
    expect(sent).toHaveLength(0);
    fireEvent.change(within(form).getByLabelText('Name (English)'), { target: { value: 'Game d4' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add game' }));
    expect(await within(form).findByText('A game with that code exists already.')).toBeTruthy();
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([
      {
        method: 'POST',
        url: '/api/backoffice/games',
        body: { provider: 'acme', code: 'd4', nameKo: '게임 d4', nameEn: 'Game d4', order: 40 },
      },
    ]);
  });

  it("saves a provider's changed settings only, the maximum checked by the contract at its field", async () => {
    const sent = fakeServer();
    renderGames();
    const row = (await screen.findByText('Acme')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Acme: settings' });
    const max = within(dialog).getByLabelText('Maximum per wallet call (won)') as HTMLInputElement;
    fireEvent.change(max, { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(max.getAttribute('aria-invalid')).toBe('true'));
    expect(sent).toHaveLength(0);
    fireEvent.change(max, { target: { value: '5,000,000' } });
    expect(max.value).toBe('5000000');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      method: 'PATCH',
      url: '/api/backoffice/providers/acme',
      body: { maxAmount: 5_000_000 },
    });
  });

  it('sends only the changed comp rate', async () => {
    const rates = { status: 'success', rates: { casino: 50, slot: 100, sport: 30 } };
    const sent = fakeServer({ '/api/backoffice/settings/comp-rates': rates });
    renderGames();
    fireEvent.click(await screen.findByRole('tab', { name: 'Comp rates' }));
    const casino = (await screen.findByLabelText('Live casino')) as HTMLInputElement;
    expect(casino.value).toBe('50');
    fireEvent.change(casino, { target: { value: '75' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent.filter((s) => s.method !== 'GET')).toHaveLength(1));
    expect(sent.filter((s) => s.method !== 'GET')[0]).toEqual({
      method: 'PUT',
      url: '/api/backoffice/settings/comp-rates',
      body: { casino: 75 },
    });
  });

  it('sends only the changed jackpot setting', async () => {
    const tier = {
      seed: 1_000_000,
      ceiling: 50_000_000,
      shareBp: 10,
      oneInWon: 100_000_000,
      pool: 2_000_000,
    };
    const jackpots = { status: 'success', tiers: { MEGA: tier, MAJOR: tier, MINOR: tier }, hits: [] };
    const sent = fakeServer({ '/api/backoffice/jackpots': jackpots });
    renderGames();
    fireEvent.click(await screen.findByRole('tab', { name: 'Jackpots' }));
    const seed = (await screen.findByLabelText('MAJOR Seed')) as HTMLInputElement;
    expect(seed.value).toBe('1000000');
    fireEvent.change(seed, { target: { value: '2000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent.filter((s) => s.method !== 'GET')).toHaveLength(1));
    expect(sent.filter((s) => s.method !== 'GET')[0]).toEqual({
      method: 'PUT',
      url: '/api/backoffice/jackpots',
      body: { MAJOR: { seed: 2_000_000 } },
    });
  });
});
