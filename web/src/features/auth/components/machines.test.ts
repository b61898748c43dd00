import { describe, expect, it } from 'vitest';
import {
  PhonePage,
  initialPhonePage,
  initialRecovery,
  initialRegisterFlow,
  phoneEditable,
  phonePageReducer,
  recoveryReducer,
  registerFlowReducer,
} from './machines';

describe('recovery steps', () => {
  it('goes 1 → 2 → 3 → 4 on the server answers', () => {
    let s = recoveryReducer(initialRecovery, { type: 'codeSent', username: ' ahmet42 ' });
    expect(s).toEqual({ step: 2, username: 'ahmet42', code: '' });
    s = recoveryReducer(s, { type: 'codeValid', code: '123456' });
    expect(s).toEqual({ step: 3, username: 'ahmet42', code: '123456' });
    s = recoveryReducer(s, { type: 'passwordChanged' });
    expect(s.step).toBe(4);
  });

  it('ignores events out of order and can go back', () => {
    expect(recoveryReducer(initialRecovery, { type: 'passwordChanged' })).toBe(initialRecovery);
    expect(recoveryReducer(initialRecovery, { type: 'codeValid', code: '1' })).toBe(
      initialRecovery,
    );
    const two = recoveryReducer(initialRecovery, { type: 'codeSent', username: 'ahmet42' });
    expect(recoveryReducer(two, { type: 'back' }).step).toBe(1);
    expect(recoveryReducer(two, { type: 'reset' })).toEqual(initialRecovery);
  });
});

describe('profile phone pages', () => {
  it('opens on Verified when verified, else NotVerified', () => {
    expect(initialPhonePage(true)).toBe(PhonePage.Verified);
    expect(initialPhonePage(false)).toBe(PhonePage.NotVerified);
  });

  it('NotVerified or Update → VerificationCode on send; verify → Verified', () => {
    expect(phonePageReducer(PhonePage.NotVerified, { type: 'codeSent' })).toBe(
      PhonePage.VerificationCode,
    );
    const update = phonePageReducer(PhonePage.NotVerified, { type: 'updateNumber' });
    expect(update).toBe(PhonePage.Update);
    expect(phonePageReducer(update, { type: 'codeSent' })).toBe(PhonePage.VerificationCode);
    expect(phonePageReducer(PhonePage.VerificationCode, { type: 'verifyFailed' })).toBe(
      PhonePage.VerificationCode,
    );
    expect(phonePageReducer(PhonePage.VerificationCode, { type: 'verified' })).toBe(
      PhonePage.Verified,
    );
    expect(phonePageReducer(PhonePage.Verified, { type: 'codeSent' })).toBe(PhonePage.Verified);
    expect(phonePageReducer(update, { type: 'cancel', smsVerified: true })).toBe(
      PhonePage.Verified,
    );
  });

  it('the phone is editable only on Update', () => {
    expect(phoneEditable(PhonePage.Update)).toBe(true);
    expect(phoneEditable(PhonePage.NotVerified)).toBe(false);
    expect(phoneEditable(PhonePage.Verified)).toBe(false);
    expect(phoneEditable(PhonePage.VerificationCode)).toBe(false);
  });
});

describe('registration phone step', () => {
  it('after registration: step 1 with the phone locked; trial amount kept only when chosen', () => {
    const withTrial = registerFlowReducer(initialRegisterFlow, {
      type: 'registered',
      phone: '905321234567',
      trialBonus: true,
      trialAmount: 50,
    });
    expect(withTrial).toMatchObject({ step: 1, phoneLocked: true, trialAmount: 50 });
    const without = registerFlowReducer(initialRegisterFlow, {
      type: 'registered',
      phone: '905321234567',
      trialBonus: false,
      trialAmount: 50,
    });
    expect(without.trialAmount).toBe(0);
  });

  it('step 1 → 2 on send; Change Phone Number unlocks; verify shows congratulations', () => {
    let s = registerFlowReducer(initialRegisterFlow, {
      type: 'registered',
      phone: '905321234567',
      trialBonus: true,
      trialAmount: 50,
    });
    s = registerFlowReducer(s, { type: 'codeSent', phone: '905321234567' });
    expect(s.step).toBe(2);
    s = registerFlowReducer(s, { type: 'changePhone' });
    expect(s).toMatchObject({ step: 1, phoneLocked: false });
    s = registerFlowReducer(s, { type: 'codeSent', phone: '905551112233' });
    expect(s).toMatchObject({ step: 2, phone: '905551112233' });
    expect(registerFlowReducer(s, { type: 'verified' }).congratulations).toBe(true);
  });
});
