import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { eventRowSchema } from './get-events';

/**
 * GET sports/events/{id}: an event's markets, each selection with its price, High Rate price,
 * result and the weight of its open bets (how many, their stakes, and the exposure: what they
 * would pay if the selection won), and the event's bets, newest first (`sports.read`).
 */

export const selectionSchema = z.object({
  id: z.number(),
  key: z.string(),
  price: z.number(),
  /** The High Rate price, if set. */
  boosted: z.number().nullish(),
  /** won | lost | void, once settled. */
  result: z.string().nullish(),
  openBets: z.number(),
  openStakes: z.number(),
  exposure: z.number(),
});

export const marketSchema = z.object({
  id: z.number(),
  key: z.string(),
  line: z.number().nullish(),
  /** inactive | active | suspended | settled | cancelled */
  state: z.string(),
  /** Suspended by an operator (the feed leaves it so until reopened). */
  held: z.boolean(),
  selections: z.array(selectionSchema),
});

export const betSchema = z.object({
  id: z.number(),
  playerId: z.number(),
  username: z.string(),
  stake: z.number(),
  potential: z.number(),
  payout: z.number(),
  state: z.string(),
  placedAt: z.number(),
});

export const eventPageSchema = z.object({
  event: eventRowSchema,
  markets: z.array(marketSchema),
  bets: z.array(betSchema),
});

export type Selection = z.infer<typeof selectionSchema>;
export type Market = z.infer<typeof marketSchema>;
export type Bet = z.infer<typeof betSchema>;
export type EventPage = z.infer<typeof eventPageSchema>;

export const eventQueryKey = (id: number) => ['sports', 'event', id] as const;

export async function getEvent(id: number): Promise<EventPage> {
  const { data } = await api.get(`sports/events/${id}`, { schema: eventPageSchema });
  return data;
}

export function useEvent(id: number) {
  return useQuery(
    queryOptions({
      queryKey: eventQueryKey(id),
      queryFn: () => getEvent(id),
      refetchInterval: 15_000,
    }),
  );
}
