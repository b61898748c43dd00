import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { authDataSchema, setAuthData, type AuthData } from '@/lib/auth';

/** POST auth/login (spec section 7). Login payload: username, password. */

export const loginInputSchema = z.object({
  username: z.string().trim().min(3).max(35),
  password: z.string().min(5).max(100),
});

export type LoginInput = z.infer<typeof loginInputSchema>;

export async function login(input: LoginInput) {
  const res = await api.post<AuthData>('auth/login', input, { schema: authDataSchema });
  if (res.success && res.data) setAuthData(res.data);
  return res;
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
