import type { StudioDb, WalletMode } from './db.ts';
import type { WalletClient } from './wallet-client.ts';

/** How long a launch token's member is remembered between the browser's actions (ms). */
const IDENTITY_TTL_MS = 60_000;
/** Tokens remembered at most (then forgotten all at once: they are only a shortcut). */
const MAX_REMEMBERED = 50_000;
/** How long a provider's wallet mode is used before it is read again (ms). */
const MODE_FRESH_MS = 1_000;

export type Identity =
  | { ok: true; userId: string; balance?: number; wallet: WalletMode }
  | { ok: false; reason: 'invalid_token' | 'unavailable' };

/**
 * Who plays: the platform's `balance` wallet call with the launch token names the member
 * (docs/providers.md section 2). The answer is remembered per token for a minute so that not every
 * action costs a call; the bet itself is checked by the platform again (a blocked member's bet is
 * refused there), and in transfer mode, where no bet call is made, every round asks afresh.
 *
 * The answer also says how the operator runs the provider's money (`wallet`): the studio keeps that
 * in `studio_providers`, which decides whether rounds go through the platform's wallet or the
 * studio's own (docs/games/studio.md, "Transfer mode").
 */
export function createMembers(deps: { db: StudioDb; wallet: WalletClient; now: () => Date }) {
  const { db, wallet, now } = deps;
  const known = new Map<string, { userId: string; until: number }>();
  const modes = new Map<string, { mode: WalletMode; until: number }>();

  /** The provider's mode, read again at most once a second (another instance may have learned a change). */
  async function modeOf(provider: string): Promise<WalletMode> {
    const at = now().getTime();
    const kept = modes.get(provider);
    if (kept && kept.until > at) return kept.mode;
    const row = await db
      .selectFrom('studio_providers')
      .select('wallet')
      .where('code', '=', provider)
      .executeTakeFirst();
    const mode = row?.wallet ?? 'seamless';
    modes.set(provider, { mode, until: at + MODE_FRESH_MS });
    return mode;
  }

  async function setMode(provider: string, mode: WalletMode): Promise<void> {
    if ((await modeOf(provider)) === mode) return;
    await db
      .insertInto('studio_providers')
      .values({ code: provider, wallet: mode, updated_at: now() })
      .onConflict((oc) => oc.column('code').doUpdateSet({ wallet: mode, updated_at: now() }))
      .execute();
    modes.set(provider, { mode, until: now().getTime() + MODE_FRESH_MS });
  }

  return {
    modeOf,
    setMode,

    /**
     * The token's member. `fresh` asks the platform even when the token is remembered (the session
     * action, which shows the balance, and every round in transfer mode).
     */
    async identify(provider: string, token: string, options: { fresh: boolean }): Promise<Identity> {
      const key = `${provider}\n${token}`;
      const at = now().getTime();
      const kept = known.get(key);
      if (!options.fresh && kept && kept.until > at)
        return { ok: true, userId: kept.userId, wallet: await modeOf(provider) };
      const result = await wallet.call(provider, 'balance', { token });
      if (!result.answered) return { ok: false, reason: 'unavailable' };
      const { answer } = result;
      if (answer.status === 'RS_ERROR_INVALID_TOKEN') {
        known.delete(key);
        return { ok: false, reason: 'invalid_token' };
      }
      // Anything else than a member (a wrong secret, a disabled provider) is the studio's problem.
      if (answer.status !== 'RS_OK' || answer.userId === undefined)
        return { ok: false, reason: 'unavailable' };
      if (answer.wallet) await setMode(provider, answer.wallet);
      if (known.size >= MAX_REMEMBERED) known.clear();
      known.set(key, { userId: answer.userId, until: at + IDENTITY_TTL_MS });
      return {
        ok: true,
        userId: answer.userId,
        wallet: await modeOf(provider),
        ...(answer.balance !== undefined ? { balance: answer.balance } : {}),
      };
    },

    /** Forgets a token the platform refused. */
    forget(provider: string, token: string): void {
      known.delete(`${provider}\n${token}`);
    },
  };
}

export type Members = ReturnType<typeof createMembers>;
