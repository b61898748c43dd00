import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { zBalanceData } from '@shared/api/generated/zod.gen';
import type { BalanceParts } from '@/components/ui/balance-lines';
import { gatedBalance, useRevealGate } from '@/lib/reveal-gate';
import { getSession, useSession } from '@/lib/session-store';

/**
 * GET user/balance: the player's balance, one source for the whole app. Fetched at login, then
 * every 3000 ms while logged in, also while the tab is in the background (spec sections 4 and 9);
 * silent on failure. The hub's Balance push and a granted bonus write the same query data.
 */

export const BALANCE_POLL_MS = 3000;
export const balanceQueryKey = ['user', 'balance'] as const;

/**
 * The total and its two parts (issue 30): what can be withdrawn (real money) and the bonus money.
 * The parts are null while only the total is known (the login's answer, a granted trial bonus).
 */
export type Balance = BalanceParts;

/** Logged out, or logged in before any answer: nothing, and no parts known. */
const NO_BALANCE: Balance = { balance: 0, realBalance: null, bonusBalance: null };

/** Only the total is known: the parts wait for the next read. */
const totalOnly = (balance: number): Balance => ({
  balance,
  realBalance: null,
  bonusBalance: null,
});

export async function getBalance(): Promise<Balance> {
  const { data } = await api.get('user/balance', { schema: zBalanceData });
  return {
    balance: data.balance,
    realBalance: data.realBalance,
    bonusBalance: data.bonusBalance,
  };
}

export const balanceQueryOptions = (isLoggedIn: boolean) =>
  queryOptions({
    queryKey: balanceQueryKey,
    queryFn: getBalance,
    enabled: isLoggedIn,
    refetchInterval: BALANCE_POLL_MS,
    refetchIntervalInBackground: true,
    retry: false,
    // Until the first answer: the total the login returned (it carries no parts).
    placeholderData: () => {
      const balance = getSession().authData?.balance;
      return typeof balance === 'number' ? totalOnly(balance) : undefined;
    },
  });

/**
 * The balance shown in the header, the bottom bar, the dashboard and the payment pages: the total,
 * what can be withdrawn and the bonus money (0 and unknown parts while logged out).
 */
export function useBalance(): Balance {
  const { isLoggedIn } = useSession();
  const { data } = useQuery(balanceQueryOptions(isLoggedIn));
  const gate = useRevealGate();
  // While a studio game is open, what its last revealed round left (lib/reveal-gate).
  return isLoggedIn ? gatedBalance(data ?? NO_BALANCE, gate, totalOnly) : NO_BALANCE;
}

/** The live total in the cache (what a game's balance holds from when it opens). */
export function currentTotal(queryClient: QueryClient): number | null {
  return queryClient.getQueryData<Balance>(balanceQueryKey)?.balance ?? null;
}

/** Writes a balance the server reported another way (the hub's Balance push). */
export function setBalance(queryClient: QueryClient, balance: Balance): void {
  queryClient.setQueryData(balanceQueryKey, balance);
}

/**
 * Writes a total the server reported without its parts (a granted trial bonus, a push without
 * them): the header shows it at once, and the balance is read again for the parts, so the lines
 * never show parts that do not add up to the total.
 */
export function setBalanceTotal(queryClient: QueryClient, total: number): void {
  queryClient.setQueryData(balanceQueryKey, totalOnly(total));
  void queryClient.invalidateQueries({ queryKey: balanceQueryKey });
}

const finite = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/**
 * The hub's Balance push: {"balance": 50.0, "realBalance": 0.0, "bonusBalance": 50.0}; parts it
 * does not carry are null (null for a message without a total).
 */
export function balanceFromMessage(message: string): Balance | null {
  try {
    const data = JSON.parse(message) as {
      balance?: unknown;
      realBalance?: unknown;
      bonusBalance?: unknown;
    } | null;
    if (!data || !finite(data.balance)) return null;
    const { balance, realBalance, bonusBalance } = data;
    return finite(realBalance) && finite(bonusBalance)
      ? { balance, realBalance, bonusBalance }
      : totalOnly(balance);
  } catch {
    return null;
  }
}
