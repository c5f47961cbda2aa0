import type { Config, DOMPurify } from 'dompurify';

/**
 * The one policy for operator HTML (notice, popup and note contents, help answers) of API.md
 * section 3 "Rules", used by the server when it stores such HTML and by the portal when it renders
 * it. Harmless markup, inline styles, text, links and images stay; everything that can run code,
 * load another page or send data goes:
 * - scripts, event handler attributes, frames, objects and embeds, forms and their controls,
 *   `<style>`, `<base>`, `<meta>`, `<link>`, `<template>`, SVG and MathML (no foreign content, so
 *   no SVG or MathML parsing tricks);
 * - every URL that is not https, a path on this server or (links only) http, mailto or tel, so no
 *   `javascript:`, `data:` or `vbscript:`, whatever the case, entities or embedded whitespace;
 *   images take only https and this server's paths;
 * - inline styles that could load or run something (`url(`, `expression(`, `@import`,
 *   `behavior`, `-moz-binding`, `javascript:`) or that hide such words behind CSS escapes or
 *   comments;
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
    if (name === 'style' && !isHarmlessStyle(data.attrValue)) {
      data.keepAttr = false;
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
  FORBID_ATTR: ['srcset', 'action', 'formaction', 'ping', 'background', 'poster', 'xlink:href', 'autofocus'],
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

/** Whether an inline style can only lay out and colour, never load or run anything. */
function isHarmlessStyle(style: string): boolean {
  // CSS escapes (`\75rl(`) and comments (`ex/**/pression(`) can spell any word; such styles go whole.
  if (style.includes('\\') || style.includes('/*')) return false;
  return !/url\s*\(|expression\s*\(|image-set\s*\(|@import|behavior\s*:|-moz-binding|javascript:|vbscript:/i.test(
    style,
  );
}
