import { cleanup, render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, vi } from 'vitest';
import { ME_KEY, type TOperator } from '../app/session.ts';
import { initI18n } from '../i18n/i18n.ts';

/*
 * The console's screen tests' one helper: the console in English, a screen rendered with a fresh
 * query client (no retries) inside a router, and `fetch` stubbed by the test's fake server.
 */

/** Every screen test: the console's words in English; after each test the screen and the fake server go. */
export function setUpConsoleTests(): void {
  beforeAll(() => {
    localStorage.setItem('backoffice.language', 'en');
    initI18n();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
}

interface TRenderOptions {
  /** The address the router starts at (default `/`); `null` renders the screen without a router. */
  path?: string | null;
  /** The signed-in operator (`useOperator`), when the screen reads it. */
  operator?: Partial<TOperator>;
  /** How long answers stay fresh (default 0: a screen reads again as it would). */
  staleTime?: number;
}

/** Renders a console screen with a fresh query client (no retries) in a router; returns the client. */
export function renderConsole(node: ReactNode, { path = '/', operator, staleTime = 0 }: TRenderOptions = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime } } });
  if (operator) client.setQueryData(ME_KEY, operator);
  render(
    <QueryClientProvider client={client}>
      {path === null ? node : <MemoryRouter initialEntries={[path]}>{node}</MemoryRouter>}
    </QueryClientProvider>,
  );
  return client;
}

/**
 * Stubs `fetch` with a fake server: `answer` gets each request's address and init and gives a
 * Response, or any other value, sent as a 200 JSON body (a thrown error fails the request).
 */
export function fakeFetch(answer: (url: string, init: RequestInit) => unknown): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const answered: unknown = await answer(url, init);
      return answered instanceof Response ? answered : Response.json(answered);
    }),
  );
}

/** A fake server of reads: every address asked for, in order, each answered with `answer(url)` as JSON. */
export function serveJson(answer: (url: string) => unknown): string[] {
  const urls: string[] = [];
  fakeFetch((url) => {
    urls.push(url);
    return answer(url);
  });
  return urls;
}

/** A request other than a read that a fake server of `serveWrites` received (its JSON body parsed). */
export interface TSentRequest {
  method: string;
  url: string;
  body: unknown;
}

/**
 * A fake server of reads and writes: a GET is answered with `read(url)` (none: the request fails),
 * any other request is recorded in the returned list and answered with the next answer of
 * `answers['<METHOD> <url>']` (none left: the request fails). Answers go as JSON, or as they are
 * when they are Responses.
 */
export function serveWrites(
  read: (url: string) => unknown,
  answers: Record<string, unknown[]>,
): TSentRequest[] {
  const sent: TSentRequest[] = [];
  fakeFetch((url, init) => {
    if (init.method === 'GET') {
      const answer = read(url);
      if (answer === undefined) throw new Error(`unexpected GET ${url}`);
      return answer;
    }
    sent.push({ method: init.method!, url, body: init.body ? JSON.parse(init.body as string) : undefined });
    const next = answers[`${init.method} ${url}`]?.shift();
    if (!next) throw new Error(`unexpected ${init.method} ${url}`);
    return next;
  });
  return sent;
}
