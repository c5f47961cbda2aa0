import { act, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { TCallName, TCallResponse } from '@casino/contracts/calls';
import type { TPopup } from '@casino/contracts/community';
import type { TLocale } from '@casino/contracts/locales';
import { LocaleContext } from '../i18n/locale-context.ts';
import type { SessionValue } from '../lib/session/session-context.ts';
import { fakeSession, TestProviders, TEST_USER } from './test-app.tsx';

/** A non-2xx answer (400 field errors, 401, 429 ...), as the server sends it. */
export class HttpAnswer {
  readonly httpStatus: number;
  readonly body: unknown;
  constructor(httpStatus: number, body: unknown) {
    this.httpStatus = httpStatus;
    this.body = body;
  }
}

type TAnswer<N extends TCallName> = TCallResponse<N> | HttpAnswer;
export type TRoutes = { [N in TCallName]?: (body: Record<string, unknown>) => TAnswer<N> };

/**
 * Replaces `fetch` (the network boundary) with a fake server that answers `POST /api/routes/<call>`
 * from `routes`, in the contract's shapes, and records every call.
 */
export function fakeServer(routes: TRoutes) {
  const calls: Array<{ name: string; body: Record<string, unknown> }> = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const name = String(input).replace(/^\/api\/routes\//, '');
    const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
    calls.push({ name, body });
    const handler = (routes as Record<string, ((b: Record<string, unknown>) => unknown) | undefined>)[name];
    const answer = handler
      ? handler(body)
      : new HttpAnswer(400, { status: 'invalid', errors: [{ path: '', code: 'unknown' }] });
    const [status, payload] = answer instanceof HttpAnswer ? [answer.httpStatus, answer.body] : [200, answer];
    return new Response(JSON.stringify(payload), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    /** The bodies sent to one call, in order. */
    bodiesOf: (name: TCallName) => calls.filter((c) => c.name === name).map((c) => c.body),
    countOf: (name: TCallName) => calls.filter((c) => c.name === name).length,
  };
}

type TCashierStatus = Extract<TCallResponse<'get-cashier-status'>, { status: 'success' }>;

/** A `get-cashier-status` answer: both windows open, 10,000 won minimums in units of 1,000, with `changes`. */
export function cashierStatus(changes: Partial<TCashierStatus> = {}): TCashierStatus {
  return {
    status: 'success',
    deposit: { locked: false, from: null, to: null },
    withdraw: { locked: false, from: null, to: null },
    minDeposit: 10_000,
    minWithdraw: 10_000,
    unit: 1000,
    maxAmount: 100_000_000,
    minConversion: 10_000,
    ...changes,
  };
}

/** A site popup `id` (its title, colour, HTML contents and place follow from it), with `extra`. */
export function popup(id: number, extra: Partial<TPopup> = {}): TPopup {
  return {
    id,
    title: `팝업 ${id}`,
    titleColor: '#ffcc00',
    contents: `안내 <b>${id}</b>`,
    domain: '',
    posX: 40 * id,
    posY: 30 * id,
    ...extra,
  };
}

export const invalid = (path: string, code: string) =>
  new HttpAnswer(400, { status: 'invalid', errors: [{ path, code }] });

/**
 * A page at `path` inside the app's providers, with a signed-in member whose `refresh` is a spy
 * (in Korean, or in `locale`). The pages a page links to (help, deposit, login, responsible) render a marker
 * paragraph.
 */
export function renderPage(
  path: string,
  page: ReactNode,
  overrides: Partial<SessionValue> = {},
  locale: TLocale = 'ko',
) {
  const refresh = vi.fn(async () => {});
  const session = fakeSession('authenticated', { refresh, user: TEST_USER, ...overrides });
  const router = createMemoryRouter(
    [
      { path, element: page },
      { path: '/help', element: <p>help page</p> },
      { path: '/deposit', element: <p>deposit page</p> },
      { path: '/login', element: <p>login page</p> },
      { path: '/user/responsible', element: <p>responsible gaming page</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <TestProviders session={session} lng={locale}>
      <LocaleContext.Provider value={locale}>
        <RouterProvider router={router} />
      </LocaleContext.Provider>
    </TestProviders>,
  );
  return { refresh, router };
}

/** Lets fetches, React Query and dialogs settle inside act. */
export async function settle(ms = 30) {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, ms));
  });
}

/** Answers the top dialog with its confirm button (OK), as the member reading a message does. */
export async function closeDialog(label = '확인') {
  const dialogs = [...document.querySelectorAll<HTMLElement>('[role="dialog"], [role="alertdialog"]')];
  const top = dialogs.at(-1);
  const button = [...(top?.querySelectorAll('button') ?? [])].find((b) => b.textContent === label);
  if (!button) throw new Error(`no "${label}" button in the top dialog`);
  await act(async () => button.click());
  await settle();
}
