import { BACKOFFICE_ROUTES } from '@casino/contracts/backoffice-routes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MEDIA_MAX_UPLOAD_BYTES, MEDIA_UPLOAD_TYPES } from '@casino/contracts/media';
import { AppError } from '../../lib/app-error.ts';
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
 * MEDIA_UPLOAD_TYPES, at most MEDIA_MAX_UPLOAD_BYTES): it is the only route with a body limit above
 * the server's 64 KiB, so it lives in a scope of its own whose parser accepts image bodies, and
 * whose operator check runs before the body is read (a stranger cannot make the server read 8 MiB).
 */
export async function registerMediaBackofficeRoutes(
  app: FastifyInstance,
  principals: OperatorPrincipals,
  deps: { media: MediaService; banners: BannerService },
): Promise<void> {
  const { media, banners } = deps;

  await app.register(async (scope) => {
    // The principal is resolved once per request: by the early check and again by the route.
    const resolved = new WeakMap<FastifyRequest, Promise<OperatorPrincipal | null>>();
    const once: OperatorPrincipals = {
      resolve(request) {
        let principal = resolved.get(request);
        if (!principal) {
          principal = principals.resolve(request);
          resolved.set(request, principal);
        }
        return principal;
      },
      allows: principals.allows,
    };
    scope.addHook('onRequest', async (request) => {
      const operator = await once.resolve(request);
      if (!operator) throw new AppError('unauthenticated');
      if (!once.allows(operator, BACKOFFICE_ROUTES['media.upload'].permission)) throw new AppError('denied');
    });
    scope.addContentTypeParser(
      Object.keys(MEDIA_UPLOAD_TYPES),
      { parseAs: 'buffer', bodyLimit: MEDIA_MAX_UPLOAD_BYTES },
      (_request, body, done) => done(null, body),
    );
    const route = routesFor<OperatorPrincipal, Permission>(scope, once);
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
