import { isAbsolute, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('resolves a relative PORTAL_DIST against the working directory (the static server needs an absolute root)', () => {
    const config = loadConfig({ PORTAL_DIST: 'apps/portal/dist' });
    expect(isAbsolute(config.portalDist ?? '')).toBe(true);
    expect(config.portalDist).toBe(resolve('apps/portal/dist'));
  });

  it('leaves PORTAL_DIST unset when the variable is empty', () => {
    expect(loadConfig({ PORTAL_DIST: '' }).portalDist).toBeUndefined();
  });
});
