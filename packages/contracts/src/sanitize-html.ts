import type { Config, DOMPurify } from 'dompurify';

/**
 * The one policy for operator HTML (notice, popup and note contents, help answers) of
 * docs/security.md "Operator HTML", used by the server when it stores such HTML and by the portal
 * when it renders it. Harmless markup, inline styles, text, links and images stay; everything that
 * can run code, load another page or send data goes:
 * - scripts, event handler attributes, frames, objects and embeds, forms and their controls,
 *   `<style>`, `<base>`, `<meta>`, `<link>`, `<template>`, SVG and MathML (no foreign content, so
 *   no SVG or MathML parsing tricks);
 * - every URL that is not https, a path on this server or (links only) http, mailto or tel, so no
 *   `javascript:`, `data:` or `vbscript:`, whatever the case, entities or embedded whitespace;
 *   images take only https and this server's paths;
 * - inline styles beyond an allow-list of properties and values that can only colour, align and
 *   space text inside its own box (`INLINE_STYLE_RULES`): nothing that positions, stacks,
 *   transforms, hides or sizes past the box (`position`, `z-index`, `transform`, `vw`/`vh`, large
 *   fixed sizes, negative margins), and nothing that loads or runs (`url(`, `expression(`, `var(`);
 *   a style with a CSS escape or a comment, which could spell any word, goes whole (issue 22);
 * - `class` (the page's own rules could position it, as the portal's `modal-overlay` is) and
 *   `popover` (the top layer);
 * - `target` is kept only as `_blank`, always with `rel="noopener noreferrer"`.
 *
 * contracts stays free of I/O and of a DOM: the caller passes a DOMPurify instance bound to a
 * window. The portal passes `createDOMPurify(window)` (package `dompurify`); the server passes the
 * jsdom-backed instance of `isomorphic-dompurify`. Create the sanitizer once per instance: it adds
 * its hooks to that instance.
 */
export function createHtmlSanitizer(purify: DOMPurify): (html: string) => string {
  purify.addHook('uponSanitizeAttribute', (node, data) => {
    const name = data.attrName.toLowerCase();
    if (name === 'style') {
      // Rewritten from the declarations that passed, so the browser reads exactly what was checked.
      const style = cleanInlineStyle(data.attrValue);
      if (style === '') data.keepAttr = false;
      else data.attrValue = style;
      return;
    }
    if (URL_ATTRIBUTES.has(name) && !isAllowedUrl(data.attrValue, node.nodeName.toLowerCase() !== 'a')) {
      data.keepAttr = false;
      return;
    }
    if (name === 'target' && data.attrValue !== '_blank') data.keepAttr = false;
  });
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName.toLowerCase() === 'a' && node.getAttribute('target') === '_blank') {
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  return (html) => purify.sanitize(html, POLICY);
}

const POLICY = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: [
    'script',
    'style',
    'iframe',
    'frame',
    'frameset',
    'object',
    'embed',
    'applet',
    'portal',
    'form',
    'input',
    'button',
    'select',
    'option',
    'optgroup',
    'textarea',
    'datalist',
    'output',
    'base',
    'link',
    'meta',
    'template',
    'noscript',
    'svg',
    'math',
    'dialog',
  ],
  // `class` would reach the page's own rules (`modal-overlay` is fixed over the whole page);
  // `popover` puts an element in the top layer.
  FORBID_ATTR: [
    'srcset',
    'action',
    'formaction',
    'ping',
    'background',
    'poster',
    'xlink:href',
    'autofocus',
    'class',
    'popover',
  ],
  ADD_ATTR: ['target'],
  ALLOW_DATA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
} satisfies Config;

/** Attributes whose value is a URL the browser may load or navigate to. */
const URL_ATTRIBUTES = new Set([
  'href',
  'src',
  'cite',
  'longdesc',
  'action',
  'formaction',
  'poster',
  'background',
  'xlink:href',
]);

/**
 * Whether a URL may stay. Browsers drop ASCII whitespace and control characters inside a scheme
 * (`java\tscript:`), so they are removed before the scheme is read.
 */
function isAllowedUrl(value: string, isResource: boolean): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed.
  const url = value.replace(/[\u0000-\u0020\u007f]/g, '');
  if (url === '') return !isResource;
  // Protocol-relative (`//evil.example`, or `/\evil.example`, which browsers read the same way).
  if (/^[/\\]{2}/.test(url) || url.startsWith('/\\')) return false;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  if (scheme === undefined) return true;
  if (scheme === 'https') return true;
  return !isResource && (scheme === 'http' || scheme === 'mailto' || scheme === 'tel');
}

// --- inline styles (issue 22) ---

/** A number without sign or exponent, and its unit. */
const DIMENSION = /^(\d+(?:\.\d+)?|\.\d+)([a-z%]*)$/;

/**
 * A length or percentage within bounds: `units` maps each allowed unit ('' for a unitless number)
 * to its largest value; nothing is negative.
 */
function isBounded(value: string, units: Readonly<Record<string, number>>): boolean {
  const match = DIMENSION.exec(value);
  if (!match) return false;
  const max = units[match[2]!];
  return max !== undefined && Number(match[1]) <= max;
}

const COLOR_FUNCTION = /^(rgba?|hsla?)\(\s*[\d.%]+(?:deg)?(?:\s*[,/]?\s*[\d.%]+){2,3}\s*\)$/;

function isColor(value: string): boolean {
  return (
    /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/.test(value) ||
    /^[a-z]{3,20}$/.test(value) ||
    COLOR_FUNCTION.test(value)
  );
}

/** 1 to `max` space-separated values, each passing `check` (the shorthands: margin, border, ...). */
function each(max: number, check: (part: string) => boolean): (value: string) => boolean {
  return (value) => {
    const parts = splitValue(value);
    return parts !== null && parts.length >= 1 && parts.length <= max && parts.every(check);
  };
}

/** The parts of a value at the spaces outside parentheses (`1px solid rgb(0, 0, 0)`: three). */
function splitValue(value: string): string[] | null {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < value.length; i += 1) {
    const c = value[i];
    if (c === '(') depth += 1;
    else if (c === ')' && (depth -= 1) < 0) return null;
    else if (c === ' ' && depth === 0) {
      parts.push(value.slice(start, i));
      start = i + 1;
    }
  }
  if (depth !== 0) return null;
  parts.push(value.slice(start));
  return parts.filter((p) => p !== '');
}

function oneOf(...words: string[]): (value: string) => boolean {
  const set = new Set(words);
  return (value) => set.has(value);
}

const FONT_SIZE_UNITS = { px: 64, pt: 48, em: 4, rem: 4, '%': 400 };
const LINE_HEIGHT_UNITS = { '': 4, px: 96, em: 4, rem: 4, '%': 400 };
const SPACING_UNITS = { '': 0, px: 64, em: 4, rem: 4, '%': 25 };
const BORDER_WIDTH_UNITS = { '': 0, px: 8 };
const RADIUS_UNITS = { '': 0, px: 64, em: 4, '%': 50 };
const BORDER_STYLES = [
  'none',
  'hidden',
  'solid',
  'dashed',
  'dotted',
  'double',
  'groove',
  'ridge',
  'inset',
  'outset',
];
const DECORATION_WORDS = [
  'none',
  'underline',
  'overline',
  'line-through',
  'solid',
  'double',
  'dotted',
  'dashed',
  'wavy',
];

const spacing = (value: string) => isBounded(value, SPACING_UNITS);
const borderWidth = (value: string) =>
  oneOf('thin', 'medium', 'thick')(value) || isBounded(value, BORDER_WIDTH_UNITS);
const borderPart = (value: string) => borderWidth(value) || BORDER_STYLES.includes(value) || isColor(value);

/** A font family list: names of letters, digits, spaces and hyphens, bare or quoted. */
function isFontFamily(value: string): boolean {
  return value
    .split(',')
    .every((name) =>
      /^\s*(?:"[\p{L}\p{N} -]+"|'[\p{L}\p{N} -]+'|[\p{L}\p{N}-]+(?: [\p{L}\p{N}-]+)*)\s*$/u.test(name),
    );
}

/**
 * The inline style properties operator HTML may carry, each with the test of its (lower-cased,
 * whitespace-collapsed) value. A property missing here is dropped, so none can position, stack,
 * transform or hide an element, size it past its box, or load anything.
 */
const INLINE_STYLE_RULES: Readonly<Record<string, (value: string) => boolean>> = {
  color: isColor,
  'background-color': isColor,
  background: isColor,
  'text-align': oneOf('left', 'right', 'center', 'justify', 'start', 'end'),
  'vertical-align': oneOf('baseline', 'top', 'middle', 'bottom', 'sub', 'super', 'text-top', 'text-bottom'),
  'font-size': (v) =>
    oneOf('xx-small', 'x-small', 'small', 'medium', 'large', 'x-large', 'xx-large', 'smaller', 'larger')(v) ||
    isBounded(v, FONT_SIZE_UNITS),
  'font-weight': oneOf(
    'normal',
    'bold',
    'bolder',
    'lighter',
    '100',
    '200',
    '300',
    '400',
    '500',
    '600',
    '700',
    '800',
    '900',
  ),
  'font-style': oneOf('normal', 'italic', 'oblique'),
  'font-family': isFontFamily,
  'text-decoration': each(4, (v) => DECORATION_WORDS.includes(v) || isColor(v)),
  'text-decoration-line': each(3, oneOf('none', 'underline', 'overline', 'line-through')),
  'text-decoration-style': oneOf('solid', 'double', 'dotted', 'dashed', 'wavy'),
  'text-decoration-color': isColor,
  'text-transform': oneOf('none', 'uppercase', 'lowercase', 'capitalize'),
  'white-space': oneOf('normal', 'nowrap', 'pre', 'pre-wrap', 'pre-line', 'break-spaces'),
  'line-height': (v) => v === 'normal' || isBounded(v, LINE_HEIGHT_UNITS),
  margin: each(4, (v) => v === 'auto' || spacing(v)),
  'margin-top': spacing,
  'margin-bottom': spacing,
  'margin-left': (v) => v === 'auto' || spacing(v),
  'margin-right': (v) => v === 'auto' || spacing(v),
  padding: each(4, spacing),
  'padding-top': spacing,
  'padding-right': spacing,
  'padding-bottom': spacing,
  'padding-left': spacing,
  width: (v) => v === 'auto' || isBounded(v, { '': 0, '%': 100 }),
  'max-width': (v) => v === 'none' || isBounded(v, { '': 0, '%': 100 }),
  border: each(3, borderPart),
  'border-top': each(3, borderPart),
  'border-right': each(3, borderPart),
  'border-bottom': each(3, borderPart),
  'border-left': each(3, borderPart),
  'border-width': each(4, borderWidth),
  'border-style': each(4, (v) => BORDER_STYLES.includes(v)),
  'border-color': each(4, isColor),
  'border-collapse': oneOf('collapse', 'separate'),
  'border-radius': each(4, (v) => isBounded(v, RADIUS_UNITS)),
  'list-style-type': (v) => /^[a-z-]{3,30}$/.test(v),
};

/**
 * An inline style as operator HTML may keep it: the declarations whose property and value pass
 * INLINE_STYLE_RULES, written anew as `name: value` (lower case, single spaces, `!important`
 * dropped), joined by `; `; '' when none passes. A CSS escape or comment can spell any property or
 * value past a check, so a style with either is dropped whole, and so is one with characters no
 * allowed value has (quotes only within a font family).
 */
export function cleanInlineStyle(style: string): string {
  if (style.includes('\\') || style.includes('/*')) return '';
  const kept: string[] = [];
  for (const declaration of style.split(';')) {
    const match = /^\s*([a-zA-Z-]+)\s*:([^]*)$/.exec(declaration);
    if (!match) continue;
    const name = match[1]!.toLowerCase();
    const rule = INLINE_STYLE_RULES[name];
    if (!rule) continue;
    let value = match[2]!.replace(/\s+/g, ' ').trim();
    const important = /\s*!\s*important$/i.exec(value);
    if (important) value = value.slice(0, important.index);
    if (name !== 'font-family') value = value.toLowerCase();
    if (value !== '' && rule(value)) kept.push(`${name}: ${value}`);
  }
  return kept.join('; ');
}

/**
 * Whether sanitized HTML shows anything: some text or an image with a source. Markup that the
 * policy emptied (`<script>…</script>` alone, an image whose `javascript:` source was dropped) does
 * not count, so the server refuses to store it like an empty field (`required`), and a screen that
 * asks first gets the same answer.
 */
export function hasVisibleContent(html: string): boolean {
  if (/<img\b[^>]*\ssrc=/i.test(html)) return true;
  const text = html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;|\u00a0/g, ' ')
    .trim();
  return text !== '';
}
