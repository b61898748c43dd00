import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '@/lib/api-client';
import type { Bootstrap } from '@shared/api/generated';
import { zBootstrap } from '@shared/api/generated/zod.gen';
import { whenIdle } from '@/lib/idle';
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

/**
 * The id of the page's bootstrap block: the server writes cms/grouped's answer in the default
 * language (an envelope) into each page of the app, so a first visit renders its content at once.
 */
export const PAGE_BOOTSTRAP_ID = 'bootstrap-data';

/** The bootstrap the page arrived with (its block's envelope, validated), else null. */
export function readPageBootstrap(doc: Document = document): Bootstrap | null {
  const text = doc.getElementById(PAGE_BOOTSTRAP_ID)?.textContent;
  if (!text) return null;
  try {
    const envelope = JSON.parse(text) as { success?: unknown; data?: unknown };
    if (envelope.success !== true) return null;
    return zBootstrap.safeParse(envelope.data).data ?? null;
  } catch {
    return null;
  }
}

/**
 * Takes the page's bootstrap as the server's fresh answer of cms/grouped: stored as the call
 * stores it (at the first idle moment: some 40 KB of JSON), and not asked again until it is stale.
 */
export function seedBootstrap(queryClient: QueryClient, data: Bootstrap): void {
  queryClient.setQueryData(bootstrapQueryOptions().queryKey, data);
  whenIdle(() => writeJson(STORAGE_KEYS.bootstrap, data), 2000);
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
