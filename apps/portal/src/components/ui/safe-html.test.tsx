import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DOMPurify } from 'dompurify';
import { createSafeContent, SafeHtml, toPlainText } from './safe-html.tsx';

/** A DOMPurify stand-in: `sanitize` as given, no hooks. */
function fakePurify(sanitize: (html: string) => string, isSupported = true): DOMPurify {
  return { isSupported, sanitize, addHook: () => {} } as unknown as DOMPurify;
}

describe('createSafeContent', () => {
  it('uses a sanitizer that passes the probe', () => {
    const strip = (html: string) =>
      html.replace(/<script>.*?<\/script>|<object[^>]*><\/object>|\son\w+="[^"]*"|javascript:[^"]*/g, '');
    const content = createSafeContent(fakePurify(strip));
    expect(content('<b>x</b><script>1</script>')).toEqual({ kind: 'html', html: '<b>x</b>' });
  });

  it('shows plain text when the sanitizer hands markup back (an unsupported or broken DOM)', () => {
    const content = createSafeContent(fakePurify((html) => html));
    expect(content('<p>Hi <b>there</b></p><script>alert(1)</script>')).toEqual({
      kind: 'text',
      text: 'Hi there\nalert(1)',
    });
    expect(createSafeContent(fakePurify(() => '', false))('<i>a</i>')).toEqual({ kind: 'text', text: 'a' });
  });
});

describe('toPlainText', () => {
  it('drops tags, breaks lines at block ends and decodes the common entities', () => {
    expect(toPlainText('<h3>Title</h3><p>a &amp; b &lt;c&gt;</p><br>end')).toBe('Title\na & b <c>\n\nend');
  });
});

describe('SafeHtml', () => {
  it('never puts a script or an event handler into the page', () => {
    const { container } = render(
      <SafeHtml
        html={'Notice <p>Hi <b>there</b></p><script>window.x=1</script><img src="x" onerror="window.x=2">'}
      />,
    );
    const root = container.querySelector('.safe-html')!;
    expect(root.textContent).toContain('there');
    expect(root.querySelector('script')).toBeNull();
    expect(root.querySelector('[onerror]')).toBeNull();
  });
});
