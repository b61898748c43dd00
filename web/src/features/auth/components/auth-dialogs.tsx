import { ChangePasswordDialog } from './change-password-dialog';
import { LoginDialog } from './login-dialog';
import { PhoneVerificationDialog } from './phone-verification-dialog';
import { RecoveryDialog } from './recovery-dialog';
import { RegisterDialog } from './register-dialog';
import { SmsVerifyDialog } from './sms-verify-dialog';
import './auth-dialogs.css';

/** Every dialog flag of spec section 2 (only one is open at a time: lib/dialogs). */
export function AuthDialogs() {
  return (
    <>
      <LoginDialog />
      <RegisterDialog />
      <RecoveryDialog />
      <ChangePasswordDialog />
      <SmsVerifyDialog />
      <PhoneVerificationDialog />
    </>
  );
}
