import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Icon } from '@/components/ui/icon';
import { formatMoney } from '@/lib/format';
import { closeDialog } from '../stores/dialogs';
import { useAuthDialogsContext } from './auth-dialogs-context';
import { AuthLayout } from './auth-layout';
import { Celebration } from './celebration';

export const TRIAL_DIALOG_CLOSE_MS = 1000;

type Claim = 'idle' | 'pending' | 'claimed';

/**
 * The end of the registration. With a trial bonus: its amount and Yes, which grants it (the
 * grant celebrates and shows the server's message) and closes the dialog 1 s later. Without:
 * Deposit and Live Chat.
 */
export function RegisterCongratulations({ trialAmount }: { trialAmount: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { claimTrialBonus, onLiveChat } = useAuthDialogsContext();
  const [claim, setClaim] = useState<Claim>('idle');
  const closeTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const onClaim = () => {
    setClaim('pending');
    claimTrialBonus().then(
      () => {
        setClaim('claimed');
        closeTimer.current = window.setTimeout(
          () => closeDialog('register'),
          TRIAL_DIALOG_CLOSE_MS,
        );
      },
      // The refusal was shown as an error toast; Yes can be pressed again.
      () => setClaim('idle'),
    );
  };

  if (trialAmount > 0) {
    const amount = formatMoney(trialAmount);
    return (
      <AuthLayout>
        <Celebration
          title={t('auth.congrats.title')}
          text={
            claim === 'claimed'
              ? t('auth.congrats.trialClaimed', { amount })
              : t('auth.congrats.trialText', { amount })
          }
        >
          <button
            type="button"
            className="btn btn--gold btn--lg btn--block"
            onClick={onClaim}
            disabled={claim !== 'idle'}
            data-autofocus
          >
            <Icon name="gift" size={18} />
            {t('auth.congrats.yes')}
          </button>
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
      </Celebration>
    </AuthLayout>
  );
}
