import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MEDIA_WIDTHS, parseMediaUrl, type TMediaExt, type TMediaFormat } from '@casino/contracts/media';
import { invalid } from '../../lib/app-error.ts';
import type { ModuleContext } from '../../lib/module-context.ts';
import { requestHostSource } from '../../lib/request-host.ts';
import type { BannerService } from './banner.service.ts';
import type { MediaService } from './media.service.ts';

/** `get-banners` (docs/api/member-calls.md): the active banners of the request's host, in order. */
export function registerMediaCalls(ctx: ModuleContext, deps: { banners: BannerService }): void {
  // Not `cacheForMs`: the answer depends on the host. The banner service keeps the active banners
  // for a few seconds and filters them per host instead.
  ctx.calls.register('get-banners', async (_input, { request }) => ({
    status: 'success',
    banners: await deps.banners.forHost(requestHostSource(request)),
  }));
}

/** Names are content hashes: what a URL answers never changes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const LADDER = new Set<number>(MEDIA_WIDTHS);

function notFound(reply: FastifyReply): FastifyReply {
  return reply.code(404).header('cache-control', 'no-store').send({ status: 'not_found' });
}

/** Whether an Accept header names a type with a quality above zero (`*` wildcards do not count). */
function acceptsType(accept: string | undefined, type: string): boolean {
  if (!accept) return false;
  for (const part of accept.split(',')) {
    const [name, ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    if (name !== type) continue;
    const q = params.find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  }
  return false;
}

/** Whether an If-None-Match header names the ETag (a list, weak validators and `*` included). */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const value = tag.trim();
    return value === '*' || value === etag || value === `W/${etag}`;
  });
}

/** `?w=`: absent, or exactly one width of the ladder. */
function widthOf(query: unknown): number | undefined {
  const raw = (query as Record<string, unknown>).w;
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || !/^[1-9][0-9]{2,3}$/.test(raw) || !LADDER.has(Number(raw)))
    throw invalid('w', 'pattern');
  return Number(raw);
}

/**
 * The uploaded images (docs/api/media.md): `GET /media/<key>.<ext>[?w=<width>]` in that format
 * (`avif`, `webp` or the original's own type), and `GET /media/<key>[?w=<width>]` in the best
 * format the Accept header names (`Vary: Accept`). Widths are those of MEDIA_WIDTHS; a width at or
 * above the image's own answers the image at its own width. Answers are immutable (the key is a
 * content hash) and carry an ETag. An unknown key answers `404 {status:"not_found"}`; anything
 * else under /media/ too, so the portal's page never answers for a missing picture.
 */
export function registerMediaRoutes(app: FastifyInstance, deps: { media: MediaService }): void {
  const { media } = deps;

  app.get<{ Params: { file: string } }>(
    '/media/:file',
    async (request: FastifyRequest<{ Params: { file: string } }>, reply) => {
      const parts = parseMediaUrl(`/media/${request.params.file}`);
      if (!parts) return notFound(reply);
      const width = widthOf(request.query);
      const info = await media.byKey(parts.key);
      if (!info) return notFound(reply);

      let format: TMediaExt | TMediaFormat;
      if (parts.ext === undefined) {
        const accept = request.headers.accept;
        format = acceptsType(accept, 'image/avif')
          ? 'avif'
          : acceptsType(accept, 'image/webp')
            ? 'webp'
            : info.ext;
        reply.header('vary', 'accept');
      } else if (parts.ext === 'avif' || parts.ext === 'webp' || parts.ext === info.ext) {
        format = parts.ext;
      } else {
        return notFound(reply);
      }

      const variant = await media.variant(info, { format, width });
      reply.header('cache-control', IMMUTABLE).header('etag', variant.etag);
      if (matchesEtag(request.headers['if-none-match'], variant.etag)) return reply.code(304).send();
      return reply.type(variant.contentType).send(variant.body);
    },
  );

  app.get('/media', async (_request, reply) => notFound(reply));
  app.get('/media/*', async (_request, reply) => notFound(reply));
}
