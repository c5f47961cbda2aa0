import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { negotiate } from '@fastify/accept-negotiator';

/** The encodings a body is kept in besides itself, the browser's best choice first. */
export const ENCODINGS = ['br', 'gzip'] as const;
export type Encoding = (typeof ENCODINGS)[number];

/** Smaller bodies are not worth compressing (the compression plugin's threshold too). */
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
 * there is a choice). The compression plugin leaves an answer that has its encoding alone.
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
