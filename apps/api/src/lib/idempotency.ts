import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { invalid } from './app-error.ts';

/** An Idempotency-Key: printable ASCII, 1..100 characters (a UUID fits). */
export const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,100}$/;

/** What a request's `Idempotency-Key` stands for: the key as sent and the hash of the request. */
export interface Idempotency {
  key: string | undefined;
  hash: string;
}

/**
 * The `Idempotency-Key` header as sent (repeated headers joined, as Node joins them), or undefined
 * without one. It is not validated here: each caller checks it with `checkIdempotencyKey` at the
 * point where its answers always have, so the order of validation errors stays what it was.
 */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return undefined;
  return Array.isArray(raw) ? raw.join(',') : raw;
}

/** Refuses a malformed key with the contract's 400 (`idempotencyKey: pattern`). */
export function checkIdempotencyKey(key: string | undefined): void {
  if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) throw invalid('idempotencyKey', 'pattern');
}

/** The request hash an Idempotency-Key stands for: method, path and body (keys sorted). */
export function requestHash(method: string, path: string, body: unknown): string {
  const canonical = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(canonical);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.keys(value as object)
          .sort()
          .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
      );
    }
    return value;
  };
  return createHash('sha256')
    .update(JSON.stringify([method.toUpperCase(), path, canonical(body ?? {})]))
    .digest('hex');
}

/** The key and the request hash of a request, read once for the service that runs it. */
export function idempotencyOf(request: FastifyRequest): Idempotency {
  return {
    key: idempotencyKeyOf(request),
    hash: requestHash(request.method, request.url.split('?')[0]!, request.body),
  };
}
