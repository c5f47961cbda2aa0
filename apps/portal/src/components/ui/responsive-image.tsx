import type { ImgHTMLAttributes } from 'react';
import { MEDIA_FORMATS, mediaSrcSet, parseMediaUrl } from '@casino/contracts/media';

export interface ResponsiveImageProps extends Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  'src' | 'srcSet' | 'sizes' | 'width' | 'height' | 'fetchPriority' | 'alt'
> {
  /** An uploaded image (`/media/<key>.<ext>`), or any other picture of this site (`/studio/art/x.svg`). */
  src: string;
  /** The picture's own size in pixels: the box is reserved before it arrives (no layout shift). */
  width: number;
  height: number;
  /** How wide the picture is drawn at each layout (`(min-width: 1064px) 1024px, 100vw`). */
  sizes: string;
  /** '' for a decorative picture. */
  alt: string;
  /** The largest picture of the first screen: loaded at once, ahead of others. Else lazily. */
  priority?: boolean;
}

/**
 * A picture that downloads at the size it is shown: for an uploaded image, a `<picture>` offering
 * AVIF and WebP at the server's widths (MEDIA_WIDTHS up to the image's own, `srcset` with `sizes`),
 * the original type as the fallback; any other URL as a plain `<img>`. Width and height are always
 * set, lazy loading unless `loading` says otherwise or `priority` (then eager,
 * `fetchpriority="high"`).
 */
export function ResponsiveImage({
  src,
  width,
  height,
  sizes,
  alt,
  priority = false,
  decoding = 'async',
  loading,
  ...rest
}: ResponsiveImageProps) {
  const isMedia = parseMediaUrl(src) !== undefined;
  const img = (
    <img
      {...rest}
      src={src}
      srcSet={isMedia ? mediaSrcSet(src, width) : undefined}
      sizes={isMedia ? sizes : undefined}
      width={width}
      height={height}
      alt={alt}
      loading={priority ? 'eager' : (loading ?? 'lazy')}
      fetchPriority={priority ? 'high' : undefined}
      decoding={decoding}
    />
  );
  if (!isMedia) return img;
  return (
    <picture>
      {MEDIA_FORMATS.map((format) => (
        <source
          key={format}
          type={`image/${format}`}
          srcSet={mediaSrcSet(src, width, format)}
          sizes={sizes}
        />
      ))}
      {img}
    </picture>
  );
}
