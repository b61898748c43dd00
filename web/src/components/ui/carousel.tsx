import type { EmblaCarouselType, EmblaOptionsType } from 'embla-carousel';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { whenIdle } from '@/lib/idle';
import { Icon } from './icon';
import './carousel.css';

type EmblaModules = [
  typeof import('embla-carousel').default,
  typeof import('embla-carousel-autoplay').default,
];
let emblaModules: Promise<EmblaModules> | undefined;

/** Embla starts at most this long after its code has loaded. */
const EMBLA_IDLE_MS = 1000;

/**
 * embla and its autoplay plugin load once a carousel is shown: the slides render at once (the
 * first one is what the page shows), the sliding, arrows and dots follow when embla is in.
 */
function loadEmbla(): Promise<EmblaModules> {
  emblaModules ??= Promise.all([import('embla-carousel'), import('embla-carousel-autoplay')]).then(
    ([embla, autoplay]) => [embla.default, autoplay.default],
  );
  return emblaModules;
}

type CarouselProps = {
  slides: ReactNode[];
  /** Embla options; breakpoints are media queries. */
  options?: EmblaOptionsType;
  /** Autoplay delay in ms; 0 disables autoplay. */
  autoplayMs?: number;
  /** Changing this value re-initialises the carousel after `reInitDelayMs`. */
  reInitKey?: string;
  reInitDelayMs?: number;
  label: string;
  className?: string;
};

const prefersReducedMotion = () =>
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** A generic embla carousel with arrows, dots and autoplay starting right after init. */
export function Carousel({
  slides,
  options,
  autoplayMs = 5000,
  reInitKey,
  reInitDelayMs = 100,
  label,
  className,
}: CarouselProps) {
  const { t } = useTranslation();
  // The options and the autoplay delay are read when embla starts.
  const [settings] = useState(() => ({ options, autoplayMs }));
  const [viewport, viewportRef] = useState<HTMLDivElement | null>(null);
  const [embla, setEmbla] = useState<EmblaCarouselType>();

  useEffect(() => {
    if (!viewport) return;
    let api: EmblaCarouselType | undefined;
    let cancelled = false;
    // Embla starts at the first idle moment (at most EMBLA_IDLE_MS away): it measures every
    // slide, a forced layout that need not hold up the page's first paints.
    const start = ([EmblaCarousel, Autoplay]: EmblaModules) => {
      // Gone before its code came (the page left): nothing to start.
      if (cancelled) return;
      whenIdle(() => {
        if (cancelled) return;
        const plugins =
          settings.autoplayMs > 0
            ? [
                Autoplay({
                  delay: settings.autoplayMs,
                  playOnInit: !prefersReducedMotion(),
                  stopOnInteraction: false,
                  stopOnMouseEnter: true,
                }),
              ]
            : [];
        api = EmblaCarousel(viewport, settings.options, plugins);
        setEmbla(api);
      }, EMBLA_IDLE_MS);
    };
    loadEmbla().then(
      start,
      () => undefined, // not loaded (offline): the slides stay as they are
    );
    return () => {
      cancelled = true;
      api?.destroy();
      setEmbla(undefined);
    };
  }, [viewport, settings]);
  const [snaps, setSnaps] = useState<number[]>([]);
  const [selected, setSelected] = useState(0);
  const [canPrev, setCanPrev] = useState(false);
  const [canNext, setCanNext] = useState(false);

  const sync = useCallback((api: EmblaCarouselType) => {
    setSnaps(api.scrollSnapList());
    setSelected(api.selectedScrollSnap());
    setCanPrev(api.canScrollPrev());
    setCanNext(api.canScrollNext());
  }, []);

  useEffect(() => {
    if (!embla) return;
    // Reading the state of an external system (embla) once it exists.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    sync(embla);
    embla.on('select', sync).on('reInit', sync);
    return () => {
      embla.off('select', sync).off('reInit', sync);
    };
  }, [embla, sync]);

  // Re-initialise shortly after the slides were replaced (spec: 100 ms after a slug change).
  useEffect(() => {
    if (!embla || reInitKey === undefined) return;
    const timer = window.setTimeout(() => {
      embla.reInit();
      embla.plugins().autoplay?.play();
    }, reInitDelayMs);
    return () => window.clearTimeout(timer);
  }, [embla, reInitKey, reInitDelayMs]);

  return (
    <section
      className={`carousel${className ? ` ${className}` : ''}`}
      aria-roledescription="carousel"
      aria-label={label}
    >
      <div className="carousel__viewport" ref={viewportRef}>
        <div className="carousel__container">
          {slides.map((slide, index) => (
            <div
              className="carousel__slide"
              key={index}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} / ${slides.length}`}
            >
              {slide}
            </div>
          ))}
        </div>
      </div>
      <button
        type="button"
        className="carousel__arrow carousel__arrow--prev"
        onClick={() => embla?.scrollPrev()}
        disabled={!canPrev}
        aria-label={t('carousel.previous')}
      >
        <Icon name="chevronLeft" />
      </button>
      <button
        type="button"
        className="carousel__arrow carousel__arrow--next"
        onClick={() => embla?.scrollNext()}
        disabled={!canNext}
        aria-label={t('carousel.next')}
      >
        <Icon name="chevronRight" />
      </button>
      {/* The dots' row keeps its height from the first paint (the dots come with embla), so
          nothing under the carousel moves when they appear. */}
      {slides.length > 1 ? (
        <div className="carousel__dots">
          {snaps.length > 1
            ? snaps.map((_, index) => (
                <button
                  type="button"
                  key={index}
                  className={index === selected ? 'carousel__dot is-active' : 'carousel__dot'}
                  aria-label={t('carousel.goTo', { index: index + 1 })}
                  aria-current={index === selected ? 'true' : undefined}
                  onClick={() => embla?.scrollTo(index)}
                />
              ))
            : null}
        </div>
      ) : null}
    </section>
  );
}
