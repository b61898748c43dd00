import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Callout } from '@/components/ui/callout';
import { Icon } from '@/components/ui/icon';
import { useNow } from '@/hooks/use-now';
import { formatMoney } from '@/lib/format';
import { formatTurkeyDateTime } from '@/lib/turkey-time';
import type { Kind, LimitView, Period } from '../api/get-protection';
import { useConfirmLimit } from '../api/confirm-limit';

type Pending = NonNullable<LimitView['pending']>;

/** A setting's value in words: lira for money limits, minutes for the others. */
export function useValueText() {
  const { t } = useTranslation();
  return (kind: Kind, value: number) =>
    kind === 'deposit' || kind === 'loss' || kind === 'wager'
      ? formatMoney(value)
      : t('protection.minutes', { count: value });
}

/**
 * A looser setting waiting (a raise or a removal): what it will be, from when it can be confirmed
 * and until when (Turkey's time), and Confirm, usable once the 24 hours are over. The reality
 * check's longer interval needs no confirmation: it applies by itself (`confirmable` false).
 */
export function PendingNote({
  kind,
  period,
  pending,
  confirmable = true,
}: {
  kind: Kind;
  period: Period;
  pending: Pending;
  confirmable?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const valueText = useValueText();
  const confirm = useConfirmLimit();
  // Usable once its moment comes while the page stays open (the server checks it again).
  const now = useNow(30_000);
  const usable = pending.canConfirm || (now >= pending.from && now <= pending.until);
  const what =
    pending.value === null || pending.value === undefined
      ? kind === 'reality'
        ? t('protection.pending.off')
        : t('protection.pending.removal')
      : t('protection.pending.newValue', { value: valueText(kind, pending.value) });
  const from = formatTurkeyDateTime(pending.from);
  const until = formatTurkeyDateTime(pending.until);
  return (
    <Callout
      as="div"
      tone="warning"
      small
      icon="clock"
      className="pending-note"
      data-testid="pending-note"
    >
      <p id={`${id}-text`}>
        <strong>{what}</strong>{' '}
        {confirmable
          ? t('protection.pending.confirmText', { from, until })
          : t('protection.pending.autoText', { from })}
      </p>
      {confirmable ? (
        <button
          type="button"
          className="btn btn--gold-outline btn--sm"
          disabled={!usable || confirm.isPending}
          aria-describedby={`${id}-text`}
          onClick={() => confirm.mutate({ kind, period })}
        >
          <Icon name="check" size={16} />
          {t('protection.pending.confirm')}
        </button>
      ) : null}
    </Callout>
  );
}
