import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import type { AffiliateParams } from '@/lib/affiliate';
import { api } from '@/lib/api-client';
import type { RegisterPayload } from '@shared/api/generated';
import { withMeta, type MutationOptions } from '@/lib/react-query';
import { setAuthData } from '@/lib/session-store';
import {
  V,
  acceptTerms,
  birthDateIssue,
  birthDay,
  birthMonth,
  birthYear,
  email,
  password,
  passwordsMatch,
  personName,
  personalNo,
  phone,
  registerUsername,
} from '@/lib/validation';
import { loginDataSchema } from './login';

/**
 * POST auth/register (spec sections 3, 4, 5): the fast form and the Default Register tab's form,
 * which is the full form or, when the site offers it (auth/form's shortForm), the short one. Every
 * form asks for the consent (18 or older, the terms accepted): `acceptTerms`.
 */

export const DEFAULT_CURRENCY_ID = 1;

/** The fields both forms ask for, in their order. */
const accountFields = {
  name: personName,
  surname: personName,
  username: registerUsername,
  email,
  password,
  password2: password,
  phone,
};

const fastShape = z.object({ ...accountFields, trialBonus: z.boolean(), acceptTerms });

export const fastRegisterSchema = passwordsMatch(fastShape, 'password', 'password2');
export type FastRegisterInput = z.infer<typeof fastShape>;

/** The fast form's steps: the fields each step shows. */
export const FAST_STEPS = [
  ['name', 'surname', 'username'],
  ['email', 'password', 'password2'],
  ['phone', 'trialBonus', 'acceptTerms'],
] as const satisfies readonly (readonly (keyof FastRegisterInput)[])[];

const fullShape = z.object({
  ...accountFields,
  personalNo,
  birthDateDay: birthDay,
  birthDateMonth: birthMonth,
  birthDateYear: birthYear,
  country: z.number({ error: V.country }).check(z.int(), z.positive(V.country)),
  trialBonus: z.boolean(),
  acceptTerms,
});

/** The short form: the fast form's fields on one page (no ID number, birth date or country). */
export const shortRegisterSchema = fastRegisterSchema;
export type ShortRegisterInput = FastRegisterInput;

export const fullRegisterSchema = passwordsMatch(fullShape, 'password', 'password2').check(
  z.superRefine((v: FullRegisterInput, ctx) => {
    if (
      !/^\d{2}$/.test(v.birthDateDay) ||
      !/^\d{2}$/.test(v.birthDateMonth) ||
      !/^\d{4}$/.test(v.birthDateYear)
    )
      return;
    const issue = birthDateIssue(v.birthDateDay, v.birthDateMonth, v.birthDateYear);
    if (issue) ctx.addIssue({ code: 'custom', message: issue, path: ['birthDateYear'] });
  }),
);
export type FullRegisterInput = z.infer<typeof fullShape>;

/** The payload of both forms, affiliate parameters included (the document's RegisterPayload). */
export type { RegisterPayload };

/** birthDate as year-month-day from the three boxes. */
export function birthDateFromParts(day: string, month: string, year: string): string {
  return `${year.padStart(4, '0')}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}

/**
 * What every form's payload carries: the contact fields (names and e-mail trimmed), the password
 * twice, the currency and the affiliate parameters.
 */
function accountPayload(input: FastRegisterInput | FullRegisterInput, affiliate: AffiliateParams) {
  return {
    name: input.name.trim(),
    surname: input.surname.trim(),
    username: input.username.trim(),
    email: input.email.trim(),
    phone: input.phone,
    acceptTerms: input.acceptTerms,
    password: input.password,
    password2: input.password2,
    currencyId: DEFAULT_CURRENCY_ID,
    ...affiliate,
  };
}

/** The fast form's payload: isFast=true, trialBonus a boolean. */
export function buildFastPayload(
  input: FastRegisterInput,
  affiliate: AffiliateParams,
): RegisterPayload {
  return { ...accountPayload(input, affiliate), trialBonus: input.trialBonus, isFast: true };
}

/** The full form's payload: PersonalNo, country id, birthDate plus its three parts, trialBonus 1/0. */
export function buildFullPayload(
  input: FullRegisterInput,
  affiliate: AffiliateParams,
): RegisterPayload {
  return {
    ...accountPayload(input, affiliate),
    PersonalNo: input.personalNo,
    country: input.country,
    birthDate: birthDateFromParts(input.birthDateDay, input.birthDateMonth, input.birthDateYear),
    birthDateDay: input.birthDateDay,
    birthDateMonth: input.birthDateMonth,
    birthDateYear: input.birthDateYear,
    trialBonus: input.trialBonus ? 1 : 0,
  };
}

/** The short form's payload: no isFast, no ID number, birth date or country; trialBonus 1/0. */
export function buildShortPayload(
  input: ShortRegisterInput,
  affiliate: AffiliateParams,
): RegisterPayload {
  return { ...accountPayload(input, affiliate), trialBonus: input.trialBonus ? 1 : 0 };
}

/** Whether a payload asks for the trial bonus (a true flag or an amount above 0). */
export function wantsTrialBonus(payload: Pick<RegisterPayload, 'trialBonus'>): boolean {
  return (
    payload.trialBonus === true ||
    (typeof payload.trialBonus === 'number' && payload.trialBonus > 0)
  );
}

/** The payload keys the server may name in data.field, mapped to the form fields. */
export const REGISTER_FIELD_ALIASES = {
  PersonalNo: 'personalNo',
  birthDate: 'birthDateYear',
} as const;

export function register(payload: RegisterPayload) {
  return api.post('auth/register', payload, { schema: loginDataSchema });
}

/** Registers and logs in with the returned session data; the message shows as a success toast. */
export function useRegister(options?: MutationOptions) {
  return useMutation({
    mutationFn: register,
    meta: withMeta({ successToast: true }, options),
    onSuccess: ({ data }) => setAuthData(data),
  });
}
