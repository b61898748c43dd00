import { describe, expect, it } from 'vitest';
import {
  LAST_FAST_STEP,
  PhonePage,
  fastStepReducer,
  initialPhonePage,
  initialRecovery,
  initialRegisterFlow,
  initialSmsVerify,
  phoneEditable,
  phonePageReducer,
  recoveryReducer,
  registerFlowReducer,
  smsVerifyReducer,
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

  it('without a trial bonus the congratulations screen shows at once, not the phone step', () => {
    for (const [trialBonus, trialAmount] of [
      [false, 50],
      [true, 0],
      [false, 0],
    ] as const) {
      const s = registerFlowReducer(initialRegisterFlow, {
        type: 'registered',
        phone: '905321234567',
        trialBonus,
        trialAmount,
      });
      expect(s).toMatchObject({ congratulations: true, trialAmount: 0, autoSending: false });
    }
    expect(
      registerFlowReducer(initialRegisterFlow, {
        type: 'registered',
        phone: '905321234567',
        trialBonus: true,
        trialAmount: 50,
      }).congratulations,
    ).toBe(false);
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
    expect(registerFlowReducer(s, { type: 'verified', credited: 50 })).toMatchObject({
      congratulations: true,
      trialAmount: 50,
    });
    // The phone had the trial bonus already: nothing credited, the screen without it.
    expect(registerFlowReducer(s, { type: 'verified', credited: 0 })).toMatchObject({
      congratulations: true,
      trialAmount: 0,
    });
  });
});

describe('registration: the SMS sent by itself with a trial bonus', () => {
  const registered = (trialBonus: boolean, trialAmount = 50) =>
    registerFlowReducer(initialRegisterFlow, {
      type: 'registered',
      phone: '905321234567',
      trialBonus,
      trialAmount,
    });

  it('goes out only with a chosen trial bonus greater than 0', () => {
    expect(registered(true).autoSending).toBe(true);
    expect(registered(false).autoSending).toBe(false);
    expect(registered(true, 0)).toMatchObject({ autoSending: false, trialAmount: 0 });
  });

  it('ends on step 2 when sent, or shows the phone form when it failed', () => {
    expect(
      registerFlowReducer(registered(true), { type: 'codeSent', phone: '905321234567' }),
    ).toMatchObject({ step: 2, autoSending: false });
    expect(registerFlowReducer(registered(true), { type: 'autoSendFailed' })).toMatchObject({
      step: 1,
      phoneLocked: true,
      autoSending: false,
    });
  });
});

describe('fast registration steps', () => {
  it('moves on only when the step is valid, back down to 0', () => {
    expect(fastStepReducer(0, { type: 'next', stepValid: false })).toBe(0);
    expect(fastStepReducer(0, { type: 'next', stepValid: true })).toBe(1);
    expect(fastStepReducer(LAST_FAST_STEP, { type: 'next', stepValid: true })).toBe(LAST_FAST_STEP);
    expect(fastStepReducer(2, { type: 'back' })).toBe(1);
    expect(fastStepReducer(0, { type: 'back' })).toBe(0);
  });

  it('goes to the step that shows the field the server named', () => {
    expect(fastStepReducer(2, { type: 'fieldError', field: 'username' })).toBe(0);
    expect(fastStepReducer(2, { type: 'fieldError', field: 'email' })).toBe(1);
    expect(fastStepReducer(0, { type: 'fieldError', field: 'phone' })).toBe(2);
    expect(fastStepReducer(2, { type: 'fieldError', field: 'PersonalNo' })).toBe(2);
  });
});

describe('sms verify', () => {
  it('1 → 2 on send, back to 1 on Change Phone Number, 3 once verified', () => {
    let s = initialSmsVerify('905321234567');
    expect(smsVerifyReducer(s, { type: 'verified' })).toBe(s);
    s = smsVerifyReducer(s, { type: 'codeSent', phone: '905551112233' });
    expect(s).toEqual({ step: 2, phone: '905551112233' });
    expect(smsVerifyReducer(s, { type: 'changePhone' })).toEqual({
      step: 1,
      phone: '905551112233',
    });
    expect(smsVerifyReducer(s, { type: 'verified' }).step).toBe(3);
  });
});

describe('"I already have a code" (issue 30)', () => {
  it('goes to the code step for the phone shown, without a send, in every flow', () => {
    expect(
      smsVerifyReducer(initialSmsVerify('905321234567'), {
        type: 'haveCode',
        phone: '905321234567',
      }),
    ).toEqual({ step: 2, phone: '905321234567' });
    expect(phonePageReducer(PhonePage.NotVerified, { type: 'haveCode' })).toBe(
      PhonePage.VerificationCode,
    );
    expect(phonePageReducer(PhonePage.Update, { type: 'haveCode' })).toBe(
      PhonePage.VerificationCode,
    );
    expect(phonePageReducer(PhonePage.Verified, { type: 'haveCode' })).toBe(PhonePage.Verified);
    const phoneStep = registerFlowReducer(
      { ...initialRegisterFlow, step: 1, phoneLocked: true, phone: '905321234567' },
      { type: 'haveCode', phone: '905321234567' },
    );
    expect(phoneStep).toMatchObject({ step: 2, phone: '905321234567', autoSending: false });
  });

  it("keeps the server's message of the verification for the congratulations", () => {
    const code = smsVerifyReducer(initialSmsVerify('905321234567'), {
      type: 'haveCode',
      phone: '905321234567',
    });
    expect(smsVerifyReducer(code, { type: 'verified', message: 'Doğrulandı' })).toEqual({
      step: 3,
      phone: '905321234567',
      message: 'Doğrulandı',
    });
  });
});
