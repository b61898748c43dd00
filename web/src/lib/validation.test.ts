import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { i18n } from './i18n';
import {
  V,
  birthDateIssue,
  email,
  isValidPersonalNo,
  passwordsMatch,
  personName,
  personalNo,
  phone,
  registerUsername,
  smsCode,
  text,
  validationText,
} from './validation';

const firstMessage = (schema: z.ZodMiniType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? null : r.error.issues[0].message;
};

describe('validation rules (spec section 5)', () => {
  it('text: required, min and max with the count', () => {
    const rule = text(3, 35);
    expect(firstMessage(rule, '')).toBe(V.required);
    expect(firstMessage(rule, '  ')).toBe(V.required);
    expect(firstMessage(rule, 'ab')).toBe('validation.minLength:3');
    expect(firstMessage(rule, 'a'.repeat(36))).toBe('validation.maxLength:35');
    expect(firstMessage(rule, 'abc')).toBeNull();
    expect(firstMessage(text(5, 100, { trim: false }), '     ')).toBeNull();
  });

  it('name and surname: 2-100 letters, Turkish letters, single spaces', () => {
    for (const good of ['Ali', 'Çağrı Şükrü', 'İlkay Öğüt', 'ığüşöç']) {
      expect(firstMessage(personName, good)).toBeNull();
    }
    expect(firstMessage(personName, 'A')).toBe('validation.minLength:2');
    expect(firstMessage(personName, 'Ali  Veli')).toBe(V.name);
    expect(firstMessage(personName, 'R2D2')).toBe(V.name);
    expect(firstMessage(personName, 'a'.repeat(101))).toBe('validation.maxLength:100');
  });

  it('registration username: 5-30 letters and digits', () => {
    expect(firstMessage(registerUsername, 'ahmet42')).toBeNull();
    expect(firstMessage(registerUsername, 'abcd')).toBe('validation.minLength:5');
    expect(firstMessage(registerUsername, 'a'.repeat(31))).toBe('validation.maxLength:30');
    expect(firstMessage(registerUsername, 'ahmet_42')).toBe(V.username);
    expect(firstMessage(registerUsername, 'çağrı1')).toBe(V.username);
  });

  it('e-mail: 5-100 characters and a valid address', () => {
    expect(firstMessage(email, 'oyuncu@kasa.bet')).toBeNull();
    expect(firstMessage(email, 'a@b')).toBe('validation.minLength:5');
    expect(firstMessage(email, 'oyuncu@kasa')).toBe(V.email);
    expect(firstMessage(email, 'oyuncu kasa@x.com')).toBe(V.email);
    expect(firstMessage(email, `${'a'.repeat(95)}@x.com`)).toBe('validation.maxLength:100');
  });

  it('phone: digits only, 5-20, 90 plus 10 digits, a mobile', () => {
    expect(firstMessage(phone, '905321234567')).toBeNull();
    expect(firstMessage(phone, '')).toBe(V.required);
    expect(firstMessage(phone, '90532abc')).toBe(V.digits);
    expect(firstMessage(phone, '9053')).toBe('validation.minLength:5');
    expect(firstMessage(phone, '9'.repeat(21))).toBe('validation.maxLength:20');
    expect(firstMessage(phone, '90532123456')).toBe(V.phone);
    expect(firstMessage(phone, '902121234567')).toBe(V.phoneMobile);
  });

  it('PersonalNo: exactly 11 digits with valid check digits', () => {
    expect(isValidPersonalNo('10000000146')).toBe(true);
    expect(firstMessage(personalNo, '10000000146')).toBeNull();
    expect(firstMessage(personalNo, '1000000014')).toBe('validation.exactLength:11');
    expect(firstMessage(personalNo, '1000000014a')).toBe(V.digits);
    expect(firstMessage(personalNo, '10000000147')).toBe(V.personalNoChecksum);
    expect(firstMessage(personalNo, '00000000000')).toBe(V.personalNoChecksum);
  });

  it('SMS code: exactly 6 digits, the mask dashes dropped', () => {
    expect(smsCode.parse('12-34-56')).toBe('123456');
    expect(smsCode.parse('123456')).toBe('123456');
    expect(firstMessage(smsCode, '')).toBe(V.required);
    expect(firstMessage(smsCode, '12345')).toBe(V.code);
    expect(firstMessage(smsCode, '12345a')).toBe(V.digits);
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

  it('password pairs: the mismatch is reported on the confirmation', () => {
    const schema = passwordsMatch(
      z.object({ password: text(5, 100), password2: text(5, 100) }),
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

  it('messages are translated with their count, in the player language', () => {
    const t = i18n.t.bind(i18n);
    expect(validationText(t, 'validation.minLength:5')).toBe('En az 5 karakter olmalı.');
    expect(validationText(t, V.required)).toBe('Bu alan zorunludur.');
    expect(validationText(t, undefined)).toBe('');
  });
});
