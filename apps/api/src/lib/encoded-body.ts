import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { negotiate } from '@fastify/accept-negotiator';

/** The encodings a body is kept in besides itself, the browser's best choice first. */
export const ENCODINGS = ['br', 'gzip'] as const;
export type Encoding = (typeof ENCODINGS)[number];

/** Smaller bodies are not worth compressing. */
const COMPRESS_FROM_BYTES = 1024;

/** A response body held ready in each encoding, so that sending it compresses nothing. */
export type EncodedBody = { identity: Buffer } & Partial<Record<Encoding, Buffer>>;

/**
 * A body compressed once, at the highest levels (it is sent many times): the answers the API
 * keeps for everyone (lib/calls.ts, `cacheForMs`).
 */
export function encodeBody(text: string): EncodedBody {
  const identity = Buffer.from(text);
  if (identity.length < COMPRESS_FROM_BYTES) return { identity };
  return {
    identity,
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(identity, { level: 9 }),
  };
}

/**
 * Sends a ready body in the best encoding the request accepts (`Vary: Accept-Encoding` whenever
 * there is a choice).
 */
export function sendEncoded(
  request: FastifyRequest,
  reply: FastifyReply,
  body: EncodedBody,
  contentType: string,
): FastifyReply {
  reply.type(contentType);
  const offered = ENCODINGS.filter((encoding) => body[encoding]);
  if (offered.length === 0) return reply.send(body.identity);
  reply.header('vary', 'accept-encoding');
  const accepted = request.headers['accept-encoding'];
  const encoding = accepted ? (negotiate(accepted, offered) as Encoding | null) : null;
  if (!encoding) return reply.send(body.identity);
  return reply.header('content-encoding', encoding).send(body[encoding]);
}

const NEGOTIABLE: Encoding[] = [...ENCODINGS];
const brotliOnce = promisify(brotliCompress);
const gzipOnce = promisify(gzip);

/**
 * The level of a body compressed for one answer: brotli 4 and gzip 6, the usual choice for
 * dynamic content (nearly the size of the highest levels at a fraction of the time).
 */
const DYNAMIC_BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };
const DYNAMIC_GZIP = { level: 6 };

/**
 * Sends a JSON answer of the API (member calls, the back office, the auth layer): serialized
 * once; from 1 KiB on (lists), compressed in one call on libuv's thread pool in the best encoding
 * the request accepts. A small answer, which most are, costs no compression hook at all: a
 * server-wide compression plugin ran two hooks and a header negotiation on every request for the
 * few answers that are large (issue 9).
 */
export async function sendJson(
  request: FastifyRequest,
  reply: FastifyReply,
  value: unknown,
): Promise<FastifyReply> {
  const text = JSON.stringify(value);
  reply.type('application/json; charset=utf-8');
  if (text.length < COMPRESS_FROM_BYTES) return reply.send(text);
  reply.header('vary', 'accept-encoding');
  const accepted = request.headers['accept-encoding'];
  const encoding = accepted ? (negotiate(accepted, NEGOTIABLE) as Encoding | null) : null;
  if (!encoding) return reply.send(text);
  const body =
    encoding === 'br' ? await brotliOnce(text, DYNAMIC_BROTLI) : await gzipOnce(text, DYNAMIC_GZIP);
  return reply.header('content-encoding', encoding).send(body);
}
