// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import RichTextEditor, { type RichTextLabels } from './rich-text-editor.tsx';
import { SafeHtml } from './safe-html.tsx';
import { hasVisibleContent } from '@casino/contracts/sanitize-html';
import { sanitizeHtml, textToHtml } from './sanitize.ts';

afterEach(cleanup);

const LABELS = new Proxy({}, { get: (_t, key) => String(key) }) as RichTextLabels;

const HOSTILE =
  '<p>Deposit <a href="javascript:alert(1)">here</a><img src="/media/a.png" onerror="alert(2)"></p>' +
  '<script>alert(3)</script><iframe src="https://evil.example"></iframe>' +
  '<p style="background:url(javascript:alert(4))">end</p>';

describe('the console sanitizer', () => {
  it('removes script, event handlers and javascript: URLs and keeps the text', () => {
    const clean = sanitizeHtml(HOSTILE);
    expect(clean).not.toMatch(/<script|<iframe|onerror|javascript:|url\(/i);
    expect(clean).toContain('Deposit');
    expect(clean).toContain('end');
    expect(hasVisibleContent(sanitizeHtml('<script>x()</script><p> </p>'))).toBe(false);
    expect(textToHtml('a <b>\nc')).toBe('<p>a &lt;b&gt;</p><p>c</p>');
  });

  it('renders operator HTML in the console only after the sanitizer', () => {
    const { container } = render(<SafeHtml html={HOSTILE} />);
    expect(container.innerHTML).not.toMatch(/<script|<iframe|onerror|javascript:/i);
    expect(container.textContent).toContain('Deposit');
  });

  it('renders a help answer stored before the style rules without its page-covering styles (issue 22)', () => {
    const { container } = render(
      <SafeHtml
        html={
          '<div class="modal-overlay" style="POSITION:FIXED;inset:0;z-index:2147483647;width:100vw;height:100vh;color:red">' +
          'Answer</div>'
        }
      />,
    );
    const answer = container.querySelector('.safe-html > div') as HTMLElement;
    expect(answer.getAttribute('style')).toBe('color: red');
    expect(answer.getAttribute('class')).toBeNull();
    expect(answer.textContent).toBe('Answer');
  });
});

describe('the rich-text editor', () => {
  it('takes hostile HTML in and hands only sanitized HTML out', async () => {
    const onChange = vi.fn();
    const { container } = render(
      <RichTextEditor value={HOSTILE} onChange={onChange} label="Answer" labels={LABELS} />,
    );
    const area = await screen.findByRole('textbox', { name: 'Answer' });
    await waitFor(() => expect(area.textContent).toContain('Deposit'));
    expect(container.innerHTML).not.toMatch(/<script|<iframe|onerror|javascript:/i);

    // Any edit hands out the editor's HTML through the sanitizer.
    screen.getByRole('button', { name: 'bold' }).click();
    const { editor } = area as unknown as {
      editor?: { commands: { insertContent: (html: string) => void } };
    };
    editor?.commands.insertContent('<a href="javascript:alert(5)">x</a> more');
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    for (const [html] of onChange.mock.calls as [string][]) {
      const parsed = document.createElement('template');
      parsed.innerHTML = html;
      expect(
        parsed.content.querySelector('a[href^="javascript"], script, iframe, [onerror], [style*="url("]'),
      ).toBeNull();
      expect(html).toContain('Deposit');
    }
    expect(container.querySelector('a[href^="javascript"], script, iframe, [onerror]')).toBeNull();
  });
});
