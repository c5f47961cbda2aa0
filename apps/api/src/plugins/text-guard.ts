import type { FastifyInstance } from 'fastify';
import { isStorableText } from '@casino/contracts/text';
import { invalid } from '../lib/app-error.ts';

/** Deeper input than this is refused rather than walked (no contract nests more than a few levels). */
const MAX_DEPTH = 32;

/**
 * Refuses text that cannot be stored as sent (a NUL, which PostgreSQL `text` rejects with a 500,
 * or a lone surrogate, which would be stored as U+FFFD) in ANY input of ANY route: the parsed body,
 * the query string and the path parameters, object keys included. One hook for the whole server,
 * so no route, present or future, can forget it; nothing is silently changed. The answer is the
 * contract's 400 naming the top-level field (issue 8, defect 1).
 */
export function registerTextGuard(app: FastifyInstance): void {
  // A callback hook, not an async one: it runs on every request.
  app.addHook('preValidation', (request, _reply, done) => {
    const bad = findBadField(request.params) ?? findBadField(request.query) ?? findBadField(request.body);
    done(bad === undefined ? undefined : invalid(bad, 'pattern'));
  });
}

/**
 * The top-level field holding bad text, '' when the input itself (a bare string, a bad top-level
 * key, or input nested too deep) is bad, or undefined when all is well. A bad key is reported as ''
 * so the answer never echoes it.
 */
function findBadField(input: unknown): string | undefined {
  if (typeof input === 'string') return isStorableText(input) ? undefined : '';
  // A binary body (an image upload) is bytes, not text: nothing in it is stored as text.
  if (input === null || typeof input !== 'object' || ArrayBuffer.isView(input)) return undefined;
  if (Array.isArray(input)) return input.every((item) => isClean(item, 1)) ? undefined : '';
  // for...in over own keys rather than Object.entries: this runs three times for every request,
  // and the inputs are mostly empty or flat (`{}`, `{call}`).
  for (const key in input) {
    if (!Object.hasOwn(input, key)) continue;
    if (!isStorableText(key)) return '';
    if (!isClean((input as Record<string, unknown>)[key], 1)) return key;
  }
  return undefined;
}

function isClean(value: unknown, depth: number): boolean {
  if (typeof value === 'string') return isStorableText(value);
  if (value === null || typeof value !== 'object') return true;
  if (depth > MAX_DEPTH) return false;
  if (Array.isArray(value)) return value.every((item) => isClean(item, depth + 1));
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (!isStorableText(key) || !isClean((value as Record<string, unknown>)[key], depth + 1)) return false;
  }
  return true;
}
