import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The rules of docs/ARCHITECTURE.md ("Code flows one way") that ESLint cannot see. ESLint's
// `import-x/no-cycle` skips type-only imports, so a circle made of `import type` passed it; here
// every import counts (`import type`, `export ... from`, `import()`), read by the TypeScript scanner.

const API = path.resolve(import.meta.dirname, '..');
const SRC = path.join(API, 'src');

/** Every .ts file under `dir`, as absolute paths. */
function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return tsFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

const isTest = (file: string) => file.endsWith('.test.ts') || !file.startsWith(`${SRC}${path.sep}`);
const rel = (file: string) => path.relative(SRC, file).split(path.sep).join('/');

/** The files of apps/api that `file` imports (packages are outside the graph: they never import apps). */
function importsOf(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles
    .filter(({ fileName }) => fileName.startsWith('.'))
    .map(({ fileName }) => {
      const target = path.resolve(path.dirname(file), fileName);
      if (!existsSync(target) || !statSync(target).isFile())
        throw new Error(`${path.relative(API, file)}: cannot resolve ${fileName}`);
      return target;
    });
}

const FILES = [...tsFiles(SRC), ...tsFiles(path.join(API, 'test'))];
const GRAPH = new Map(FILES.map((file) => [file, importsOf(file)]));

/** The strongly connected components of more than one file (or a file importing itself): the circles. */
function circles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter);
    counter++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || graph.get(v)?.includes(v)) found.push(component.map(rel).sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

/**
 * The layers of apps/api/src, lowest first. A file imports files of its own unit and of units in
 * earlier layers only; two units of one layer import nothing of each other. A unit is a folder
 * (`lib`, `db`, `plugins`), a module (`modules/<m>`) or a file at the top of src; `config.ts`
 * belongs to `lib` (it reads the environment with lib's parsers, and `ModuleContext` carries it).
 * The modules are in one line: a module may use the services of those above it in this list, so a
 * lower module never learns of a higher one (it declares what it needs as an interface instead).
 */
const LAYERS: readonly (readonly string[])[] = [
  ['db'],
  ['lib'],
  ['plugins'],
  ['modules/audit'],
  ['modules/ledger'],
  ['modules/settings'],
  ['modules/legal'],
  ['modules/media'],
  ['modules/auth'],
  ['modules/blacklist'],
  ['modules/fraud'],
  ['modules/members'],
  ['modules/protection'],
  ['modules/community'],
  ['modules/cashier'],
  ['modules/games'],
  ['modules/comp'],
  ['modules/rewards'],
  ['modules/reports'],
  ['modules/partners'],
  ['modules/backoffice'],
  ['services.ts'],
  ['seed-banners.ts', 'seed-community.ts', 'seed-sites.ts'],
  ['seed.ts', 'app.ts'],
  ['main.ts', 'copy-database.ts'],
];

function unitOf(file: string): string {
  const parts = rel(file).split('/');
  if (parts[0] === 'modules') return `modules/${parts[1]}`;
  if (parts[0] === 'config.ts') return 'lib';
  return parts[0]!;
}

const LAYER_OF = new Map(LAYERS.flatMap((units, layer) => units.map((unit) => [unit, layer] as const)));

describe('the import graph of apps/api', () => {
  it('has no circle, type-only imports included', () => {
    expect(circles(GRAPH)).toEqual([]);
  });

  it('puts every file of src in a declared layer', () => {
    const unplaced = FILES.filter((f) => !isTest(f) && !LAYER_OF.has(unitOf(f))).map(rel);
    expect(unplaced, 'add the folder or file to LAYERS').toEqual([]);
  });

  it('has no back-edge: a unit imports only its own files and those of earlier layers', () => {
    const backEdges: string[] = [];
    for (const [file, targets] of GRAPH) {
      if (isTest(file)) continue;
      const from = unitOf(file);
      for (const target of targets) {
        const to = unitOf(target);
        if (to === from || isTest(target)) continue;
        if ((LAYER_OF.get(to) ?? Infinity) >= (LAYER_OF.get(from) ?? -Infinity))
          backEdges.push(`${rel(file)} -> ${rel(target)} (${from} -> ${to})`);
      }
    }
    expect(backEdges).toEqual([]);
  });
});

/**
 * The one writer of each table: the repository (or, for the rate-limit counters, the lib file)
 * whose SQL inserts, updates and deletes its rows (docs/ARCHITECTURE.md). Another module asks the
 * owner's service. A new table gets its line here.
 */
const TABLE_WRITERS: Record<string, string> = {
  accounts: 'modules/ledger/ledger.repository.ts',
  transfers: 'modules/ledger/ledger.repository.ts',
  holds: 'modules/ledger/ledger.repository.ts',
  audit_log: 'modules/audit/audit.repository.ts',
  sessions: 'modules/auth/session.repository.ts',
  rate_limits: 'lib/rate-limiter.ts',
  job_leases: 'lib/jobs.ts',
  operators: 'modules/backoffice/operators.repository.ts',
  idempotency_responses: 'modules/backoffice/backoffice.repository.ts',
  deposit_requests: 'modules/cashier/cashier.repository.ts',
  withdraw_requests: 'modules/cashier/cashier.repository.ts',
  deposit_bonuses: 'modules/cashier/deposit-bonus.repository.ts',
  deposit_events: 'modules/cashier/deposit-bonus.repository.ts',
  helps: 'modules/community/community.repository.ts',
  notes: 'modules/community/community.repository.ts',
  note_sends: 'modules/community/community.repository.ts',
  notices: 'modules/community/community.repository.ts',
  popups: 'modules/community/community.repository.ts',
  games: 'modules/games/games.repository.ts',
  providers: 'modules/games/games.repository.ts',
  rounds: 'modules/games/games.repository.ts',
  wallet_calls: 'modules/games/games.repository.ts',
  member_day_stakes: 'modules/games/games.repository.ts',
  partner_rates_epoch: 'modules/partners/partners.repository.ts',
  partners: 'modules/partners/partners.repository.ts',
  partner_rate_history: 'modules/partners/partners.repository.ts',
  partner_settlements: 'modules/partners/partners.repository.ts',
  partner_settled_days: 'modules/partners/partners.repository.ts',
  partner_payouts: 'modules/partners/partners.repository.ts',
  member_day_late: 'modules/games/games.repository.ts',
  partner_late_seen: 'modules/partners/partners.repository.ts',
  jackpot_tiers: 'modules/games/jackpot.repository.ts',
  jackpot_shards: 'modules/games/jackpot.repository.ts',
  jackpot_hits: 'modules/games/jackpot.repository.ts',
  game_transfers: 'modules/games/transfer.repository.ts',
  transfer_wallets: 'modules/games/transfer.repository.ts',
  legal_documents: 'modules/legal/legal.repository.ts',
  legal_acceptances: 'modules/legal/legal.repository.ts',
  media: 'modules/media/media.repository.ts',
  banners: 'modules/media/media.repository.ts',
  members: 'modules/members/members.repository.ts',
  blacklist_entries: 'modules/blacklist/blacklist.repository.ts',
  blacklist_hits: 'modules/blacklist/blacklist.repository.ts',
  member_signals: 'modules/fraud/fraud.repository.ts',
  fraud_settings: 'modules/fraud/fraud.repository.ts',
  fraud_flags: 'modules/fraud/fraud.repository.ts',
  fraud_watch: 'modules/fraud/fraud.repository.ts',
  fraud_round_bets: 'modules/fraud/fraud.repository.ts',
  member_sign_ins: 'modules/members/members.repository.ts',
  reg_codes: 'modules/members/reg-codes.repository.ts',
  member_breaks: 'modules/protection/breaks.repository.ts',
  play_limits: 'modules/protection/protection.repository.ts',
  settings: 'modules/settings/settings.repository.ts',
  promotion_settings: 'modules/rewards/rewards.repository.ts',
  attendance_checks: 'modules/rewards/rewards.repository.ts',
  referral_payouts: 'modules/rewards/rewards.repository.ts',
  payback_payouts: 'modules/rewards/rewards.repository.ts',
  sites: 'modules/settings/sites.repository.ts',
  site_domains: 'modules/settings/sites.repository.ts',
};

const KYSELY_WRITES = new Set(['insertInto', 'updateTable', 'deleteFrom', 'replaceInto', 'mergeInto']);
const SQL_WRITE =
  /\b(?:insert\s+into|delete\s+from|merge\s+into)\s+"?(\w+)|\bupdate\s+"?(\w+)"?(?:\s+(?:as\s+)?\w+)?\s+set\b/gi;

const SQL_WRITE_OF_SUBSTITUTION = /\b(?:insert\s+into|delete\s+from|merge\s+into|update)\s*$/i;

/**
 * The table names an argument of a Kysely write builder can hold: a literal, or an element of a
 * constant object of literals (`TABLE[kind]`, cast or not), or a parameter typed by literals
 * (`table: 'notes' | 'helps'`); undefined for anything else.
 */
function tableNames(source: ts.SourceFile, argument: ts.Expression | undefined): string[] | undefined {
  let expr = argument;
  while (expr && (ts.isAsExpression(expr) || ts.isParenthesizedExpression(expr))) expr = expr.expression;
  if (!expr) return undefined;
  if (ts.isStringLiteralLike(expr)) return [expr.text];
  if (ts.isIdentifier(expr)) return parameterLiterals(expr);
  if (!ts.isElementAccessExpression(expr) || !ts.isIdentifier(expr.expression)) return undefined;
  const name = expr.expression.text;
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (!ts.isIdentifier(declaration.name) || declaration.name.text !== name) continue;
      let init = declaration.initializer;
      while (init && ts.isAsExpression(init)) init = init.expression;
      if (!init || !ts.isObjectLiteralExpression(init)) return undefined;
      const values = init.properties.map((p) =>
        ts.isPropertyAssignment(p) && ts.isStringLiteralLike(p.initializer) ? p.initializer.text : undefined,
      );
      return values.every((v) => v !== undefined) ? values : undefined;
    }
  }
  return undefined;
}

/** The literal types of the parameter `name` refers to (`table: 'notes' | 'helps'`), if it is one. */
function parameterLiterals(name: ts.Identifier): string[] | undefined {
  for (let node: ts.Node | undefined = name.parent; node; node = node.parent) {
    if (!ts.isFunctionLike(node)) continue;
    const parameter = node.parameters.find((p) => ts.isIdentifier(p.name) && p.name.text === name.text);
    if (!parameter) continue;
    const type = parameter.type;
    const members = type && ts.isUnionTypeNode(type) ? type.types : type ? [type] : [];
    const literals = members.map((t) =>
      ts.isLiteralTypeNode(t) && ts.isStringLiteral(t.literal) ? t.literal.text : undefined,
    );
    return literals.length > 0 && literals.every((l) => l !== undefined) ? literals : undefined;
  }
  return undefined;
}

/** The tables `file` writes: Kysely's write builders and the SQL text of its strings and templates. */
function writesOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const tables: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      KYSELY_WRITES.has(node.expression.name.text)
    ) {
      const names = tableNames(source, node.arguments[0]);
      if (!names)
        throw new Error(`${rel(file)}: ${node.expression.name.text} with a table name the check cannot read`);
      tables.push(...names.map((name) => name.split(/\s+/)[0]!));
    }
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) {
      for (const match of node.text.matchAll(SQL_WRITE)) tables.push((match[1] ?? match[2])!);
      if ((ts.isTemplateHead(node) || ts.isTemplateMiddle(node)) && SQL_WRITE_OF_SUBSTITUTION.test(node.text))
        throw new Error(
          `${rel(file)}: SQL writes a table named by a substitution, which the check cannot read`,
        );
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return tables;
}

describe('table ownership', () => {
  // The migrations and the copy of a whole database to PostgreSQL (copy-database.ts, every table
  // at once, the server stopped) write tables as the schema's owner, outside any module.
  const whole = (f: string) => rel(f).startsWith('db/migrations/') || rel(f) === 'copy-database.ts';
  const written = FILES.filter((f) => !isTest(f) && !whole(f)).flatMap((file) =>
    writesOf(file).map((table) => ({ file: rel(file), table })),
  );

  it('finds the writes it checks (the scan sees Kysely builders and raw SQL)', () => {
    expect(written).toContainEqual({ file: 'modules/ledger/ledger.repository.ts', table: 'transfers' });
    expect(written).toContainEqual({ file: 'modules/members/members.repository.ts', table: 'members' });
  });

  it('has each table written by its one owner', () => {
    const strays = written
      .filter(({ file, table }) => TABLE_WRITERS[table] !== file)
      .map(({ file, table }) =>
        TABLE_WRITERS[table]
          ? `${file} writes ${table}, owned by ${TABLE_WRITERS[table]}`
          : `${file} writes ${table}, which has no owner in TABLE_WRITERS`,
      );
    expect([...new Set(strays)]).toEqual([]);
  });
});
