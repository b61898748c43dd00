import { useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { useSession } from '@/lib/session-store';
import { formatPhone } from '@/lib/format';
import { closeDialog } from '../stores/dialogs';
import { AuthDialog, AuthLayout, Steps } from './auth-layout';
import { Celebration } from './celebration';
import { PHONE_STEP_LABELS, initialSmsVerify, smsVerifyReducer } from './machines';
import { CodeStepForm, PhoneStepForm } from './phone-steps';

/**
 * SMS verify: 1 phone and Send Code (or "I already have a code"); 2 code, Change Phone Number,
 * Validate; then Congratulations with the server's message (no toast besides: one event, one
 * message).
 */
export function SmsVerifyDialog() {
  const { t } = useTranslation();
  return (
    <AuthDialog name="smsVerify" title={t('auth.smsVerify.title')} hideTitle>
      <SmsVerifyFlow />
    </AuthDialog>
  );
}

function SmsVerifyFlow() {
  const { t } = useTranslation();
  const { authData } = useSession();
  const [{ step, phone, message }, dispatch] = useReducer(
    smsVerifyReducer,
    authData?.phone ?? '',
    initialSmsVerify,
  );

  if (step === 3) {
    return (
      <AuthLayout>
        <Celebration
          title={t('auth.smsVerify.congrats')}
          text={message || t('auth.smsVerify.verified')}
        >
          <button
            type="button"
            className="btn btn--primary btn--lg btn--block"
            data-autofocus
            onClick={() => closeDialog('smsVerify')}
          >
            {t('common.close')}
          </button>
        </Celebration>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title={t('auth.smsVerify.title')}
      subtitle={
        step === 1
          ? t('auth.smsVerify.step1Text')
          : t('auth.phone.step2Text', { phone: formatPhone(phone) })
      }
    >
      <Steps current={step - 1} labels={PHONE_STEP_LABELS.map((key) => t(key))} />
      {step === 1 ? (
        <PhoneStepForm
          id="sms-phone"
          phone={phone}
          locked={false}
          onSent={(p) => dispatch({ type: 'codeSent', phone: p })}
          onHaveCode={(p) => dispatch({ type: 'haveCode', phone: p })}
        />
      ) : (
        <CodeStepForm
          id="sms-code"
          phone={phone}
          successToast={false}
          onVerified={(_, said) => dispatch({ type: 'verified', message: said })}
        >
          <div className="auth__inline-links">
            <button
              type="button"
              className="link-btn"
              onClick={() => dispatch({ type: 'changePhone' })}
            >
              <Icon name="phone" size={14} />
              {t('auth.phone.changePhone')}
            </button>
          </div>
        </CodeStepForm>
      )}
    </AuthLayout>
  );
}
