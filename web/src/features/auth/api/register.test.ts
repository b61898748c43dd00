import { describe, expect, it } from 'vitest';
import {
  birthDateFromParts,
  buildFastPayload,
  buildFullPayload,
  buildShortPayload,
  fastRegisterSchema,
  fullRegisterSchema,
  shortRegisterSchema,
  wantsTrialBonus,
  type FullRegisterInput,
} from './register';
import { loginInputSchema } from './login';
import { recoveryUsernameSchema } from './send-reset-password';
import { recoveryCodeSchema } from './check-reset-code';
import { recoveryPasswordSchema } from './change-password-with-code';
import { changePasswordSchema } from './change-password';
import { codeFormSchema, phoneFormSchema } from './update-phone';

const full: FullRegisterInput = {
  name: 'Çağrı',
  surname: 'Öztürk',
  username: 'cagri42',
  email: 'cagri@kasa.bet',
  password: 'gizli1',
  password2: 'gizli1',
  phone: '905321234567',
  personalNo: '10000000146',
  birthDateDay: '01',
  birthDateMonth: '01',
  birthDateYear: '1970',
  country: 1,
  trialBonus: true,
  acceptTerms: true,
};

describe('registration payload', () => {
  it('birthDate is year-month-day from the three boxes', () => {
    expect(birthDateFromParts('01', '01', '1970')).toBe('1970-01-01');
    expect(birthDateFromParts('5', '9', '1988')).toBe('1988-09-05');
  });

  it('the full form sends PersonalNo, country, currencyId 1, birthDate and its parts', () => {
    expect(buildFullPayload(full, {})).toEqual({
      name: 'Çağrı',
      surname: 'Öztürk',
      username: 'cagri42',
      email: 'cagri@kasa.bet',
      phone: '905321234567',
      PersonalNo: '10000000146',
      country: 1,
      currencyId: 1,
      birthDate: '1970-01-01',
      birthDateDay: '01',
      birthDateMonth: '01',
      birthDateYear: '1970',
      trialBonus: 1,
      password: 'gizli1',
      password2: 'gizli1',
      acceptTerms: true,
    });
    expect(buildFullPayload({ ...full, trialBonus: false }, {}).trialBonus).toBe(0);
  });

  it('the fast form sends isFast=true and a boolean trialBonus, no ID, birth date or country', () => {
    const p = buildFastPayload(
      {
        name: 'Ali',
        surname: 'Veli',
        username: 'aliveli',
        email: 'ali@kasa.bet',
        password: 'gizli1',
        password2: 'gizli1',
        phone: '905321234567',
        trialBonus: true,
        acceptTerms: true,
      },
      { partner: 'acme', subid: 's1', source: 'mail' },
    );
    expect(p).toMatchObject({
      isFast: true,
      trialBonus: true,
      currencyId: 1,
      partner: 'acme',
      acceptTerms: true,
    });
    expect(p).not.toHaveProperty('PersonalNo');
    expect(p).not.toHaveProperty('birthDate');
    expect(p).not.toHaveProperty('country');
  });

  it('the short form sends neither isFast nor ID, birth date or country; trialBonus 1/0', () => {
    const { personalNo, birthDateDay, birthDateMonth, birthDateYear, country, ...short } = full;
    void [personalNo, birthDateDay, birthDateMonth, birthDateYear, country];
    const p = buildShortPayload(short, {});
    expect(p).toMatchObject({ trialBonus: 1, currencyId: 1, acceptTerms: true });
    for (const key of ['isFast', 'PersonalNo', 'birthDate', 'country']) {
      expect(p).not.toHaveProperty(key);
    }
    expect(shortRegisterSchema.safeParse(short).success).toBe(true);
  });

  it('every form needs the consent (18 or older, the terms accepted)', () => {
    const { personalNo, birthDateDay, birthDateMonth, birthDateYear, country, ...short } = full;
    void [personalNo, birthDateDay, birthDateMonth, birthDateYear, country];
    for (const [schema, input] of [
      [fullRegisterSchema, full],
      [fastRegisterSchema, short],
      [shortRegisterSchema, short],
    ] as const) {
      const r = schema.safeParse({ ...input, acceptTerms: false });
      expect(r.success).toBe(false);
      expect(r.error?.issues.map((i) => i.path[0])).toEqual(['acceptTerms']);
    }
  });

  it('affiliate parameters are sent', () => {
    expect(buildFullPayload(full, { refId: 7 }).refId).toBe(7);
  });

  it('the trial bonus is wanted for true or an amount above 0', () => {
    expect(wantsTrialBonus({ trialBonus: true })).toBe(true);
    expect(wantsTrialBonus({ trialBonus: 1 })).toBe(true);
    expect(wantsTrialBonus({ trialBonus: 50 })).toBe(true);
    expect(wantsTrialBonus({ trialBonus: false })).toBe(false);
    expect(wantsTrialBonus({ trialBonus: 0 })).toBe(false);
  });
});

describe('form schemas', () => {
  const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
    r.success ? [] : [...new Set(r.error!.issues.map((i) => String(i.path[0])))];

  it('full registration: valid, then each field rule', () => {
    expect(fullRegisterSchema.safeParse(full).success).toBe(true);
    expect(issues(fullRegisterSchema.safeParse({ ...full, password2: 'gizli2' }))).toEqual([
      'password2',
    ]);
    expect(issues(fullRegisterSchema.safeParse({ ...full, country: 0 }))).toEqual(['country']);
    expect(issues(fullRegisterSchema.safeParse({ ...full, birthDateDay: '1' }))).toEqual([
      'birthDateDay',
    ]);
    expect(issues(fullRegisterSchema.safeParse({ ...full, birthDateMonth: '13' }))).toEqual([
      'birthDateYear',
    ]);
    expect(issues(fullRegisterSchema.safeParse({ ...full, birthDateYear: '2020' }))).toEqual([
      'birthDateYear',
    ]);
    expect(issues(fullRegisterSchema.safeParse({ ...full, personalNo: '123' }))).toEqual([
      'personalNo',
    ]);
  });

  it('fast registration needs no ID, birth date or country', () => {
    const { personalNo, birthDateDay, birthDateMonth, birthDateYear, country, ...fast } = full;
    void [personalNo, birthDateDay, birthDateMonth, birthDateYear, country];
    expect(fastRegisterSchema.safeParse(fast).success).toBe(true);
    expect(issues(fastRegisterSchema.safeParse({ ...fast, username: 'abc' }))).toEqual([
      'username',
    ]);
  });

  it('login: username 3-35, password 5-100', () => {
    expect(loginInputSchema.safeParse({ username: 'ali', password: 'gizli' }).success).toBe(true);
    expect(issues(loginInputSchema.safeParse({ username: 'al', password: 'gizli' }))).toEqual([
      'username',
    ]);
    expect(
      issues(loginInputSchema.safeParse({ username: 'a'.repeat(36), password: 'gizli' })),
    ).toEqual(['username']);
    expect(issues(loginInputSchema.safeParse({ username: 'ali', password: 'gizl' }))).toEqual([
      'password',
    ]);
    expect(
      issues(loginInputSchema.safeParse({ username: 'ali', password: 'x'.repeat(101) })),
    ).toEqual(['password']);
  });

  it('recovery: username 5-50, code 3-20, passwords equal', () => {
    expect(recoveryUsernameSchema.safeParse({ username: 'ahmet' }).success).toBe(true);
    expect(recoveryUsernameSchema.safeParse({ username: 'ahme' }).success).toBe(false);
    expect(recoveryUsernameSchema.safeParse({ username: 'a'.repeat(51) }).success).toBe(false);
    expect(recoveryCodeSchema.safeParse({ code: '123' }).success).toBe(true);
    expect(recoveryCodeSchema.safeParse({ code: '12' }).success).toBe(false);
    expect(recoveryCodeSchema.safeParse({ code: '1'.repeat(21) }).success).toBe(false);
    expect(
      recoveryPasswordSchema.safeParse({ password: 'gizli', password2: 'gizli' }).success,
    ).toBe(true);
    expect(
      issues(recoveryPasswordSchema.safeParse({ password: 'gizli', password2: 'gizlo' })),
    ).toEqual(['password2']);
  });

  it('change password: all three at least 5, new ones equal', () => {
    const ok = { oldPassword: 'eski1', password: 'yeni1', confirmPassword: 'yeni1' };
    expect(changePasswordSchema.safeParse(ok).success).toBe(true);
    expect(issues(changePasswordSchema.safeParse({ ...ok, oldPassword: 'abc' }))).toEqual([
      'oldPassword',
    ]);
    expect(issues(changePasswordSchema.safeParse({ ...ok, confirmPassword: 'yeni2' }))).toEqual([
      'confirmPassword',
    ]);
  });

  it('phone and SMS code forms', () => {
    expect(phoneFormSchema.safeParse({ phone: '905321234567' }).success).toBe(true);
    expect(phoneFormSchema.safeParse({ phone: '5321234567' }).success).toBe(false);
    expect(codeFormSchema.parse({ code: '12-34-56' })).toEqual({ code: '123456' });
    expect(codeFormSchema.safeParse({ code: '12-34-5' }).success).toBe(false);
  });
});
