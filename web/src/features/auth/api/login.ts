import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { authDataSchema, setAuthData, type AuthData } from '@/lib/auth';
import { text } from '@/lib/validation';

/** POST auth/login (spec section 7). Login payload: username, password. */

export const loginInputSchema = z.object({
  username: text(3, 35),
  password: text(5, 100, { trim: false }),
});

export type LoginInput = z.infer<typeof loginInputSchema>;

export async function login(input: LoginInput) {
  const res = await api.post<AuthData>('auth/login', input, {
    schema: authDataSchema,
    toastSuccess: true,
  });
  if (res.success && res.data) setAuthData(res.data);
  return res;
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
