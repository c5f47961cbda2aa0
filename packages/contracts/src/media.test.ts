import { describe, expect, it } from 'vitest';
import { ZImageUrl } from './backoffice-games.ts';
import { ZBannerLink } from './banners.ts';
import {
  MEDIA_WIDTHS,
  mediaSrcSet,
  mediaUrl,
  mediaVariantUrl,
  mediaWidthsBelow,
  parseMediaUrl,
} from './media.ts';

const KEY = 'aabbccddeeff00112233445566778899';

describe('media URLs', () => {
  it('parses the two URL forms of an uploaded image and nothing else', () => {
    expect(parseMediaUrl(`/media/${KEY}.png`)).toEqual({ key: KEY, ext: 'png' });
    expect(parseMediaUrl(`/media/${KEY}.avif?w=320`)).toEqual({ key: KEY, ext: 'avif' });
    expect(parseMediaUrl(`/media/${KEY}`)).toEqual({ key: KEY, ext: undefined });
    for (const other of [
      '',
      '/studio/art/live.svg',
      `/media/${KEY}.svg`,
      `/media/${KEY.toUpperCase()}.png`,
      `/media/${KEY}0.png`,
      `https://cdn.example/media/${KEY}.png`,
      `//evil.example/media/${KEY}.png`,
      `/media/x/${KEY}.png`,
    ])
      expect(parseMediaUrl(other), other).toBeUndefined();
  });

  it('builds variant URLs and the srcset the server answers', () => {
    const url = mediaUrl(KEY, 'jpg');
    expect(url).toBe(`/media/${KEY}.jpg`);
    expect(mediaVariantUrl(url, { format: 'webp', width: 640 })).toBe(`/media/${KEY}.webp?w=640`);
    expect(mediaVariantUrl(url, { width: 320 })).toBe(`/media/${KEY}.jpg?w=320`);
    expect(mediaVariantUrl(`/media/${KEY}`, { width: 320 })).toBe(`/media/${KEY}?w=320`);
    expect(mediaVariantUrl('/studio/art/x.svg', { format: 'avif' })).toBe('/studio/art/x.svg');
    expect(mediaWidthsBelow(960)).toEqual([320, 480, 640]);
    expect(mediaWidthsBelow(5000)).toEqual([...MEDIA_WIDTHS]);
    expect(mediaSrcSet(url, 700, 'avif')).toBe(
      `/media/${KEY}.avif?w=320 320w, /media/${KEY}.avif?w=480 480w, /media/${KEY}.avif?w=640 640w, /media/${KEY}.avif 700w`,
    );
  });

  it('an uploaded image URL is a valid image URL of the catalog, banners and popups', () => {
    expect(ZImageUrl.safeParse(mediaUrl(KEY, 'png')).success).toBe(true);
  });

  it('a banner link is a path of this site or an https URL; a cleared one is null', () => {
    expect(ZBannerLink.parse(' /deposit ')).toBe('/deposit');
    expect(ZBannerLink.parse('/game?tab=slot')).toBe('/game?tab=slot');
    expect(ZBannerLink.parse('https://example.com/promo')).toBe('https://example.com/promo');
    expect(ZBannerLink.parse('')).toBeNull();
    for (const bad of [
      'javascript:alert(1)',
      '//evil.example',
      '/\\evil.example',
      'http://a.example',
      'https://',
      'deposit',
      '/a b',
    ])
      expect(ZBannerLink.safeParse(bad).success, bad).toBe(false);
  });
});
