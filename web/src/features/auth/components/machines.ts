/**
 * The step machines of the auth dialogs (spec section 4), as pure functions so they are tested on
 * their own.
 */

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

// Registration / phone step: 0 form, 1 phone, 2 SMS code, then the congratulations screen.

export type RegisterFlow = {
  step: 0 | 1 | 2;
  phoneLocked: boolean;
  phone: string;
  /** The trial bonus amount offered (0 without a trial bonus). */
  trialAmount: number;
  congratulations: boolean;
};

export type RegisterFlowEvent =
  | { type: 'registered'; phone: string; trialBonus: boolean; trialAmount: number }
  | { type: 'codeSent'; phone: string }
  | { type: 'changePhone' }
  | { type: 'verified' };

export const initialRegisterFlow: RegisterFlow = {
  step: 0,
  phoneLocked: false,
  phone: '',
  trialAmount: 0,
  congratulations: false,
};

export function registerFlowReducer(state: RegisterFlow, event: RegisterFlowEvent): RegisterFlow {
  switch (event.type) {
    case 'registered':
      return {
        step: 1,
        phoneLocked: true,
        phone: event.phone,
        trialAmount: event.trialBonus ? event.trialAmount : 0,
        congratulations: false,
      };
    case 'codeSent':
      return state.step === 1 ? { ...state, step: 2, phone: event.phone } : state;
    case 'changePhone':
      return state.step === 2 ? { ...state, step: 1, phoneLocked: false } : state;
    case 'verified':
      return state.step === 2 ? { ...state, congratulations: true } : state;
  }
}
