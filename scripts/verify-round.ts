/**
 * Recomputes a house-studio round from its seeds, with the engine that decided it
 * (docs/games/provably-fair.md, "Verify a round yourself").
 *
 *   node scripts/verify-round.ts --game jade-lotus --version 1 --server-seed <64 hex> --client-seed <seed> --nonce 7 --bet 1000
 *   node scripts/verify-round.ts --game baccarat --version 1 --server-seed <hex> --client-seed <seed> --nonce 7 \
 *     --bets '{"player":10000,"tie":1000}' [--shoe '<the ShoeState JSON recorded with the round>']
 *
 * --version is the version of the game's definition recorded with the round (its `version`); left
 * out, the game's newest version is used, and printed.
 * Options: --server-seed-hash <hex> checks the commitment (exit code 1 when it does not match);
 * --json prints the outcome as JSON only (the round's recorded `outcome` must be equal to it).
 * Without --shoe, baccarat deals from a fresh shoe (the first coup of a shoe).
 *
 * A mini-game's shared round is verified from the studio's public rounds alone
 * (scripts/verify-mini-round.ts): node scripts/verify-round.ts <powerball|ladder> <round> [--base <url>]
 */
import { createHmac } from 'node:crypto';
import { parseArgs } from 'node:util';
import {
  cardLabel,
  cardsLeft,
  dealBaccarat,
  isShoeState,
  newShoe,
  settleBaccarat,
  shoeIsDone,
  validateBaccaratBets,
} from '../packages/studio-engine/src/baccarat.ts';
import {
  createFairStream,
  isClientSeed,
  isServerSeed,
  sha256Hex,
} from '../packages/studio-engine/src/fair.ts';
import { isMiniGame } from '../packages/studio-engine/src/mini/draw.ts';
import { playSlotRound, validateSlotBet } from '../packages/studio-engine/src/slots/index.ts';
import {
  gameCodes,
  gameVersion,
  gameVersions,
  isSlotDefinition,
} from '../packages/studio-engine/src/versions.ts';
import {
  BACCARAT_SPOTS,
  type BaccaratBets,
  type HmacSha256,
  type ShoeState,
} from '../packages/studio-engine/src/types.ts';
import { verifyMiniRound } from './verify-mini-round.ts';

const hmac: HmacSha256 = (key, message) => createHmac('sha256', key).update(message).digest();

if (isMiniGame(process.argv[2])) {
  const { values: mini, positionals } = parseArgs({
    options: {
      base: { type: 'string', default: 'http://127.0.0.1:3000' },
      prefix: { type: 'string', default: '/studio' },
    },
    allowPositionals: true,
    strict: true,
  });
  const round = /^[0-9]{1,16}$/.test(positionals[1] ?? '') ? Number(positionals[1]) : NaN;
  if (positionals.length !== 2 || !Number.isSafeInteger(round) || round < 1) {
    console.error(
      'usage: node scripts/verify-round.ts <powerball|ladder> <round> [--base http://host:port] [--prefix /studio]',
    );
    process.exit(2);
  }
  const { code, lines } = await verifyMiniRound(process.argv[2], round, mini.base, mini.prefix);
  for (const line of lines) (code === 2 ? console.error : console.log)(line);
  process.exit(code);
}

function fail(message: string): never {
  console.error(`verify-round: ${message}`);
  process.exit(2);
}

const { values } = parseArgs({
  options: {
    game: { type: 'string' },
    'server-seed': { type: 'string' },
    'server-seed-hash': { type: 'string' },
    'client-seed': { type: 'string' },
    nonce: { type: 'string' },
    version: { type: 'string' },
    bet: { type: 'string' },
    bets: { type: 'string' },
    shoe: { type: 'string' },
    json: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
  strict: true,
});

const games = gameCodes();
if (values.help || !values.game) {
  console.log(
    `usage: node scripts/verify-round.ts --game <${games.join('|')}> [--version <n>] --server-seed <hex> --client-seed <seed> --nonce <n>\n` +
      `       [--bet <won>] (slots) [--bets '{"player":1000}'] [--shoe '<ShoeState JSON>'] (baccarat)\n` +
      `       [--server-seed-hash <hex>] [--json]`,
  );
  process.exit(values.help ? 0 : 2);
}

const serverSeed = values['server-seed'] ?? fail('--server-seed is required');
const clientSeed = values['client-seed'] ?? fail('--client-seed is required');
if (!isServerSeed(serverSeed)) fail('the server seed must be 64 lower-case hex characters');
if (!isClientSeed(clientSeed))
  fail('the client seed must be 1 to 64 printable ASCII characters without spaces');
const nonce = Number(values.nonce ?? fail('--nonce is required'));
if (!Number.isSafeInteger(nonce) || nonce < 0) fail('the nonce must be a whole number from 0');

const input = { serverSeed, clientSeed, nonce };
const hash = sha256Hex(serverSeed);
let hashOk = true;
if (values['server-seed-hash'] !== undefined) hashOk = values['server-seed-hash'].toLowerCase() === hash;

const parseJson = (text: string, what: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return fail(`${what} is not valid JSON`);
  }
};

const versions = gameVersions(values.game);
if (versions.length === 0) fail(`unknown game ${values.game} (one of ${games.join(', ')})`);
const version = values.version === undefined ? versions[versions.length - 1]! : Number(values.version);
const definition = versions.includes(version) ? gameVersion(values.game, version) : undefined;
if (!definition) fail(`${values.game} has no version ${values.version} (versions ${versions.join(', ')})`);

let outcome: unknown;
const lines: string[] = [];

if (!isSlotDefinition(definition)) {
  const table = definition;
  const bets = (values.bets ? parseJson(values.bets, '--bets') : {}) as BaccaratBets;
  if (
    typeof bets !== 'object' ||
    bets === null ||
    Object.keys(bets).some((k) => !BACCARAT_SPOTS.includes(k as never))
  )
    fail(`--bets takes an object with the spots ${BACCARAT_SPOTS.join(', ')}`);
  let shoe: ShoeState = newShoe(table);
  if (values.shoe) {
    const parsed = parseJson(values.shoe, '--shoe');
    if (!isShoeState(parsed))
      fail('--shoe must be a ShoeState: {"remaining": [52 counts], "cutCard": n, "rounds": n}');
    shoe = parsed;
  }
  if (shoeIsDone(shoe))
    lines.push('note: this shoe is past its cut card; the studio would have started a new shoe');
  const { hand, shoe: after } = dealBaccarat(shoe, createFairStream(hmac, input));
  const problem = Object.keys(bets).length ? validateBaccaratBets(table, bets) : null;
  const settlement = settleBaccarat(hand, bets, table);
  outcome = { hand, settlement };
  lines.push(
    `shoe before: ${cardsLeft(shoe)} cards, coup ${shoe.rounds + 1} of the shoe`,
    `player: ${hand.player.map(cardLabel).join(' ')}  = ${hand.playerTotal}${hand.playerPair ? '  (pair)' : ''}`,
    `banker: ${hand.banker.map(cardLabel).join(' ')}  = ${hand.bankerTotal}${hand.bankerPair ? '  (pair)' : ''}`,
    `outcome: ${hand.outcome}`,
  );
  if (problem) lines.push(`note: these stakes break the table's rules (${problem}); settled anyway`);
  for (const [spot, value] of Object.entries(settlement.returns))
    lines.push(`  ${spot}: stake ${bets[spot as keyof BaccaratBets]} -> returns ${value}`);
  lines.push(
    `total bet ${settlement.totalBet}, total return ${settlement.totalReturn}`,
    `shoe after: ${cardsLeft(after)} cards${shoeIsDone(after) ? ' (cut card reached: a new shoe next)' : ''}`,
  );
} else {
  const game = definition;
  const bet = Number(values.bet ?? game.betLevels[0]);
  const problem = validateSlotBet(game, bet);
  if (problem) fail(`bet ${bet} is not a level of ${game.code} (${game.betLevels.join(', ')})`);
  const round = playSlotRound(game, bet, createFairStream(hmac, input));
  outcome = round;
  round.spins.forEach((spin, i) => {
    lines.push(`${i === 0 ? 'paid spin' : `free game ${i}`}: stops ${spin.stops.join(' ')}`);
    for (let row = 0; row < game.rows; row++)
      lines.push(`  ${spin.window.map((column) => column[row]!.padEnd(2)).join(' ')}`);
    for (const win of spin.wins) {
      const where =
        win.line === -1 ? 'scatter' : win.line === -2 ? `${win.ways} ways` : `line ${win.line + 1}`;
      lines.push(`  ${where}: ${win.count} x ${win.symbol} pays ${win.amount}`);
    }
    if (spin.freeSpinsAwarded) lines.push(`  awards ${spin.freeSpinsAwarded} free games`);
    lines.push(`  spin pays ${spin.amount}`);
  });
  lines.push(`bet ${bet}, round pays ${round.totalWin}`);
}

if (values.json) console.log(JSON.stringify(outcome));
else {
  console.log(
    `game ${values.game} version ${version}${values.version === undefined ? ' (the newest)' : ''}, client seed ${clientSeed}, nonce ${nonce}`,
  );
  console.log(`server seed hash (SHA-256 of the seed's hex text): ${hash}`);
  if (values['server-seed-hash'] !== undefined)
    console.log(
      hashOk ? 'commitment: matches the hash shown before the rounds' : 'commitment: DOES NOT MATCH',
    );
  console.log(
    `first block HMAC-SHA256(server seed, "${clientSeed}:${nonce}"): ${Buffer.from(hmac(serverSeed, `${clientSeed}:${nonce}`)).toString('hex')}`,
  );
  for (const line of lines) console.log(line);
}
process.exit(hashOk ? 0 : 1);
