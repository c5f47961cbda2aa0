import createDOMPurify from 'dompurify';
import { createHtmlSanitizer } from '@casino/contracts/sanitize-html';

let sanitizer: ((html: string) => string) | null = null;

// Markup the policy must remove: a DOMPurify that leaves any of it (no DOM support, or a DOM that
// misbehaves and hands its input back) is not trusted with anything.
const PROBE = '<script>alert(1)</script><a href="javascript:alert(1)">a</a><object data="x"></object>';

/** Every tag dropped and what is left escaped: the fallback where no working sanitizer exists. */
function textOnly(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/**
 * Operator HTML through the one policy the server stores it with and the portal renders it with
 * (contracts' sanitize-html.ts), on this window's DOM. The sanitizer is tried once on a probe, as
 * the portal's SafeHtml does: where it fails, every tag is dropped, so the console never shows HTML
 * it could not clean.
 */
export function sanitizeHtml(html: string): string {
  if (!sanitizer) {
    const purify = createDOMPurify(window);
    const candidate = purify.isSupported ? createHtmlSanitizer(purify) : null;
    const probe = candidate?.(PROBE) ?? PROBE;
    sanitizer = candidate && !/<script|javascript:|<object/i.test(probe) ? candidate : textOnly;
  }
  return sanitizer(html);
}

/** Plain text as HTML paragraphs (for text inserted into an answer: the deposit account). */
export function textToHtml(text: string): string {
  const escape = (s: string) =>
    s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  return text
    .split('\n')
    .map((line) => `<p>${escape(line)}</p>`)
    .join('');
}
