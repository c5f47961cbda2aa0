import type { z } from 'zod';
import { BACKOFFICE_ROUTES } from './backoffice-routes.ts';
import { CALLS } from './calls.ts';
import { TRANSFER_ACTIONS, TRANSFER_REQUESTS, WALLET_ACTIONS, WALLET_REQUESTS } from './wallet.ts';

/**
 * The generated index of the API reference (`docs/api/routes.md`): every member call of CALLS,
 * every back-office route of BACKOFFICE_ROUTES, the provider wallet's actions and the transfer
 * API's, each with the hand-written page that documents it. Pure: the caller passes the pages'
 * texts (file name → markdown) and writes the result; `api-docs.test.ts` fails when the file in
 * the repository differs from it, or when a hand-written page does not name a call or a route.
 */

/** The generated file, in docs/api/. */
export const API_INDEX_FILE = 'routes.md';

/** The text a back-office route is documented by: its method and its full path, as in the table. */
export function routeLine(route: { method: string; path: string }): string {
  return `${route.method} ${route.path}`;
}

/**
 * A page's text with each code span's `{a|b}` alternatives spelled out, so that
 * `` `POST /api/backoffice/{deposits|withdraws}/:id/reg` `` names both routes.
 */
export function expandAlternatives(text: string): string {
  return text.replace(/`([^`\n]*\{[^`\n]*\|[^`\n]*\}[^`\n]*)`/g, (_, span: string) => {
    let variants = [span];
    for (;;) {
      const next = variants.flatMap((v) => {
        const m = /\{([^{}|]*(?:\|[^{}|]*)+)\}/.exec(v);
        return m
          ? m[1]!.split('|').map((alt) => v.slice(0, m.index) + alt + v.slice(m.index + m[0].length))
          : [v];
      });
      if (next.length === variants.length) break;
      variants = next;
    }
    return variants.map((v) => `\`${v}\``).join(' ');
  });
}

/** Whether `text` names `needle` as a whole (a path is not named by a longer path it starts). */
function names(text: string, needle: string): number {
  const escaped = needle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return (text.match(new RegExp(`${escaped}(?![\\w/:.-])`, 'g')) ?? []).length;
}

/**
 * The page that documents `needle`: among the pages `preferred` accepts when one of them names it,
 * else among all, one that names it in a heading, else one whose list item or table row starts with
 * it, else the one that names it most often (the first in the order given on a tie); undefined when
 * no page names it.
 */
function pageNaming(
  pages: ReadonlyMap<string, string>,
  needle: string,
  preferred: (page: string) => boolean = () => true,
): string | undefined {
  const scored = [...pages]
    .map(([name, text]) => {
      const count = names(text, needle);
      const lines = text.split('\n');
      const inHeading = lines.some((line) => line.startsWith('#') && names(line, needle) > 0);
      // A list item or table row that starts with it: where a route's answers are listed.
      const leads = lines.some(
        (line) => /^\s*[-|]\s*`/.test(line) && names(line.slice(0, needle.length + 8), needle) > 0,
      );
      return { name, count, score: (inHeading ? 1_000_000 : 0) + (leads ? 1_000 : 0) + count };
    })
    .filter((page) => page.count > 0);
  const pool = scored.some((page) => preferred(page.name))
    ? scored.filter((page) => preferred(page.name))
    : scored;
  let best: { name: string; score: number } | undefined;
  for (const page of pool) if (!best || page.score > best.score) best = page;
  return best?.name;
}

const isMemberCallsPage = (page: string) => page === 'member-calls.md';
const isBackofficePage = (page: string) => page.startsWith('backoffice');

/** The member calls and back-office routes that no hand-written page names (empty when all are). */
export function undocumented(pages: ReadonlyMap<string, string>): { calls: string[]; routes: string[] } {
  const expanded = new Map([...pages].map(([name, text]) => [name, expandAlternatives(text)]));
  return {
    calls: Object.keys(CALLS).filter((name) => !pageNaming(expanded, `\`${name}\``)),
    routes: Object.entries(BACKOFFICE_ROUTES)
      .filter(([, route]) => !pageNaming(expanded, routeLine(route)))
      .map(([key, route]) => `${key} (${routeLine(route)})`),
  };
}

/** A request schema's top-level fields, `?` after an optional one. */
function fieldsOf(schema: z.ZodType): string {
  const shape = (schema as z.ZodObject).shape;
  return Object.entries(shape)
    .map(([name, field]) => (field.safeParse(undefined).success ? `${name}?` : name))
    .join(', ');
}

function link(page: string | undefined): string {
  return page ? `[${page}](${page})` : '-';
}

/**
 * The markdown of docs/api/routes.md for these hand-written pages (`pages`: docs/api's file names,
 * the index itself left out, in the order their links should prefer).
 */
export function apiIndexMarkdown(pages: ReadonlyMap<string, string>): string {
  const expanded = new Map([...pages].map(([name, text]) => [name, expandAlternatives(text)]));
  const out: string[] = [
    '# Every call and route (generated)',
    '',
    '<!-- Generated from packages/contracts by packages/contracts/src/api-docs.test.ts: do not edit. -->',
    '',
    'Generated from the contracts (`CALLS`, `BACKOFFICE_ROUTES`, `WALLET_ACTIONS`, `TRANSFER_ACTIONS`);',
    'the last column names the hand-written page that documents each one. Do not edit this file:',
    '`UPDATE_API_INDEX=1 npx vitest run --project contracts src/api-docs.test.ts` rewrites it, and',
    'that test fails while it differs from the contracts (see [README.md](README.md)).',
    '',
    '## Member calls: `POST /api/routes/<call>`',
    '',
    '| call | who | documented in |',
    '| --- | --- | --- |',
  ];
  for (const [name, call] of Object.entries(CALLS))
    out.push(
      `| \`${name}\` | ${call.who} | ${link(pageNaming(expanded, `\`${name}\``, isMemberCallsPage))} |`,
    );
  out.push(
    '',
    '## Back-office routes: `/api/backoffice/*`',
    '',
    'The key is the route\'s name in `BACKOFFICE_ROUTES` (the console calls it by that name). "signed in":',
    'any operator with a session; "no session": the sign-in and sign-out.',
    '',
    '| key | method and path | permission | documented in |',
    '| --- | --- | --- | --- |',
  );
  for (const [key, route] of Object.entries(BACKOFFICE_ROUTES)) {
    const isPublic = 'auth' in route && route.auth === 'public';
    const who = route.permission ? `\`${route.permission}\`` : isPublic ? 'no session' : 'signed in';
    out.push(
      `| \`${key}\` | \`${routeLine(route)}\` | ${who} | ${link(pageNaming(expanded, routeLine(route), isBackofficePage))} |`,
    );
  }
  out.push(
    '',
    '## Provider wallet: `POST /api/wallet/<provider>/<action>`',
    '',
    'A game provider calls the platform, signed with its secret: [../providers.md](../providers.md#3-wallet-calls).',
    '',
    '| action | request fields |',
    '| --- | --- |',
    ...WALLET_ACTIONS.map((action) => `| \`${action}\` | ${fieldsOf(WALLET_REQUESTS[action])} |`),
    '',
    '## Transfer API: `POST <apiUrl>/<action>`',
    '',
    'The platform calls a `transfer` provider: [../providers.md](../providers.md#5-transfer-wallet).',
    '',
    '| action | request fields |',
    '| --- | --- |',
    ...TRANSFER_ACTIONS.map((action) => `| \`${action}\` | ${fieldsOf(TRANSFER_REQUESTS[action])} |`),
    '',
  );
  return out.join('\n');
}
