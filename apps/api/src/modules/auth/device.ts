import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readCookie, setCookie } from './cookies.ts';

/** The first-party device cookie (docs/security.md "Abuse signals"): 16 random bytes, base64url. */
export const DEVICE_COOKIE = 'did';
/** How long the device cookie lives: 400 days, the longest a browser keeps a cookie (Chromium caps it there). */
export const DEVICE_COOKIE_MAX_AGE_MS = 400 * 24 * 60 * 60 * 1000;
const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/;

/**
 * The request headers the browser hash is made of, each as sent (at most 256 characters): what
 * every browser tells on every request at no cost to the portal (no script, no extra request, and
 * nothing in the portal's start-up budget). The user agent and the low-entropy client hints
 * (`sec-ch-ua*`, sent by Chromium browsers) tell the browser, its version and platform;
 * `accept-language` the languages chosen in it.
 */
export const BROWSER_HASH_HEADERS = [
  'user-agent',
  'accept-language',
  'sec-ch-ua',
  'sec-ch-ua-platform',
  'sec-ch-ua-mobile',
] as const;

/** The device a request came from: its cookie id and the hash of its browser's headers. */
export interface ClientDevice {
  /** The `did` cookie's value (new when the request carried none or a malformed one). */
  id: string;
  /** SHA-256 of BROWSER_HASH_HEADERS, hex, first 32 characters. */
  browser: string;
}

/** The hash of what the browser tells in its headers (the same browser and settings: the same hash). */
export function browserHashOf(request: Pick<FastifyRequest, 'headers'>): string {
  const hash = createHash('sha256');
  for (const name of BROWSER_HASH_HEADERS) {
    const value = request.headers[name];
    hash.update(`${name}:${typeof value === 'string' ? value.slice(0, 256) : ''}\n`);
  }
  return hash.digest('hex').slice(0, 32);
}

/**
 * The request's device: the `did` cookie it carries, or a new id set on the reply (HttpOnly,
 * SameSite=Lax, 400 days), and the browser hash. Called by registration, sign-in and the cashier's
 * requests, which record both as the member's signals.
 */
export function clientDevice(request: FastifyRequest, reply: FastifyReply): ClientDevice {
  let id = readCookie(request, DEVICE_COOKIE);
  if (id === undefined || !DEVICE_ID.test(id)) {
    id = randomBytes(16).toString('base64url');
    setCookie(reply, request, DEVICE_COOKIE, id, DEVICE_COOKIE_MAX_AGE_MS);
  }
  return { id, browser: browserHashOf(request) };
}
