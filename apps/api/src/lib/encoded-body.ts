import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  chooseEncoding,
  COMPRESS_FROM_BYTES,
  ENCODINGS,
  type EncodedBody,
} from '@casino/static-files/answer';

// Bodies compressed once, at the highest levels (the answers the API keeps for everyone,
// lib/calls.ts `cacheForMs`), are made as the static files' are (`encodeBody`).
export { encodeBody, type EncodedBody } from '@casino/static-files/answer';

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
  if (body.br === undefined && body.gzip === undefined) return reply.send(body.identity);
  reply.header('vary', 'accept-encoding');
  const offered = body.br === undefined ? ONLY_GZIP : body.gzip === undefined ? ONLY_BR : ENCODINGS;
  const encoding = chooseEncoding(request.headers['accept-encoding'], offered);
  if (!encoding) return reply.send(body.identity);
  return reply.header('content-encoding', encoding).send(body[encoding]);
}

const ONLY_BR = ['br'] as const;
const ONLY_GZIP = ['gzip'] as const;
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
  const encoding = chooseEncoding(request.headers['accept-encoding'], ENCODINGS);
  if (!encoding) return reply.send(text);
  const body =
    encoding === 'br' ? await brotliOnce(text, DYNAMIC_BROTLI) : await gzipOnce(text, DYNAMIC_GZIP);
  return reply.header('content-encoding', encoding).send(body);
}
