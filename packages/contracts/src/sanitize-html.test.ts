import { describe, expect, it } from 'vitest';
import { hasVisibleContent } from './sanitize-html.ts';

describe('hasVisibleContent', () => {
  it('counts text and images with a source', () => {
    expect(hasVisibleContent('<p>안내</p>')).toBe(true);
    expect(hasVisibleContent('<p><img alt="" src="/media/a.png"></p>')).toBe(true);
  });

  it('does not count empty markup, spaces, or an image whose source the policy dropped', () => {
    expect(hasVisibleContent('')).toBe(false);
    expect(hasVisibleContent('<p> </p><p><br></p>')).toBe(false);
    expect(hasVisibleContent('<p>&nbsp;&#160;\u00a0</p>')).toBe(false);
    expect(hasVisibleContent('<p><img alt="x"></p>')).toBe(false);
  });
});
