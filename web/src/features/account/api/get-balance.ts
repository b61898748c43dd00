import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api, unwrap } from '@/lib/api-client';
import { setBalance, useAuth } from '@/lib/auth';

/** GET user/balance: once at login, then every 3000 ms while logged in (spec section 9). */

export const BALANCE_POLL_MS = 3000;

const balanceSchema = z.looseObject({ balance: z.number() });

export async function getBalance(): Promise<number> {
  const data = unwrap(await api.get('user/balance', { schema: balanceSchema, toastError: false }));
  setBalance(data.balance);
  return data.balance;
}

export function useBalancePolling() {
  const { isLoggedIn } = useAuth();
  return useQuery({
    queryKey: ['balance'],
    queryFn: getBalance,
    enabled: isLoggedIn,
    refetchInterval: BALANCE_POLL_MS,
    retry: false,
  });
}
