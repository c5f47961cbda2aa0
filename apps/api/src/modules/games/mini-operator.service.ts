import { createHmac } from 'node:crypto';
import type { z } from 'zod';
import {
  ZMiniRoundResponse,
  ZMiniRoundsResponse,
  ZMiniSettingsPatchResponse,
  ZMiniSettingsResponse,
  ZMiniVoidResponse,
  type TMiniSettingsPatch,
} from '@casino/contracts/backoffice-mini';
import type { Database } from '../../db/database.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import type { AuditActor, AuditService } from '../audit/audit.service.ts';
import { createGamesRepository } from './games.repository.ts';

/** The house mini-games' provider in the catalog (apps/studio/src/games.ts). */
export const MINI_PROVIDER = 'house-mini';

export interface MiniOperatorDeps {
  db: Database;
  audit: AuditService;
  secrets: SecretBox;
  now: () => Date;
  /** One call's timeout (ms, default 5 s). */
  timeoutMs?: number;
}

type MiniGameCode = 'powerball' | 'ladder';
const ERROR = { status: 'error' } as const;

/**
 * The back office's mini-game screens call the house studio's operator API (decision 0026,
 * docs/api/backoffice-mini.md): `POST <studio>/operator/mini/<action>`, signed with the `house-mini`
 * provider's secret as every wallet call is, with `at` (this server's clock) in the body. Where the
 * studio answers is the provider's transfer API URL (`<studio>/transfer/house-mini`, which the
 * studio's registration writes) with `transfer/house-mini` read as `operator/mini`. Every answer
 * is checked against the back office's schema before it is passed on; a studio that does not
 * answer, or answers anything else, is `{status: "error"}`, which the route turns into an HTTP 500. Changes are audited once the studio
 * took them.
 */
export function createMiniOperatorService(deps: MiniOperatorDeps) {
  const { db, audit, secrets, now } = deps;
  const repo = createGamesRepository(db);
  const timeoutMs = deps.timeoutMs ?? 5_000;

  async function call<S extends z.ZodType>(action: string, body: Record<string, unknown>, schema: S) {
    const provider = await repo.provider(MINI_PROVIDER);
    const match = provider?.api_url?.match(/^(https?:\/\/.+)\/transfer\/house-mini\/?$/);
    if (!provider || !match) return ERROR;
    const raw = JSON.stringify({ at: now().toISOString(), ...body });
    const signature = createHmac('sha256', secrets.open(provider.secret_enc)).update(raw).digest('hex');
    try {
      const res = await fetch(`${match[1]}/operator/mini/${action}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-signature': signature },
        body: raw,
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      });
      if (res.status !== 200) return ERROR;
      const parsed = schema.safeParse(await res.json());
      return parsed.success ? (parsed.data as z.output<S>) : ERROR;
    } catch {
      return ERROR;
    }
  }

  return {
    settings: (game: MiniGameCode) => call('settings', { game }, ZMiniSettingsResponse),

    async updateSettings(game: MiniGameCode, patch: TMiniSettingsPatch, who: AuditActor) {
      const before = await call('settings', { game }, ZMiniSettingsResponse);
      if (before.status !== 'success') return ERROR;
      const answer = await call(
        'update-settings',
        { game, by: who.actor, ...patch },
        ZMiniSettingsPatchResponse,
      );
      if (answer.status === 'success')
        await audit.record(who, {
          action: 'mini.settings',
          target: `mini:${game}`,
          before: {
            cadenceMinutes: before.cadenceMinutes,
            cutoffSeconds: before.cutoffSeconds,
            maxRoundTotal: before.maxRoundTotal,
            markets: before.markets
              .filter((m) => patch.markets?.some((p) => p.code === m.code))
              .map((m) => ({
                code: m.code,
                odds: m.odds,
                minBet: m.minBet,
                maxBet: m.maxBet,
                maxExposure: m.maxExposure,
              })),
          },
          after: patch,
        });
      return answer;
    },

    rounds: (game: MiniGameCode, query: { before?: number | undefined; limit: number }) =>
      call(
        'rounds',
        { game, limit: query.limit, ...(query.before !== undefined ? { before: query.before } : {}) },
        ZMiniRoundsResponse,
      ),

    round: (game: MiniGameCode, round: number) => call('round', { game, round }, ZMiniRoundResponse),

    async voidRound(game: MiniGameCode, round: number, reason: string, who: AuditActor) {
      const answer = await call('void', { game, round, by: who.actor, reason }, ZMiniVoidResponse);
      if (answer.status === 'success')
        await audit.record(who, { action: 'mini.void', target: `mini:${game}:${round}`, after: { reason } });
      return answer;
    },
  };
}
