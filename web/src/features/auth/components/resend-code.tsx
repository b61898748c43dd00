import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { formatCountdown, useCountdown } from '@/hooks/use-countdown';
import { RESEND_SECONDS } from './machines';

/**
 * A code step's resend (spec section 9: 60 s countdown). The countdown starts when the step
 * appears (the code was just sent); once over, Resend calls the same server call that sent the
 * code. Only a success restarts the countdown: a refusal (the server's own limits) shows its toast
 * and Resend stays offered.
 */
export function ResendCode({ resend }: { resend: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const countdown = useCountdown(RESEND_SECONDS);
  const [pending, setPending] = useState(false);
  const { start } = countdown;
  useEffect(() => start(), [start]);

  const onResend = async () => {
    setPending(true);
    try {
      await resend();
      start();
    } catch {
      /* the query client showed the refusal; Resend stays offered */
    } finally {
      setPending(false);
    }
  };

  return (
    <p className="resend-code">
      {countdown.running ? (
        <span className="muted tabular">
          {t('auth.phoneVerification.resendIn', { time: formatCountdown(countdown.left) })}
        </span>
      ) : (
        <button
          type="button"
          className="link-btn link-btn--accent"
          disabled={pending}
          onClick={() => void onResend()}
        >
          <Icon name="chat" size={14} />
          {pending ? t('common.loading') : t('auth.phoneVerification.resend')}
        </button>
      )}
    </p>
  );
}
