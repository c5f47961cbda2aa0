import { isHttpError } from '@casino/web-kit/http';

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
  /**
   * Makes the call of `action` with its key (`keyFor`) and settles the action on a definite answer:
   * a success, or a failure that reached the server. After a failure that may not have reached it
   * (`mayRetrySameKey`) the key is kept for the retry. The call's answer or failure is passed on.
   */
  run<A>(action: string, call: (idempotencyKey: string) => Promise<A>): Promise<A>;
}

export function createIdempotencyKeys(newKey: () => string = () => crypto.randomUUID()): IdempotencyKeys {
  const keys = new Map<string, string>();
  const keyFor = (action: string) => {
    let key = keys.get(action);
    if (!key) {
      key = newKey();
      keys.set(action, key);
    }
    return key;
  };
  const settle = (action: string) => void keys.delete(action);
  return {
    keyFor,
    settle,
    async run(action, call) {
      try {
        const answer = await call(keyFor(action));
        settle(action);
        return answer;
      } catch (error) {
        if (!isHttpError(error) || !mayRetrySameKey(error)) settle(action);
        throw error;
      }
    },
  };
}

/** Whether a failed attempt may not have reached the server, so that its retry must reuse the key. */
export function mayRetrySameKey(error: { status: string; httpStatus: number }): boolean {
  return error.status === 'network' || error.httpStatus >= 500 || error.status === 'too_many';
}
