/**
 * The build step that prerenders the portal (decision 0013): after Vite has built the client, it
 * renders each locale's home page and each locale's page frame (`src/app/prerender.tsx`) in Node
 * with the app's own components, and writes each into a copy of the built index.html as
 * `prerendered/<home|shell>.<locale>.html`. The server answers a home URL with its locale's home
 * document and every other page with its locale's frame (apps/api/src/plugins/static-site.ts).
 *
 * Each document carries what its first paint needs, so the paint waits for no script and no
 * second request: the app's CSS inline (the home page's too), the translations its first render
 * uses inline (the app starts without fetching them), the `<html lang>`, title and description
 * of its locale, and one small font file with exactly the glyphs its text uses (preloaded). The
 * scripts start after the first paint (boot.js).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { fontFaceRule, PRINTABLE_ASCII, pretendardVariableFile, subsetWoff2 } from '@casino/web-fonts';
import { createServer, type Plugin, type ResolvedConfig, type Rollup } from 'vite';
import { INTL_LOCALE, LOCALES, type TLocale } from '@casino/contracts/locales';
import type {
  prerenderView as TPrerenderView,
  PRERENDER_NAMESPACES as TNamespaces,
} from './src/app/prerender.tsx';
import {
  markSiteName,
  PRERENDER_KINDS,
  prerenderedFile,
  type TPrerenderKind,
} from '@casino/contracts/prerender';
import { I18N_SCRIPT_ID, PRERENDER_ATTRIBUTE } from './src/lib/prerender.ts';

const HOME_MODULE = '/src/features/home/home-page.tsx';

type Json = Record<string, unknown>;

/** The class boot.js puts on `<html>` once the prerendered page may be shown. */
const READY_CLASS = 'prerender-ready';

/** Hidden until boot.js tells, and shown after 1.2 s in any case (CSS only). */
const REVEAL_CSS = `#root[${PRERENDER_ATTRIBUTE}]{visibility:hidden;animation:prerender-reveal 0s 1.2s forwards}.${READY_CLASS} #root[${PRERENDER_ATTRIBUTE}]{visibility:visible;animation:none}@keyframes prerender-reveal{to{visibility:visible}}`;

/**
 * boot.js, a file (the server's content security policy allows scripts of this site only):
 * 1. shows the prerendered page once the fonts its layout asked for are there: laid out with a
 *    system font first, the text would reflow when they arrive (a layout shift). A layout now
 *    starts their loads; until they end the page stays hidden (the CSS shows it after 1.2 s
 *    whatever happens, also without this script);
 * 2. then, once the page has painted (the frame after), starts the app, preloading the chunks it
 *    will import: no script request competes with the first paint. At once when the page is not
 *    visible (no frame would come), and after 1.5 s whatever happens.
 */
const BOOT_SCRIPT = `(function () {
  var me = document.currentScript;
  var html = document.documentElement;
  var started = false;
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
  function show() {
    html.classList.add('${READY_CLASS}');
    // The frame that shows the page, then the next: it has been painted by then.
    requestAnimationFrame(function () {
      requestAnimationFrame(function () {
        setTimeout(start, 0);
      });
    });
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

/** The characters a document draws: its text and attribute values (titles, labels), and ASCII. */
function textOf(markup: string): string {
  const decoded = markup
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

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** JSON safe inside a `<script>` element (no `</script>`, no `<!--`). */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
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
      const home = chunks.find((chunk) => chunk.facadeModuleId === path.join(config.root, HOME_MODULE));
      if (!entry || !home) throw new Error('prerender: the entry or the home page chunk is missing');
      const entryChunks = staticClosure(bundle, entry);
      const entryFiles = new Set(entryChunks.map((chunk) => chunk.fileName));
      const homeChunks = staticClosure(bundle, home).filter((chunk) => !entryFiles.has(chunk.fileName));
      const entryCss = cssOf(entryChunks);
      const homeCss = cssOf(homeChunks).filter((file) => !entryCss.includes(file));
      const css: Record<TPrerenderKind, string> = {
        shell: entryCss.map((file) => assetText(bundle, file)).join('\n'),
        home: [...entryCss, ...homeCss].map((file) => assetText(bundle, file)).join('\n'),
      };
      // The scripts start after the first paint (boot.js): the paint waits for no script, and no
      // script request competes with what the paint needs.
      const entryScript = `/${entry.fileName}`;
      const preloads: Record<TPrerenderKind, string[]> = {
        shell: entryChunks.slice(1).map((chunk) => `/${chunk.fileName}`),
        home: [...entryChunks.slice(1), ...homeChunks].map((chunk) => `/${chunk.fileName}`),
      };
      const boot = `/${this.getFileName(this.emitFile({ type: 'asset', name: 'boot.js', source: BOOT_SCRIPT }))}`;

      // The app's modules, transformed as in development, running in this process.
      const server = await createServer({
        configFile: false,
        root: config.root,
        logLevel: 'error',
        plugins: [react()],
        define: config.define,
        server: { middlewareMode: true, hmr: false, ws: false },
        appType: 'custom',
        optimizeDeps: { noDiscovery: true, include: [] },
      });
      const pretendard = readFileSync(pretendardVariableFile());
      try {
        const app = (await server.ssrLoadModule('/src/app/prerender.tsx')) as {
          prerenderView: typeof TPrerenderView;
          PRERENDER_NAMESPACES: typeof TNamespaces;
        };
        for (const locale of LOCALES) {
          const files: Record<string, Json> = {};
          for (const ns of ['common', 'home', 'game'])
            files[ns] = JSON.parse(
              readFileSync(path.join(config.root, 'public/locales', locale, `${ns}.json`), 'utf8'),
            ) as Json;
          const markups = new Map<TPrerenderKind, string>();
          for (const kind of PRERENDER_KINDS) {
            const resources = Object.fromEntries(
              app.PRERENDER_NAMESPACES[kind].map((ns) => [ns, files[ns]!]),
            );
            const brand = lookup(files, 'common:brand.name');
            markups.set(kind, await app.prerenderView(kind, locale, resources, markSiteName(brand)));
          }
          // The glyphs of this locale's documents, as one Pretendard file for their first paint.
          const text = [...markups.values()].map(textOf).join('');
          const font = await subsetWoff2(pretendard, text);
          const fontFile = `/${this.getFileName(this.emitFile({ type: 'asset', name: `pretendard-${locale}.woff2`, source: font }))}`;
          for (const kind of PRERENDER_KINDS) {
            const resources = Object.fromEntries(
              app.PRERENDER_NAMESPACES[kind].map((ns) => [ns, files[ns]!]),
            );
            this.emitFile({
              type: 'asset',
              fileName: prerenderedFile(kind, locale),
              source: documentOf({
                template,
                kind,
                locale,
                markup: markups.get(kind)!,
                resources,
                files,
                css: `${css[kind]}\n${firstPaintFace(fontFile, text)}`,
                fontFile,
                boot,
                entryScript,
                preloads: preloads[kind],
              }),
            });
          }
        }
      } finally {
        await server.close();
      }
    },
  };
}

function documentOf(input: {
  template: string;
  kind: TPrerenderKind;
  locale: TLocale;
  markup: string;
  resources: Record<string, Json>;
  files: Record<string, Json>;
  css: string;
  fontFile: string;
  boot: string;
  entryScript: string;
  preloads: readonly string[];
}): string {
  const { template, kind, locale, markup, resources, files, css, fontFile, boot, entryScript, preloads } =
    input;
  const brand = lookup(files, 'common:brand.name');
  const title = `${brand} · ${lookup(files, 'common:brand.tagline')}`;
  const description = `${brand} - ${lookup(files, 'home:hero.title')}. ${lookup(files, 'home:hero.text')}`;
  const replaceOnce = (html: string, pattern: RegExp, by: string) => {
    if (!pattern.test(html)) throw new Error(`prerender: index.html has no ${String(pattern)}`);
    return html.replace(pattern, () => by);
  };
  let html = template;
  html = replaceOnce(html, /<html lang="[^"]*">/, `<html lang="${INTL_LOCALE[locale]}">`);
  html = replaceOnce(html, /<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`);
  html = replaceOnce(
    html,
    /<meta name="description" content="[^"]*" \/>/,
    `<meta name="description" content="${escapeHtml(description)}" />`,
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
    `<link rel="preload" as="font" type="font/woff2" crossorigin href="${fontFile}">`,
    `<style>${css}\n${REVEAL_CSS}</style>`,
    `<script type="application/json" id="${I18N_SCRIPT_ID}">${scriptJson({ lng: locale, resources })}</script>`,
    `<script defer src="${boot}" data-entry="${entryScript}" data-preload="${preloads.join(' ')}"></script>`,
  ].join('\n    ');
  html = replaceOnce(html, /<\/head>/, `  ${head}\n  </head>`);
  html = replaceOnce(
    html,
    /<div id="root">[\s\S]*?<\/div>\s*<\/div>\s*<\/div>/,
    `<div id="root" ${PRERENDER_ATTRIBUTE}="${kind}">${markup}</div>`,
  );
  return html;
}
