import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { formatCountdown, useCountdown } from '@/hooks/use-countdown';
import { RESEND_SECONDS } from './machines';

/**
 * The seconds left of the 60 s wait after a code sent at `sentAt` (epoch ms; null: none sent
 * from this tab, no wait), counted down live.
 */
export function useResendWait(sentAt: number | null): number {
  const { left, until, reset } = useCountdown(RESEND_SECONDS);
  useEffect(() => {
    if (sentAt === null) reset();
    else until(sentAt + RESEND_SECONDS * 1000);
  }, [sentAt, until, reset]);
  return left;
}

/** The wait's text: "You can request a new code in 0:42". */
export function useResendWaitText(): (left: number) => string {
  const { t } = useTranslation();
  return (left) => t('auth.phoneVerification.resendIn', { time: formatCountdown(left) });
}

type ResendCodeProps = {
  resend: () => Promise<unknown>;
  /**
   * When the code went out (epoch ms; null: not from this tab, so Resend is offered at once). The
   * countdown runs to 60 s after it, and a resend's success is expected to change it. Left out,
   * the code was just sent: the countdown starts when the step appears and again after a resend.
   */
  sentAt?: number | null;
};

/**
 * A code step's resend (spec section 9: 60 s countdown), counted down live second by second;
 * once over, Resend calls the same server call that sent the code. Only a success restarts the
 * countdown: a refusal (the server's own limits) shows its toast and Resend stays offered.
 */
export function ResendCode({ resend, sentAt }: ResendCodeProps) {
  const { t } = useTranslation();
  const waitText = useResendWaitText();
  const own = useCountdown(RESEND_SECONDS);
  const given = useResendWait(sentAt ?? null);
  const left = sentAt === undefined ? own.left : given;
  const [pending, setPending] = useState(false);
  const { start } = own;
  useEffect(() => {
    if (sentAt === undefined) start();
  }, [sentAt, start]);

  const onResend = async () => {
    setPending(true);
    try {
      await resend();
      if (sentAt === undefined) start();
    } catch {
      /* the query client showed the refusal; Resend stays offered */
    } finally {
      setPending(false);
    }
  };

  return (
    <p className="resend-code">
      {left > 0 ? (
        <span className="muted tabular" role="timer">
          {waitText(left)}
        </span>
      ) : (
        <button
          type="button"
          className="link-btn link-btn--accent"
          disabled={pending}
          aria-busy={pending || undefined}
          onClick={() => void onResend()}
        >
          <Icon name="chat" size={14} />
          {pending ? t('common.loading') : t('auth.phoneVerification.resend')}
        </button>
      )}
    </p>
  );
}
