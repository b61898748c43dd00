import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { z } from 'zod';
import { api, unwrap } from './api-client';
import { STORAGE_KEYS, readJson, writeJson } from './storage';

/** GET cms/grouped: the bootstrap data (spec section 3, docs/contract.md). */

const imageSchema = z
  .union([z.string(), z.object({ url: z.string() })])
  .transform((img) => (typeof img === 'string' ? { url: img } : { url: img.url }));

export const bootstrapSchema = z.object({
  casinoCategoryList: z
    .array(
      z.object({
        id: z.number(),
        name: z.string(),
        slugList: z.array(z.string()).default([]),
        imageUrl: z.string().nullish(),
        games: z.array(z.unknown()).default([]),
      }),
    )
    .default([]),
  language: z.array(z.object({ locale: z.string(), name: z.string().optional() })).default([]),
  translationList: z.array(z.object({ key: z.string(), value: z.string() })).default([]),
  siteOption: z
    .array(z.object({ key: z.string(), value: z.string(), status: z.boolean().default(true) }))
    .default([]),
  domainStatus: z.object({ current: z.string().nullish(), next: z.string().nullish() }).nullish(),
  trialBonusAmount: z.number().nullish(),
  popup: z
    .object({ id: z.number().optional(), url: z.string().nullish(), images: z.array(imageSchema) })
    .nullish(),
  egtJackpotCards: z
    .array(
      z.object({
        instanceName: z.string(),
        levelStats: z.array(
          z.object({
            level: z.string().optional(),
            name: z.string().optional(),
            amount: z.number(),
          }),
        ),
      }),
    )
    .default([]),
  jackpotCards: z.array(z.looseObject({ currentLevelI: z.number().nullish() })).default([]),
  sliderList: z
    .array(
      z.object({
        id: z.number().optional(),
        slug: z.string(),
        url: z.string().nullish(),
        images: z.array(imageSchema),
      }),
    )
    .default([]),
  categoryList: z
    .array(
      z.object({
        id: z.number(),
        name: z.string().optional(),
        content: z.array(z.object({ id: z.number(), title: z.string() })).default([]),
      }),
    )
    .default([]),
});

export type Bootstrap = z.infer<typeof bootstrapSchema>;
export type SliderItem = Bootstrap['sliderList'][number];
export type PopupData = NonNullable<Bootstrap['popup']>;

/** The cached bootstrap (local storage key bootstrap), used at start while the fresh one loads. */
export function readCachedBootstrap(): Bootstrap | null {
  const parsed = bootstrapSchema.safeParse(readJson(STORAGE_KEYS.bootstrap));
  return parsed.success ? parsed.data : null;
}

export async function getBootstrap(): Promise<Bootstrap> {
  const res = await api.get('cms/grouped', { schema: bootstrapSchema, toastError: false });
  const data = unwrap(res);
  writeJson(STORAGE_KEYS.bootstrap, data);
  return data;
}

/** Retry with backoff: 1 s, 2 s, 4 s … capped at 30 s, without end. */
export function bootstrapRetryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 30000);
}

export const bootstrapQueryOptions = () =>
  queryOptions({
    queryKey: ['bootstrap'],
    queryFn: getBootstrap,
    // The cached copy is shown at once, and is stale from the start: the fresh one loads.
    initialData: () => readCachedBootstrap() ?? undefined,
    initialDataUpdatedAt: 0,
    retry: true,
    retryDelay: bootstrapRetryDelay,
    staleTime: 5 * 60 * 1000,
    refetchOnWindowFocus: false,
  });

/** The freshest bootstrap data available: the server's, else the cached copy, else null. */
export function useBootstrap() {
  const query = useQuery(bootstrapQueryOptions());
  return { data: query.data ?? null, isFresh: query.dataUpdatedAt > 0, query };
}

/** Site options: enabled only, keys lower-cased (spec section 3). */
export function siteOptionsMap(bootstrap: Bootstrap | null): Record<string, string> {
  const map: Record<string, string> = {};
  for (const o of bootstrap?.siteOption ?? []) {
    if (o.status) map[o.key.toLowerCase()] = o.value;
  }
  return map;
}

export function useSiteOptions(): Record<string, string> {
  const { data } = useBootstrap();
  return useMemo(() => siteOptionsMap(data), [data]);
}
