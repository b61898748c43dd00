import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BalanceParts } from '@/components/ui/balance-lines';
import { Icon } from '@/components/ui/icon';
import { formatMoney } from '@/lib/format';
import { useDepositBonuses } from '../api/get-deposit-bonuses';
import { DEPOSIT, useMethods, type MethodItem, type PaymentKind } from '../api/get-methods';
import { PaymentDialog } from './payment-dialog';
import './payments.css';

/** The enabled methods of a kind with their logos and limits; choosing one calls `onChoose`. */
export function MethodList({
  kind,
  onChoose,
}: {
  kind: PaymentKind;
  onChoose: (method: MethodItem) => void;
}) {
  const { t } = useTranslation();
  const { data, isPending, isError, refetch } = useMethods(kind);
  if (isPending) return <div className="pay-skeleton pay-skeleton--list" aria-busy="true" />;
  if (isError) {
    return (
      <div className="pay-empty">
        <p>{t('payments.loadFailed')}</p>
        <button type="button" className="btn btn--ghost" onClick={() => void refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  if (data.length === 0) return <p className="pay-empty">{t('payments.noMethods')}</p>;
  return (
    <ul className="pay-methods" aria-label={t('payments.methods')}>
      {data.map((m) => (
        <li key={m.id}>
          <button type="button" className="pay-method" onClick={() => onChoose(m)}>
            <span className="pay-method__logo">
              <img src={m.logo} alt="" width={64} height={40} loading="lazy" />
            </span>
            <span className="pay-method__body">
              <span className="pay-method__title">{m.title}</span>
              <span className="pay-method__limits tabular">
                <span>
                  {t('payments.min')} <strong>{formatMoney(m.min)}</strong>
                </span>
                <span>
                  {t('payments.max')} <strong>{formatMoney(m.max)}</strong>
                </span>
              </span>
            </span>
            <Icon name="chevronRight" size={20} className="pay-method__go" />
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The dialog's title for a method, from its caller (the Deposit or Withdraw page, the sheet). */
export function useMethodTitle(kind: PaymentKind) {
  const { t } = useTranslation();
  return (m: MethodItem) =>
    t(kind === DEPOSIT ? 'payments.depositWith' : 'payments.withdrawWith', { method: m.title });
}

/**
 * The Deposit and Withdraw pages' method lists (/dashboard/deposit, /dashboard/withdraw): each
 * method with its logo and limits; choosing one opens its dynamic dialog, titled by the caller,
 * with the player's `balance` (read by the app layer: features do not import each other). A
 * deposit `bonus` (/dashboard/deposit?bonus=slug, from a promotion's Deposit) is chosen in the
 * dialog when it is offered, and said over the methods.
 */
export function PaymentMethods({
  kind,
  balance,
  bonus = null,
}: {
  kind: PaymentKind;
  balance: BalanceParts;
  bonus?: string | null;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<MethodItem | null>(null);
  const close = useCallback(() => setOpen(null), []);
  const titleOf = useMethodTitle(kind);
  const offers = useDepositBonuses(kind === DEPOSIT && bonus !== null).data;
  const chosen = bonus ? offers?.find((o) => o.slug === bonus) : undefined;
  return (
    <>
      {chosen ? (
        <p className="pay-note pay-note--bonus" data-testid="deposit-bonus-chosen">
          <Icon name="gift" size={16} />
          {t('payments.bonus.chosen', { title: chosen.title })}
        </p>
      ) : null}
      <MethodList kind={kind} onChoose={setOpen} />
      {kind !== DEPOSIT ? (
        <p className="pay-note">
          <Icon name="info" size={16} />
          {t('payments.withdrawNote')}
        </p>
      ) : null}
      {open ? (
        <PaymentDialog
          method={open}
          kind={kind}
          title={titleOf(open)}
          balance={balance}
          preferredBonus={kind === DEPOSIT ? bonus : null}
          onClose={close}
        />
      ) : null}
    </>
  );
}
