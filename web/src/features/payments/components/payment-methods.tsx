import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { formatMoney } from '@/lib/format';
import { DEPOSIT, useMethods, type MethodItem, type PaymentKind } from '../api/get-methods';
import { PaymentDialog } from './payment-dialog';
import './payments.css';

/**
 * The Deposit and Withdraw pages' method lists (/dashboard/deposit, /dashboard/withdraw): each
 * method with its logo and limits; choosing one opens its dynamic dialog, titled by the caller.
 */
export function PaymentMethods({ kind }: { kind: PaymentKind }) {
  const { t } = useTranslation();
  const { data, isPending, isError, refetch } = useMethods(kind);
  const [open, setOpen] = useState<MethodItem | null>(null);
  const close = useCallback(() => setOpen(null), []);
  const titleOf = (m: MethodItem) =>
    t(kind === DEPOSIT ? 'payments.depositWith' : 'payments.withdrawWith', { method: m.title });

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
  return (
    <>
      {data.length === 0 ? (
        <p className="pay-empty">{t('payments.noMethods')}</p>
      ) : (
        <ul className="pay-methods" aria-label={t('payments.methods')}>
          {data.map((m) => (
            <li key={m.id}>
              <button type="button" className="pay-method" onClick={() => setOpen(m)}>
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
      )}
      {kind !== DEPOSIT ? (
        <p className="pay-note">
          <Icon name="info" size={16} />
          {t('payments.withdrawNote')}
        </p>
      ) : null}
      {open ? (
        <PaymentDialog method={open} kind={kind} title={titleOf(open)} onClose={close} />
      ) : null}
    </>
  );
}
