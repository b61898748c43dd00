import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { TransactionItem, TransactionPage } from '@shared/api/generated';
import { zTransactionPage } from '@shared/api/generated/zod.gen';

/**
 * GET payment/transactions?kind=&from=&to=&skip=&take=: the player's deposits and withdrawals,
 * newest first (kind 1 deposits, 2 withdrawals, 0 all; days YYYY-MM-DD, UTC, included).
 */

export const TRANSACTIONS_PAGE_SIZE = 10;
export type { TransactionItem, TransactionPage };
export type TransactionFilter = { kind: 0 | 1 | 2; from: string; to: string };

export async function getTransactions(
  filter: TransactionFilter,
  skip: number,
  take: number,
): Promise<TransactionPage> {
  const params = {
    kind: filter.kind || undefined,
    from: filter.from || undefined,
    to: filter.to || undefined,
    skip,
    take,
  };
  return (await api.get('payment/transactions', { params, schema: zTransactionPage })).data;
}

/** The page shows a load error with Retry itself: silent. */
export function useTransactions(filter: TransactionFilter, page: number) {
  const take = TRANSACTIONS_PAGE_SIZE;
  return useQuery({
    queryKey: ['payment', 'transactions', filter, page, take],
    queryFn: () => getTransactions(filter, page * take, take),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
