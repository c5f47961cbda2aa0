import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, pickLogFormat } from './logger.ts';
import { ConfigError, loadConfig } from '../config.ts';

/** A stream that keeps what the logger writes. */
function sink() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { stream, text: () => lines.join('') };
}

describe('pickLogFormat', () => {
  it('is readable lines on a terminal and JSON on anything else (pipes, CI, production)', () => {
    expect(pickLogFormat(undefined, true)).toBe('pretty');
    expect(pickLogFormat(undefined, false)).toBe('json');
  });

  it('follows LOG_FORMAT whatever stdout is', () => {
    expect(pickLogFormat('json', true)).toBe('json');
    expect(pickLogFormat('pretty', false)).toBe('pretty');
  });
});

describe('LOG_FORMAT', () => {
  it('is unset by default, json or pretty when given, and a configuration error otherwise', () => {
    expect(loadConfig({}).logFormat).toBeUndefined();
    expect(loadConfig({ LOG_FORMAT: '' }).logFormat).toBeUndefined();
    expect(loadConfig({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'Pretty' }).logFormat).toBe('pretty');
    expect(() => loadConfig({ LOG_FORMAT: 'yaml' })).toThrow(ConfigError);
  });
});

describe('createLogger', () => {
  it('writes one JSON object a line when stdout is not a terminal', async () => {
    const out = sink();
    const logger = await createLogger({ level: 'info', format: undefined, isTTY: false }, out.stream);
    logger.info({ port: 3000 }, 'listening');
    logger.debug('below the level');
    await new Promise((resolve) => setImmediate(resolve));
    const lines = out.text().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 30, msg: 'listening', port: 3000 });
  });

  it('writes readable lines (time, level, message, fields) on a terminal', async () => {
    const out = sink();
    const logger = await createLogger({ level: 'info', format: undefined, isTTY: true }, out.stream);
    logger.info({ port: 3000 }, 'listening');
    await new Promise((resolve) => setImmediate(resolve));
    const text = out.text();
    expect(() => JSON.parse(text)).toThrow();
    expect(text).toMatch(/^\[\d{2}:\d{2}:\d{2}\.\d{3}\] INFO: listening\n\s+port: 3000\n/);
  });
});
