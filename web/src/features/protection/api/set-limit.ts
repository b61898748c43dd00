import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Kind, LimitBody, Period } from '@shared/api/generated';
import { zProtection } from '@shared/api/generated/zod.gen';
import { withMeta, type MutationOptions } from '@/lib/react-query';
import { PROTECTION_KEY, protectionQueryKey } from './get-protection';

/**
 * POST protection/limits {kind, period, value}: a stricter value applies at once; a looser one or
 * a removal (value null) waits 24 hours and must then be confirmed within 7 days (a longer reality
 * check applies by itself after the 24 hours). The server's message is the success toast; a value
 * it refuses names the field `value` (the form shows it under its input). The answer is the new
 * settings; the session's figures (its time limit, its reality check) are read again.
 */

export type LimitInput = { kind: Kind; period: Period; value: number | null };

export function setLimit(input: LimitInput) {
  return api.post(
    'protection/limits',
    { kind: input.kind, period: input.period, value: input.value } satisfies LimitBody,
    { schema: zProtection },
  );
}

export function useSetLimit(options?: MutationOptions) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setLimit,
    meta: withMeta({ successToast: true }, options),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(protectionQueryKey, data);
      void queryClient.invalidateQueries({
        queryKey: PROTECTION_KEY,
        predicate: (q) => q.queryKey[1] !== protectionQueryKey[1],
      });
    },
  });
}
