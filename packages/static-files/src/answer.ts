import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { negotiate } from '@fastify/accept-negotiator';

/** The encodings a body is kept in besides itself, the browser's best choice first. */
export const ENCODINGS = ['br', 'gzip'] as const;
export type Encoding = (typeof ENCODINGS)[number];

/** Smaller bodies are not worth compressing. */
export const COMPRESS_FROM_BYTES = 1024;

/** A body held ready in each encoding, so that sending it compresses nothing. */
export type EncodedBody = { identity: Buffer } & Partial<Record<Encoding, Buffer>>;

const BROTLI_MAX = { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } };
const GZIP_MAX = { level: 9 };

/**
 * A body compressed once, at the highest levels (it is sent many times), in this thread: a
 * document prepared at start.
 */
export function encodeBody(text: string | Buffer): EncodedBody {
  const identity = typeof text === 'string' ? Buffer.from(text) : text;
  if (identity.length < COMPRESS_FROM_BYTES) return { identity };
  return { identity, br: brotliCompressSync(identity, BROTLI_MAX), gzip: gzipSync(identity, GZIP_MAX) };
}

const brotliOnce = promisify(brotliCompress);
const gzipOnce = promisify(gzip);

/** The same, on libuv's thread pool: a file the build left uncompressed, compressed when first asked for. */
export async function encodeBodyAsync(identity: Buffer): Promise<EncodedBody> {
  if (identity.length < COMPRESS_FROM_BYTES) return { identity };
  const [br, gz] = await Promise.all([brotliOnce(identity, BROTLI_MAX), gzipOnce(identity, GZIP_MAX)]);
  return { identity, br, gzip: gz };
}

/** How a body is answered: the same for every request, so its headers are written once. */
export interface AnswerOptions {
  contentType: string;
  cacheControl: string;
  /**
   * Whether the answer carries a strong ETag and answers a request holding it (`If-None-Match`)
   * with 304 and no body. Off for a document answered as 404 or 503, which no cache may keep.
   */
  etag: boolean;
  /** More headers of every answer (`X-Robots-Tag`). */
  headers?: Readonly<Record<string, string>>;
}

/** One encoding of an answer: its bytes, the headers of its 200, and those of its 304. */
interface Representation {
  readonly body: Buffer;
  readonly headers: Readonly<Record<string, string>>;
  readonly etag: string | undefined;
  readonly notModified: Readonly<Record<string, string>> | undefined;
}

/**
 * An answer prepared once and sent many times: each encoding's bytes with its complete headers
 * (type, length, caching, ETag, `Vary`, `Content-Encoding`), so sending one compresses nothing,
 * reads nothing and builds no header.
 */
export interface PreparedAnswer {
  /** The encodings it has besides identity, the best first. */
  readonly offered: readonly Encoding[];
  readonly identity: Representation;
  readonly br?: Representation;
  readonly gzip?: Representation;
}

/** The suffix of each encoding's ETag: one representation, one strong validator (RFC 9110 8.8.3). */
const ETAG_SUFFIX: Record<Encoding | 'identity', string> = { identity: '', br: '-br', gzip: '-gz' };

/** Prepares `body` for `options`: the headers of every encoding, with one ETag per encoding. */
export function prepareAnswer(body: EncodedBody, options: AnswerOptions): PreparedAnswer {
  const offered = ENCODINGS.filter((encoding) => body[encoding] !== undefined);
  const hash = options.etag
    ? createHash('sha256').update(body.identity).digest('base64url').slice(0, 22)
    : undefined;
  const represent = (encoding: Encoding | 'identity', bytes: Buffer): Representation => {
    const etag = hash === undefined ? undefined : `"${hash}${ETAG_SUFFIX[encoding]}"`;
    // A 304 carries what the 200 would have said about caching (RFC 9110 15.4.5), no body headers.
    const validators: Record<string, string> = {
      'cache-control': options.cacheControl,
      ...(etag ? { etag } : {}),
      ...(offered.length > 0 ? { vary: 'accept-encoding' } : {}),
      ...options.headers,
    };
    return {
      body: bytes,
      etag,
      notModified: etag ? Object.freeze({ ...validators }) : undefined,
      headers: Object.freeze({
        'content-type': options.contentType,
        'content-length': String(bytes.length),
        ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
        ...validators,
      }),
    };
  };
  const answer: { -readonly [K in keyof PreparedAnswer]: PreparedAnswer[K] } = {
    offered,
    identity: represent('identity', body.identity),
  };
  for (const encoding of offered) answer[encoding] = represent(encoding, body[encoding]!);
  return Object.freeze(answer);
}

/** Accept-Encoding values differ little between browsers: each set of offered encodings remembers its choices. */
const CHOICES_KEPT = 64;
const choices = new Map<string, Map<string, Encoding | null>>();

/** The best encoding of `offered` that the request accepts, or null for identity. */
export function chooseEncoding(accepted: string | undefined, offered: readonly Encoding[]): Encoding | null {
  if (!accepted || offered.length === 0) return null;
  const key = offered.length === ENCODINGS.length ? '' : offered.join(',');
  let kept = choices.get(key);
  if (!kept) choices.set(key, (kept = new Map()));
  const known = kept.get(accepted);
  if (known !== undefined) return known;
  const chosen = negotiate(accepted, offered as Encoding[]) as Encoding | null;
  if (kept.size < CHOICES_KEPT) kept.set(accepted, chosen);
  return chosen;
}

/**
 * Whether an `If-None-Match` value holds `etag` (`*`, the tag itself, or a list; weak comparison,
 * as RFC 9110 13.1.2 asks for this header).
 */
export function holdsEtag(ifNoneMatch: string, etag: string): boolean {
  if (ifNoneMatch === etag) return true;
  for (const part of ifNoneMatch.split(',')) {
    const tag = part.trim();
    if (tag === '*' || tag === etag || (tag.startsWith('W/') && tag.slice(2) === etag)) return true;
  }
  return false;
}

/** The representation of `answer` in the best encoding the request accepts. */
function representationOf(answer: PreparedAnswer, accepted: string | undefined): Representation {
  const encoding = chooseEncoding(accepted, answer.offered);
  return (encoding && answer[encoding]) || answer.identity;
}

/** Whether a 200 of `representation` is a 304: the request holds its ETag. */
function isHeld(representation: Representation, ifNoneMatch: string | undefined): boolean {
  return (
    ifNoneMatch !== undefined &&
    representation.etag !== undefined &&
    holdsEtag(ifNoneMatch, representation.etag)
  );
}

/**
 * Sends a prepared answer through Fastify with `status` (200 unless told) in the best encoding the
 * request accepts; a 200 whose ETag the request holds is a 304 without a body. Synchronous: the
 * caller returns nothing more (no promise per request).
 */
export function sendAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: PreparedAnswer,
  status = 200,
): FastifyReply {
  const representation = representationOf(answer, request.headers['accept-encoding']);
  if (status === 200 && isHeld(representation, request.headers['if-none-match']))
    return reply.code(304).headers(representation.notModified!).send();
  return reply.code(status).headers(representation.headers).send(representation.body);
}

/**
 * The same on Node's own request and response, for an answer given before the framework
 * (`FrontDoor`): the same status, headers and bytes as `sendAnswer`, `more` headers besides.
 */
export function writeAnswer(
  req: IncomingMessage,
  res: ServerResponse,
  answer: PreparedAnswer,
  status = 200,
  more?: Readonly<Record<string, string>>,
): void {
  const representation = representationOf(answer, req.headers['accept-encoding']);
  if (status === 200 && isHeld(representation, req.headers['if-none-match'])) {
    res.writeHead(304, representation.notModified).end();
    return;
  }
  res.writeHead(status, more ? { ...representation.headers, ...more } : representation.headers);
  res.end(representation.body);
}
