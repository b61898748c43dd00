import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { endSession } from '../../../lib/session';

/** POST auth/logout: ends the session on the server; here it ends whatever the server answers. */

export async function logout(): Promise<void> {
  await api.post('auth/logout', {}, { endsSessionOn401: false });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    meta: { errorToast: false },
    onSettled: () => {
      endSession('signed-out');
      queryClient.clear();
    },
  });
}
