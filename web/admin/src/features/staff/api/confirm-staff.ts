import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { staffQueryKey } from './get-staff';

/**
 * POST staff/{id}/confirm: a second administrator confirms a member another one created; only
 * then can they sign in (their creator is refused with 409).
 */

export async function confirmStaff(id: number) {
  return api.post(`staff/${id}/confirm`, {});
}

export function useConfirmStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmStaff,
    meta: { errorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffQueryKey }),
  });
}
