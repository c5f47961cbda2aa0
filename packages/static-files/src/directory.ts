import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  encodeBodyAsync,
  prepareAnswer,
  sendAnswer,
  writeAnswer,
  type EncodedBody,
  type PreparedAnswer,
} from './answer.ts';
import { contentTypeOf, isCompressible } from './content-types.ts';

/** What a cached file answers: hashed files for a year, untouched; the others revalidate. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/**
 * A file the build names by its content: Vite writes only those to its assets folder, as
 * `assets/<name>-<hash>.<ext>` (the files of `public/` go to the root). A new build gives a changed
 * file a new name, so a browser may keep it for a year without asking again.
 */
export function isHashedAsset(filePath: string): boolean {
  return /^\/assets\/(?:[^/]+\/)*[^/]+-[\w-]+\.[a-z0-9]+$/i.test(filePath);
}

export interface StaticFilesOptions {
  /** Files left out (served by the caller's own routes, as a document is): by path from the root, `/index.html`. */
  exclude?: (filePath: string) => boolean;
  /** More headers of every file's answer (`X-Robots-Tag`). */
  headers?: Readonly<Record<string, string>>;
}

interface Entry {
  file: string;
  br: string | undefined;
  gzip: string | undefined;
  answer: PreparedAnswer | undefined;
  loading: Promise<PreparedAnswer> | undefined;
}

/**
 * The files of a build (a Vite `dist`), answered from memory. The folder is listed once, at start
 * (files only: no dot-files, no symbolic links, nothing outside it); each file is read when it is
 * first asked for, with the `.br` and `.gz` the build wrote beside it (a compressible file of 1 KiB
 * or more without them is compressed then, once, off the main thread), and kept with its answers
 * prepared (`prepareAnswer`): every later request costs a map lookup and no file system call. A
 * file added to the folder after start is not served; a new build means a restart, as it does for
 * the documents the server holds.
 */
export class StaticFiles {
  readonly #root: string;
  readonly #headers: Readonly<Record<string, string>> | undefined;
  readonly #entries = new Map<string, Entry>();

  constructor(root: string, options: StaticFilesOptions = {}) {
    this.#root = path.resolve(root);
    this.#headers = options.headers;
    const found = new Set<string>();
    for (const dirent of readdirSync(this.#root, { recursive: true, withFileTypes: true })) {
      if (!dirent.isFile()) continue;
      const relative = path.relative(this.#root, path.join(dirent.parentPath, dirent.name));
      const segments = relative.split(path.sep);
      if (segments.some((segment) => segment.startsWith('.'))) continue;
      found.add(`/${segments.join('/')}`);
    }
    for (const filePath of found) {
      if (options.exclude?.(filePath)) continue;
      this.#entries.set(filePath, {
        file: path.join(this.#root, ...filePath.split('/')),
        br: found.has(`${filePath}.br`) ? path.join(this.#root, ...`${filePath}.br`.split('/')) : undefined,
        gzip: found.has(`${filePath}.gz`) ? path.join(this.#root, ...`${filePath}.gz`.split('/')) : undefined,
        answer: undefined,
        loading: undefined,
      });
    }
  }

  /** How many files it serves. */
  get size(): number {
    return this.#entries.size;
  }

  /**
   * The answer for a file by its path from the root (percent-decoded, with a leading slash:
   * `/assets/index-1a2b3c4d.js`): ready, or a promise the first time; undefined when there is no
   * such file.
   */
  answer(filePath: string): PreparedAnswer | Promise<PreparedAnswer> | undefined {
    const entry = this.#entries.get(filePath);
    if (!entry) return undefined;
    return entry.answer ?? (entry.loading ??= this.#load(filePath, entry));
  }

  /**
   * Sends the file at `filePath` (as `answer` takes it): `true` when it went out at once, a promise
   * the first time (it is being read), `false` when there is no such file and nothing was sent. A
   * route handler returns the promise and nothing otherwise, so a file in memory costs no promise.
   */
  send(request: FastifyRequest, reply: FastifyReply, filePath: string): boolean | Promise<FastifyReply> {
    const answer = this.answer(filePath);
    if (answer === undefined) return false;
    if (answer instanceof Promise) return answer.then((ready) => sendAnswer(request, reply, ready));
    sendAnswer(request, reply, answer);
    return true;
  }

  /**
   * The same on Node's own request and response, before the framework (`FrontDoor`), for a file
   * already in memory: `false` leaves anything else (no such file, or its first read, which the
   * framework's route awaits with its error handling) to the framework.
   */
  write(req: IncomingMessage, res: ServerResponse, filePath: string): boolean {
    const answer = this.answer(filePath);
    if (answer === undefined || answer instanceof Promise) return false;
    writeAnswer(req, res, answer);
    return true;
  }

  async #load(filePath: string, entry: Entry): Promise<PreparedAnswer> {
    try {
      const [identity, br, gzip] = await Promise.all([
        readFile(entry.file),
        entry.br ? readFile(entry.br) : undefined,
        entry.gzip ? readFile(entry.gzip) : undefined,
      ]);
      const contentType = contentTypeOf(filePath);
      let body: EncodedBody = { identity, ...(br ? { br } : {}), ...(gzip ? { gzip } : {}) };
      if (!br && !gzip && isCompressible(contentType)) body = await encodeBodyAsync(identity);
      entry.answer = prepareAnswer(body, {
        contentType,
        cacheControl: isHashedAsset(filePath) ? IMMUTABLE : REVALIDATE,
        etag: true,
        ...(this.#headers ? { headers: this.#headers } : {}),
      });
      return entry.answer;
    } finally {
      // A failed read is tried again by the next request.
      entry.loading = undefined;
    }
  }
}
