import { createHmac, randomBytes } from 'node:crypto';
import { answerOf, bo, call, type Answer, type TestMember, type TestOperator } from './factories.ts';
import type { TestApp } from './harness.ts';

/**
 * A game provider as the tests play it: registered in the catalog through the back-office API, and
 * calling the wallet over HTTP with real signatures, as an outside provider would.
 */
export interface TestProvider {
  code: string;
  secret: string;
  /** A signed wallet call; `signature` overrides the computed one, `raw` sends these bytes as the body. */
  wallet(
    action: string,
    body: unknown,
    options?: { signature?: string | null; raw?: string },
  ): Promise<Answer>;
  /** Opens `game` for the member (open-game) and returns the launch token. */
  launch(member: Pick<TestMember, 'cookie'>, game?: string): Promise<string>;
  /**
   * A bet of `amount` on the first game that stands (a new launch, round and transaction), and its
   * win when `win` > 0; throws unless each answers RS_OK. The round and the bet's transaction id.
   */
  play(
    member: Pick<TestMember, 'userId' | 'cookie'>,
    amount: number,
    win?: number,
  ): Promise<{ roundId: string; transactionId: string }>;
}

let seq = 0;

export function sign(secret: string, raw: string | Buffer): string {
  return createHmac('sha256', secret).update(raw).digest('hex');
}

export async function createTestProvider(
  t: TestApp,
  owner: TestOperator,
  options: {
    kind?: 'casino' | 'slot' | 'sport' | 'mini';
    games?: string[];
    code?: string;
    /** Its bets fund the jackpots. */
    jackpot?: boolean;
    /** A transfer-wallet provider: its transfer API (a `startTransferProvider` server) and secret. */
    transfer?: { apiUrl: string; secret: string };
  } = {},
): Promise<TestProvider> {
  seq += 1;
  const code = options.code ?? `p${seq}${randomBytes(2).toString('hex')}`;
  const secret = options.transfer?.secret ?? randomBytes(24).toString('base64url');
  const created = await bo(t, 'providers.create', {
    cookie: owner.cookie,
    body: {
      code,
      kind: options.kind ?? 'slot',
      name: `Provider ${code}`,
      nameKo: `공급사 ${code}`,
      wallet: options.transfer ? 'transfer' : 'seamless',
      launchUrl: `/test-games/${code}`,
      secret,
      ...(options.transfer ? { apiUrl: options.transfer.apiUrl } : {}),
      ...(options.jackpot ? { jackpot: true } : {}),
    },
  });
  if (created.body.status !== 'success') throw new Error(`provider: ${JSON.stringify(created.body)}`);
  let plays = 0;
  for (const [i, game] of (options.games ?? ['g1']).entries()) {
    const g = await bo(t, 'games.create', {
      cookie: owner.cookie,
      body: { provider: code, code: game, nameKo: `게임 ${game}`, nameEn: `Game ${game}`, order: i },
    });
    if (g.body.status !== 'success') throw new Error(`game: ${JSON.stringify(g.body)}`);
  }
  const provider: TestProvider = {
    code,
    secret,
    async wallet(action, body, opts = {}) {
      const raw = opts.raw ?? JSON.stringify(body);
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (opts.signature !== null) headers['x-signature'] = opts.signature ?? sign(secret, raw);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/wallet/${code}/${action}`,
        headers,
        payload: raw,
      });
      return answerOf(res);
    },
    async launch(member, game = (options.games ?? ['g1'])[0]!) {
      const opened = await call(
        t,
        'open-game',
        { code: game, company: code, timeStemp: Date.now() },
        member.cookie,
      );
      if (opened.body.status !== 'success') throw new Error(`open-game: ${JSON.stringify(opened.body)}`);
      const token = new URL(opened.body.gameUrl as string, 'http://x').searchParams.get('token');
      if (!token) throw new Error('no token in the launch URL');
      return token;
    },
    async play(member, amount, win = 0) {
      const token = await provider.launch(member);
      plays += 1;
      const roundId = `${code}-r${plays}`;
      const transactionId = `${code}-b${plays}`;
      const gameCode = (options.games ?? ['g1'])[0]!;
      const bet = await provider.wallet('bet', {
        token,
        userId: member.userId,
        gameCode,
        roundId,
        transactionId,
        amount,
      });
      if (bet.body.status !== 'RS_OK') throw new Error(`bet: ${JSON.stringify(bet.body)}`);
      if (win > 0) {
        const won = await provider.wallet('win', {
          userId: member.userId,
          roundId,
          gameCode,
          transactionId: `${code}-w${plays}`,
          amount: win,
        });
        if (won.body.status !== 'RS_OK') throw new Error(`win: ${JSON.stringify(won.body)}`);
      }
      return { roundId, transactionId };
    },
  };
  return provider;
}
