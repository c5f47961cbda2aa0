import { isAbsolute, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('resolves a relative PORTAL_DIST against the working directory (the static server needs an absolute root)', () => {
    const config = loadConfig({ PORTAL_DIST: 'apps/portal/dist' });
    expect(isAbsolute(config.portalDist ?? '')).toBe(true);
    expect(config.portalDist).toBe(resolve('apps/portal/dist'));
  });

  it('leaves PORTAL_DIST unset when the variable is empty', () => {
    expect(loadConfig({ PORTAL_DIST: '' }).portalDist).toBeUndefined();
  });

  it('takes SITE_TIME_ZONE as an IANA zone name, Asia/Seoul when unset or empty', () => {
    expect(loadConfig({}).siteTimeZone).toBe('Asia/Seoul');
    expect(loadConfig({ SITE_TIME_ZONE: '' }).siteTimeZone).toBe('Asia/Seoul');
    expect(loadConfig({ SITE_TIME_ZONE: 'America/New_York' }).siteTimeZone).toBe('America/New_York');
    expect(loadConfig({ SITE_TIME_ZONE: 'UTC' }).siteTimeZone).toBe('UTC');
  });

  it('refuses to start on a time zone it does not know, naming the variable', () => {
    for (const zone of ['Asia/Nowhere', 'KST+9', '+09:00']) {
      expect(() => loadConfig({ SITE_TIME_ZONE: zone })).toThrow(ConfigError);
      expect(() => loadConfig({ SITE_TIME_ZONE: zone })).toThrow(
        `SITE_TIME_ZONE must be an IANA time zone name`,
      );
    }
  });
});
