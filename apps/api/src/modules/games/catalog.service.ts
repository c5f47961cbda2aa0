import type {
  TCreateGameRequest,
  TCreateProviderRequest,
  TUpdateGameRequest,
  TUpdateProviderRequest,
} from '@casino/contracts/backoffice-games';
import type { Database } from '../../db/database.ts';
import { AppError, invalid } from '../../lib/app-error.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import type { AuditActor, AuditService } from '../audit/audit.service.ts';
import type { SessionService } from '../auth/session.service.ts';
import type { MembersService } from '../members/members.service.ts';
import type { TransferService } from './transfer.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { BreakReader } from '../protection/breaks.service.ts';
import { createGamesRepository, type GameRow, type ProviderRow } from './games.repository.ts';
import { createMiniOperatorService } from './mini-operator.service.ts';
import { isInMaintenance, isOpen, maintenanceOf } from './provider-state.ts';

export interface CatalogDeps {
  db: Database;
  audit: AuditService;
  sessions: SessionService;
  members: Pick<MembersService, 'forCashier' | 'userIdsOf'>;
  transfers: Pick<TransferService, 'transferIn' | 'holdsMoney'>;
  ledger: Pick<LedgerService, 'openSystemAccount' | 'transferIdsByKeys'>;
  /** A member on a time-out or self-exclusion may not open a game (protection module). */
  breaks: Pick<BreakReader, 'activeBreak'>;
  secrets: SecretBox;
  /** The site's time zone (config SITE_TIME_ZONE): the wall clock of the providers' maintenance windows. */
  zone: string;
  now: () => Date;
}

/** The locales whose launch `lang` parameter is sent as is (the portal's locale codes). */
const LAUNCH_LANGS = new Set(['ko', 'en', 'jp', 'vn', 'cn']);

/** What an operator sees of a provider: never its secret. */
function providerView(p: ProviderRow) {
  return {
    code: p.code,
    kind: p.kind,
    name: p.name,
    nameKo: p.name_ko,
    wallet: p.wallet,
    launchUrl: p.launch_url,
    apiUrl: p.api_url,
    imgUrl: p.img_url,
    enabled: p.enabled,
    jackpot: p.jackpot,
    maxAmount: p.max_amount,
    maintenance: maintenanceOf(p),
  };
}

function gameView(g: GameRow) {
  return {
    code: g.code,
    nameKo: g.name_ko,
    nameEn: g.name_en,
    imgUrl: g.img_url,
    enabled: g.enabled,
    order: g.sort_order,
  };
}

/**
 * The game catalog (docs/api/backoffice.md, docs/providers.md): providers and their games as operators manage
 * them (owner only, audited, the provider secret sealed with SECRETS_KEY), as members see them, and the
 * launch of a game (`open-game`) with its one-member, one-provider token.
 */
export function createCatalogService(deps: CatalogDeps) {
  const { db, audit, sessions, members, transfers, ledger, secrets, zone, now } = deps;
  const repo = createGamesRepository(db);

  return {
    /** The house mini-games' settings, rounds and voids, through the studio's operator API (decision 0026). */
    mini: createMiniOperatorService({ db, audit, secrets, now }),

    async createProvider(input: TCreateProviderRequest, who: AuditActor): Promise<'success' | 'already'> {
      return db.transaction().execute(async (trx) => {
        const created = await repo.insertProvider(
          {
            code: input.code,
            kind: input.kind,
            name: input.name,
            nameKo: input.nameKo ?? null,
            wallet: input.wallet,
            launchUrl: input.launchUrl,
            apiUrl: input.apiUrl ?? null,
            secretEnc: secrets.seal(input.secret),
            imgUrl: input.imgUrl ?? '',
            enabled: input.enabled ?? true,
            jackpot: input.jackpot ?? false,
            ...(input.maxAmount !== undefined ? { maxAmount: input.maxAmount } : {}),
          },
          trx,
        );
        if (!created) return 'already';
        await ledger.openSystemAccount({ system: `house:${input.code}` }, trx);
        const after = providerView((await repo.provider(input.code, trx))!);
        await audit.record(who, { action: 'provider.create', target: `provider:${input.code}`, after }, trx);
        return 'success';
      });
    },

    async updateProvider(
      code: string,
      input: TUpdateProviderRequest,
      who: AuditActor,
    ): Promise<'success' | 'not_found'> {
      return db.transaction().execute(async (trx) => {
        const before = await repo.providerForUpdate(code, trx);
        if (!before) return 'not_found';
        const wallet = input.wallet ?? before.wallet;
        const apiUrl = input.apiUrl !== undefined ? input.apiUrl : before.api_url;
        // A transfer provider needs its API; one that holds members' money cannot leave the mode.
        if (wallet === 'transfer' && !apiUrl) throw invalid('apiUrl', 'required');
        if (before.wallet === 'transfer' && wallet !== 'transfer' && (await transfers.holdsMoney(code, trx)))
          throw invalid('wallet', 'pattern');
        await repo.updateProvider(
          code,
          {
            ...(input.name !== undefined ? { name: input.name } : {}),
            ...(input.nameKo !== undefined ? { name_ko: input.nameKo } : {}),
            ...(input.imgUrl !== undefined ? { img_url: input.imgUrl } : {}),
            ...(input.launchUrl !== undefined ? { launch_url: input.launchUrl } : {}),
            ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
            ...(input.wallet !== undefined ? { wallet: input.wallet } : {}),
            ...(input.apiUrl !== undefined ? { api_url: input.apiUrl } : {}),
            ...(input.jackpot !== undefined ? { jackpot: input.jackpot } : {}),
            ...(input.maxAmount !== undefined ? { max_amount: input.maxAmount } : {}),
            ...(input.secret !== undefined ? { secret_enc: secrets.seal(input.secret) } : {}),
            ...(input.maintenance !== undefined
              ? { maint_from: input.maintenance?.from ?? null, maint_to: input.maintenance?.to ?? null }
              : {}),
          },
          now(),
          trx,
        );
        const after = (await repo.provider(code, trx))!;
        await audit.record(
          who,
          {
            action: 'provider.update',
            target: `provider:${code}`,
            before: providerView(before),
            // The secret itself is never written anywhere but sealed in its row.
            after: { ...providerView(after), ...(input.secret !== undefined ? { secretRotated: true } : {}) },
          },
          trx,
        );
        return 'success';
      });
    },

    async createGame(
      input: TCreateGameRequest,
      who: AuditActor,
    ): Promise<'success' | 'already' | 'not_found'> {
      return db.transaction().execute(async (trx) => {
        if (!(await repo.providerForUpdate(input.provider, trx))) return 'not_found';
        const created = await repo.insertGame(
          {
            provider: input.provider,
            code: input.code,
            nameKo: input.nameKo,
            nameEn: input.nameEn,
            imgUrl: input.imgUrl ?? '',
            enabled: input.enabled ?? true,
            order: input.order ?? 0,
          },
          trx,
        );
        if (!created) return 'already';
        const after = gameView((await repo.game(input.provider, input.code, trx))!);
        await audit.record(
          who,
          { action: 'game.create', target: `game:${input.provider}/${input.code}`, after },
          trx,
        );
        return 'success';
      });
    },

    async updateGame(
      provider: string,
      code: string,
      input: TUpdateGameRequest,
      who: AuditActor,
    ): Promise<'success' | 'not_found'> {
      return db.transaction().execute(async (trx) => {
        const before = await repo.gameForUpdate(provider, code, trx);
        if (!before) return 'not_found';
        await repo.updateGame(
          provider,
          code,
          {
            ...(input.nameKo !== undefined ? { name_ko: input.nameKo } : {}),
            ...(input.nameEn !== undefined ? { name_en: input.nameEn } : {}),
            ...(input.imgUrl !== undefined ? { img_url: input.imgUrl } : {}),
            ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
            ...(input.order !== undefined ? { sort_order: input.order } : {}),
          },
          trx,
        );
        const after = (await repo.game(provider, code, trx))!;
        await audit.record(
          who,
          {
            action: 'game.update',
            target: `game:${provider}/${code}`,
            before: gameView(before),
            after: gameView(after),
          },
          trx,
        );
        return 'success';
      });
    },

    /**
     * Puts a provider's games in the order given (`codes`: each of its games exactly once, else
     * 400 `codes` `pattern`): `order` becomes 10, 20, 30, ... One audit record `game.reorder` with
     * the codes before and after, in the change's transaction.
     */
    async reorderGames(provider: string, codes: string[], who: AuditActor): Promise<'success' | 'not_found'> {
      return db.transaction().execute(async (trx) => {
        if (!(await repo.providerForUpdate(provider, trx))) return 'not_found';
        const games = await repo.games(provider, trx);
        const known = new Set(games.map((g) => g.code));
        if (
          new Set(codes).size !== codes.length ||
          codes.length !== known.size ||
          codes.some((c) => !known.has(c))
        )
          throw invalid('codes', 'pattern');
        const current = new Map(games.map((g) => [g.code, g.sort_order]));
        for (const [index, code] of codes.entries()) {
          const order = (index + 1) * 10;
          if (current.get(code) !== order) await repo.updateGame(provider, code, { sort_order: order }, trx);
        }
        await audit.record(
          who,
          {
            action: 'game.reorder',
            target: `provider:${provider}`,
            before: { codes: games.map((g) => g.code) },
            after: { codes },
          },
          trx,
        );
        return 'success';
      });
    },

    /** The whole catalog for operators. */
    async catalog() {
      const [providers, games] = await Promise.all([repo.providers(), repo.games()]);
      return providers.map((p) => ({
        ...providerView(p),
        games: games.filter((g) => g.provider === p.code).map(gameView),
      }));
    },

    /**
     * get-casino-setting (kind `casino`) and get-mini-setting (kind `mini`): the games of the
     * providers of that kind; `used` "n" while the game or provider is closed.
     */
    async casinoEntries(kind: 'casino' | 'mini' = 'casino') {
      const at = now();
      const [providers, games] = await Promise.all([repo.providers(), repo.games()]);
      const byCode = new Map(providers.map((p) => [p.code, p]));
      return games
        .filter((g) => byCode.get(g.provider)?.kind === kind)
        .map((g) => {
          const p = byCode.get(g.provider)!;
          return {
            code: g.code,
            gameCompany: g.provider,
            used: g.enabled && isOpen(p, at, zone) ? ('y' as const) : ('n' as const),
            imgUrl: g.img_url || p.img_url,
            nameKo: g.name_ko,
            nameEn: g.name_en,
          };
        });
    },

    /**
     * get-slot-setting and get-sport-setting: the providers of a kind, named in Korean on the ko
     * locale (when a Korean name was given) and by their name otherwise.
     */
    async providerEntries(kind: 'slot' | 'sport', lang: string) {
      const at = now();
      return (await repo.providers())
        .filter((p) => p.kind === kind)
        .map((p) => ({
          code: p.code,
          used: isOpen(p, at, zone) ? ('y' as const) : ('n' as const),
          imgUrl: p.img_url,
          name: lang === 'ko' ? (p.name_ko ?? p.name) : p.name,
        }));
    },

    /** get-slot-by-company: the enabled games of an open slot provider, else `fail`. */
    async slotGames(company: string) {
      const provider = await repo.provider(company);
      if (!provider || provider.kind !== 'slot' || !isOpen(provider, now(), zone))
        return { status: 'fail' as const };
      const games = (await repo.games(company)).filter((g) => g.enabled);
      return {
        status: 'success' as const,
        games: games.map((g) => ({
          code: g.code,
          gameCompany: g.provider,
          imgUrl: g.img_url,
          nameKo: g.name_ko,
          nameEn: g.name_en,
        })),
      };
    },

    /**
     * open-game: `fail` for an unknown or disabled game or provider, `time` in the provider's
     * maintenance, `blocked` for a member who may not play (not active, or on a break); else the launch URL with a new token.
     * A transfer-wallet provider first gets the member's whole cash (docs/providers.md); when that
     * move does not succeed, the game is not opened (`fail`, or `time`).
     */
    async openGame(
      member: { memberId: number; userId: string; sessionId: number },
      input: { code: string; company: string; lang: string },
    ) {
      const provider = await repo.provider(input.company);
      const game = provider && (await repo.game(provider.code, input.code));
      if (!provider || !game || !provider.enabled || !game.enabled) return { status: 'fail' as const };
      if (isInMaintenance(provider, now(), zone)) return { status: 'time' as const };
      const account = await members.forCashier(member.memberId);
      if (!account || account.state !== 'active') return { status: 'blocked' as const };
      if (await deps.breaks.activeBreak(member.memberId)) return { status: 'blocked' as const };
      if (provider.wallet === 'transfer') {
        const moved = await transfers.transferIn(member, provider.code, 'all');
        if (moved === 'blocked') return { status: 'blocked' as const };
        if (moved !== 'success') return { status: moved === 'time' ? ('time' as const) : ('fail' as const) };
      }
      const token = await sessions.createGameToken(member, provider.code);
      // The session was ended (signed out) while the game was being opened.
      if (token === null) throw new AppError('unauthenticated');
      const params = new URLSearchParams({
        token,
        game: game.code,
        lang: LAUNCH_LANGS.has(input.lang) ? input.lang : 'ko',
        currency: 'KRW',
      });
      const separator = provider.launch_url.includes('?') ? '&' : '?';
      return {
        status: 'success' as const,
        gameUrl: `${provider.launch_url}${separator}${params.toString()}`,
      };
    },

    /** get-slot-bets-list: one entry per round, newest first. */
    async memberRounds(memberId: number, paging: { page: number; pageSize: number }, lang: string) {
      const { rows, maxCount } = await repo.memberRounds(memberId, {
        limit: paging.pageSize,
        offset: (paging.page - 1) * paging.pageSize,
      });
      return {
        status: 'success' as const,
        maxCount,
        bets: rows.map((r) => ({
          id: r.id,
          company: r.provider,
          gameCode: r.game_code,
          gameName: (lang === 'ko' ? r.name_ko : r.name_en) ?? r.game_code,
          round: r.round_id,
          bet: r.bet,
          win: r.win,
          regDate: r.created_at.toISOString(),
        })),
      };
    },

    /** One round with every wallet call of it, for an operator settling a dispute. */
    async round(provider: string, roundId: string) {
      const round = await repo.round(provider, roundId);
      if (!round) return { status: 'not_found' as const };
      const calls = await repo.roundCalls(provider, roundId);
      // Each call's money moved under the ledger key `<action>:<id>` (a rollback under its bet's id).
      const keyOf = (c: (typeof calls)[number]) =>
        c.action === 'rollback'
          ? `rollback:${c.reference_id}`
          : c.action === 'mark'
            ? ''
            : `${c.action}:${c.transaction_id}`;
      const transfers = await ledger.transferIdsByKeys(
        `wallet:${provider}`,
        calls.map(keyOf).filter(Boolean),
      );
      const ids = await members.userIdsOf([round.member_id]);
      return {
        status: 'success' as const,
        round: {
          provider: round.provider,
          roundId: round.round_id,
          userId: ids.get(round.member_id) ?? '',
          gameCode: round.game_code,
          bet: round.bet,
          win: round.win,
          rolledBack: round.rolled_back,
          closed: round.closed,
          regDate: round.created_at.toISOString(),
          lastDate: round.updated_at.toISOString(),
        },
        calls: calls.map((c) => ({
          transactionId: c.transaction_id,
          action: c.action,
          amount: c.amount,
          referenceId: c.reference_id,
          outcome: c.outcome,
          rolledBack: c.rolled_back,
          compPoints: c.comp_points,
          transferId: transfers.get(keyOf(c)) ?? null,
          regDate: c.created_at.toISOString(),
        })),
      };
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
