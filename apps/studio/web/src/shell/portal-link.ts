import { useEffect } from 'react';

/**
 * The game window's link to the portal that opened it (decision 0014): the portal posts the reality
 * check to the game windows it opened, the game answers with what the member chose. Messages are
 * plain objects, checked field by field here (no schema library in the game's bundle):
 *
 *   portal -> game  {source: "casino-portal", v: 1, type: "reality-check", sessionMinutes, bets, wins, net}
 *   portal -> game  {source: "casino-portal", v: 1, type: "balance", balance}   (decision 0022)
 *   game -> portal  {source: "casino-game", v: 1, type: "hello" | "continue" | "history" | "sign-out"}
 *
 * A message is taken only from the window that opened this one (`window.opener`) and only from an
 * accepted origin: the game's own (the studio mounted in the platform's server, on every domain of
 * the site) and the ones the studio names in `<meta name="studio-portal-origins">` (a studio on a
 * host of its own). Messages go out to the opener with an exact target origin, never `*`.
 */

export const PORTAL_SOURCE = 'casino-portal';
export const GAME_SOURCE = 'casino-game';
export const PROTOCOL_VERSION = 1;

/** What the portal sends at each reality-check moment: the session's length and its figures (whole won). */
export interface TRealityCheck {
  sessionMinutes: number;
  bets: number;
  wins: number;
  net: number;
}

export type TGameAnswer = 'hello' | 'continue' | 'history' | 'sign-out';

const REALITY_KEYS = ['bets', 'net', 'sessionMinutes', 'source', 'type', 'v', 'wins'];
/** Longer than any session can last (a session ends after at most a few days). */
const MAX_MINUTES = 366 * 24 * 60;

const isWhole = (value: unknown, min: number): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= min;

/**
 * The reality check in a message's data, or null when the data is anything else: exactly the keys
 * above (no more), whole numbers, and a net result that is the wins less the bets.
 */
export function parsePortalMessage(data: unknown): TRealityCheck | null {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  const record = data as Record<string, unknown>;
  const keys = Object.keys(record).sort();
  if (keys.length !== REALITY_KEYS.length || keys.some((key, i) => key !== REALITY_KEYS[i])) return null;
  if (record.source !== PORTAL_SOURCE || record.v !== PROTOCOL_VERSION || record.type !== 'reality-check')
    return null;
  const { sessionMinutes, bets, wins, net } = record;
  if (!isWhole(sessionMinutes, 0) || sessionMinutes > MAX_MINUTES) return null;
  if (!isWhole(bets, 0) || !isWhole(wins, 0) || !isWhole(net, Number.MIN_SAFE_INTEGER)) return null;
  if (net !== wins - bets) return null;
  return { sessionMinutes, bets, wins, net };
}

const BALANCE_KEYS = ['balance', 'source', 'type', 'v'];

/**
 * The member's balance in a message's data (the portal forwards its event stream's `balance`,
 * decision 0022), or null when the data is anything else: exactly those keys, a whole number of won.
 */
export function parsePortalBalance(data: unknown): number | null {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  const record = data as Record<string, unknown>;
  const keys = Object.keys(record).sort();
  if (keys.length !== BALANCE_KEYS.length || keys.some((key, i) => key !== BALANCE_KEYS[i])) return null;
  if (record.source !== PORTAL_SOURCE || record.v !== PROTOCOL_VERSION || record.type !== 'balance')
    return null;
  return isWhole(record.balance, 0) ? record.balance : null;
}

/** An origin as `URL.origin` writes it (`https://host[:port]`), or null. */
function asOrigin(value: string): string | null {
  try {
    const url = new URL(value);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    return url.origin === value ? value : null;
  } catch {
    return null;
  }
}

/** The origins a portal message may come from: this page's own, and those the studio names. */
export function acceptedOrigins(doc: Document = document, own: string = window.location.origin): string[] {
  const named = doc.querySelector<HTMLMetaElement>('meta[name="studio-portal-origins"]')?.content ?? '';
  const origins = new Set<string>([own]);
  for (const part of named.split(/\s+/)) {
    const origin = part ? asOrigin(part) : null;
    if (origin) origins.add(origin);
  }
  return [...origins];
}

/** What a message event must be to be taken: from the opener, from an accepted origin. */
export function isFromPortal(
  event: Pick<MessageEvent, 'source' | 'origin'>,
  opener: Window | null,
  origins: readonly string[],
): boolean {
  return opener !== null && event.source === opener && origins.includes(event.origin);
}

/** Posts an answer to the portal window at `origin` (exactly: nothing goes to any other origin). */
export function answerPortal(opener: Window | null, type: TGameAnswer, origin: string): void {
  if (!opener || opener.closed) return;
  try {
    opener.postMessage({ source: GAME_SOURCE, v: PROTOCOL_VERSION, type }, origin);
  } catch {
    // The opener went away between the check and the call.
  }
}

/** Tells the opener that this window takes reality checks: once per accepted origin (only the right one receives it). */
export function greetPortal(opener: Window | null, origins: readonly string[]): void {
  for (const origin of origins) answerPortal(opener, 'hello', origin);
}

/**
 * Hands `feed` the member's balance that the portal which opened this window forwards from its
 * event stream (decision 0022). Only in seamless mode: in transfer mode the game's money is the
 * studio's own wallet, not the member's cash that the portal tells.
 */
export function usePortalBalance(wallet: string | null, feed: { portal(balance: number): void }): void {
  useEffect(() => {
    if (wallet !== 'seamless' || !window.opener) return;
    const origins = acceptedOrigins();
    const onMessage = (event: MessageEvent) => {
      if (!isFromPortal(event, window.opener as Window | null, origins)) return;
      const portalBalance = parsePortalBalance(event.data);
      if (portalBalance !== null) feed.portal(portalBalance);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [wallet, feed]);
}
