import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog';
import { endCelebration, fireConfetti } from '@/lib/celebrate';
import { useOpenDialog } from '../stores/dialogs';
import { Celebration } from './celebration';

/**
 * The celebration of a granted trial bonus claimed from anywhere (the header's Claim Reward, the
 * profile's offer): the trophy, the server's message and confetti, in a small dialog. Inside the
 * registration dialog its congratulations view is the celebration already: only the confetti
 * fires there.
 */
export function ClaimCelebration({ message }: { message: string }) {
  const { t } = useTranslation();
  const inRegistration = useOpenDialog() === 'register';
  useEffect(() => {
    if (!inRegistration) return;
    fireConfetti();
    endCelebration();
  }, [inRegistration]);
  if (inRegistration) return null;
  return (
    <Dialog open onClose={endCelebration} title={t('auth.congrats.title')} hideTitle size="auto">
      <Celebration title={t('auth.congrats.title')} text={message}>
        <button
          type="button"
          className="btn btn--primary btn--lg btn--block"
          data-autofocus
          onClick={endCelebration}
        >
          {t('common.close')}
        </button>
      </Celebration>
    </Dialog>
  );
}
