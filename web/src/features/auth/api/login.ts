import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { api, ApiError } from '@/lib/api-client';
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

/**
 * A closed account (issue 31: a time-out or a self-exclusion) is answered 403 with its end in the
 * message and in the data; `reopen` when a fixed-term self-exclusion is over and the player may
 * ask to reopen the account (it reopens 24 hours later), `reopening` once they asked (`until`:
 * when it reopens).
 */
export const closedAccountSchema = z.object({
  closure: z.enum(['timeout', 'exclusion']),
  until: z.nullish(z.number()),
  reopen: z.optional(z.boolean()),
  reopening: z.optional(z.boolean()),
});

/** The payload key of a closed account's refusal: the login form shows it, no toast. */
export const ACCOUNT_KEY = 'account';

export type ClosedAccount = { message: string; reopen: boolean };

/** A login's refusal as a closed account, or null when it is another failure. */
export function closedAccount(error: unknown): ClosedAccount | null {
  if (!(error instanceof ApiError) || error.status !== 403) return null;
  const data = closedAccountSchema.safeParse(error.data);
  return { message: error.message, reopen: data.success && data.data.reopen === true };
}

async function closedOnAccount<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) {
      throw new ApiError(error.message, 403, { [ACCOUNT_KEY]: error.message }, error.data);
    }
    throw error;
  }
}

/**
 * A wrong username or password is the password field's error (the form selects it for retyping);
 * a closed account's refusal is the form's own (`closedAccount`). `reopen`: the player asks to
 * reopen an account whose self-exclusion is over (the answer is a 403 saying when it reopens).
 */
export function login(input: LoginInput & { reopen?: boolean }) {
  return closedOnAccount(
    refusalOnField(
      api.post('auth/login', input satisfies LoginBody, { schema: loginDataSchema }),
      'password',
    ),
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

/** Asks to reopen a closed account (login with `reopen`): its answer shows in the form. */
export function useAskReopen() {
  return useMutation({
    mutationFn: (input: LoginInput) => login({ ...input, reopen: true }),
    meta: { successToast: true, inlineFields: [ACCOUNT_KEY] },
    onSuccess: ({ data }) => setAuthData(data),
  });
}
