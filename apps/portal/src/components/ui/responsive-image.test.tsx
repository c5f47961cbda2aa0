import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ResponsiveImage } from './responsive-image.tsx';

const KEY = '0123456789abcdef0123456789abcdef';
const SIZES = '(min-width: 1064px) 1024px, 100vw';

describe('ResponsiveImage', () => {
  it('offers an uploaded image in AVIF and WebP at every ladder width below its own, then its own', () => {
    const { container } = render(
      <ResponsiveImage src={`/media/${KEY}.png`} width={1000} height={400} sizes={SIZES} alt="배너" />,
    );
    const picture = container.querySelector('picture')!;
    expect(picture).not.toBeNull();
    const sources = [...picture.querySelectorAll('source')];
    expect(sources.map((s) => s.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    expect(sources[0]!.getAttribute('srcset')).toBe(
      [
        `/media/${KEY}.avif?w=320 320w`,
        `/media/${KEY}.avif?w=480 480w`,
        `/media/${KEY}.avif?w=640 640w`,
        `/media/${KEY}.avif?w=960 960w`,
        `/media/${KEY}.avif 1000w`,
      ].join(', '),
    );
    expect(sources[1]!.getAttribute('srcset')).toContain(`/media/${KEY}.webp?w=640 640w`);
    expect(sources.every((s) => s.getAttribute('sizes') === SIZES)).toBe(true);

    const img = picture.querySelector('img')!;
    expect(img.getAttribute('src')).toBe(`/media/${KEY}.png`);
    expect(img.getAttribute('srcset')).toBe(
      `/media/${KEY}.png?w=320 320w, /media/${KEY}.png?w=480 480w, /media/${KEY}.png?w=640 640w, /media/${KEY}.png?w=960 960w, /media/${KEY}.png 1000w`,
    );
    expect(img.getAttribute('sizes')).toBe(SIZES);
    expect(img.getAttribute('width')).toBe('1000');
    expect(img.getAttribute('height')).toBe('400');
    expect(img.getAttribute('alt')).toBe('배너');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('decoding')).toBe('async');
    expect(img.hasAttribute('fetchpriority')).toBe(false);
  });

  it('a wide image gets the whole ladder; a small one only its own width', () => {
    const { container, rerender } = render(
      <ResponsiveImage src={`/media/${KEY}.jpg`} width={2400} height={960} sizes="100vw" alt="" />,
    );
    const avif = () => container.querySelector('source[type="image/avif"]')!.getAttribute('srcset')!;
    expect(
      avif()
        .split(', ')
        .map((e) => e.split(' ')[1]),
    ).toEqual(['320w', '480w', '640w', '960w', '1280w', '1920w', '2400w']);
    rerender(<ResponsiveImage src={`/media/${KEY}.jpg`} width={300} height={120} sizes="300px" alt="" />);
    expect(avif()).toBe(`/media/${KEY}.avif 300w`);
  });

  it('loads a priority image at once and ahead of the others', () => {
    const { container } = render(
      <ResponsiveImage src={`/media/${KEY}.webp`} width={1920} height={768} sizes={SIZES} alt="" priority />,
    );
    const img = container.querySelector('img')!;
    expect(img.getAttribute('loading')).toBe('eager');
    expect(img.getAttribute('fetchpriority')).toBe('high');
  });

  it('renders any other picture as a plain img with its size, and passes other attributes on', () => {
    const { container } = render(
      <ResponsiveImage
        src="/studio/art/baccarat.svg"
        width={480}
        height={360}
        sizes="240px"
        alt=""
        className="tile__img"
        onError={() => undefined}
      />,
    );
    expect(container.querySelector('picture')).toBeNull();
    const img = container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/studio/art/baccarat.svg');
    expect(img.hasAttribute('srcset')).toBe(false);
    expect(img.hasAttribute('sizes')).toBe(false);
    expect(img.getAttribute('width')).toBe('480');
    expect(img.getAttribute('height')).toBe('360');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.className).toBe('tile__img');
  });
});
