import * as z from 'zod/mini';
import { formatMoney } from './format';

/**
 * Validation rules of spec section 5, shared by every form. A rule's message is a translation key,
 * optionally followed by `:` and a number (`validation.minLength:5`), a range (`:3-35`) or an
 * amount of lira (`:₺480.5`, see `withLira`); `validationText` turns it into the player's language.
 */

export const V = {
  required: 'validation.required',
  length: 'validation.length',
  minLength: 'validation.minLength',
  maxLength: 'validation.maxLength',
  exactLength: 'validation.exactLength',
  name: 'validation.name',
  username: 'validation.username',
  email: 'validation.email',
  digits: 'validation.digits',
  phone: 'validation.phone',
  phoneMobile: 'validation.phoneMobile',
  personalNo: 'validation.personalNo',
  personalNoChecksum: 'validation.personalNoChecksum',
  code: 'validation.code',
  passwordMismatch: 'validation.passwordMismatch',
  country: 'validation.country',
  birthDay: 'validation.birthDay',
  birthMonth: 'validation.birthMonth',
  birthYear: 'validation.birthYear',
  birthDate: 'validation.birthDate',
  underage: 'validation.underage',
  acceptTerms: 'validation.acceptTerms',
} as const;

/**
 * Every message names its field's rule in a few words ("11 digits", "5–30 letters or digits"), so a
 * field that blocks the form says what it needs, whether it is empty or wrong.
 */
const withCount = (key: string, n: number) => `${key}:${n}`;
const withRange = (key: string, min: number, max: number) => `${key}:${min}-${max}`;

/**
 * A rule's message naming an amount of lira (`payments.rule.atMost:₺480.5`): its text gets the
 * amount as `{{amount}}`, written in the player's language when shown (`480,50 ₺`, `₺480.50`).
 */
export const withLira = (key: string, lira: number) => `${key}:₺${Math.max(0, lira)}`;

/** The translated text of a rule's message (`key`, `key:n`, `key:min-max` or `key:₺lira`). */
export function validationText(
  t: (key: string, options?: Record<string, unknown>) => string,
  message: string | undefined,
): string {
  if (!message) return '';
  const at = message.lastIndexOf(':');
  const arg = at > 0 ? message.slice(at + 1) : '';
  if (/^\d+$/.test(arg)) return t(message.slice(0, at), { n: Number(arg) });
  const range = /^(\d+)-(\d+)$/.exec(arg);
  if (range) {
    return t(message.slice(0, at), { min: Number(range[1]), max: Number(range[2]) });
  }
  const lira = /^₺(\d+(?:\.\d+)?)$/.exec(arg);
  if (lira) return t(message.slice(0, at), { amount: formatMoney(Number(lira[1])) });
  return t(message);
}

/** Required text of min..max characters (trimmed unless `trim` is false): "min–max characters". */
export function text(min: number, max: number, { trim = true } = {}) {
  const rule = withRange(V.length, min, max);
  return z
    .string()
    .check(
      ...(trim ? [z.trim()] : []),
      z.minLength(1, rule),
      z.minLength(min, rule),
      z.maxLength(max, rule),
    );
}

/** Text of min..max characters and a pattern, every failure named by one rule message. */
function pattern(min: number, max: number, re: RegExp, message: string) {
  return z
    .string()
    .check(
      z.trim(),
      z.minLength(1, message),
      z.minLength(min, message),
      z.maxLength(max, message),
      z.regex(re, message),
    );
}

/** name, surname: 2 to 100 letters (Turkish letters too), single spaces between words. */
export const personName = pattern(2, 100, /^\p{L}+( \p{L}+)*$/u, V.name);

/** Registration username: 5 to 30 letters and digits. */
export const registerUsername = pattern(5, 30, /^[A-Za-z0-9]+$/, V.username);

/** e-mail: 5 to 100 characters, a valid address with a dotted domain. */
export const email = pattern(
  5,
  100,
  /^[^\s@]+@[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)*\.[\p{L}\p{N}-]{2,}$/u,
  V.email,
);

/** Phone: 5 to 20 digits; the mask gives 90 plus 10 digits, a Turkish mobile starts 905. */
export const phone = z
  .string()
  .check(
    z.minLength(1, V.phone),
    z.regex(/^\d*$/, V.phone),
    z.minLength(5, V.phone),
    z.maxLength(20, V.phone),
    z.regex(/^90\d{10}$/, V.phone),
    z.regex(/^905/, V.phoneMobile),
  );

/** The TC kimlik no check digits (10th and 11th), as the server checks them. */
export function isValidPersonalNo(value: string): boolean {
  if (!/^\d{11}$/.test(value) || value[0] === '0') return false;
  const d = [...value].map(Number);
  const odd = d[0] + d[2] + d[4] + d[6] + d[8];
  const even = d[1] + d[3] + d[5] + d[7];
  const tenth = (((odd * 7 - even) % 10) + 10) % 10;
  const eleventh = d.slice(0, 10).reduce((a, b) => a + b, 0) % 10;
  return d[9] === tenth && d[10] === eleventh;
}

/** PersonalNo ('TC No'): exactly 11 digits (with valid check digits). */
export const personalNo = z.string().check(
  z.minLength(1, V.personalNo),
  z.regex(/^\d*$/, V.personalNo),
  z.length(11, V.personalNo),
  z.refine((v) => !/^\d{11}$/.test(v) || isValidPersonalNo(v), V.personalNoChecksum),
);

/** SMS code: exactly 6 digits (the 00-00-00 mask's dashes are not part of the value). */
export const smsCode = z.pipe(
  z.pipe(
    z.string(),
    z.transform((s: string) => s.replace(/[-\s]/g, '')),
  ),
  z.string().check(z.minLength(1, V.code), z.regex(/^\d*$/, V.code), z.length(6, V.code)),
);

/** A new password: at least 5 characters (at most 100, as the server allows). */
export const password = z
  .string()
  .check(
    z.minLength(1, withCount(V.minLength, 5)),
    z.minLength(5, withCount(V.minLength, 5)),
    z.maxLength(100, withCount(V.maxLength, 100)),
  );

/** The consent at sign-up: 18 or older and the terms accepted (a checkbox that must be ticked). */
export const acceptTerms = z.boolean().check(z.refine((v) => v, V.acceptTerms));

/** Adds the "must be equal" rule of a password pair, shown on the confirmation field. */
export function passwordsMatch<
  S extends z.ZodMiniObject,
  A extends keyof z.infer<S> & string,
  B extends keyof z.infer<S> & string,
>(schema: S, a: A, b: B): S {
  return schema.check(
    z.refine((v: z.infer<S>) => (v[a] as unknown) === (v[b] as unknown), {
      message: V.passwordMismatch,
      path: [b],
      when: (payload) => {
        const value = payload.value as Record<string, unknown>;
        return typeof value?.[a] === 'string' && typeof value?.[b] === 'string';
      },
    }),
  );
}

/** Birth date parts: 2, 2 and 4 digits making a real date of an adult (18+). */
export function birthDateIssue(
  day: string,
  month: string,
  year: string,
  today = new Date(),
): string | null {
  const d = Number(day);
  const m = Number(month);
  const y = Number(year);
  const date = new Date(Date.UTC(y, m - 1, d));
  if (
    y < 1900 ||
    date.getUTCFullYear() !== y ||
    date.getUTCMonth() !== m - 1 ||
    date.getUTCDate() !== d ||
    date.getTime() > today.getTime()
  ) {
    return V.birthDate;
  }
  let age = today.getFullYear() - y;
  if (today.getMonth() + 1 < m || (today.getMonth() + 1 === m && today.getDate() < d)) age -= 1;
  return age < 18 ? V.underage : null;
}

export const birthDay = z
  .string()
  .check(z.minLength(1, V.birthDay), z.regex(/^\d{2}$/, V.birthDay));
export const birthMonth = z
  .string()
  .check(z.minLength(1, V.birthMonth), z.regex(/^\d{2}$/, V.birthMonth));
export const birthYear = z
  .string()
  .check(z.minLength(1, V.birthYear), z.regex(/^\d{4}$/, V.birthYear));
