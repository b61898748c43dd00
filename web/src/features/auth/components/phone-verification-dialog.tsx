import { useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, InputBox } from '@/components/ui/form';
import { Icon } from '@/components/ui/icon';
import { formatCountdown, useCountdown } from '@/hooks/use-countdown';
import { useSession } from '@/lib/session-store';
import { formatPhone } from '@/lib/format';
import { useUpdatePhone } from '../api/update-phone';
import {
  PhonePage,
  RESEND_SECONDS,
  initialPhonePage,
  phoneEditable,
  phonePageReducer,
} from './machines';
import { AuthDialog } from './auth-layout';
import { CodeStepForm, PhoneStepForm } from './phone-steps';

/** Profile phone verification: NotVerified, Verified, Update and VerificationCode pages. */
export function PhoneVerificationDialog() {
  const { t } = useTranslation();
  return (
    <AuthDialog name="phoneVerification" title={t('auth.phoneVerification.title')} size="medium">
      <PhoneVerificationPages />
    </AuthDialog>
  );
}

function StatusTag({ verified }: { verified: boolean }) {
  const { t } = useTranslation();
  return verified ? (
    <span className="tag tag--ok">
      <Icon name="check" size={14} />
      {t('auth.phoneVerification.verifiedTag')}
    </span>
  ) : (
    <span className="tag tag--warn">{t('auth.phoneVerification.notVerifiedTag')}</span>
  );
}

function PhoneVerificationPages() {
  const { t } = useTranslation();
  const { authData } = useSession();
  const smsVerified = Boolean(authData?.smsVerified);
  const [page, dispatch] = useReducer(phonePageReducer, smsVerified, initialPhonePage);
  const [phone, setPhone] = useState(authData?.phone ?? '');
  const countdown = useCountdown(RESEND_SECONDS);
  const resend = useUpdatePhone();

  const onSent = (p: string) => {
    setPhone(p);
    dispatch({ type: 'codeSent' });
    countdown.start();
  };

  const readOnlyPhone = (
    <Field
      id="pv-phone"
      label={t('auth.fields.phone')}
      aside={<StatusTag verified={page === PhonePage.Verified} />}
    >
      <InputBox icon="phone">
        <input id="pv-phone" value={formatPhone(phone)} readOnly={!phoneEditable(page)} />
      </InputBox>
    </Field>
  );

  return (
    <div className="panel-form">
      <p className="panel-form__intro">
        <Icon name="shield" size={18} />
        {t('auth.phoneVerification.text')}
      </p>
      {page === PhonePage.Verified ? (
        <div className="form">
          {readOnlyPhone}
          <p className="auth__success auth__success--inline" role="status">
            <Icon name="check" size={18} />
            {t('auth.smsVerify.verified')}
          </p>
          <button
            type="button"
            className="link-btn"
            onClick={() => dispatch({ type: 'updateNumber' })}
          >
            {t('auth.phoneVerification.updateNumber')}
          </button>
        </div>
      ) : null}
      {page === PhonePage.NotVerified ? (
        <>
          <PhoneStepForm
            id="pv-phone"
            phone={phone}
            locked
            onSent={onSent}
            tag={<StatusTag verified={false} />}
          />
          <button
            type="button"
            className="link-btn panel-form__link"
            onClick={() => dispatch({ type: 'updateNumber' })}
          >
            <Icon name="phone" size={14} />
            {t('auth.phoneVerification.updateNumber')}
          </button>
        </>
      ) : null}
      {page === PhonePage.Update ? (
        <>
          <PhoneStepForm id="pv-phone-new" phone={phone} locked={false} onSent={onSent} />
          <button
            type="button"
            className="link-btn panel-form__link"
            onClick={() => dispatch({ type: 'cancel', smsVerified })}
          >
            {t('auth.phoneVerification.cancel')}
          </button>
        </>
      ) : null}
      {page === PhonePage.VerificationCode ? (
        <>
          <p className="auth__hint">
            <Icon name="chat" size={18} />
            {t('auth.phone.step2Text', { phone: formatPhone(phone) })}
          </p>
          <CodeStepForm
            id="pv-code"
            phone={phone}
            submitLabel={t('auth.phoneVerification.verify')}
            onVerified={() => {
              dispatch({ type: 'verified' });
              countdown.reset();
            }}
            onFailed={() => dispatch({ type: 'verifyFailed' })}
          >
            <div className="auth__inline-links">
              {countdown.running ? (
                <span className="muted tabular" aria-live="polite">
                  {t('auth.phoneVerification.resendIn', { time: formatCountdown(countdown.left) })}
                </span>
              ) : (
                <button
                  type="button"
                  className="link-btn link-btn--accent"
                  disabled={resend.isPending}
                  onClick={() => resend.mutate({ step: 1, phone }, { onSuccess: countdown.start })}
                >
                  {t('auth.phoneVerification.resend')}
                </button>
              )}
            </div>
          </CodeStepForm>
        </>
      ) : null}
    </div>
  );
}
