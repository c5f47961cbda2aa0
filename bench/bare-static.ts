/**
 * The baseline of `bench/http.ts` for pages and files: a bare node:http server (no framework, no
 * hooks, no logging) answering exactly the answers the real server gave for the measured URLs, the
 * same status, headers and bytes (the prerendered home document and a hashed script as Brotli),
 * read from a file the bench wrote (BARE_STATIC_ANSWERS). A request whose If-None-Match holds an
 * answer's ETag gets that answer's 304. So the comparison costs the real server only its own work:
 * routing, hooks, negotiation, headers and logging, not the bytes (issue 22).
 *
 *   BARE_STATIC_ANSWERS=answers.json PORT=4101 node bench/bare-static.ts
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

/** One URL's answers as the real server gave them (`bench/http.ts` writes these). */
export interface BareAnswer {
  url: string;
  headers: Record<string, string>;
  /** The body, base64. */
  body: string;
  /** The ETag, and the headers of the real server's 304 for it. */
  etag?: string;
  notModified?: Record<string, string>;
}

const file = process.env.BARE_STATIC_ANSWERS;
if (!file) throw new Error('BARE_STATIC_ANSWERS must name the answers file');
const answers = new Map(
  (JSON.parse(readFileSync(file, 'utf8')) as BareAnswer[]).map((a) => [
    a.url,
    { ...a, bytes: Buffer.from(a.body, 'base64') },
  ]),
);

const server = createServer((req, res) => {
  const answer = answers.get(req.url ?? '');
  if (!answer) {
    res.writeHead(404, { 'content-length': '0' }).end();
  } else if (answer.etag !== undefined && req.headers['if-none-match'] === answer.etag) {
    res.writeHead(304, answer.notModified).end();
  } else {
    res.writeHead(200, answer.headers).end(answer.bytes);
  }
});
// Fastify's default, so that both answer the same Keep-Alive header.
server.keepAliveTimeout = 72_000;

const shutdown = () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);

server.listen(Number(process.env.PORT ?? 4101), '127.0.0.1');
