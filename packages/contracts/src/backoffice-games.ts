import {
  ZCatalogChangeResponse,
  ZCatalogResponse,
  ZCreateGameRequest,
  ZCreateGameResponse,
  ZCreateProviderRequest,
  ZCreateProviderResponse,
  ZGameParams,
  ZGameTransfersQuery,
  ZGameTransfersResponse,
  ZJackpotsPatch,
  ZJackpotsResponse,
  ZProviderCodeParams,
  ZRoundParams,
  ZRoundResponse,
  ZUpdateGameRequest,
  ZUpdateProviderRequest,
} from './backoffice.ts';
import { backofficeRoute } from './backoffice-route.ts';
import {
  ZGameOrderRequest,
  ZGameOrderResponse,
  ZMemberRoundsQuery,
  ZMemberRoundsResponse,
  ZProviderParams,
  ZRotateSecretResponse,
} from './backoffice-settings.ts';

/**
 * The game catalog (providers, games, their order, secret rotation), rounds and transfers for
 * disputes, the jackpots (docs/api/backoffice.md, docs/api/backoffice-settings.md); part of
 * BACKOFFICE_ROUTES. The schemas live in backoffice.ts and backoffice-settings.ts.
 */
export const BACKOFFICE_GAME_ROUTES = {
  'providers.list': backofficeRoute({
    method: 'GET',
    path: '/api/backoffice/providers',
    permission: 'catalog',
    response: ZCatalogResponse,
  }),
  'providers.create': backofficeRoute({
    method: 'POST',
    path: '/api/backoffice/providers',
    permission: 'catalog',
    body: ZCreateProviderRequest,
    response: ZCreateProviderResponse,
  }),
  'providers.update': backofficeRoute({
    method: 'PATCH',
    path: '/api/backoffice/providers/:code',
    permission: 'catalog',
    params: ZProviderCodeParams,
    body: ZUpdateProviderRequest,
    response: ZCatalogChangeResponse,
  }),
  'providers.rotateSecret': backofficeRoute({
    method: 'POST',
    path: '/api/backoffice/providers/:code/rotate-secret',
    permission: 'catalog',
    params: ZProviderCodeParams,
    response: ZRotateSecretResponse,
  }),
  'games.create': backofficeRoute({
    method: 'POST',
    path: '/api/backoffice/games',
    permission: 'catalog',
    body: ZCreateGameRequest,
    response: ZCreateGameResponse,
  }),
  'games.update': backofficeRoute({
    method: 'PATCH',
    path: '/api/backoffice/games/:provider/:code',
    permission: 'catalog',
    params: ZGameParams,
    body: ZUpdateGameRequest,
    response: ZCatalogChangeResponse,
  }),
  'games.order': backofficeRoute({
    method: 'PUT',
    path: '/api/backoffice/games/:provider/order',
    permission: 'catalog',
    params: ZProviderParams,
    body: ZGameOrderRequest,
    response: ZGameOrderResponse,
  }),
  'rounds.get': backofficeRoute({
    method: 'GET',
    path: '/api/backoffice/rounds/:provider/:roundId',
    permission: 'rounds',
    params: ZRoundParams,
    response: ZRoundResponse,
  }),
  'rounds.ofMember': backofficeRoute({
    method: 'GET',
    path: '/api/backoffice/rounds',
    permission: 'rounds',
    query: ZMemberRoundsQuery,
    response: ZMemberRoundsResponse,
  }),
  'gameTransfers.list': backofficeRoute({
    method: 'GET',
    path: '/api/backoffice/game-transfers',
    permission: 'rounds',
    query: ZGameTransfersQuery,
    response: ZGameTransfersResponse,
  }),
  'jackpots.get': backofficeRoute({
    method: 'GET',
    path: '/api/backoffice/jackpots',
    permission: 'settingsRead',
    response: ZJackpotsResponse,
  }),
  'jackpots.update': backofficeRoute({
    method: 'PUT',
    path: '/api/backoffice/jackpots',
    permission: 'settingsWrite',
    body: ZJackpotsPatch,
    response: ZJackpotsResponse,
  }),
};
