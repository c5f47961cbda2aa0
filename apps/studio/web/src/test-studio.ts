import { vi } from 'vitest';

/** What the fake studio answers to one action: an HTTP status and a JSON body. */
export type TAnswer = { status: number; body: unknown };
/** One request the client sent: its action (the URL's last segment) and JSON body. */
export type TStudioRequest = { action: string; body: Record<string, unknown> };

/** What the fake studio answers, by action. */
export type TAnswers = Record<string, (body: Record<string, unknown>) => TAnswer>;

/**
 * Stubs `fetch` as the studio for the client's tests: each request is handed to `record` and
 * answered from `answers()` (read at each request, so a test may swap them), or 404 `not_found`
 * for an action they do not hold.
 */
export function stubStudioFetch(answers: () => TAnswers, record: (request: TStudioRequest) => void): void {
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const action = url.split('/').pop()!;
    const body = JSON.parse(String(init.body)) as Record<string, unknown>;
    record({ action, body });
    const answered = answers()[action]?.(body) ?? {
      status: 404,
      body: { status: 'error', code: 'not_found' },
    };
    return new Response(JSON.stringify(answered.body), { status: answered.status });
  });
}

/**
 * The studio's `session` answer (200 success) for member `u1` in KRW on a seamless wallet: a slot
 * with an empty definition unless `fields` say otherwise (balance, kind, definition, fairness...).
 */
export function sessionAnswer(fields: Record<string, unknown> = {}): TAnswer {
  return {
    status: 200,
    body: {
      status: 'success',
      userId: 'u1',
      balance: 100_000,
      currency: 'KRW',
      wallet: 'seamless',
      kind: 'slot',
      definition: {},
      fairness: { serverSeedHash: 'aa'.repeat(32), clientSeed: 'c', nonce: 0 },
      ...fields,
    },
  };
}
