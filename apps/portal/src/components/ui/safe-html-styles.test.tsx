// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SafeHtml } from './safe-html.tsx';

// jsdom: a DOM on which DOMPurify works, so the real policy runs (happy-dom gets the text fallback).
describe('SafeHtml and inline styles', () => {
  it('never lets a popup stored before the style rules cover the page (issue 22)', () => {
    const { container } = render(
      <SafeHtml
        html={
          '<div class="modal-overlay" style="position: fixed; z-index: 2147483647; top: 0; left: 0; ' +
          'width: 100vw; height: 100vh; transform: scale(2); background: #000">Win</div>'
        }
      />,
    );
    const popup = container.querySelector('.safe-html > div');
    expect(popup?.getAttribute('style')).toBe('background: #000');
    expect(popup?.getAttribute('class')).toBeNull();
    expect(popup?.textContent).toBe('Win');
  });
});
