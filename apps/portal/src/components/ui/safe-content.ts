import type { DOMPurify } from 'dompurify';
import { createHtmlSanitizer } from '@casino/contracts/sanitize-html';

/**
 * Operator HTML made safe, without React or styles: shared by `SafeHtml` and the early popups
 * script (boot/popups-boot.ts), which renders the site popups before the app has loaded.
 */

/** What operator HTML becomes: sanitized markup, or plain text where no working sanitizer exists. */
export type TSafeContent = { kind: 'html'; html: string } | { kind: 'text'; text: string };

// Markup the policy must remove; a sanitizer that leaves any of it is not trusted with anything.
// (No event handler attribute: the browser compiles one when DOMPurify looks at it, and the page's
// Content Security Policy reports that as a violation on every page load.)
const PROBE = '<script>alert(1)</script><a href="javascript:alert(1)">a</a><object data="x"></object>';

/**
 * Builds the renderer of operator HTML on a DOMPurify instance: the one policy of docs/security.md
 * "Operator HTML" (contracts' sanitize-html.ts). DOMPurify hands its input back untouched where the browser
 * lacks what it needs (`isSupported`), and a DOM that misbehaves could let markup through; so the
 * sanitizer is tried once on a probe, and when it fails, every content is shown as plain text.
 */
export function createSafeContent(purify: DOMPurify): (html: string) => TSafeContent {
  const sanitize = purify.isSupported ? createHtmlSanitizer(purify) : null;
  const probe = sanitize?.(PROBE) ?? PROBE;
  const isTrusted = sanitize !== null && !/<script|javascript:|<object/i.test(probe);
  return (html) =>
    isTrusted ? { kind: 'html', html: sanitize(html) } : { kind: 'text', text: toPlainText(html) };
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** The text of some HTML without any markup: line breaks where blocks end, common entities decoded. */
export function toPlainText(html: string): string {
  return html
    .replace(/<(br|\/p|\/div|\/li|\/h[1-6]|\/tr)\b[^>]*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name] ?? '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
