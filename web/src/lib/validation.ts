import * as z from 'zod/mini';

/**
 * Validation rules of spec section 5, shared by every form. A rule's message is a translation key,
 * optionally followed by `:` and a number (`validation.minLength:5`); `validationText` turns it into
 * the player's language.
 */

export const V = {
  required: 'validation.required',
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
} as const;

const withCount = (key: string, n: number) => `${key}:${n}`;

/** The translated text of a rule's message. */
export function validationText(
  t: (key: string, options?: Record<string, unknown>) => string,
  message: string | undefined,
): string {
  if (!message) return '';
  const at = message.lastIndexOf(':');
  if (at > 0 && /^\d+$/.test(message.slice(at + 1))) {
    return t(message.slice(0, at), { n: Number(message.slice(at + 1)) });
  }
  return t(message);
}

/** Required text of min..max characters (trimmed unless `trim` is false). */
export function text(min: number, max: number, { trim = true } = {}) {
  return z
    .string()
    .check(
      ...(trim ? [z.trim()] : []),
      z.minLength(1, V.required),
      z.minLength(min, withCount(V.minLength, min)),
      z.maxLength(max, withCount(V.maxLength, max)),
    );
}

/** name, surname: 2 to 100 letters (Turkish letters too), single spaces between words. */
export const personName = text(2, 100).check(z.regex(/^\p{L}+( \p{L}+)*$/u, V.name));

/** Registration username: 5 to 30 letters and digits. */
export const registerUsername = text(5, 30).check(z.regex(/^[A-Za-z0-9]+$/, V.username));

/** e-mail: 5 to 100 characters, a valid address with a dotted domain. */
export const email = text(5, 100).check(
  z.regex(/^[^\s@]+@[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)*\.[\p{L}\p{N}-]{2,}$/u, V.email),
);

/** Phone: 5 to 20 digits; the mask gives 90 plus 10 digits, a Turkish mobile starts 905. */
export const phone = z
  .string()
  .check(
    z.minLength(1, V.required),
    z.regex(/^\d*$/, V.digits),
    z.minLength(5, withCount(V.minLength, 5)),
    z.maxLength(20, withCount(V.maxLength, 20)),
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
  z.minLength(1, V.required),
  z.regex(/^\d*$/, V.digits),
  z.length(11, withCount(V.exactLength, 11)),
  z.refine((v) => !/^\d{11}$/.test(v) || isValidPersonalNo(v), V.personalNoChecksum),
);

/** SMS code: exactly 6 digits (the 00-00-00 mask's dashes are not part of the value). */
export const smsCode = z.pipe(
  z.pipe(
    z.string(),
    z.transform((s: string) => s.replace(/[-\s]/g, '')),
  ),
  z.string().check(z.minLength(1, V.required), z.regex(/^\d*$/, V.digits), z.length(6, V.code)),
);

/** A new password: at least 5 characters (at most 100, as the server allows). */
export const password = text(5, 100, { trim: false });

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
  .check(z.minLength(1, V.required), z.regex(/^\d{2}$/, V.birthDay));
export const birthMonth = z
  .string()
  .check(z.minLength(1, V.required), z.regex(/^\d{2}$/, V.birthMonth));
export const birthYear = z
  .string()
  .check(z.minLength(1, V.required), z.regex(/^\d{4}$/, V.birthYear));
