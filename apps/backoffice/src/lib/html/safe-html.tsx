import { useMemo } from 'react';
import { sanitizeHtml } from './sanitize.ts';
import './html.css';

/**
 * Operator HTML (notices, popups, help answers) shown in the console: sanitized here with the same
 * policy again, although the server sanitized it when storing it, so nothing stored before a
 * policy change or written by hand can run in an operator's session.
 */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return (
    <div
      className={className ? `safe-html ${className}` : 'safe-html'}
      // The one place operator HTML reaches the console's DOM, and only after the sanitizer.
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
