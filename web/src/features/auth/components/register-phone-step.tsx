import type { Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { formatMoney, formatPhone } from '@/lib/format';
import { closeDialog } from '../stores/dialogs';
import { AuthLayout, Steps } from './auth-layout';
import { PHONE_STEP_LABELS, type RegisterFlow, type RegisterFlowEvent } from './machines';
import { CodeStepForm, PhoneStepForm } from './phone-steps';

/**
 * Steps 1 and 2 after the registration: the phone (locked to the registered one, sent by itself
 * with a trial bonus, or "I already have a code") and the SMS code; Change Phone Number and Skip
 * Verification. Numbered 1 phone, 2 code as every phone verification is. The verification's
 * message is no toast here: the congratulations screen that follows says it.
 */
export function RegisterPhoneStep({
  flow,
  dispatch,
}: {
  flow: RegisterFlow;
  dispatch: Dispatch<RegisterFlowEvent>;
}) {
  const { t } = useTranslation();
  return (
    <AuthLayout
      title={t('auth.phone.title')}
      subtitle={
        flow.step === 1
          ? t('auth.phone.step1Text')
          : t('auth.phone.step2Text', { phone: formatPhone(flow.phone) })
      }
    >
      <Steps current={flow.step - 1} labels={PHONE_STEP_LABELS.map((key) => t(key))} />
      {flow.trialAmount > 0 ? (
        <p className="auth__notice">
          <Icon name="gift" size={18} />
          {t('auth.phone.trialNotice', { amount: formatMoney(flow.trialAmount) })}
        </p>
      ) : null}
      {flow.step === 1 ? (
        flow.autoSending ? (
          <p className="auth__pending" role="status">
            {t('auth.phone.sending')}
          </p>
        ) : (
          <PhoneStepForm
            id="register-phone"
            phone={flow.phone}
            locked={flow.phoneLocked}
            onSent={(phone) => dispatch({ type: 'codeSent', phone })}
            onHaveCode={(phone) => dispatch({ type: 'haveCode', phone })}
          />
        )
      ) : (
        <CodeStepForm
          id="register-code"
          phone={flow.phone}
          successToast={false}
          onVerified={(credited) => dispatch({ type: 'verified', credited })}
        >
          <div className="auth__inline-links">
            <button
              type="button"
              className="link-btn"
              onClick={() => dispatch({ type: 'changePhone' })}
            >
              {t('auth.phone.changePhone')}
            </button>
          </div>
        </CodeStepForm>
      )}
      <button
        type="button"
        className="btn btn--text btn--block"
        onClick={() => closeDialog('register')}
      >
        {t('auth.phone.skip')}
      </button>
    </AuthLayout>
  );
}
