import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api, type ApiResponse } from '@/lib/api-client';
import type { ClaimBody, ClaimResult } from '@shared/api/generated';
import { zClaimResult } from '@shared/api/generated/zod.gen';
import { celebrate } from '@/lib/celebrate';
import { translate } from '@/lib/i18n';
import { mutationAction } from '@/lib/react-query';
import { notify } from '@/lib/toast';

/**
 * POST bonus/claim {slug}: claims a reward (a promotion's bonus, or the trial bonus as "trial").
 * Every known slug answers 200 with {claimed, bonus, balance}:
 * - claimed: the bonus is credited: celebrated like the trial bonus (confetti and the server's
 *   message in the celebration view, no toast) and the new balance put in place;
 * - not claimed (already taken, nothing left): the server's message as an info toast, no error;
 * either way the claimable list, the bonuses and the profile's pockets are read again. A refusal
 * (an ended promotion, the trial bonus without a verified phone) is the one error toast. A second
 * claim while one is on its way (a double click, two buttons) is not sent.
 */

export type { ClaimResult };

export const claimMutationKey = ['bonus', 'claim'] as const;

export function claimBonus(slug: string): Promise<ApiResponse<ClaimResult>> {
  return api.post('bonus/claim', { slug } satisfies ClaimBody, { schema: zClaimResult });
}

/** What the app does with a claim's answer: celebrate a credit, or say why nothing came. */
export type ClaimOutcome = {
  kind: 'claimed' | 'nothing';
  message: string;
  balance: number;
};

export function claimOutcome({ data, message }: ApiResponse<ClaimResult>): ClaimOutcome {
  const text = message?.trim();
  return data.claimed
    ? {
        kind: 'claimed',
        message: text || translate('bonuses.claim.claimed'),
        balance: data.balance,
      }
    : {
        kind: 'nothing',
        message: text || translate('bonuses.claim.nothing'),
        balance: data.balance,
      };
}

/**
 * The balance query of the account feature (user/balance), written in place, and the queries a
 * bonus changes read again: features do not import each other, so the keys are named here. The
 * answer carries the new total only: it is written with its parts (withdrawable, bonus) unknown,
 * and the balance is read again for them.
 */
export function afterBonusChange(queryClient: QueryClient, balance: number | null): Promise<void> {
  if (balance !== null) {
    queryClient.setQueryData(['user', 'balance'], {
      balance,
      realBalance: null,
      bonusBalance: null,
    });
  }
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['user', 'balance'] }),
    queryClient.invalidateQueries({ queryKey: ['bonus'] }),
    queryClient.invalidateQueries({ queryKey: ['customer', 'profile'] }),
  ]).then(() => undefined);
}

/** Shows an outcome: the celebration of a credit, an info toast otherwise. */
export function presentOutcome(outcome: ClaimOutcome): void {
  if (outcome.kind === 'claimed') celebrate(outcome.message);
  else
    void notify.info(outcome.message, {
      action: mutationAction({ mutationKey: claimMutationKey }),
    });
}

export function useClaimBonus() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationKey: claimMutationKey,
    mutationFn: async (slug: string) => claimOutcome(await claimBonus(slug)),
    meta: { successToast: false },
    onSuccess: (outcome) => {
      presentOutcome(outcome);
      void afterBonusChange(queryClient, outcome.balance);
    },
  });
  const { mutate: send } = mutation;
  /** Claims `slug`; `onClaimed` runs after a credit (e.g. to close the dialog it came from). */
  const claim = useCallback(
    (slug: string, onClaimed?: () => void) => {
      if (queryClient.isMutating({ mutationKey: claimMutationKey }) > 0) return;
      send(slug, {
        onSuccess: (outcome) => {
          if (outcome.kind === 'claimed') onClaimed?.();
        },
      });
    },
    [queryClient, send],
  );
  return {
    claim,
    /** The slug being claimed, while a claim is on its way. */
    pendingSlug: mutation.isPending ? (mutation.variables ?? null) : null,
  };
}
