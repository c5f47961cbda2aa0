import { describe, expect, it } from 'vitest';
import { parseSiteInfo, SITE_INFO_ELEMENT_ID } from '@casino/contracts/site-info';
import { ConfigError, loadConfig } from '../config.ts';
import { siteInfoFromEnv, SiteInfoError, withSiteInfo } from './site-info.ts';

const PAGE = '<!doctype html><html><head><title>GOLD CROWN</title></head><body></body></html>';

function dataBlock(html: string): string | null {
  const match = new RegExp(
    `<script id="${SITE_INFO_ELEMENT_ID}" type="application/json">(.*?)</script>`,
  ).exec(html);
  return match ? match[1]! : null;
}

describe('the operator details (SITE_NAME, OPERATOR_*, SUPPORT_EMAIL)', () => {
  it('reads the set variables, trimmed, and leaves the unset and empty ones out', () => {
    expect(
      siteInfoFromEnv({
        SITE_NAME: ' Royal Spade ',
        OPERATOR_NAME: 'Spade Entertainment Ltd.',
        OPERATOR_ADDRESS: '',
        SUPPORT_EMAIL: 'help@royal-spade.example',
      }),
    ).toEqual({
      siteName: 'Royal Spade',
      operatorName: 'Spade Entertainment Ltd.',
      supportEmail: 'help@royal-spade.example',
    });
    expect(siteInfoFromEnv({})).toEqual({});
  });

  it('refuses a malformed value naming its variable, and loadConfig stops on it', () => {
    expect(() => siteInfoFromEnv({ SUPPORT_EMAIL: 'not-an-address' })).toThrow(/SUPPORT_EMAIL/);
    expect(() => siteInfoFromEnv({ OPERATOR_ADDRESS: 'x'.repeat(201) })).toThrow(/OPERATOR_ADDRESS.*200/);
    expect(() => siteInfoFromEnv({ OPERATOR_NAME: 'Line one\nline two' })).toThrow(SiteInfoError);
    expect(() => loadConfig({ SUPPORT_EMAIL: 'nope' })).toThrow(ConfigError);
    expect(loadConfig({ OPERATOR_NAME: 'Spade Ltd.' }).site).toEqual({ operatorName: 'Spade Ltd.' });
  });

  it('writes them into the page as a data block the portal parses back, and the name as its title', () => {
    const info = {
      siteName: 'Royal & Spade',
      operatorName: 'Spade Entertainment Ltd.',
      operatorLicense: 'Licence 8048/JAZ',
    };
    const html = withSiteInfo(PAGE, info);
    expect(html).toContain('<title>Royal &amp; Spade</title>');
    expect(parseSiteInfo(dataBlock(html))).toEqual(info);
    expect(html.indexOf(SITE_INFO_ELEMENT_ID)).toBeLessThan(html.indexOf('</head>'));
  });

  it('cannot be made to close the data block or run a script', () => {
    const html = withSiteInfo(PAGE, { operatorName: '</script><script>alert(1)</script>' });
    expect(html).not.toContain('<script>alert(1)');
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(parseSiteInfo(dataBlock(html))).toEqual({ operatorName: '</script><script>alert(1)</script>' });
  });

  it('keeps a title that already names the site (a prerendered page the server filled in)', () => {
    const page = PAGE.replace('<title>GOLD CROWN</title>', '<title>Royal Spade · Premium casino</title>');
    expect(withSiteInfo(page, { siteName: 'Royal Spade' })).toContain(
      '<title>Royal Spade · Premium casino</title>',
    );
  });

  it('reads back only well-formed fields from a data block', () => {
    expect(
      parseSiteInfo(
        JSON.stringify({ siteName: 'x'.repeat(61), operatorName: 'Ok Ltd.', supportEmail: 'nope', other: 1 }),
      ),
    ).toEqual({ operatorName: 'Ok Ltd.' });
    expect(parseSiteInfo('not json')).toEqual({});
    expect(parseSiteInfo('null')).toEqual({});
    expect(parseSiteInfo(undefined)).toEqual({});
  });

  it('leaves the page as built when nothing is set', () => {
    expect(withSiteInfo(PAGE, {})).toBe(PAGE);
  });
});
