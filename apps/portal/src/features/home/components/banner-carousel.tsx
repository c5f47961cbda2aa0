import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useBanners } from '../api/get-banners.ts';
import { BannerSlide } from './banner-slide.tsx';
import { Carousel, type CarouselSlide } from './carousel.tsx';
import { HeroSlide } from './hero-slide.tsx';

/**
 * The home banner: the welcome slide first, always (it is what the prerendered
 * page paints, so nothing moves when the banners arrive), then the operator's banners from
 * `get-banners`. Without banners, or while they load or failed, the welcome slide stands alone.
 */
export function BannerCarousel() {
  const { t } = useTranslation('home');
  const { data } = useBanners();
  const banners = data?.banners;

  const slides = useMemo<CarouselSlide[]>(
    () => [
      { key: 'hero', label: t('hero.eyebrow'), render: () => <HeroSlide /> },
      ...(banners ?? []).map((banner) => ({
        key: `banner-${banner.id}`,
        label: banner.title,
        render: (isNear: boolean) => <BannerSlide banner={banner} isNear={isNear} />,
      })),
    ],
    [banners, t],
  );

  return <Carousel slides={slides} label={t('carousel.label')} />;
}
