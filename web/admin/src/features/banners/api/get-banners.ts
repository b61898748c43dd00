import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

/** GET banners: every banner, each of one carousel (`slug`), with its images per language. */

export const bannerSchema = z.object({
  id: z.number(),
  slug: z.string(),
  url: z.string(),
  images: z.object({ tr: z.array(z.string()), en: z.array(z.string()) }),
  sort: z.number(),
});

export type Banner = z.infer<typeof bannerSchema>;

export const bannersQueryKey = ['banners'] as const;

export async function getBanners(): Promise<Banner[]> {
  const { data } = await api.get('banners', { schema: z.array(bannerSchema) });
  return data;
}

export function useBanners() {
  return useQuery(queryOptions({ queryKey: bannersQueryKey, queryFn: getBanners }));
}

/** The banners by carousel, each carousel's in their order. */
export function bySlug(banners: Banner[]): [string, Banner[]][] {
  const groups = new Map<string, Banner[]>();
  for (const banner of banners) {
    const list = groups.get(banner.slug) ?? [];
    list.push(banner);
    groups.set(banner.slug, list);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a === 'home' ? -1 : b === 'home' ? 1 : a.localeCompare(b)))
    .map(([slug, list]) => [slug, list.sort((x, y) => x.sort - y.sort || x.id - y.id)]);
}
