import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

/** GET players?q=: players by username, e-mail, phone, TC kimlik number or id (`players.read`). */

export const playerHitSchema = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  name: z.string().nullable(),
  createdAt: z.number(),
});

export type PlayerHit = z.infer<typeof playerHitSchema>;

export const searchSchema = z.object({
  q: z.string().trim().min(1, 'Type a username, e-mail, phone, TC kimlik number or id.'),
});

export type SearchValues = z.infer<typeof searchSchema>;

export async function searchPlayers(q: string): Promise<PlayerHit[]> {
  const { data } = await api.get('players', { params: { q }, schema: z.array(playerHitSchema) });
  return data;
}

export function usePlayerSearch(q: string) {
  return useQuery(
    queryOptions({
      queryKey: ['players', 'search', q],
      queryFn: () => searchPlayers(q),
      enabled: q.trim() !== '',
      placeholderData: keepPreviousData,
    }),
  );
}
