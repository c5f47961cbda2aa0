import { describe, expect, it } from 'vitest';
import { documentSiteTimeZone, siteTimeZoneMeta } from './site-time-zone.ts';

describe('the site time zone in a document', () => {
  it('is written as a meta element of the head and read back', () => {
    expect(siteTimeZoneMeta('America/New_York')).toBe(
      '<meta name="site-time-zone" content="America/New_York">',
    );
    const doc = new DOMParser().parseFromString(
      `<html><head><title>x</title>${siteTimeZoneMeta('Asia/Kolkata')}</head><body></body></html>`,
      'text/html',
    );
    expect(documentSiteTimeZone(doc)).toBe('Asia/Kolkata');
  });

  it('is null when the document names none', () => {
    const doc = new DOMParser().parseFromString('<html><head><title>x</title></head></html>', 'text/html');
    expect(documentSiteTimeZone(doc)).toBeNull();
  });
});
