import type { TRoundRecord } from '@casino/studio-engine/contract';

/**
 * The verify page's address, with a recorded round's data in the query so the page opens with the
 * form filled in (src/verify reads the same names). The studio serves its page at `/studio/verify`
 * (apps/studio/src/client.ts); a plain static host has verify.html for it.
 */
export function verifyHref(fields: {
  game?: string;
  lang?: string;
  serverSeed?: string | null;
  serverSeedHash?: string;
  clientSeed?: string;
  nonce?: number;
  version?: number;
  input?: unknown;
  outcome?: unknown;
}): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || value === null || value === '') continue;
    query.set(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  const text = query.toString();
  return `${import.meta.env.BASE_URL}verify${text ? `?${text}` : ''}`;
}

export function roundVerifyHref(round: TRoundRecord, lang: string): string {
  return verifyHref({
    game: round.game,
    lang,
    serverSeed: round.serverSeed,
    serverSeedHash: round.serverSeedHash,
    clientSeed: round.clientSeed,
    nonce: round.nonce,
    version: round.version,
    input: round.input,
    outcome: round.outcome,
  });
}
