import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session-store';
import type { SessionFigures } from '@shared/api/generated';
import { zSessionFigures } from '@shared/api/generated/zod.gen';
import { PROTECTION_KEY } from './get-protection';

/**
 * GET protection/session: the session since its login: when it started and, with a session time
 * limit, when it ends (epoch ms); the reality check's interval (minutes, null: off); what was
 * staked, won and the net result since the login (lira).
 */

export type { SessionFigures };

export const sessionFiguresQueryKey = [...PROTECTION_KEY, 'session'] as const;

export async function getSessionFigures(signal?: AbortSignal): Promise<SessionFigures> {
  return (await api.get('protection/session', { schema: zSessionFigures, signal })).data;
}

/**
 * The session's figures while logged in (`token`: a new login reads them again). Silent: without
 * them there is no reality check and no session clock, and the rest of the site works on.
 */
export function useSessionFigures(token: string | null) {
  return useQuery({
    queryKey: [...sessionFiguresQueryKey, token],
    queryFn: ({ signal }) => getSessionFigures(signal),
    enabled: token !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The figures of the session logged in now. */
export function useCurrentSessionFigures() {
  const { authData } = useSession();
  return useSessionFigures(authData?.token ?? null);
}
