import { useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/toast';
import { useUpdatePhone } from '../api/update-phone';
import { wantsTrialBonus, type RegisterPayload } from '../api/register';
import { useAuthDialogsContext } from './auth-dialogs-context';
import { AuthDialog, AuthLayout, AuthSwitch } from './auth-layout';
import { initialRegisterFlow, registerFlowReducer } from './machines';
import { RegisterCongratulations } from './register-congratulations';
import { RegisterPhoneStep } from './register-phone-step';
import { RegisterTabs } from './register-tabs';

/** Register: 'Sign Up' with the Fast Register and Default Register tabs, then the phone step. */
export function RegisterDialog() {
  const { t } = useTranslation();
  return (
    <AuthDialog name="register" title={t('auth.register.title')} hideTitle size="register">
      <RegisterFlow />
    </AuthDialog>
  );
}

/** The registration's steps (machines.ts: registerFlowReducer), one component each. */
function RegisterFlow() {
  const { t } = useTranslation();
  const [flow, dispatch] = useReducer(registerFlowReducer, initialRegisterFlow);
  const { trialBonusAmount } = useAuthDialogsContext();
  // The SMS sent by itself after a registration with the trial bonus: its success message would
  // be a second toast for the one Sign Up click (the code step says where the code went).
  const autoSend = useUpdatePhone({ meta: { successToast: false } });

  const onRegistered = (payload: RegisterPayload, message: string | null) => {
    const event = {
      type: 'registered',
      phone: payload.phone,
      trialBonus: wantsTrialBonus(payload),
      trialAmount: trialBonusAmount,
    } as const;
    dispatch(event);
    const next = registerFlowReducer(flow, event);
    // One event, one message: the congratulations screen says the registration is done; before
    // the phone step the server's message ("Registration complete") is the toast.
    if (!next.congratulations && message) void notify.success(message);
    // With a trial bonus the step-1 SMS goes out at once (the reducer decides).
    if (!next.autoSending) return;
    autoSend.mutate(
      { step: 1, phone: payload.phone },
      {
        onSuccess: () => dispatch({ type: 'codeSent', phone: payload.phone }),
        onError: () => dispatch({ type: 'autoSendFailed' }),
      },
    );
  };

  if (flow.congratulations) return <RegisterCongratulations trialAmount={flow.trialAmount} />;
  if (flow.step > 0) return <RegisterPhoneStep flow={flow} dispatch={dispatch} />;
  return (
    <AuthLayout
      wide
      title={t('auth.register.title')}
      subtitle={t('auth.register.subtitle')}
      footer={
        <AuthSwitch
          text={t('auth.register.haveAccount')}
          link={t('auth.register.signInNow')}
          to="login"
        />
      }
    >
      <RegisterTabs onRegistered={onRegistered} trialAmount={trialBonusAmount} />
    </AuthLayout>
  );
}
