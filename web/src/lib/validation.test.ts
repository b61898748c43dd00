import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { i18n } from './i18n';
import {
  V,
  acceptTerms,
  birthDateIssue,
  email,
  isValidPersonalNo,
  password,
  passwordsMatch,
  personName,
  personalNo,
  phone,
  registerUsername,
  smsCode,
  text,
  validationText,
  withLira,
} from './validation';

const firstMessage = (schema: z.ZodMiniType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? null : r.error.issues[0].message;
};

describe('validation rules (spec section 5): each names its rule in a short hint', () => {
  it('text: min to max characters, whether empty, short or long', () => {
    const rule = text(3, 35);
    for (const bad of ['', '  ', 'ab', 'a'.repeat(36)]) {
      expect(firstMessage(rule, bad)).toBe('validation.length:3-35');
    }
    expect(firstMessage(rule, 'abc')).toBeNull();
    expect(firstMessage(text(5, 100, { trim: false }), '     ')).toBeNull();
  });

  it('name and surname: 2-100 letters, Turkish letters, single spaces', () => {
    for (const good of ['Ali', 'Çağrı Şükrü', 'İlkay Öğüt', 'ığüşöç']) {
      expect(firstMessage(personName, good)).toBeNull();
    }
    for (const bad of ['', 'A', 'Ali  Veli', 'R2D2', 'a'.repeat(101)]) {
      expect(firstMessage(personName, bad)).toBe(V.name);
    }
  });

  it('registration username: 5-30 letters and digits', () => {
    expect(firstMessage(registerUsername, 'ahmet42')).toBeNull();
    for (const bad of ['', 'abcd', 'a'.repeat(31), 'ahmet_42', 'çağrı1']) {
      expect(firstMessage(registerUsername, bad)).toBe(V.username);
    }
  });

  it('e-mail: 5-100 characters and a valid address', () => {
    expect(firstMessage(email, 'oyuncu@kasa.bet')).toBeNull();
    for (const bad of ['', 'a@b', 'oyuncu@kasa', 'oyuncu kasa@x.com', `${'a'.repeat(95)}@x.com`]) {
      expect(firstMessage(email, bad)).toBe(V.email);
    }
  });

  it('phone: 90 plus 10 digits, a mobile', () => {
    expect(firstMessage(phone, '905321234567')).toBeNull();
    for (const bad of ['', '90532abc', '9053', '9'.repeat(21), '90532123456']) {
      expect(firstMessage(phone, bad)).toBe(V.phone);
    }
    expect(firstMessage(phone, '902121234567')).toBe(V.phoneMobile);
  });

  it('PersonalNo: 11 digits with valid check digits', () => {
    expect(isValidPersonalNo('10000000146')).toBe(true);
    expect(firstMessage(personalNo, '10000000146')).toBeNull();
    for (const bad of ['', '1000000014', '1000000014a']) {
      expect(firstMessage(personalNo, bad)).toBe(V.personalNo);
    }
    expect(firstMessage(personalNo, '10000000147')).toBe(V.personalNoChecksum);
    expect(firstMessage(personalNo, '00000000000')).toBe(V.personalNoChecksum);
  });

  it('SMS code: 6 digits, the mask dashes dropped', () => {
    expect(smsCode.parse('12-34-56')).toBe('123456');
    expect(smsCode.parse('123456')).toBe('123456');
    for (const bad of ['', '12345', '12345a']) expect(firstMessage(smsCode, bad)).toBe(V.code);
  });

  it('consent: the box must be ticked', () => {
    expect(firstMessage(acceptTerms, true)).toBeNull();
    expect(firstMessage(acceptTerms, false)).toBe(V.acceptTerms);
  });

  it('birth date: a real date of an adult', () => {
    const today = new Date(2026, 10, 22);
    expect(birthDateIssue('01', '01', '1970', today)).toBeNull();
    expect(birthDateIssue('30', '02', '1990', today)).toBe(V.birthDate);
    expect(birthDateIssue('01', '13', '1990', today)).toBe(V.birthDate);
    expect(birthDateIssue('23', '11', '2008', today)).toBe(V.underage);
    expect(birthDateIssue('22', '11', '2008', today)).toBeNull();
    expect(birthDateIssue('01', '01', '1800', today)).toBe(V.birthDate);
  });

  it('password pairs: at least 5, the mismatch reported on the confirmation', () => {
    const schema = passwordsMatch(
      z.object({ password, password2: password }),
      'password',
      'password2',
    );
    expect(schema.safeParse({ password: 'gizli1', password2: 'gizli1' }).success).toBe(true);
    const bad = schema.safeParse({ password: 'gizli1', password2: 'gizli2' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]).toMatchObject({
      path: ['password2'],
      message: V.passwordMismatch,
    });
    const short = schema.safeParse({ password: 'abcd', password2: 'abcd' });
    expect(short.error?.issues[0].message).toBe('validation.minLength:5');
  });

  it('hints are translated with their numbers, in the player language', () => {
    const t = i18n.t.bind(i18n);
    expect(validationText(t, 'validation.minLength:5')).toBe('En az 5 karakter');
    expect(validationText(t, 'validation.length:5-30')).toBe('5–30 karakter');
    expect(validationText(t, V.personalNo)).toBe('11 hane');
    expect(validationText(t, undefined)).toBe('');
  });

  it('a hint naming an amount of lira writes it in the player language', () => {
    const t = i18n.t.bind(i18n);
    expect(withLira('payments.rule.atMost', 1480.5)).toBe('payments.rule.atMost:₺1480.5');
    expect(validationText(t, withLira('payments.rule.atMost', 1480.5))).toBe(
      'En fazla 1.480,50 ₺ çekebilirsiniz',
    );
    expect(validationText(t, withLira('payments.rule.atMost', -3))).toBe(
      'En fazla 0,00 ₺ çekebilirsiniz',
    );
  });
});
