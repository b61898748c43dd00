import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '@/lib/api-client';
import type { Bootstrap } from '@/lib/api/generated';
import { zBootstrap } from '@/lib/api/generated/zod.gen';
import { STORAGE_KEYS, readJson, writeJson } from '@/lib/storage';

/**
 * GET cms/grouped: the bootstrap data (spec section 3, docs/contract.md). A query, silent on
 * failure (spec section 8: a failed bootstrap load yields false): the cached copy stays in use and
 * the call is retried.
 */

export type { Bootstrap };
export type SliderItem = Bootstrap['sliderList'][number];
export type PopupData = NonNullable<Bootstrap['popup']>;

/** The cached bootstrap (local storage key bootstrap), used at start while the fresh one loads. */
export function readCachedBootstrap(): Bootstrap | null {
  return zBootstrap.safeParse(readJson(STORAGE_KEYS.bootstrap)).data ?? null;
}

export async function getBootstrap(): Promise<Bootstrap> {
  const { data } = await api.get('cms/grouped', { schema: zBootstrap });
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
