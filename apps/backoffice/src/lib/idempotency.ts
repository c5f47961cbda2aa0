/**
 * One Idempotency-Key per intended money action (docs/api/backoffice.md): the same action (same request,
 * same body) asked again after a failure that may not have reached the server (network, timeout,
 * 5xx) reuses its key, so the server answers the first outcome instead of acting twice. Once the
 * server has given a definite answer the action is settled and its key forgotten: a later action,
 * even on the same request, is a new intention with a new key.
 */
export interface IdempotencyKeys {
  /** The key of `action` (e.g. `deposit:12:reject:wrong name`), made on first use. */
  keyFor(action: string): string;
  /** Forgets the key of `action` after a definite answer. */
  settle(action: string): void;
}

export function createIdempotencyKeys(newKey: () => string = () => crypto.randomUUID()): IdempotencyKeys {
  const keys = new Map<string, string>();
  return {
    keyFor(action) {
      let key = keys.get(action);
      if (!key) {
        key = newKey();
        keys.set(action, key);
      }
      return key;
    },
    settle(action) {
      keys.delete(action);
    },
  };
}

/** Whether a failed attempt may not have reached the server, so that its retry must reuse the key. */
export function mayRetrySameKey(error: { status: string; httpStatus: number }): boolean {
  return error.status === 'network' || error.httpStatus >= 500 || error.status === 'too_many';
}
