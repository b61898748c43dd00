import { useEffect } from 'react';
import { createStore, useStore } from '@/lib/create-store';

/** The active slider slug: each page with a banner carousel sets its own. */
export const sliderSlugStore = createStore<string | null>(null);

export function useSetSliderSlug(slug: string): void {
  useEffect(() => {
    sliderSlugStore.set(slug);
    return () => {
      if (sliderSlugStore.get() === slug) sliderSlugStore.set(null);
    };
  }, [slug]);
}

export function useSliderSlug(): string | null {
  return useStore(sliderSlugStore);
}
