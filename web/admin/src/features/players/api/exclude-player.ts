import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { playerQueryKey } from './get-player';

/**
 * POST players/{id}/exclude { kind, period }: a time-out (24h, 7d, 1m, 6w) or a self-exclusion
 * (6m, 1y, 5y, permanent) for the player (`players.exclude`). Neither can be lifted early.
 */

export const PERIODS = {
  timeout: [
    { value: '24h', label: '24 hours' },
    { value: '7d', label: '7 days' },
    { value: '1m', label: '1 month' },
    { value: '6w', label: '6 weeks' },
  ],
  exclusion: [
    { value: '6m', label: '6 months' },
    { value: '1y', label: '1 year' },
    { value: '5y', label: '5 years' },
    { value: 'permanent', label: 'Permanent' },
  ],
} as const;

export type ExclusionKind = keyof typeof PERIODS;

export const excludeSchema = z
  .object({
    kind: z.enum(['timeout', 'exclusion']),
    period: z.string(),
    understood: z.boolean().refine((v) => v, 'Confirm that this cannot be lifted early.'),
  })
  .refine((v) => PERIODS[v.kind].some((p) => p.value === v.period), {
    message: 'Choose a period.',
    path: ['period'],
  });

export type ExcludeValues = z.infer<typeof excludeSchema>;

const endsSchema = z.object({ endsAt: z.number().nullable().optional() }).loose();

export async function excludePlayer({
  playerId,
  kind,
  period,
}: {
  playerId: number;
  kind: ExclusionKind;
  period: string;
}) {
  return api.post(`players/${playerId}/exclude`, { kind, period }, { schema: endsSchema });
}

export function useExcludePlayer(playerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: { kind: ExclusionKind; period: string }) =>
      excludePlayer({ playerId, ...values }),
    meta: { errorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: playerQueryKey(playerId) }),
  });
}
