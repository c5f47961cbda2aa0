import { describe, expect, it } from 'vitest';
import { HttpError } from '@casino/web-kit/http';
import { createIdempotencyKeys, mayRetrySameKey } from './idempotency.ts';

function counter() {
  let n = 0;
  return () => `key-${++n}`;
}

describe('idempotency keys', () => {
  it('reuses the key of an action until it is settled', () => {
    const keys = createIdempotencyKeys(counter());
    const first = keys.keyFor('deposit:7:approve:{}');
    expect(keys.keyFor('deposit:7:approve:{}')).toBe(first);
    keys.settle('deposit:7:approve:{}');
    expect(keys.keyFor('deposit:7:approve:{}')).not.toBe(first);
  });

  it('gives different actions different keys', () => {
    const keys = createIdempotencyKeys(counter());
    const approve = keys.keyFor('deposit:7:approve:{}');
    expect(keys.keyFor('deposit:7:reject:{}')).not.toBe(approve);
    expect(keys.keyFor('withdraw:7:approve:{}')).not.toBe(approve);
    expect(keys.keyFor('deposit:7:reject:{"reason":"a"}')).not.toBe(keys.keyFor('deposit:7:reject:{}'));
  });

  it('makes keys the server accepts (printable ASCII, up to 100)', () => {
    const key = createIdempotencyKeys().keyFor('x');
    expect(key).toMatch(/^[\x21-\x7e]{1,100}$/);
    expect(createIdempotencyKeys().keyFor('x')).not.toBe(key);
  });

  it('keeps the key only when the answer may not have been decided', () => {
    expect(mayRetrySameKey({ status: 'network', httpStatus: 0 })).toBe(true);
    expect(mayRetrySameKey({ status: 'error', httpStatus: 500 })).toBe(true);
    expect(mayRetrySameKey({ status: 'too_many', httpStatus: 429 })).toBe(true);
    expect(mayRetrySameKey({ status: 'invalid', httpStatus: 400 })).toBe(false);
    expect(mayRetrySameKey({ status: 'denied', httpStatus: 403 })).toBe(false);
  });

  it('runs a call with the key and keeps it only after a failure that may not have reached the server', async () => {
    const keys = createIdempotencyKeys(counter());
    const sent: string[] = [];
    const failing = (error: unknown) => (key: string) => {
      sent.push(key);
      return Promise.reject(error);
    };
    await expect(
      keys.run('a', failing(new HttpError({ status: 'network', httpStatus: 0 }))),
    ).rejects.toBeInstanceOf(HttpError);
    await expect(
      keys.run('a', failing(new HttpError({ status: 'error', httpStatus: 502 }))),
    ).rejects.toBeInstanceOf(HttpError);
    expect(sent).toEqual(['key-1', 'key-1']);
    await expect(
      keys.run('a', failing(new HttpError({ status: 'invalid', httpStatus: 400 }))),
    ).rejects.toBeInstanceOf(HttpError);
    expect(keys.keyFor('a')).toBe('key-2');
    await expect(keys.run('a', (key) => Promise.resolve(`done with ${key}`))).resolves.toBe(
      'done with key-2',
    );
    expect(keys.keyFor('a')).toBe('key-3');
    await expect(keys.run('b', failing(new Error('bug')))).rejects.toThrow('bug');
    expect(keys.keyFor('b')).toBe('key-5');
  });
});
