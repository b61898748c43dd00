import { useMemo } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Carousel } from '@/components/ui/carousel';
import './banner-carousel.css';

/** A banner of the bootstrap slider list (spec section 3). */
export type SliderItem = {
  id?: number;
  slug: string;
  url?: string | null;
  images: { url: string }[];
};

export const PLACEHOLDER_BANNER = '/media/placeholder-banner.svg';

const placeholders: SliderItem[] = [1, 2, 3].map((id) => ({
  id: -id,
  slug: '',
  url: null,
  images: [{ url: PLACEHOLDER_BANNER }],
}));

/** Carousel constants of spec section 9. */
export const BANNER_OPTIONS = {
  align: 'start',
  loop: false,
  slidesToScroll: 1,
  containScroll: 'trimSnaps',
} as const;
export const BANNER_AUTOPLAY_MS = 5000;
export const BANNER_REINIT_MS = 100;

/** The banners of a slug: the slider list's entries, or 3 placeholders until a slug arrives. */
export function bannersFor(
  slug: string | null,
  sliderList: SliderItem[] | undefined,
): SliderItem[] {
  if (!slug || !sliderList) return placeholders;
  return sliderList.filter((s) => s.slug === slug);
}

export function isExternal(url: string): boolean {
  return /^http/i.test(url);
}

function BannerImage({ item, eager }: { item: SliderItem; eager: boolean }) {
  const { t } = useTranslation();
  const [base, md, lg] = item.images.map((i) => i.url);
  return (
    <picture>
      {lg ? <source media="(min-width: 1200px)" srcSet={lg} /> : null}
      {md ? <source media="(min-width: 992px)" srcSet={md} /> : null}
      <img
        className="banner__img"
        src={base ?? PLACEHOLDER_BANNER}
        alt={item.slug ? t('banner.alt') : ''}
        loading={eager ? 'eager' : 'lazy'}
        draggable={false}
      />
    </picture>
  );
}

function Banner({ item, eager }: { item: SliderItem; eager: boolean }) {
  const { t } = useTranslation();
  const url = item.url?.trim();
  if (!url) {
    return (
      <div className="banner">
        <BannerImage item={item} eager={eager} />
      </div>
    );
  }
  if (isExternal(url)) {
    return (
      <a
        className="banner"
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t('banner.open')}
      >
        <BannerImage item={item} eager={eager} />
      </a>
    );
  }
  return (
    <Link className="banner" to={url} aria-label={t('banner.open')}>
      <BannerImage item={item} eager={eager} />
    </Link>
  );
}

type BannerCarouselProps = {
  /** The page's slider slug (home, slot, live, promotions); null shows the placeholders. */
  slug: string | null;
  sliderList: SliderItem[] | undefined;
};

/**
 * The banner carousel of a page, from the bootstrap's slider list (the app layer passes it and
 * the page's slug): its banners from the first render, the placeholders until the list is known.
 */
export function BannerCarousel({ slug, sliderList }: BannerCarouselProps) {
  const { t } = useTranslation();
  const banners = useMemo(() => bannersFor(slug, sliderList), [slug, sliderList]);
  const key = banners.map((b) => `${b.id}:${b.images[0]?.url}`).join('|');
  if (banners.length === 0) return null;
  return (
    <Carousel
      className="banner-carousel"
      label={t('banner.label')}
      options={BANNER_OPTIONS}
      autoplayMs={BANNER_AUTOPLAY_MS}
      reInitKey={key}
      reInitDelayMs={BANNER_REINIT_MS}
      slides={banners.map((item, index) => (
        <Banner key={`${item.id}-${index}`} item={item} eager={index < 2} />
      ))}
    />
  );
}
