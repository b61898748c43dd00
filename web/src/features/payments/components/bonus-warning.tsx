import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { formatMoney } from '@/lib/format';
import type { BonusWarning } from '../api/get-active-bonuses';

/**
 * Before a withdrawal while a bonus is active: what happens to it (it is forfeited and its
 * remaining bonus money removed), then Continue (the request goes out) or Cancel (back to the
 * form, its values kept). The focus moves to Cancel, the safe choice.
 */
export function BonusWarningPanel({
  warning,
  busy,
  onContinue,
  onCancel,
}: {
  warning: BonusWarning;
  busy: boolean;
  onContinue: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const textId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  useEffect(() => cancelRef.current?.focus(), []);
  const text =
    warning.kind === 'one'
      ? t('payments.bonusWarning.one', {
          title: warning.title,
          balance: formatMoney(warning.balance),
        })
      : warning.kind === 'many'
        ? t('payments.bonusWarning.many', {
            count: warning.count,
            balance: formatMoney(warning.balance),
          })
        : t('payments.bonusWarning.unknown');
  return (
    <section
      className="pay-warning"
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      data-testid="withdraw-bonus-warning"
    >
      <span className="pay-warning__icon" aria-hidden="true">
        <Icon name="info" size={26} />
      </span>
      <h3 id={titleId} className="pay-warning__title">
        {t('payments.bonusWarning.title', { count: warning.kind === 'many' ? warning.count : 1 })}
      </h3>
      <div id={textId} className="pay-warning__text">
        <p>{text}</p>
        <p>{t('payments.bonusWarning.question')}</p>
      </div>
      <div className="pay-warning__actions">
        <button
          ref={cancelRef}
          type="button"
          className="btn btn--ghost btn--lg"
          onClick={onCancel}
          disabled={busy}
        >
          {t('payments.bonusWarning.cancel')}
        </button>
        <button
          type="button"
          className="btn btn--primary btn--lg"
          onClick={onContinue}
          disabled={busy}
          aria-busy={busy}
        >
          {busy ? t('common.loading') : t('payments.bonusWarning.continue')}
        </button>
      </div>
    </section>
  );
}
