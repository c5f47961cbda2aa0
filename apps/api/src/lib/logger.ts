import { Writable } from 'node:stream';
import { pino, type Logger } from 'pino';

/** `json`: one JSON object a line (pipes, CI, production); `pretty`: readable lines for a person. */
export type TLogFormat = 'json' | 'pretty';

/**
 * The log's format: LOG_FORMAT when it is set, else readable lines when stdout is a terminal (a
 * person running `npm start`) and JSON everywhere else, where a collector reads the lines.
 */
export function pickLogFormat(format: TLogFormat | undefined, isTTY: boolean): TLogFormat {
  return format ?? (isTTY ? 'pretty' : 'json');
}

/**
 * The server's logger, writing to stdout (or to `destination`, for tests). JSON lines are written
 * asynchronously (pino's fast path); readable ones by pino-pretty in this thread, synchronously, so
 * they stay in order with the first-start block written straight to stdout.
 */
export async function createLogger(
  { level, format, isTTY }: { level: string; format: TLogFormat | undefined; isTTY: boolean },
  destination?: Writable,
): Promise<Logger> {
  if (pickLogFormat(format, isTTY) === 'json')
    return pino({ level }, destination ?? pino.destination({ dest: 1, sync: false }));
  // Loaded only here: a server logging JSON never reads the prettifier.
  const { default: pretty } = await import('pino-pretty');
  return pino(
    { level },
    pretty({
      destination: destination ?? 1,
      sync: true,
      translateTime: 'SYS:HH:MM:ss.l',
      ignore: 'pid,hostname',
      ...(destination ? { colorize: false } : {}),
    }),
  );
}
