import { BACKOFFICE_ROUTES } from '@casino/contracts/backoffice-routes';
import type { FastifyInstance } from 'fastify';
import { MEDIA_MAX_UPLOAD_BYTES, MEDIA_UPLOAD_TYPES } from '@casino/contracts/media';
import { routesFor, type PrincipalSource } from '../../lib/routes.ts';
import type { BannerService } from './banner.service.ts';
import type { MediaService } from './media.service.ts';
import { actorOf, type OperatorPrincipal, type Permission } from '../../lib/operator-principal.ts';

type OperatorPrincipals = PrincipalSource<OperatorPrincipal, Permission>;

/**
 * The back office's images and home banners (docs/api/backoffice.md, "Media and banners"), for the
 * `content` permission (roles `content` and `owner`).
 *
 * `POST /api/backoffice/media` takes the image itself as the body (Content-Type one of
 * MEDIA_UPLOAD_TYPES, at most MEDIA_MAX_UPLOAD_BYTES, the entry's `bodyLimit`), so it lives in a
 * scope of its own whose parser accepts image bodies. As for every route with a `bodyLimit`, the
 * operator is checked before the body is read (a stranger cannot make the server read 8 MiB).
 */
export async function registerMediaBackofficeRoutes(
  app: FastifyInstance,
  principals: OperatorPrincipals,
  deps: { media: MediaService; banners: BannerService },
): Promise<void> {
  const { media, banners } = deps;

  await app.register(async (scope) => {
    scope.addContentTypeParser(
      Object.keys(MEDIA_UPLOAD_TYPES),
      { parseAs: 'buffer', bodyLimit: MEDIA_MAX_UPLOAD_BYTES },
      (_request, body, done) => done(null, body),
    );
    // The entry's bodyLimit: the session and the permission are checked before the image is read.
    const route = routesFor<OperatorPrincipal, Permission>(scope, principals);
    route(BACKOFFICE_ROUTES['media.upload'], async ({ request, principal }) => {
      const body = Buffer.isBuffer(request.body) ? request.body : undefined;
      const image = await media.upload(body, request.headers['content-type'], actorOf(principal, request.ip));
      return { status: 'success', id: image.id, url: image.url, width: image.width, height: image.height };
    });
  });

  const route = routesFor<OperatorPrincipal, Permission>(app, principals);

  route(BACKOFFICE_ROUTES['banners.list'], async () => ({ status: 'success', list: await banners.list() }));

  route(BACKOFFICE_ROUTES['banners.create'], async ({ request, principal, body }) => ({
    status: 'success',
    id: await banners.create(body, actorOf(principal, request.ip)),
  }));

  route(BACKOFFICE_ROUTES['banners.replace'], async ({ request, principal, params, body }) => ({
    status: await banners.replace(params.id, body, actorOf(principal, request.ip)),
  }));

  route(BACKOFFICE_ROUTES['banners.patch'], async ({ request, principal, params, body }) => ({
    status: await banners.patch(params.id, body, actorOf(principal, request.ip)),
  }));

  route(BACKOFFICE_ROUTES['banners.delete'], async ({ request, principal, params }) => ({
    status: await banners.remove(params.id, actorOf(principal, request.ip)),
  }));
}
