import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { api } from '@/lib/api-client';
import { zBalanceData } from '@shared/api/generated/zod.gen';
import { getSession, useSession } from '@/lib/session-store';

/**
 * GET user/balance: the player's balance, one source for the whole app. Fetched at login, then
 * every 3000 ms while logged in, also while the tab is in the background (spec sections 4 and 9);
 * silent on failure. The hub's Balance push and a granted bonus write the same query data.
 */

export const BALANCE_POLL_MS = 3000;
export const balanceQueryKey = ['user', 'balance'] as const;

/** Only the header balance is read, so only it is checked (the pockets are the profile's). */
const balanceSchema = z.pick(zBalanceData, { balance: true });

export async function getBalance(): Promise<number> {
  const { data } = await api.get('user/balance', { schema: balanceSchema });
  return data.balance;
}

export const balanceQueryOptions = (isLoggedIn: boolean) =>
  queryOptions({
    queryKey: balanceQueryKey,
    queryFn: getBalance,
    enabled: isLoggedIn,
    refetchInterval: BALANCE_POLL_MS,
    refetchIntervalInBackground: true,
    retry: false,
    // Until the first answer: the balance the login returned.
    placeholderData: () => getSession().authData?.balance ?? undefined,
  });

/** The balance shown in the header, the bottom bar and the dashboard (0 while logged out). */
export function useBalance(): number {
  const { isLoggedIn } = useSession();
  const { data } = useQuery(balanceQueryOptions(isLoggedIn));
  return isLoggedIn ? (data ?? 0) : 0;
}

/** Writes a balance the server reported another way (a push, a granted bonus). */
export function setBalance(queryClient: QueryClient, balance: number): void {
  queryClient.setQueryData(balanceQueryKey, balance);
}

/** The hub's Balance push: {"balance": 50.0, "realBalance": 0.0, "bonusBalance": 50.0}. */
export function balanceFromMessage(message: string): number | null {
  try {
    const data = JSON.parse(message) as { balance?: unknown };
    return typeof data.balance === 'number' && Number.isFinite(data.balance) ? data.balance : null;
  } catch {
    return null;
  }
}
