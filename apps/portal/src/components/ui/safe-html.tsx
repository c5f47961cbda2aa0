import { useMemo } from 'react';
import createDOMPurify from 'dompurify';
import { createSafeContent, type TSafeContent } from './safe-content.ts';
import './safe-html.css';

export { createSafeContent, toPlainText, type TSafeContent } from './safe-content.ts';

let render: ((html: string) => TSafeContent) | null = null;

/** Operator HTML made safe for this window; the sanitizer is built at the first use. */
export function safeContent(html: string): TSafeContent {
  render ??= createSafeContent(createDOMPurify(window));
  return render(html);
}

/**
 * Operator HTML (notice, popup and note contents, help answers), sanitized when rendered even
 * though the server sanitized it when stored. Text a member wrote is never given to this: it is
 * rendered as text.
 */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const content = useMemo(() => safeContent(html), [html]);
  const classes = className ? `safe-html ${className}` : 'safe-html';
  if (content.kind === 'text') return <div className={`${classes} safe-html--text`}>{content.text}</div>;
  return (
    <div
      className={classes}
      // The one place operator HTML reaches the DOM, and only after the sanitizer.
      dangerouslySetInnerHTML={{ __html: content.html }}
    />
  );
}
