import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { api } from '@/lib/api-client';
import type { LoginBody } from '@shared/api/generated';
import { zLoginData } from '@shared/api/generated/zod.gen';
import { withMeta, type MutationOptions } from '@/lib/react-query';
import { setAuthData } from '@/lib/session-store';
import { text } from '@/lib/validation';
import { refusalOnField } from './field-error';

/** POST auth/login (spec section 7). Login payload: username, password. */

export const loginInputSchema = z.object({
  username: text(3, 35),
  password: text(5, 100, { trim: false }),
});

export type LoginInput = z.infer<typeof loginInputSchema>;

/**
 * The login data (the register call answers the same): a session needs only its token, so only
 * the token is required; every other field is checked when present and stored as it came (the
 * session store reads them all as optional).
 */
export const loginDataSchema = z.extend(z.partial(zLoginData), { token: z.string() });

/** A wrong username or password is the password field's error (the form selects it for retyping). */
export function login(input: LoginInput) {
  return refusalOnField(
    api.post('auth/login', input satisfies LoginBody, { schema: loginDataSchema }),
    'password',
  );
}

/** Logs in with the session data the server returns; its message shows as a success toast. */
export function useLogin(options?: MutationOptions) {
  return useMutation({
    mutationFn: login,
    meta: withMeta({ successToast: true }, options),
    onSuccess: ({ data }) => setAuthData(data),
  });
}
