import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { staffQueryKey } from './get-staff';

/** POST staff/{id}/disable: disables a member at once; their sessions end everywhere. */

export async function disableStaff(id: number) {
  return api.post(`staff/${id}/disable`, {});
}

export function useDisableStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableStaff,
    meta: { errorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffQueryKey }),
  });
}
