import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Icon } from '@/components/ui/icon';
import { formatMoney } from '@/lib/format';
import { closeDialog } from '../stores/dialogs';
import { useAuthDialogsContext } from './auth-dialogs-context';
import { AuthLayout } from './auth-layout';
import { Celebration } from './celebration';

/** Player protection's page (issue 31: limits are offered at registration). */
const PROTECTION_PATH = '/dashboard/protection';

/** Set deposit limits: the player protection page, the dialog closed. */
function LimitsLink() {
  const { t } = useTranslation();
  return (
    <Link
      to={PROTECTION_PATH}
      className="btn btn--text celebrate__limits"
      onClick={() => closeDialog('register')}
    >
      <Icon name="shield" size={18} />
      {t('auth.congrats.setLimits')}
    </Link>
  );
}

/**
 * The end of the registration. With the trial bonus the verification credited (issue 30: the
 * form's promise kept by the server): its amount, and a button to start playing that closes the
 * dialog. Without: Deposit and Live Chat.
 */
export function RegisterCongratulations({ trialAmount }: { trialAmount: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { onLiveChat } = useAuthDialogsContext();

  if (trialAmount > 0) {
    return (
      <AuthLayout>
        <Celebration
          title={t('auth.congrats.title')}
          text={t('auth.congrats.trialCredited', { amount: formatMoney(trialAmount) })}
        >
          <button
            type="button"
            className="btn btn--gold btn--lg btn--block"
            onClick={() => closeDialog('register')}
            data-autofocus
          >
            <Icon name="slots" size={18} />
            {t('auth.congrats.play')}
          </button>
          <LimitsLink />
        </Celebration>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout>
      <Celebration title={t('auth.congrats.title')} text={t('auth.congrats.text')}>
        <button
          type="button"
          className="btn btn--primary btn--lg"
          data-autofocus
          onClick={() => {
            closeDialog('register');
            void navigate('/dashboard/deposit');
          }}
        >
          <Icon name="wallet" size={18} />
          {t('header.deposit')}
        </button>
        <button type="button" className="btn btn--ghost btn--lg" onClick={onLiveChat}>
          <Icon name="chat" size={18} />
          {t('header.liveChat')}
        </button>
        <LimitsLink />
      </Celebration>
    </AuthLayout>
  );
}
