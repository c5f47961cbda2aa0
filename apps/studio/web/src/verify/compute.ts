import {
  dealBaccarat,
  isShoeState,
  newShoe,
  cardsLeft,
  settleBaccarat,
} from '@casino/studio-engine/baccarat';
import {
  createFairStream,
  isClientSeed,
  isServerSeed,
  nobleHmacSha256,
  sha256Hex,
} from '@casino/studio-engine/fair';
import { playSlotRound, validateSlotBet } from '@casino/studio-engine/slots/index';
import { gameVersion, gameVersions, isSlotDefinition } from '@casino/studio-engine/versions';
import {
  BACCARAT_SPOTS,
  type BaccaratBets,
  type BaccaratHand,
  type BaccaratSettlement,
  type BaccaratTable,
  type ShoeState,
  type SlotGameDefinition,
  type SlotRound,
} from '@casino/studio-engine/types';

/**
 * Re-decides a recorded round in the browser with the engine that decided it on the server
 * (decision 0012): the same fair stream, the same dealing and the same slot evaluation, with the
 * version of the game's definition the round recorded (versions.ts), whatever the newest one is.
 */

export interface VerifyForm {
  game: string;
  /** The version of the game's definition recorded with the round (empty: the newest). */
  version: string;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: string;
  /** Slots: the total bet. */
  bet: string;
  /** Baccarat: the stake per spot. */
  bets: Record<string, string>;
  /** Baccarat: the shoe before the coup as JSON (empty: a fresh 8-deck shoe). */
  shoe: string;
  /** The outcome as recorded (JSON), to compare with. */
  outcome: string;
}

export const EMPTY_FORM: VerifyForm = {
  game: 'baccarat',
  version: '',
  serverSeed: '',
  serverSeedHash: '',
  clientSeed: '',
  nonce: '0',
  bet: '',
  bets: {},
  shoe: '',
  outcome: '',
};

/** The form filled from the verify link's query (src/shell/verify-link.ts writes these names). */
export function formFromQuery(search: string): VerifyForm {
  const q = new URLSearchParams(search);
  const form: VerifyForm = { ...EMPTY_FORM, bets: {} };
  form.game = q.get('game') ?? form.game;
  form.version = q.get('version') ?? '';
  form.serverSeed = q.get('serverSeed') ?? '';
  form.serverSeedHash = q.get('serverSeedHash') ?? '';
  form.clientSeed = q.get('clientSeed') ?? '';
  form.nonce = q.get('nonce') ?? form.nonce;
  form.outcome = pretty(q.get('outcome'));
  // A recorded round's input: `{bet}` for slots, `{bets, shoe}` for baccarat.
  const input = parseJson(q.get('input'));
  const inputObject = (
    input.ok && typeof input.value === 'object' && input.value !== null ? input.value : {}
  ) as {
    bet?: unknown;
    bets?: unknown;
    shoe?: unknown;
  };
  const bet = q.get('bet') ?? (typeof inputObject.bet === 'number' ? String(inputObject.bet) : '');
  form.bet = bet;
  const bets = parseJson(q.get('bets'));
  const betsObject = (bets.ok ? bets.value : inputObject.bets) as Record<string, unknown> | undefined;
  if (betsObject && typeof betsObject === 'object')
    for (const spot of BACCARAT_SPOTS)
      if (typeof betsObject[spot] === 'number') form.bets[spot] = String(betsObject[spot]);
  const shoe = q.get('shoe');
  form.shoe = shoe ? pretty(shoe) : inputObject.shoe ? JSON.stringify(inputObject.shoe) : '';
  return form;
}

function pretty(text: string | null): string {
  if (!text) return '';
  const parsed = parseJson(text);
  return parsed.ok ? JSON.stringify(parsed.value, null, 2) : text;
}

function parseJson(text: string | null): { ok: true; value: unknown } | { ok: false } {
  if (text === null || text.trim() === '') return { ok: false };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/** Why the form cannot be computed: a `verify` key and its values. */
export interface VerifyProblem {
  key: string;
  values?: Record<string, string | number>;
}

export type VerifyResult = {
  /** The version of the game's definition the round was re-decided with. */
  version: number;
  serverSeedHash: string;
  /** null when no commitment was given. */
  commitmentMatches: boolean | null;
  /** HMAC-SHA256(serverSeed, `clientSeed:nonce`): the stream's first block. */
  firstBlock: string;
  /** null when no recorded outcome was given; else the first path that differs, or '' when equal. */
  outcomeDiff: string | null;
} & (
  | {
      kind: 'baccarat';
      table: BaccaratTable;
      bets: BaccaratBets;
      hand: BaccaratHand;
      settlement: BaccaratSettlement;
      shoeBefore: ShoeState;
      cardsAfter: number;
    }
  | { kind: 'slot'; game: SlotGameDefinition; round: SlotRound }
);

export function verifyRound(
  form: VerifyForm,
): { ok: true; result: VerifyResult } | { ok: false; problem: VerifyProblem } {
  const serverSeed = form.serverSeed.trim();
  const clientSeed = form.clientSeed.trim();
  if (!isServerSeed(serverSeed)) return { ok: false, problem: { key: 'problems.serverSeed' } };
  if (!isClientSeed(clientSeed)) return { ok: false, problem: { key: 'problems.clientSeed' } };
  const nonce = Number(form.nonce.trim());
  if (form.nonce.trim() === '' || !Number.isSafeInteger(nonce) || nonce < 0)
    return { ok: false, problem: { key: 'problems.nonce' } };
  const commitment = form.serverSeedHash.trim().toLowerCase();
  const serverSeedHash = sha256Hex(serverSeed);
  const fair = { serverSeed, clientSeed, nonce };
  const firstBlock = [...nobleHmacSha256(serverSeed, `${clientSeed}:${nonce}`)]
    .map((b) => b.toString(16).padStart(2, '0'))
    .join('');
  const base = {
    serverSeedHash,
    commitmentMatches: commitment ? commitment === serverSeedHash : null,
    firstBlock,
  };

  let recorded: unknown = undefined;
  if (form.outcome.trim() !== '') {
    const parsed = parseJson(form.outcome);
    if (!parsed.ok) return { ok: false, problem: { key: 'problems.outcomeJson' } };
    recorded = parsed.value;
  }

  const versions = gameVersions(form.game);
  if (versions.length === 0) return { ok: false, problem: { key: 'problems.game' } };
  const versionText = form.version.trim();
  const version = versionText === '' ? versions[versions.length - 1]! : Number(versionText);
  const definition = versions.includes(version) ? gameVersion(form.game, version) : undefined;
  if (!definition)
    return { ok: false, problem: { key: 'problems.version', values: { versions: versions.join(', ') } } };

  if (!isSlotDefinition(definition)) {
    const table = definition;
    const bets: BaccaratBets = {};
    for (const spot of BACCARAT_SPOTS) {
      const text = (form.bets[spot] ?? '').trim();
      if (text === '') continue;
      const stake = Number(text);
      if (!Number.isSafeInteger(stake) || stake < 0) return { ok: false, problem: { key: 'problems.stake' } };
      if (stake > 0) bets[spot] = stake;
    }
    let shoe: ShoeState = newShoe(table);
    if (form.shoe.trim() !== '') {
      const parsed = parseJson(form.shoe);
      if (!parsed.ok || !isShoeState(parsed.value)) return { ok: false, problem: { key: 'problems.shoe' } };
      shoe = parsed.value;
    }
    if (cardsLeft(shoe) < 6) return { ok: false, problem: { key: 'problems.shoeShort' } };
    const { hand, shoe: after } = dealBaccarat(shoe, createFairStream(nobleHmacSha256, fair));
    const settlement = settleBaccarat(hand, bets, table);
    const outcomeDiff = recorded === undefined ? null : firstDifference({ hand, settlement }, recorded);
    return {
      ok: true,
      result: {
        ...base,
        version,
        outcomeDiff,
        kind: 'baccarat',
        table,
        bets,
        hand,
        settlement,
        shoeBefore: shoe,
        cardsAfter: cardsLeft(after),
      },
    };
  }

  const game = definition;
  const bet = Number(form.bet.trim());
  if (form.bet.trim() === '' || validateSlotBet(game, bet) !== null)
    return { ok: false, problem: { key: 'problems.bet', values: { levels: game.betLevels.join(', ') } } };
  const round = playSlotRound(game, bet, createFairStream(nobleHmacSha256, fair));
  const outcomeDiff = recorded === undefined ? null : firstDifference(round, recorded);
  return { ok: true, result: { ...base, version, outcomeDiff, kind: 'slot', game, round } };
}

/**
 * The first path where two JSON values differ ('' when they are equal): `spins[2].wins[0].amount`.
 * Object key order does not matter; a key missing on one side (or undefined) differs from any value.
 */
export function firstDifference(a: unknown, b: unknown, path = ''): string {
  if (a === b) return '';
  const here = path || '(root)';
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return here;
  if (Array.isArray(a) !== Array.isArray(b)) return here;
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return `${path}.length`.replace(/^\./, '');
    for (let i = 0; i < a.length; i++) {
      const diff = firstDifference(a[i], b[i], `${path}[${i}]`);
      if (diff) return diff;
    }
    return '';
  }
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  // A key whose value is undefined is absent in JSON: treat it so.
  const present = (o: Record<string, unknown>) => Object.keys(o).filter((k) => o[k] !== undefined);
  const keys = new Set([...present(ao), ...present(bo)]);
  for (const key of [...keys].sort()) {
    const sub = path ? `${path}.${key}` : key;
    if (ao[key] === undefined || bo[key] === undefined) return sub;
    const diff = firstDifference(ao[key], bo[key], sub);
    if (diff) return diff;
  }
  return '';
}
