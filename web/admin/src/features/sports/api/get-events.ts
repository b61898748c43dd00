import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

/**
 * GET sports/events: the sportsbook's events live, then to come, then the last day's finished,
 * each with its score and the stakes of its open bets (`sports.read`).
 */

export const eventRowSchema = z.object({
  id: z.number(),
  sport: z.string(),
  /** A key: super-lig, premier-league, nba, … */
  competition: z.string(),
  home: z.string(),
  away: z.string(),
  startsAt: z.number(),
  /** scheduled | live | finished | cancelled */
  state: z.string(),
  /** `2-1` */
  score: z.string(),
  /** Stakes of the open bets on the event, lira. */
  openStakes: z.number(),
});

export type EventRow = z.infer<typeof eventRowSchema>;

export const eventsQueryKey = ['sports', 'events'] as const;

export async function getEvents(): Promise<EventRow[]> {
  const { data } = await api.get('sports/events', { schema: z.array(eventRowSchema) });
  return data;
}

export function useEvents() {
  return useQuery(
    queryOptions({ queryKey: eventsQueryKey, queryFn: getEvents, refetchInterval: 15_000 }),
  );
}
