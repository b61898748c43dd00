import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { staffSchema } from './get-me';

/**
 * POST auth/login { username, password, code? }: `enrol` (no authenticator yet: its base32
 * secret and otpauth URI), `code` (a 6-digit code is needed: call again with it) or `ok` (the
 * session's token). A wrong password or code is a 401 with one message for both (not the end
 * of a session: there is none yet); five failures lock the account (429, the message says until
 * when).
 */

export const signInSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('enrol'), secret: z.string(), uri: z.string() }),
  z.object({ status: z.literal('code') }),
  z.object({
    status: z.literal('ok'),
    token: z.string().min(1),
    expiresAt: z.number(),
    staff: staffSchema,
  }),
]);

export type SignIn = z.infer<typeof signInSchema>;

export interface LoginBody {
  username: string;
  password: string;
  code?: string;
}

export async function login(body: LoginBody): Promise<SignIn> {
  const { data } = await api.post('auth/login', body, {
    schema: signInSchema,
    endsSessionOn401: false,
  });
  return data;
}

export function useLogin() {
  return useMutation({ mutationFn: login, meta: { errorToast: false } });
}
