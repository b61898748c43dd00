import { useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, InputBox } from '@/components/ui/form';
import { Icon } from '@/components/ui/icon';
import { useSession } from '@/lib/session-store';
import { formatPhone } from '@/lib/format';
import {
  PHONE_STEP_LABELS,
  PhonePage,
  initialPhonePage,
  phoneEditable,
  phonePageReducer,
} from './machines';
import { AuthDialog, Steps } from './auth-layout';
import { CodeStepForm, PhoneStepForm } from './phone-steps';

/**
 * Profile phone verification: NotVerified, Verified, Update and VerificationCode pages; the
 * verification's pages numbered 1 phone, 2 code as every phone verification is.
 */
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

  // The code step counts the 60 s down itself and offers the resend.
  const onSent = (p: string) => {
    setPhone(p);
    dispatch({ type: 'codeSent' });
  };
  const onHaveCode = (p: string) => {
    setPhone(p);
    dispatch({ type: 'haveCode' });
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
      {page !== PhonePage.Verified ? (
        <Steps
          current={page === PhonePage.VerificationCode ? 1 : 0}
          labels={PHONE_STEP_LABELS.map((key) => t(key))}
        />
      ) : null}
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
            onHaveCode={onHaveCode}
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
          <PhoneStepForm
            id="pv-phone-new"
            phone={phone}
            locked={false}
            onSent={onSent}
            onHaveCode={onHaveCode}
          />
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
            onVerified={() => dispatch({ type: 'verified' })}
            onFailed={() => dispatch({ type: 'verifyFailed' })}
          />
        </>
      ) : null}
    </div>
  );
}
