/**
 * The step machines of the auth dialogs (spec section 4), as pure functions so they are tested on
 * their own.
 */

import { FAST_STEPS } from '../api/register';

// Recovery: 1 username → 2 reset code → 3 new password → 4 success (login opens 1 s later).

export type RecoveryStep = 1 | 2 | 3 | 4;
export type RecoveryState = { step: RecoveryStep; username: string; code: string };
export type RecoveryEvent =
  | { type: 'codeSent'; username: string }
  | { type: 'codeValid'; code: string }
  | { type: 'passwordChanged' }
  | { type: 'back' }
  | { type: 'reset' };

export const RECOVERY_LOGIN_DELAY_MS = 1000;
export const initialRecovery: RecoveryState = { step: 1, username: '', code: '' };

export function recoveryReducer(state: RecoveryState, event: RecoveryEvent): RecoveryState {
  switch (event.type) {
    case 'codeSent':
      return state.step === 1 ? { step: 2, username: event.username.trim(), code: '' } : state;
    case 'codeValid':
      return state.step === 2 ? { ...state, step: 3, code: event.code.trim() } : state;
    case 'passwordChanged':
      return state.step === 3 ? { ...state, step: 4 } : state;
    case 'back':
      if (state.step === 2) return { ...state, step: 1, code: '' };
      if (state.step === 3) return { ...state, step: 2, code: '' };
      return state;
    case 'reset':
      return initialRecovery;
  }
}

// Profile phone dialog: NotVerified 0, Verified 1, Update 2, VerificationCode 3 (spec section 3).

export const PhonePage = { NotVerified: 0, Verified: 1, Update: 2, VerificationCode: 3 } as const;
export type PhonePage = (typeof PhonePage)[keyof typeof PhonePage];
export type PhonePageEvent =
  | { type: 'updateNumber' }
  | { type: 'codeSent' }
  /** "I already have a code": the code step for the phone shown, no new SMS. */
  | { type: 'haveCode' }
  | { type: 'verified' }
  | { type: 'verifyFailed' }
  | { type: 'cancel'; smsVerified: boolean };

export const RESEND_SECONDS = 60;

/** Opens on Verified when the phone is verified, else on NotVerified. */
export function initialPhonePage(smsVerified: boolean): PhonePage {
  return smsVerified ? PhonePage.Verified : PhonePage.NotVerified;
}

export function phonePageReducer(page: PhonePage, event: PhonePageEvent): PhonePage {
  switch (event.type) {
    case 'updateNumber':
      return page === PhonePage.VerificationCode ? page : PhonePage.Update;
    case 'codeSent':
    case 'haveCode':
      return page === PhonePage.NotVerified || page === PhonePage.Update
        ? PhonePage.VerificationCode
        : page;
    case 'verified':
      return page === PhonePage.VerificationCode ? PhonePage.Verified : page;
    case 'verifyFailed':
      return page;
    case 'cancel':
      return initialPhonePage(event.smsVerified);
  }
}

/** The phone is editable only on the Update page. */
export function phoneEditable(page: PhonePage): boolean {
  return page === PhonePage.Update;
}

/**
 * The step indicator of every phone verification (dashboard, profile, registration): 1 phone,
 * 2 code, whichever way the code step was reached (a code sent, or one the player already has).
 */
export const PHONE_STEP_LABELS = ['auth.steps.phone', 'auth.steps.code'] as const;

// SMS verify (dashboard): 1 phone and Send Code (or "I already have a code") → 2 code →
// 3 congratulations, with the server's message (the trial bonus credited, if any).

export type SmsVerifyState = { step: 1 | 2 | 3; phone: string; message?: string | null };
export type SmsVerifyEvent =
  | { type: 'codeSent'; phone: string }
  /** "I already have a code": the code step for the phone shown, no new SMS. */
  | { type: 'haveCode'; phone: string }
  | { type: 'changePhone' }
  | { type: 'verified'; message?: string | null };

export function initialSmsVerify(phone: string): SmsVerifyState {
  return { step: 1, phone };
}

export function smsVerifyReducer(state: SmsVerifyState, event: SmsVerifyEvent): SmsVerifyState {
  switch (event.type) {
    case 'codeSent':
    case 'haveCode':
      return state.step === 1 ? { step: 2, phone: event.phone } : state;
    case 'changePhone':
      return state.step === 2 ? { ...state, step: 1 } : state;
    case 'verified':
      return state.step === 2 ? { ...state, step: 3, message: event.message ?? null } : state;
  }
}

// Registration / phone step: 0 form, 1 phone, 2 SMS code, then the congratulations screen.

export type RegisterFlow = {
  step: 0 | 1 | 2;
  phoneLocked: boolean;
  phone: string;
  /**
   * The trial bonus: the amount offered until the phone is verified (0 without a trial bonus),
   * then the amount the verification credited (0 when none was, e.g. the phone had it already).
   */
  trialAmount: number;
  /** The step-1 SMS that goes out by itself after a registration with the trial bonus. */
  autoSending: boolean;
  congratulations: boolean;
};

export type RegisterFlowEvent =
  | { type: 'registered'; phone: string; trialBonus: boolean; trialAmount: number }
  | { type: 'codeSent'; phone: string }
  /** "I already have a code": the code step for the phone shown, no new SMS. */
  | { type: 'haveCode'; phone: string }
  | { type: 'autoSendFailed' }
  | { type: 'changePhone' }
  | { type: 'verified'; credited: number };

export const initialRegisterFlow: RegisterFlow = {
  step: 0,
  phoneLocked: false,
  phone: '',
  trialAmount: 0,
  autoSending: false,
  congratulations: false,
};

/**
 * After registration success: step 1 with the phone locked. With a trial bonus (greater than 0)
 * the step-1 request goes out at once; without, the amount is 0 and the congratulations screen
 * shows. Step 1 success goes to step 2;
 * "I already have a code" goes to step 2 without a new SMS;
 * Change Phone Number returns to step 1 and unlocks the phone; step 2 success congratulates, with
 * the trial bonus the server credited on verification (issue 30: the form's promise kept).
 */
export function registerFlowReducer(state: RegisterFlow, event: RegisterFlowEvent): RegisterFlow {
  switch (event.type) {
    case 'registered': {
      const trial = event.trialBonus && event.trialAmount > 0;
      // Without a trial bonus the amount is 0 and the congratulations screen shows at once
      // (Deposit and Live Chat); the phone can be verified later from the profile.
      return {
        step: 1,
        phoneLocked: true,
        phone: event.phone,
        trialAmount: trial ? event.trialAmount : 0,
        autoSending: trial,
        congratulations: !trial,
      };
    }
    case 'codeSent':
    case 'haveCode':
      return state.step === 1
        ? { ...state, step: 2, phone: event.phone, autoSending: false }
        : state;
    case 'autoSendFailed':
      // The phone form shows instead, for the player to send the code again.
      return { ...state, autoSending: false };
    case 'changePhone':
      return state.step === 2 ? { ...state, step: 1, phoneLocked: false } : state;
    case 'verified':
      return state.step === 2
        ? { ...state, congratulations: true, trialAmount: event.credited }
        : state;
  }
}

// Fast registration's own steps (FAST_STEPS): 0 personal, 1 account, 2 phone and trial bonus.

export type FastStepEvent =
  | { type: 'next'; stepValid: boolean }
  | { type: 'back' }
  /** The server named a field: go to the step that shows it. */
  | { type: 'fieldError'; field: string };

export const LAST_FAST_STEP = FAST_STEPS.length - 1;

export function fastStepReducer(step: number, event: FastStepEvent): number {
  switch (event.type) {
    case 'next':
      return event.stepValid ? Math.min(step + 1, LAST_FAST_STEP) : step;
    case 'back':
      return Math.max(step - 1, 0);
    case 'fieldError': {
      const at = FAST_STEPS.findIndex((fields) =>
        (fields as readonly string[]).includes(event.field),
      );
      return at >= 0 ? at : step;
    }
  }
}
