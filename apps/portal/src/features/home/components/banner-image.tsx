import type { TBanner } from '@casino/contracts/games';
import { ResponsiveImage } from '../../../components/ui/responsive-image.tsx';

/** The banner box's width at each layout: the full column on a phone, the content width above. */
export const BANNER_SIZES = '(min-width: 1439px) 1280px, (min-width: 1064px) 1024px, 100vw';

/**
 * A banner's picture through the one responsive picture of the portal: an uploaded image of known
 * size in AVIF and WebP at the server's widths, the browser picking the smallest that fills the
 * box; an image of unknown size as it is (the slide's aspect ratio reserves its box either way).
 */
export function BannerImage({
  banner,
  isNear,
  onError,
}: {
  banner: TBanner;
  isNear: boolean;
  onError: () => void;
}) {
  const { imgUrl, width, height } = banner;
  const loading = isNear ? 'eager' : 'lazy';
  if (!width || !height) {
    return (
      <img
        className="slide__img"
        src={imgUrl}
        alt=""
        loading={loading}
        decoding="async"
        draggable={false}
        onError={onError}
      />
    );
  }
  return (
    <ResponsiveImage
      className="slide__img"
      src={imgUrl}
      alt=""
      width={width}
      height={height}
      sizes={BANNER_SIZES}
      loading={loading}
      draggable={false}
      onError={onError}
    />
  );
}
