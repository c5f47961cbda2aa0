import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toFieldErrors, withCode, ZHttpErrorResponse, ZInvalidResponse } from './errors.ts';

const errorsOf = (schema: z.ZodType, input: unknown, withInput = false) => {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected a failure');
  return withInput ? toFieldErrors(result.error.issues, input) : toFieldErrors(result.error.issues);
};

const body = z.strictObject({
  name: z.string().min(2).max(5),
  age: z.int().min(18).max(99),
  tags: z.array(z.string()).min(1).max(2),
  code: z.string().regex(/^[a-z]+$/),
  kind: z.enum(['a', 'b']),
  flag: z.literal(true),
  amount: z.int().multipleOf(1000),
  note: z.string().optional(),
});
const valid = { name: 'abc', age: 20, tags: ['x'], code: 'abc', kind: 'a', flag: true, amount: 2000 };

describe('toFieldErrors', () => {
  it('maps a missing value to required', () => {
    const { name: _name, age: _age, ...rest } = valid;
    expect(errorsOf(body, rest)).toEqual([
      { path: 'name', code: 'required' },
      { path: 'age', code: 'required' },
    ]);
  });

  it('detects missing enum and literal values only when given the input', () => {
    const { kind: _kind, flag: _flag, ...rest } = valid;
    expect(errorsOf(body, rest)).toEqual([
      { path: 'kind', code: 'pattern' },
      { path: 'flag', code: 'pattern' },
    ]);
    expect(errorsOf(body, rest, true)).toEqual([
      { path: 'kind', code: 'required' },
      { path: 'flag', code: 'required' },
    ]);
  });

  it('maps a present value of the wrong type to type, null included', () => {
    expect(errorsOf(body, { ...valid, name: 5, age: '20', tags: 'x', note: null })).toEqual([
      { path: 'name', code: 'type' },
      { path: 'age', code: 'type' },
      { path: 'tags', code: 'type' },
      { path: 'note', code: 'type' },
    ]);
    expect(errorsOf(body, { ...valid, age: null }, true)).toEqual([{ path: 'age', code: 'type' }]);
  });

  it('maps non-integers, NaN-like and unsafe numbers', () => {
    expect(errorsOf(body, { ...valid, age: 20.5 })).toEqual([{ path: 'age', code: 'type' }]);
    expect(errorsOf(z.object({ n: z.number() }), { n: Number.NaN })).toEqual([{ path: 'n', code: 'type' }]);
    expect(errorsOf(z.object({ n: z.int() }), { n: 2 ** 60 })).toEqual([{ path: 'n', code: 'max' }]);
  });

  it('maps numeric bounds to min and max', () => {
    expect(errorsOf(body, { ...valid, age: 17 })).toEqual([{ path: 'age', code: 'min' }]);
    expect(errorsOf(body, { ...valid, age: 100 })).toEqual([{ path: 'age', code: 'max' }]);
    expect(errorsOf(z.object({ n: z.int().positive() }), { n: 0 })).toEqual([{ path: 'n', code: 'min' }]);
  });

  it('maps string and array sizes to length', () => {
    expect(errorsOf(body, { ...valid, name: 'a' })).toEqual([{ path: 'name', code: 'length' }]);
    expect(errorsOf(body, { ...valid, name: 'abcdef' })).toEqual([{ path: 'name', code: 'length' }]);
    expect(errorsOf(body, { ...valid, tags: [] })).toEqual([{ path: 'tags', code: 'length' }]);
    expect(errorsOf(body, { ...valid, tags: ['a', 'b', 'c'] })).toEqual([{ path: 'tags', code: 'length' }]);
  });

  it('maps formats, enums and literals to pattern, multiples to unit', () => {
    expect(errorsOf(body, { ...valid, code: 'ABC' })).toEqual([{ path: 'code', code: 'pattern' }]);
    expect(errorsOf(z.object({ e: z.email() }), { e: 'nope' })).toEqual([{ path: 'e', code: 'pattern' }]);
    expect(errorsOf(body, { ...valid, kind: 'c' })).toEqual([{ path: 'kind', code: 'pattern' }]);
    expect(errorsOf(body, { ...valid, flag: false })).toEqual([{ path: 'flag', code: 'pattern' }]);
    expect(errorsOf(body, { ...valid, amount: 1500 })).toEqual([{ path: 'amount', code: 'unit' }]);
  });

  it('names each unknown key as its own path', () => {
    expect(errorsOf(body, { ...valid, extra: 1, more: 2 })).toEqual([
      { path: 'extra', code: 'unknown' },
      { path: 'more', code: 'unknown' },
    ]);
  });

  it('uses the code a custom issue carries, pattern when it carries none or a foreign one', () => {
    const schema = z.object({
      amount: z
        .int()
        .refine((n) => n >= 10_000, withCode('min'))
        .refine((n) => n % 1000 === 0, withCode('unit')),
      other: z.string().refine((s) => s === 'ok'),
      odd: z.string().refine((s) => s === 'ok', { params: { code: 'nonsense' } }),
    });
    expect(errorsOf(schema, { amount: 5500, other: 'no', odd: 'no' })).toEqual([
      { path: 'amount', code: 'min' },
      { path: 'other', code: 'pattern' },
      { path: 'odd', code: 'pattern' },
    ]);
    expect(errorsOf(schema, { amount: 15_500, other: 'ok', odd: 'ok' })).toEqual([
      { path: 'amount', code: 'unit' },
    ]);
  });

  it('takes object-level refinements at the path they name', () => {
    const schema = z
      .strictObject({ a: z.string(), b: z.string() })
      .refine((v) => v.a !== v.b, { path: ['b'], ...withCode('pattern') });
    expect(errorsOf(schema, { a: 'x', b: 'x' })).toEqual([{ path: 'b', code: 'pattern' }]);
  });

  it("names the whole body '' when it is not an object", () => {
    expect(errorsOf(body, [])).toEqual([{ path: '', code: 'type' }]);
    expect(errorsOf(body, null)).toEqual([{ path: '', code: 'type' }]);
    expect(errorsOf(body, 'text')).toEqual([{ path: '', code: 'type' }]);
    expect(errorsOf(z.strictObject({}), undefined)).toEqual([{ path: '', code: 'required' }]);
  });

  it('keeps the first error of a field and only the top-level segment of nested paths', () => {
    const schema = z.object({ list: z.array(z.object({ n: z.int() })), s: z.string().min(3).regex(/^\d+$/) });
    expect(errorsOf(schema, { list: [{ n: 1 }, { n: 'x' }, {}], s: 'ab' })).toEqual([
      { path: 'list', code: 'type' },
      { path: 's', code: 'length' },
    ]);
    expect(errorsOf(schema, { list: [{}], s: '12' }, true)).toEqual([
      { path: 'list', code: 'required' },
      { path: 's', code: 'length' },
    ]);
  });

  it('does not mistake an inherited key for a present value', () => {
    const schema = z.object({ toString: z.string() });
    expect(errorsOf(schema, {}, true)).toEqual([{ path: 'toString', code: 'required' }]);
  });

  it('returns nothing for no issues', () => {
    expect(toFieldErrors([])).toEqual([]);
  });
});

describe('HTTP error bodies', () => {
  it('parses each error body and refuses unknown codes', () => {
    expect(
      ZInvalidResponse.parse({ status: 'invalid', errors: [{ path: 'amount', code: 'unit' }] }),
    ).toBeTruthy();
    expect(
      ZInvalidResponse.safeParse({ status: 'invalid', errors: [{ path: 'a', code: 'weird' }] }).success,
    ).toBe(false);
    for (const status of ['unauthenticated', 'forbidden', 'denied', 'too_large', 'too_many']) {
      expect(ZHttpErrorResponse.parse({ status })).toEqual({ status });
    }
    expect(ZHttpErrorResponse.parse({ status: 'error', requestId: 'r1', stack: 'x' })).toEqual({
      status: 'error',
      requestId: 'r1',
    });
  });
});
