import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { signInSchema, type SignIn } from './login';

/**
 * POST auth/enrol { username, password, code }: confirms the authenticator with its first code and
 * signs in (`status: ok`). 401 for a wrong password or code, 409 when there is nothing to enrol.
 */

export interface EnrolBody {
  username: string;
  password: string;
  code: string;
}

export async function enrol(body: EnrolBody): Promise<SignIn> {
  const { data } = await api.post('auth/enrol', body, {
    schema: signInSchema,
    endsSessionOn401: false,
  });
  return data;
}

export function useEnrol() {
  return useMutation({ mutationFn: enrol, meta: { errorToast: false } });
}
