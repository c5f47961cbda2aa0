import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { describe, expect, it } from 'vitest';
import { API_INDEX_FILE, apiIndexMarkdown, expandAlternatives, undocumented } from './api-index.ts';
import { TRANSFER_ACTIONS, WALLET_ACTIONS } from './wallet.ts';

// The API reference (docs/api/) against the contracts, and the repository's pointers: every member
// call and back-office route is named by a hand-written page, the generated index is current, and
// no tracked file points at a file the repository does not hold (docs/api/README.md says so).

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const API_DOCS = join(ROOT, 'docs/api');
const INDEX_PATH = join(API_DOCS, API_INDEX_FILE);
const SELF = relative(ROOT, fileURLToPath(import.meta.url));

/** docs/api's hand-written pages (the generated index left out): by name, README (the conventions) last. */
function handWrittenPages(): Map<string, string> {
  const names = readdirSync(API_DOCS)
    .filter((name) => name.endsWith('.md') && name !== API_INDEX_FILE)
    .sort((a, b) => (a === 'README.md' ? 1 : b === 'README.md' ? -1 : a.localeCompare(b)));
  return new Map(names.map((name) => [name, readFileSync(join(API_DOCS, name), 'utf8')]));
}

async function expectedIndex(): Promise<string> {
  const config = await resolveConfig(INDEX_PATH);
  return format(apiIndexMarkdown(handWrittenPages()), { ...config, filepath: INDEX_PATH });
}

/** The tracked files (so ignored folders such as .tmp/ and node_modules are never read). */
function trackedFiles(): string[] {
  return execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 << 20 })
    .split('\0')
    .filter((path) => path !== '' && existsSync(join(ROOT, path)));
}

/** A tracked file's text, or null for a binary one (a NUL byte in its first 8 KiB). */
function textOf(path: string): string | null {
  const bytes = readFileSync(join(ROOT, path));
  if (bytes.subarray(0, 8192).includes(0)) return null;
  return bytes.toString('utf8');
}

/**
 * The pointers at files outside the repository in one file's text: a markdown file name in capitals
 * (`API.md`, `DESIGN.md`, `GLOSSARY.md`) that no tracked file has, a section of such a document or of the
 * outside specification ("spec section 2"), a sibling checkout (`../shared`) and the outside specification
 * folder (`spec/000`).
 */
function outsidePointers(text: string, trackedNames: ReadonlySet<string>): string[] {
  const found: string[] = [];
  for (const [n, line] of text.split('\n').entries()) {
    const hits = [
      ...[...line.matchAll(/(?<![\w./-])([A-Z][A-Z0-9_-]*\.md)\b/g)]
        .map((m) => m[1]!)
        .filter((name) => !trackedNames.has(name)),
      ...[
        ...line.matchAll(/\b(?:API|DESIGN|GLOSSARY|[Ss]pec(?:ification)?)(?:\.md)?(?:'s)? sections? \d/g),
      ].map((m) => m[0]),
      ...[...line.matchAll(/\.\.\/shared\b|\bspec\/000/g)].map((m) => m[0]),
    ];
    if (hits.length > 0) found.push(`${n + 1}: ${[...new Set(hits)].join(', ')}`);
  }
  return found;
}

/** A markdown text without its fenced code blocks. */
function withoutCodeBlocks(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
}

/**
 * A markdown text's relative links (code blocks and code spans left out): `file` ('' for a link
 * within the page) and `anchor` (the part after `#`, '' when none).
 */
function relativeLinks(markdown: string): { file: string; anchor: string }[] {
  const prose = withoutCodeBlocks(markdown).replace(/`[^`\n]*`/g, '');
  const targets = [...prose.matchAll(/\]\(([^()\s]+)(?:\s+"[^"]*")?\)/g)].map((m) => m[1]!);
  return targets
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target))
    .map((target) => {
      const [path = '', anchor = ''] = target.split('#');
      return { file: decodeURI(path.replace(/\?.*$/, '')), anchor: decodeURIComponent(anchor) };
    });
}

/**
 * The anchors GitHub gives a markdown text's headings: the heading's text (links by their text)
 * lower-cased, every character but letters, digits, spaces, `-` and `_` dropped, spaces as `-`, and
 * `-1`, `-2`... after a repeated one.
 */
function headingAnchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const [, heading] of withoutCodeBlocks(markdown).matchAll(/^#{1,6}\s+(.*?)\s*#*\s*$/gm)) {
    const base = heading!
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\p{M} _-]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

describe('the API reference (docs/api)', () => {
  it('names every member call and every back-office route (method and path) in a hand-written page', () => {
    const missing = undocumented(handWrittenPages());
    expect(missing.calls, 'member calls no page of docs/api names as `name`').toEqual([]);
    expect(missing.routes, 'back-office routes no page of docs/api names as METHOD /path').toEqual([]);
  });

  it('documents every provider wallet action and transfer API action in docs/providers.md', () => {
    const providers = readFileSync(join(ROOT, 'docs/providers.md'), 'utf8');
    const rows = (heading: string) => {
      const start = providers.indexOf(heading);
      expect(start, heading).toBeGreaterThanOrEqual(0);
      const end = providers.indexOf('\n## ', start + heading.length);
      return providers.slice(start, end === -1 ? undefined : end);
    };
    const wallet = rows('## 3. Wallet calls');
    const transfer = rows('## 5. Transfer wallet');
    expect(WALLET_ACTIONS.filter((action) => !wallet.includes(`| \`${action}\``))).toEqual([]);
    expect(TRANSFER_ACTIONS.filter((action) => !transfer.includes(`| \`${action}\``))).toEqual([]);
  });

  it(`keeps docs/api/${API_INDEX_FILE} as the contracts generate it`, async () => {
    const expected = await expectedIndex();
    if (process.env.UPDATE_API_INDEX === '1') writeFileSync(INDEX_PATH, expected);
    const actual = existsSync(INDEX_PATH) ? readFileSync(INDEX_PATH, 'utf8') : '';
    expect(
      actual === expected,
      `docs/api/${API_INDEX_FILE} is not what the contracts generate: run ` +
        '`UPDATE_API_INDEX=1 npx vitest run --project contracts src/api-docs.test.ts` and commit it',
    ).toBe(true);
  });

  it('spells out {a|b} alternatives of a code span, so one heading can name two routes', () => {
    expect(expandAlternatives('see `POST /x/{a|b}/:id/{c|d}` here')).toBe(
      'see `POST /x/a/:id/c` `POST /x/a/:id/d` `POST /x/b/:id/c` `POST /x/b/:id/d` here',
    );
    expect(expandAlternatives('`{a}` and `{x: 1}` stay')).toBe('`{a}` and `{x: 1}` stay');
  });
});

describe('pointers', () => {
  const files = trackedFiles();
  const trackedNames = new Set(files.map((path) => path.split('/').pop()!));

  it('finds what it must (the checks below can fail)', () => {
    const names = new Set(['README.md']);
    expect(outsidePointers('see API.md section 5', names)).toEqual(['1: API.md, API.md section 5']);
    expect(outsidePointers('ok\nDESIGN.md and GLOSSARY.md', names)).toEqual(['2: DESIGN.md, GLOSSARY.md']);
    expect(outsidePointers("the API's section 3", names)).toEqual(["1: API's section 3"]);
    expect(outsidePointers('(spec sections 2 and 4), DESIGN section 7', names)).toEqual([
      '1: spec sections 2, DESIGN section 7',
    ]);
    expect(outsidePointers('import x from "../shared/a"; spec/0001', names)).toEqual([
      '1: ../shared, spec/000',
    ]);
    expect(outsidePointers('README.md, docs/api/README.md, `routes.md`', names)).toEqual([]);
    expect(relativeLinks('[a](b.md#x) [c](https://e.x) [d](#y) `[e](f.md)` [g](../h/i.md "t")')).toEqual([
      { file: 'b.md', anchor: 'x' },
      { file: '', anchor: 'y' },
      { file: '../h/i.md', anchor: '' },
    ]);
    expect(headingAnchors('# A `b` (c)\n```\n# not\n```\n## [Link](x.md): d_e\n## A b c')).toEqual(
      new Set(['a-b-c', 'link-d_e', 'a-b-c-1']),
    );
  });

  it('no tracked file points at a file outside the repository', () => {
    const offenders = files.flatMap((path) => {
      // This file holds the patterns themselves, as examples of what the check finds.
      if (path === SELF) return [];
      const text = textOf(path);
      if (text === null) return [];
      return outsidePointers(text, trackedNames).map((hit) => `${path}:${hit}`);
    });
    expect(offenders).toEqual([]);
  });

  it('every relative link of a tracked markdown file resolves to a file or folder, and its anchor to a heading', () => {
    const tracked = new Set(files);
    const folders = new Set(
      files.flatMap((path) =>
        path
          .split('/')
          .slice(0, -1)
          .map((_, i, parts) => parts.slice(0, i + 1).join('/')),
      ),
    );
    const anchorsOf = new Map<string, Set<string>>();
    const anchors = (path: string) => {
      if (!anchorsOf.has(path)) anchorsOf.set(path, headingAnchors(readFileSync(join(ROOT, path), 'utf8')));
      return anchorsOf.get(path)!;
    };
    const broken = files
      .filter((path) => path.endsWith('.md'))
      .flatMap((path) =>
        relativeLinks(readFileSync(join(ROOT, path), 'utf8')).flatMap(({ file, anchor }) => {
          const target =
            file === ''
              ? path
              : relative(ROOT, normalize(join(ROOT, dirname(path), file))).replace(/\/$/, '');
          const link = `${path} → ${file}${anchor ? `#${anchor}` : ''}`;
          if (!tracked.has(target) && !folders.has(target)) return [link];
          if (anchor && target.endsWith('.md') && !anchors(target).has(anchor))
            return [`${link} (no such heading)`];
          return [];
        }),
      );
    expect(broken).toEqual([]);
  });
});
