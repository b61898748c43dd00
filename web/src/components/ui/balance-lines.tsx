import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/lib/format';
import './balance-lines.css';

/**
 * The player's money in lira (issue 30): the total the header shows and its two parts, what can be
 * withdrawn (real money) and the bonus money. The parts are null while only the total is known
 * (the login's answer, a granted trial bonus), until the balance is read again.
 */
export type BalanceParts = {
  balance: number;
  realBalance: number | null;
  bonusBalance: number | null;
};

/** A part not known yet. */
const UNKNOWN = '—';

/**
 * The balance as labelled lines, amounts right-aligned: the total first (unless `total` is false,
 * where the caller already shows it), then Withdrawable and Bonus. Wherever a player decides
 * something with the money: the header's balance menu, the bottom bar's sheets, the payment pages
 * and dialogs.
 */
export function BalanceLines({
  balance,
  total = true,
  className,
}: {
  balance: BalanceParts;
  total?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  const money = (lira: number | null) => (lira === null ? UNKNOWN : formatMoney(lira));
  return (
    <dl className={`balance-lines${className ? ` ${className}` : ''}`}>
      {total ? (
        <div className="balance-lines__row balance-lines__row--total">
          <dt>{t('balance.total')}</dt>
          <dd className="tabular">{formatMoney(balance.balance)}</dd>
        </div>
      ) : null}
      <div className="balance-lines__row" data-part="withdrawable">
        <dt>{t('balance.withdrawable')}</dt>
        <dd className="tabular">{money(balance.realBalance)}</dd>
      </div>
      <div className="balance-lines__row" data-part="bonus">
        <dt>{t('balance.bonus')}</dt>
        <dd className="tabular">{money(balance.bonusBalance)}</dd>
      </div>
    </dl>
  );
}
