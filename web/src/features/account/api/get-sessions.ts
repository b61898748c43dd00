import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api, unwrap } from '@/lib/api-client';

/** POST customer/sessions {skip, take}: the player's logins, newest first. */

export const SESSIONS_PAGE_SIZE = 10;

const sessionSchema = z.looseObject({
  id: z.number(),
  loginAt: z.number(),
  endedAt: z.number().nullish(),
  endReason: z.string().nullish(),
  ip: z.string().nullish(),
  device: z.string().nullish(),
  fingerprint: z.string().nullish(),
  current: z.boolean(),
});

const sessionPageSchema = z.object({ total: z.number(), items: z.array(sessionSchema) });

export type SessionEntry = z.infer<typeof sessionSchema>;
export type SessionPage = z.infer<typeof sessionPageSchema>;

export async function getSessions(skip: number, take: number): Promise<SessionPage> {
  return unwrap(await api.post('customer/sessions', { skip, take }, { schema: sessionPageSchema }));
}

export function useSessions(page: number, take = SESSIONS_PAGE_SIZE) {
  return useQuery({
    queryKey: ['customer', 'sessions', page, take],
    queryFn: () => getSessions(page * take, take),
    placeholderData: keepPreviousData,
  });
}
