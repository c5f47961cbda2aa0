import { createHtmlSanitizer, hasVisibleContent } from '@casino/contracts/sanitize-html';
import { invalid } from './app-error.ts';

let sanitizer: Promise<(html: string) => string> | undefined;

/**
 * Operator HTML (notice, popup and note contents, help answers) as it is stored: passed through the
 * one policy of packages/contracts/src/sanitize-html.ts on the server's DOM (jsdom, through
 * `isomorphic-dompurify`). The sanitizer is built once per process, on first use: its DOM costs
 * about half a second and 90 MB, which a server that never stores operator HTML never pays.
 */
export function sanitizeOperatorHtml(html: string): Promise<string> {
  sanitizer ??= import('isomorphic-dompurify').then(
    ({ default: purify }) => createHtmlSanitizer(purify),
    (error: unknown) => {
      sanitizer = undefined;
      throw error;
    },
  );
  return sanitizer.then((sanitize) => sanitize(html));
}

/**
 * Operator HTML ready to store: sanitized, and refused (400 naming `field`, code `required`) when
 * nothing visible is left of it.
 */
export async function operatorHtmlToStore(html: string, field: string): Promise<string> {
  const clean = await sanitizeOperatorHtml(html);
  if (!hasVisibleContent(clean)) throw invalid(field, 'required');
  return clean;
}
