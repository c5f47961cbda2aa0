import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { SharedAnswers } from './shared-answers.ts';

function clock() {
  let ms = 1_000_000;
  return { now: () => new Date(ms), advance: (by: number) => (ms += by) };
}

describe('SharedAnswers', () => {
  it('makes an answer once for everyone until it is older than its age, then makes it again', async () => {
    const time = clock();
    const answers = new SharedAnswers(time.now);
    let made = 0;
    const make = async () => JSON.stringify({ n: ++made });
    expect((await answers.get('k', 1000, make)).identity.toString()).toBe('{"n":1}');
    time.advance(999);
    expect((await answers.get('k', 1000, make)).identity.toString()).toBe('{"n":1}');
    time.advance(1);
    expect((await answers.get('k', 1000, make)).identity.toString()).toBe('{"n":2}');
    expect((await answers.get('other', 1000, make)).identity.toString()).toBe('{"n":3}');
  });

  it('callers that arrive while an answer is made wait for that one', async () => {
    const answers = new SharedAnswers(clock().now);
    let made = 0;
    const make = async () => {
      made += 1;
      await new Promise((r) => setTimeout(r, 10));
      return '{}';
    };
    await Promise.all(Array.from({ length: 40 }, () => answers.get('k', 1000, make)));
    expect(made).toBe(1);
  });

  it('does not keep a failure', async () => {
    const answers = new SharedAnswers(clock().now);
    await expect(answers.get('k', 1000, () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect((await answers.get('k', 1000, async () => '{"ok":1}')).identity.toString()).toBe('{"ok":1}');
  });

  it('keeps a large answer compressed in both encodings, a small one as it is', async () => {
    const answers = new SharedAnswers(clock().now);
    const text = JSON.stringify({ list: Array.from({ length: 200 }, (_, i) => ({ i, name: `bank ${i}` })) });
    const large = await answers.get('large', Infinity, async () => text);
    expect(brotliDecompressSync(large.br!).toString()).toBe(text);
    expect(gunzipSync(large.gzip!).toString()).toBe(text);
    const small = await answers.get('small', Infinity, async () => '{"status":"success"}');
    expect([small.br, small.gzip]).toEqual([undefined, undefined]);
  });

  it('keeps at most 1000 answers, dropping the oldest', async () => {
    const answers = new SharedAnswers(clock().now);
    let made = 0;
    const make = async () => `${++made}`;
    for (let i = 0; i <= 1000; i++) await answers.get(`k${i}`, Infinity, make);
    expect(made).toBe(1001);
    await answers.get('k1000', Infinity, make);
    expect(made).toBe(1001);
    await answers.get('k0', Infinity, make);
    expect(made).toBe(1002);
  });
});
