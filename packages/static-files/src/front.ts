import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyServerFactory } from 'fastify';

/**
 * Answers a request before the framework sees it, or leaves it (`false`: nothing was written).
 * An answerer may finish the answer later (after a promise) once it has returned `true`.
 */
export type FrontAnswerer = (req: IncomingMessage, res: ServerResponse) => boolean;

/**
 * The answers a server gives before its framework, the way a file server in front of the app
 * would: `GET` and `HEAD` requests for answers held in memory (a build's files and documents,
 * `StaticFiles` and `prepareAnswer`), offered to each answerer in turn; every other request goes
 * to the framework untouched. Such an answer runs none of the framework's hooks, so an answerer
 * prepares everything they would have added (the security headers) into its answers, and leaves
 * to the framework whatever needs more (an unknown path, a redirect, a file not read yet, a log
 * line). Fastify's routing, hooks, request and reply objects cost a static answer more than the
 * bytes do (issue 22, decision 0015).
 */
export class FrontDoor {
  readonly #answerers: FrontAnswerer[] = [];
  #served = 0;

  add(answerer: FrontAnswerer): void {
    this.#answerers.push(answerer);
  }

  /** How many requests were answered here (the framework never saw them). */
  get served(): number {
    return this.#served;
  }

  /** Offers a request to the answerers: `true` when one of them answers it. */
  answer(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    for (const answerer of this.#answerers) {
      if (answerer(req, res)) {
        this.#served += 1;
        return true;
      }
    }
    return false;
  }

  /**
   * Fastify's `serverFactory`: the node:http server Fastify would make (its keep-alive, request
   * and connection timeouts, its requests per socket), which offers each request to this front
   * door before Fastify's handler.
   */
  serverFactory(): FastifyServerFactory {
    return (handler, options) => {
      const server = createServer((req, res) => {
        if (!this.answer(req, res)) handler(req, res);
      });
      server.keepAliveTimeout = Number(options.keepAliveTimeout);
      server.requestTimeout = Number(options.requestTimeout);
      server.setTimeout(Number(options.connectionTimeout));
      const perSocket = Number(options.maxRequestsPerSocket);
      if (perSocket > 0) server.maxRequestsPerSocket = perSocket;
      return server;
    };
  }
}
