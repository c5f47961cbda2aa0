/**
 * The build step that prerenders the portal (decisions 0013, 0016): after Vite has built the
 * client, it renders, for each locale, every public page (the home page, /login, /register, ...:
 * the contracts' PRERENDER_KINDS), the not-found page and the page frame (`src/app/prerender.tsx`)
 * in Node with the app's own components, and writes each into a copy of the built index.html as
 * `prerendered/<kind>.<locale>.html`. The server answers a page with its own document, a member
 * page with the frame and an unknown path with the not-found page
 * (apps/api/src/plugins/prerendered-pages.ts); the app hydrates a page and replaces the frame.
 *
 * Each document carries what its first paint needs, so the paint waits for no script and no
 * second request: the app's CSS inline (its page's too), the translations its first render asks
 * for inline (the app starts without fetching them), the `<html lang>`, title and description of
 * its locale and page, and one small font file with exactly the glyphs its locale's documents use
 * (preloaded). The scripts start after the first paint (boot.js), with their page's chunks
 * preloaded.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { fontFaceRule, PRINTABLE_ASCII, pretendardVariableFile, subsetWoff2 } from '@casino/web-fonts';
import { build, createServer, type Plugin, type ResolvedConfig, type Rollup } from 'vite';
import { INTL_LOCALE, LOCALES, type TLocale } from '@casino/contracts/locales';
import type { prerenderView as TPrerenderView, TPrerendered } from './src/app/prerender.tsx';
import { popupsMark } from '@casino/contracts/document-popups';
import {
  escapeHtml,
  PRERENDER_KINDS,
  scriptJson,
  prerenderedFile,
  type TPrerenderKind,
} from '@casino/contracts/prerender';
import { ICON_PATHS, ICON_SVG_ATTRIBUTES } from './src/components/ui/icon-paths.ts';
import { EARLY_LAYER_ATTRIBUTE } from './src/features/popups/early-popups.ts';
import { POPUP_HIDE_HOURS } from './src/features/popups/popup-rules.ts';
import { NAMESPACES } from './src/i18n/namespaces.ts';
import {
  I18N_SCRIPT_ID,
  PRERENDER_ATTRIBUTE,
  PRERENDER_IMPORTS_KEY,
  PRERENDER_INPUT_KEY,
} from './src/lib/prerender.ts';

type Json = Record<string, unknown>;

/** The class boot.js puts on `<html>` once the prerendered page may be shown. */
const READY_CLASS = 'prerender-ready';

/** Hidden until boot.js tells, and shown after 1.2 s in any case (CSS only). */
const REVEAL_CSS = `#root[${PRERENDER_ATTRIBUTE}]{visibility:hidden;animation:prerender-reveal 0s 1.2s forwards}.${READY_CLASS} #root[${PRERENDER_ATTRIBUTE}]{visibility:visible;animation:none}@keyframes prerender-reveal{to{visibility:visible}}`;

/** The document's popups (the server's, readied by boot.js: boot/popups-boot.ts) show with the page, never before it. */
const EARLY_POPUPS_CSS = `html:not(.${READY_CLASS}) [${EARLY_LAYER_ATTRIBUTE}]{visibility:hidden}`;

/**
 * boot.js, a file (the server's content security policy allows scripts of this site only), after
 * the document's popups part (boot/popups-boot.ts, built into the same file and run first: it drops
 * the popups the visitor hid or closed and places the rest, which the page then shows with them):
 * 1. shows the prerendered page once the fonts its layout asked for are there: laid out with a
 *    system font first, the text would reflow when they arrive (a layout shift). A layout now
 *    starts their loads; until they end the page stays hidden (the CSS shows it after 1.2 s
 *    whatever happens, also without this script);
 * 2. then, once the page has painted (the frame after), starts the app, preloading the chunks it
 *    will import: no script request competes with the first paint. At once when the page is not
 *    visible (no frame would come), and after 1.5 s whatever happens;
 * 3. until the page itself is live, keeps what the visitor types into the page's fields and holds a
 *    form's submission (the build's markup has no handlers: a form would post the page away), for
 *    the app to take over once it hydrated the page (src/lib/prerender.ts, `PRERENDER_INPUT_KEY`).
 */
const BOOT_SCRIPT = `(function () {
  var me = document.currentScript;
  var html = document.documentElement;
  var started = false;
  var input = (window.${PRERENDER_INPUT_KEY} = { fields: new Map(), submit: null, live: false });
  function prerendered() {
    return !input.live;
  }
  function keep(event) {
    var field = event.target;
    if (!prerendered() || !field || !/^(INPUT|TEXTAREA|SELECT)$/.test(field.tagName)) return;
    input.fields.set(field, { value: field.value, checked: field.checked });
  }
  document.addEventListener('input', keep, true);
  document.addEventListener('change', keep, true);
  document.addEventListener(
    'submit',
    function (event) {
      if (!prerendered()) return;
      // Held, and kept from React too (it may be hydrating): the app makes it once, when live.
      event.preventDefault();
      event.stopPropagation();
      input.submit = { form: event.target, submitter: event.submitter || null };
    },
    true,
  );
  function start() {
    if (started) return;
    started = true;
    (me.getAttribute('data-preload') || '').split(' ').filter(Boolean).forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = me.getAttribute('data-entry');
    document.head.appendChild(script);
  }
  // The frame that shows what changed, then the next: it has been painted by then.
  function afterPaint(then) {
    requestAnimationFrame(function () {
      requestAnimationFrame(function () {
        setTimeout(then, 0);
      });
    });
  }
  function show() {
    html.classList.add('${READY_CLASS}');
    afterPaint(start);
  }
  setTimeout(start, 1500);
  if (document.visibilityState !== 'visible') {
    show();
    return start();
  }
  void document.body.offsetHeight;
  if (document.fonts && document.fonts.ready) document.fonts.ready.then(show, show);
  else show();
})();
`;

/** A first-paint font file (its URL) and the characters it draws. */
interface TFirstPaintFont {
  file: string;
  text: string;
}

/** The characters a document draws: its text, the attribute values a field shows, and ASCII. */
function textOf(markup: string): string {
  const shown = [...markup.matchAll(/ (?:placeholder|value)="([^"]*)"/g)].map((match) => match[1]);
  const decoded = [markup, ...shown]
    .join(' ')
    .replace(/<svg[\s\S]*?<\/svg>/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&#x([0-9a-f]+);/gi, (_m, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_m, dec: string) => String.fromCodePoint(Number(dec)));
  // Pretendard draws no kana and no han (the jp and cn locales take those from their own fonts).
  const drawn = [...new Set(PRINTABLE_ASCII + decoded)].filter(
    (c) => !/[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]/u.test(c),
  );
  return drawn.join('');
}

/**
 * The face of the first-paint font: declared after the package's own faces, so it is the one the
 * browser takes for the characters it covers (the last matching face wins); any other character
 * (a notice's title, a member's nickname) still comes from the package's subsets. `block`: the
 * text waits for this small preloaded file rather than painting in a system font and reflowing
 * when it arrives (a layout shift).
 */
function firstPaintFace(file: string, text: string): string {
  return fontFaceRule({
    family: 'Pretendard Variable',
    url: file,
    weights: { min: 45, max: 920 },
    display: 'block',
    text,
  });
}

/** `<Icon name="grip" size={18} className="site-popup__grip" />` as markup, for the document's popups. */
function gripSvg(): string {
  const attributes = Object.entries(ICON_SVG_ATTRIBUTES)
    .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
    .join('');
  return `<svg class="icon site-popup__grip" width="18" height="18"${attributes}><path d="${ICON_PATHS.grip}"></path></svg>`;
}

function lookup(resources: Record<string, Json>, key: string): string {
  const [ns, ...rest] = key.split(':');
  let node: unknown = resources[ns!];
  for (const part of rest.join(':').split('.')) node = (node as Json | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`prerender: no translation ${key}`);
  return node;
}

/** The chunk of a module and every chunk it imports statically, the chunk itself first. */
function staticClosure(bundle: Rollup.OutputBundle, start: Rollup.OutputChunk): Rollup.OutputChunk[] {
  const seen = new Map<string, Rollup.OutputChunk>();
  const visit = (chunk: Rollup.OutputChunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.set(chunk.fileName, chunk);
    for (const file of chunk.imports) {
      const next = bundle[file];
      if (next?.type === 'chunk') visit(next);
    }
  };
  visit(start);
  return [...seen.values()];
}

function cssOf(chunks: readonly Rollup.OutputChunk[]): string[] {
  return [...new Set(chunks.flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]))];
}

function assetText(bundle: Rollup.OutputBundle, fileName: string): string {
  const asset = bundle[fileName];
  if (asset?.type !== 'asset') throw new Error(`prerender: ${fileName} is not in the bundle`);
  return typeof asset.source === 'string' ? asset.source : Buffer.from(asset.source).toString('utf8');
}

/**
 * For the build's own render only: every `import('...')` of the app's modules also adds the module
 * it loads to the set `prerender.tsx` puts under PRERENDER_IMPORTS_KEY while a view renders, so the
 * build knows which lazy modules (the page's own first) each view needs.
 */
function countImports(src: string): Plugin {
  return {
    name: 'portal-prerender-count-imports',
    async transform(code, id) {
      if (!id.startsWith(src) || !code.includes('import(')) return null;
      let out = '';
      let last = 0;
      for (const match of code.matchAll(/\bimport\((['"])([^'"]+)\1\)/g)) {
        const resolved = await this.resolve(match[2]!, id);
        if (!resolved) continue;
        const file = JSON.stringify(resolved.id.split('?')[0]);
        out += `${code.slice(last, match.index)}(globalThis.${PRERENDER_IMPORTS_KEY}?.add(${file}), ${match[0]})`;
        last = match.index + match[0].length;
      }
      return { code: out + code.slice(last), map: null };
    },
  };
}

export function prerenderPages(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'portal-prerender',
    apply: 'build',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    async generateBundle(_output, bundle) {
      const template = assetText(bundle, 'index.html');
      const chunks = Object.values(bundle).filter(
        (item): item is Rollup.OutputChunk => item.type === 'chunk',
      );
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) throw new Error('prerender: the entry chunk is missing');
      const entryChunks = staticClosure(bundle, entry);
      const entryFiles = new Set(entryChunks.map((chunk) => chunk.fileName));
      // The first script of every page carries no schema library (README.md, "Budgets"): zod is
      // about 30 KiB gzipped, and building its schemas is a long task of every page's start.
      const zod = entryChunks
        .flatMap((chunk) => chunk.moduleIds)
        .filter((id) => id.includes('/node_modules/zod/'));
      if (zod.length > 0) {
        const importers = new Set(
          zod
            .flatMap((id) => this.getModuleInfo(id)?.importers ?? [])
            .filter((id) => !id.includes('/node_modules/')),
        );
        throw new Error(
          `prerender: the entry's script carries zod, imported by ${[...importers].join(', ')}: import what the frame needs from a zod-free module, and types with \`import type\``,
        );
      }
      const entryCss = cssOf(entryChunks);
      const chunkOf = new Map(chunks.map((chunk) => [chunk.facadeModuleId, chunk]));
      // The scripts start after the first paint (boot.js): the paint waits for no script, and no
      // script request competes with what the paint needs.
      const entryScript = `/${entry.fileName}`;
      // boot.js: the document's popups part first (it readies them before the page is shown).
      const popupsPart = await buildDocumentPopupsScript(config.root, config.build.target);
      const boot = `/${this.getFileName(
        this.emitFile({ type: 'asset', name: 'boot.js', source: `${popupsPart}\n${BOOT_SCRIPT}` }),
      )}`;
      // What the document's popup boxes need besides the entry's styles (the popup chunk's own: the
      // boxes, the operator HTML).
      const popups = { css: earlyPopupsCss(bundle, chunks, entryCss) };

      /**
       * What a view needs beyond the entry: the styles and chunks of the modules it imported on
       * demand (its page), with everything they import.
       */
      const parts = new Map<string, { css: string; preloads: string[] }>();
      const partsOf = (modules: readonly string[]) => {
        const key = modules.join('\n');
        let found = parts.get(key);
        if (!found) {
          const extra = new Map<string, Rollup.OutputChunk>();
          for (const id of modules) {
            const chunk = chunkOf.get(id);
            if (!chunk) throw new Error(`prerender: ${id} has no chunk of its own`);
            for (const next of staticClosure(bundle, chunk))
              if (!entryFiles.has(next.fileName)) extra.set(next.fileName, next);
          }
          const css = [...entryCss, ...cssOf([...extra.values()]).filter((file) => !entryCss.includes(file))];
          found = {
            css: css.map((file) => assetText(bundle, file)).join('\n'),
            preloads: [...entryChunks.slice(1), ...extra.values()].map((chunk) => `/${chunk.fileName}`),
          };
          parts.set(key, found);
        }
        return found;
      };

      const pretendard = readFileSync(pretendardVariableFile());
      for (const { locale, files, views } of await renderViews(config.root, config.define)) {
        // The first-paint fonts: one Pretendard file with the glyphs of the home page and the
        // frame, which every document of the locale uses (a browser that has it keeps it for the
        // next page), and for another page one more, of the glyphs only that page draws.
        const cut = async (name: string, text: string): Promise<TFirstPaintFont> => {
          const source = await subsetWoff2(pretendard, text);
          return { file: `/${this.getFileName(this.emitFile({ type: 'asset', name, source }))}`, text };
        };
        const shared = new Set(textOf(views.home!.html) + textOf(views.shell!.html));
        const sharedFont = await cut(`pretendard-${locale}.woff2`, [...shared].join(''));
        for (const kind of PRERENDER_KINDS) {
          const view = views[kind]!;
          const own = [...new Set(textOf(view.html))].filter((c) => !shared.has(c)).join('');
          const fonts = own
            ? [sharedFont, await cut(`pretendard-${locale}-${kind}.woff2`, own)]
            : [sharedFont];
          const { css, preloads } = partsOf(view.modules);
          this.emitFile({
            type: 'asset',
            fileName: prerenderedFile(kind, locale),
            source: documentOf({
              template,
              kind,
              locale,
              markup: view.html,
              resources: Object.fromEntries(view.namespaces.map((ns) => [ns, namespaceFile(files, ns)])),
              files,
              css: `${css}\n${popups.css}\n${fonts.map((font) => firstPaintFace(font.file, font.text)).join('\n')}`,
              fonts,
              boot,
              entryScript,
              preloads,
            }),
          });
        }
      }
    },
  };
}

/**
 * boot.js's popups part (src/boot/popups-boot.ts): a classic script, with the popup rules and
 * storage it shares with the app bundled in, so it runs before the app's script has been asked for.
 */
async function buildDocumentPopupsScript(
  root: string,
  target: ResolvedConfig['build']['target'],
): Promise<string> {
  const result = await build({
    configFile: false,
    root,
    logLevel: 'warn',
    build: {
      write: false,
      emptyOutDir: false,
      copyPublicDir: false,
      lib: { entry: path.join(root, 'src/boot/popups-boot.ts'), formats: ['iife'], name: 'documentPopups' },
      minify: true,
      // The browsers the app's own build is for (lib mode would lower it further).
      target,
    },
  });
  const chunk = [result]
    .flat()
    .flatMap((out) => ('output' in out ? out.output : []))
    .find((item): item is Rollup.OutputChunk => item.type === 'chunk');
  if (!chunk) throw new Error("prerender: boot.js's popups part did not build");
  return chunk.code;
}

/** The styles of the popup chunk (PopupStack's boxes, SafeHtml) that the entry's do not hold. */
function earlyPopupsCss(
  bundle: Rollup.OutputBundle,
  chunks: readonly Rollup.OutputChunk[],
  entryCss: readonly string[],
): string {
  const chunk = chunks.find((one) => one.facadeModuleId?.endsWith('/src/features/popups/popup-stack.tsx'));
  if (!chunk) throw new Error('prerender: the popup chunk (features/popups/popup-stack.tsx) is missing');
  return cssOf(staticClosure(bundle, chunk))
    .filter((file) => !entryCss.includes(file))
    .map((file) => assetText(bundle, file))
    .join('\n');
}

/** A locale's translation files and its views, one per document (PRERENDER_KINDS). */
export interface TLocaleViews {
  locale: TLocale;
  files: Record<string, Json>;
  views: Partial<Record<TPrerenderKind, TPrerendered>>;
}

/**
 * Every document's view in every locale, rendered by `src/app/prerender.tsx` with the app's own
 * modules, transformed as in development, in a Vite server of their own in this process. The build
 * writes the documents from them; the portal's hydration test (src/app/prerender.test.tsx) runs
 * this in a Node process of its own, as the build does, and hydrates each one.
 */
export async function renderViews(root: string, define?: Record<string, unknown>): Promise<TLocaleViews[]> {
  const server = await createServer({
    configFile: false,
    root,
    logLevel: 'error',
    plugins: [react(), countImports(path.join(root, 'src'))],
    define,
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: 'custom',
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const app = (await server.ssrLoadModule('/src/app/prerender.tsx')) as {
      prerenderView: typeof TPrerenderView;
    };
    const out: TLocaleViews[] = [];
    for (const locale of LOCALES) {
      const files: Record<string, Json> = {};
      for (const ns of NAMESPACES)
        files[ns] = JSON.parse(
          readFileSync(path.join(root, 'public/locales', locale, `${ns}.json`), 'utf8'),
        ) as Json;
      const views: TLocaleViews['views'] = {};
      for (const kind of PRERENDER_KINDS) views[kind] = await app.prerenderView(kind, locale, files);
      out.push({ locale, files, views });
    }
    return out;
  } finally {
    await server.close();
  }
}

function namespaceFile(files: Record<string, Json>, ns: string): Json {
  const file = files[ns];
  if (!file) throw new Error(`prerender: a view asked for the namespace ${ns}, which has no files`);
  return file;
}

function documentOf(input: {
  template: string;
  kind: TPrerenderKind;
  locale: TLocale;
  markup: string;
  resources: Record<string, Json>;
  files: Record<string, Json>;
  css: string;
  fonts: readonly TFirstPaintFont[];
  boot: string;
  entryScript: string;
  preloads: readonly string[];
}): string {
  const { template, kind, locale, markup, resources, files, css, fonts, boot, entryScript, preloads } = input;
  const brand = escapeHtml(lookup(files, 'common:brand.name'));
  // A page's title and lead as its shell shows them (already escaped in the markup); the home
  // page, the frame: the brand and its tagline, the welcome.
  const pageTitle = /<h1 [^>]*\bid="page-title"[^>]*>([^<]+)<\/h1>/.exec(markup)?.[1];
  const lead = /<p class="page__lead">([^<]+)<\/p>/.exec(markup)?.[1];
  const title = pageTitle
    ? `${pageTitle} · ${brand}`
    : `${brand} · ${escapeHtml(lookup(files, 'common:brand.tagline'))}`;
  const description = `${brand} - ${
    lead ?? escapeHtml(`${lookup(files, 'home:hero.title')}. ${lookup(files, 'home:hero.text')}`)
  }`;
  const replaceOnce = (html: string, pattern: RegExp, by: string) => {
    if (!pattern.test(html)) throw new Error(`prerender: index.html has no ${String(pattern)}`);
    return html.replace(pattern, () => by);
  };
  let html = template;
  html = replaceOnce(html, /<html lang="[^"]*">/, `<html lang="${INTL_LOCALE[locale]}">`);
  html = replaceOnce(html, /<title>[^<]*<\/title>/, `<title>${title}</title>`);
  html = replaceOnce(
    html,
    /<meta name="description" content="[^"]*" \/>/,
    `<meta name="description" content="${description}" />`,
  );
  // The app's stylesheet, inline: the first paint waits for no second request.
  html = replaceOnce(html, /\s*<link rel="stylesheet" crossorigin href="\/assets\/[^"]+\.css">/, '');
  // The first-paint font instead of the package's most common subsets.
  html = html.replace(
    /\s*<link rel="preload" as="font" type="font\/woff2" crossorigin="" href="[^"]+">/g,
    '',
  );
  // The scripts, started by boot.js after the first paint instead.
  html = replaceOnce(html, /\s*<script type="module" crossorigin src="\/assets\/[^"]+\.js"><\/script>/, '');
  html = html.replace(/\s*<link rel="modulepreload" crossorigin href="\/assets\/[^"]+\.js">/g, '');
  const head = [
    ...fonts.map(
      (font) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="${font.file}">`,
    ),
    `<style>${css}\n${REVEAL_CSS}${EARLY_POPUPS_CSS}</style>`,
    `<script type="application/json" id="${I18N_SCRIPT_ID}">${scriptJson({ lng: locale, resources })}</script>`,
    `<script defer src="${boot}" data-entry="${entryScript}" data-preload="${preloads.join(' ')}"></script>`,
  ].join('\n    ');
  html = replaceOnce(html, /<\/head>/, `  ${head}\n  </head>`);
  // Where the server writes the host's site popups (decision 0023), with the locale's words.
  const mark = popupsMark({
    hide: lookup(files, 'community:popup.hide').replace('{{hours}}', String(POPUP_HIDE_HOURS)),
    close: lookup(files, 'community:popup.close'),
    grip: gripSvg(),
  });
  html = replaceOnce(html, /<\/body>/, `  ${mark}\n  </body>`);
  html = replaceOnce(
    html,
    /<div id="root">[\s\S]*?<\/div>\s*<\/div>\s*<\/div>/,
    `<div id="root" ${PRERENDER_ATTRIBUTE}="${kind}">${markup}</div>`,
  );
  return html;
}
