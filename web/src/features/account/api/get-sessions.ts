import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { PageBody, SessionEntry, SessionPage } from '@shared/api/generated';
import { zSessionPage } from '@shared/api/generated/zod.gen';

/** POST customer/sessions {skip, take}: the player's logins, newest first. */

export const SESSIONS_PAGE_SIZE = 10;

export type { SessionEntry, SessionPage };

export async function getSessions(skip: number, take: number): Promise<SessionPage> {
  const body = { skip, take } satisfies PageBody;
  return (await api.post('customer/sessions', body, { schema: zSessionPage })).data;
}

/** The page shows a load error with Retry itself: silent. */
export function useSessions(page: number, take = SESSIONS_PAGE_SIZE) {
  return useQuery({
    queryKey: ['customer', 'sessions', page, take],
    queryFn: () => getSessions(page * take, take),
    placeholderData: keepPreviousData,
  });
}
