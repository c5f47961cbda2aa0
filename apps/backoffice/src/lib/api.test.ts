import { afterEach, describe, expect, it, vi } from 'vitest';
import { BACKOFFICE_ROUTES } from '@casino/contracts/backoffice-routes';
import { api, apiKey, apiUrl, isApiError } from './api.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

function fakeFetch(status: number, body: unknown) {
  const calls: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      calls.push({ url, init });
      return Promise.resolve(new Response(JSON.stringify(body), { status }));
    }),
  );
  return calls;
}

describe('the typed client of the back-office route table', () => {
  it('builds each address from its table entry: params encoded as one segment, the query in order', () => {
    expect(
      apiUrl('members.ledger', { params: { userId: 'a b/c' }, query: { beforeId: undefined, limit: 5 } }),
    ).toBe('/api/backoffice/members/a%20b%2Fc/ledger?limit=5');
    expect(apiUrl('deposits.historyCsv', { query: { state: 'wait', from: '2026-01-01' } })).toBe(
      `${BACKOFFICE_ROUTES['deposits.historyCsv'].path}?state=wait&from=2026-01-01`,
    );
  });

  it('calls with the entry method, a JSON body and the idempotency key, and reads the answer', async () => {
    const calls = fakeFetch(200, { status: 'success', balance: 1 });
    const answer = await api('members.adjust', {
      params: { userId: 'kim' },
      body: { amount: 1000, reason: 'fix', kind: 'cash' },
      idempotencyKey: 'key-1',
    });
    expect(answer.status).toBe('success');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/api/backoffice/members/kim/adjust');
    expect(calls[0]!.init.method).toBe('POST');
    expect(JSON.parse(calls[0]!.init.body as string)).toEqual({ amount: 1000, reason: 'fix', kind: 'cash' });
    expect((calls[0]!.init.headers as Record<string, string>)['idempotency-key']).toBe('key-1');
  });

  it('rejects with the wire status of a refusal (403 denied)', async () => {
    fakeFetch(403, { status: 'denied' });
    const failure: unknown = await api('operators.list').catch((error: unknown) => error);
    expect(isApiError(failure) && failure.status).toBe('denied');
  });

  it('makes query keys that follow the paths, so a path without its query is the prefix of its pages', () => {
    const detail = apiKey('members.detail', { params: { userId: 'kim' } });
    const tab = apiKey('members.notes', { params: { userId: 'kim' }, query: { page: 2 } });
    expect(detail).toEqual(['backoffice', 'members', 'kim']);
    expect(tab.slice(0, detail.length)).toEqual(detail);
    expect(apiKey('session.me')).toEqual(['backoffice', 'me']);
  });
});
