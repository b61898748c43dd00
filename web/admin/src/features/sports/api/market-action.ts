import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * POST sports/markets/{id}/suspend | reopen | void (`sports.manage`): suspend stops bets on the
 * market (and holds it: the feed leaves it suspended until an operator reopens it), reopen takes
 * bets again, void cancels it and settles its bets as void (stakes back). A market in no state to
 * move so is refused (409, the server says why).
 */

export type MarketAction = 'suspend' | 'reopen' | 'void';

export async function marketAction({
  marketId,
  action,
}: {
  marketId: number;
  action: MarketAction;
}) {
  return api.post(`sports/markets/${marketId}/${action}`);
}

/** Acts on a market, then reads the sportsbook again. */
export function useMarketAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: marketAction,
    meta: { errorToast: false },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['sports'] }),
  });
}
