import type { QueryClient } from '@tanstack/react-query';

/**
 * After a deposit, withdrawal or cancellation: the balance (user/balance, the query the header,
 * bottom bar and dashboard read), the financial activities and the bonuses (a withdrawal forfeits
 * the active ones; a deposit may take a deposit bonus offer: ['bonus', 'deposit-offers']) are read
 * again.
 */
export function invalidateMoney(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['user', 'balance'] }),
    queryClient.invalidateQueries({ queryKey: ['customer', 'profile'] }),
    queryClient.invalidateQueries({ queryKey: ['payment', 'transactions'] }),
    queryClient.invalidateQueries({ queryKey: ['bonus'] }),
  ]).then(() => undefined);
}
