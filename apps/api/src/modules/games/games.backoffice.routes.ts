import { BACKOFFICE_ROUTES } from '@casino/contracts/backoffice-routes';
import { randomBytes } from 'node:crypto';
import { actorOf, type BackofficeRoute } from '../../lib/operator-principal.ts';
import type { MembersService } from '../members/members.service.ts';
import type { CatalogService } from './catalog.service.ts';

/** A rotated provider secret: 32 random bytes, 43 characters of base64url (docs/providers.md: 32..128). */
function newProviderSecret(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The games' back-office routes of issue 13 (docs/api/backoffice-settings.md): the order of a
 * provider's games and secret rotation (owner), a member's rounds (owner, cashier, support). Every
 * change is audited in its own transaction by the catalog service.
 */
export function registerGamesBackofficeRoutes(
  route: BackofficeRoute,
  deps: { catalog: CatalogService; members: Pick<MembersService, 'detailByUserId'> },
): void {
  const { catalog, members } = deps;

  // --- games: display order and provider secret rotation ---

  route(BACKOFFICE_ROUTES['games.order'], async ({ request, principal, params, body }) => ({
    status: await catalog.reorderGames(params.provider, body.codes, actorOf(principal, request.ip)),
  }));

  route(BACKOFFICE_ROUTES['providers.rotateSecret'], async ({ request, reply, principal, params }) => {
    // Shown once: never kept by a cache on the way.
    reply.header('cache-control', 'no-store');
    const secret = newProviderSecret();
    const status = await catalog.updateProvider(params.code, { secret }, actorOf(principal, request.ip));
    return status === 'success' ? { status, secret } : { status };
  });

  // --- the house mini-games (decision 0026): settings, rounds, a round's bets, voids ---

  const mini = catalog.mini;
  // The studio not answering (or answering outside the contract) is a failure of this call: HTTP 500
  // with the request id, logged, as any unexpected error (docs/api/backoffice-mini.md).
  const orError = <A extends { status: string }>(answer: A): A => {
    if (answer.status === 'error') throw new Error('the house studio did not answer its operator API');
    return answer;
  };
  route(BACKOFFICE_ROUTES['mini.settings'], async ({ params }) => orError(await mini.settings(params.game)));
  route(BACKOFFICE_ROUTES['mini.updateSettings'], async ({ request, principal, params, body }) =>
    orError(await mini.updateSettings(params.game, body, actorOf(principal, request.ip))),
  );
  route(BACKOFFICE_ROUTES['mini.rounds'], async ({ params, query }) =>
    orError(await mini.rounds(params.game, query)),
  );
  route(BACKOFFICE_ROUTES['mini.round'], async ({ params }) =>
    orError(await mini.round(params.game, params.round)),
  );
  route(BACKOFFICE_ROUTES['mini.void'], async ({ request, principal, params, body }) =>
    orError(await mini.voidRound(params.game, params.round, body.reason, actorOf(principal, request.ip))),
  );

  // --- a member's rounds (disputes) ---

  route(BACKOFFICE_ROUTES['rounds.ofMember'], async ({ query }) => {
    const member = await members.detailByUserId(query.userId);
    if (!member) return { status: 'not_found' };
    const rounds = await catalog.memberRounds(member.id, query, 'ko');
    return {
      status: 'success',
      maxCount: rounds.maxCount,
      list: rounds.bets.map((b) => ({
        provider: b.company,
        roundId: b.round,
        gameCode: b.gameCode,
        gameName: b.gameName,
        bet: b.bet,
        win: b.win,
        regDate: b.regDate,
      })),
    };
  });
}
