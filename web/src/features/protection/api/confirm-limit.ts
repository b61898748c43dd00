import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ConfirmBody, Kind, Period } from '@shared/api/generated';
import { zProtection } from '@shared/api/generated/zod.gen';
import { PROTECTION_KEY, protectionQueryKey } from './get-protection';

/**
 * POST protection/limits/confirm {kind, period}: confirms a raise (or a removal) once its 24 hours
 * are over, within the 7 days after. Too early, lapsed or nothing waiting: a 400 with the server's
 * message (the error toast), and the settings are read again.
 */

export type ConfirmInput = { kind: Kind; period: Period };

export function confirmLimit(input: ConfirmInput) {
  return api.post(
    'protection/limits/confirm',
    { kind: input.kind, period: input.period } satisfies ConfirmBody,
    { schema: zProtection },
  );
}

export function useConfirmLimit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmLimit,
    meta: { successToast: true },
    onSuccess: ({ data }) => {
      queryClient.setQueryData(protectionQueryKey, data);
      void queryClient.invalidateQueries({
        queryKey: PROTECTION_KEY,
        predicate: (q) => q.queryKey[1] !== protectionQueryKey[1],
      });
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: protectionQueryKey }),
  });
}
