import { queryOptions, useQuery, type Query } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';
import type { AmusnetJackpot } from '@shared/api/generated';
import { zAmusnetJackpot } from '@shared/api/generated/zod.gen';

/**
 * GET casino/eqyptquest: the Amusnet jackpot's levels I–IV (lira). Shown only when the call
 * answers and currentLevelI is not 14000 (spec section 7: 14000 is the source's placeholder).
 * Entirely silent: no toast, no error, no retry; the server answers 503 when no source is
 * configured, and then the app stops asking.
 */

export type { AmusnetJackpot };

/** currentLevelI's value when the source has no real jackpot: nothing is shown then. */
export const AMUSNET_PLACEHOLDER_LEVEL_I = 14000;
export const AMUSNET_REFETCH_MS = 30_000;

/** A level of the Amusnet card: I … IV and its amount. */
export type AmusnetLevel = { level: 'I' | 'II' | 'III' | 'IV'; amount: number };

/** The levels to show, the biggest (IV) first, or null when there is nothing to show. */
export function amusnetLevels(data: AmusnetJackpot | null | undefined): AmusnetLevel[] | null {
  if (!data || data.currentLevelI === AMUSNET_PLACEHOLDER_LEVEL_I) return null;
  return [
    { level: 'IV', amount: data.currentLevelIV },
    { level: 'III', amount: data.currentLevelIII },
    { level: 'II', amount: data.currentLevelII },
    { level: 'I', amount: data.currentLevelI },
  ];
}

export async function getAmusnetJackpot(signal?: AbortSignal): Promise<AmusnetJackpot> {
  return (await api.get('casino/eqyptquest', { schema: zAmusnetJackpot, signal })).data;
}

/** Every 30 s, unless the server said it has no source (503): then it is not asked again. */
export function amusnetRefetchInterval(query: Pick<Query, 'state'>): number | false {
  const error = query.state.error;
  return error instanceof ApiError && error.status === 503 ? false : AMUSNET_REFETCH_MS;
}

export const amusnetJackpotQueryOptions = () =>
  queryOptions({
    queryKey: ['casino', 'eqyptquest'],
    queryFn: ({ signal }) => getAmusnetJackpot(signal),
    select: amusnetLevels,
    refetchInterval: amusnetRefetchInterval,
    refetchIntervalInBackground: false,
    // A failure is not asked again on focus or on the strip's next mount; the interval decides.
    refetchOnWindowFocus: false,
    refetchOnMount: false,
    staleTime: AMUSNET_REFETCH_MS,
    retry: false,
    meta: { errorToast: false },
  });

/** The Amusnet card's levels, or null (not loaded, failed, or the 14000 placeholder). */
export function useAmusnetJackpot(): AmusnetLevel[] | null {
  const { data } = useQuery(amusnetJackpotQueryOptions());
  return data ?? null;
}
