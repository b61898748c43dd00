import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { BalanceLines } from '@/components/ui/balance-lines';
import { Icon, type IconName } from '@/components/ui/icon';
import { useBalance, type Balance } from '@/features/account/api/get-balance';
import { WithdrawIdentityNote } from '@/features/kyc/components/withdraw-identity-note';
import { DEPOSIT, WITHDRAW } from '@/features/payments/api/get-methods';
import { FinancialActivities } from '@/features/payments/components/financial-activities';
import { PaymentMethods } from '@/features/payments/components/payment-methods';
import { DepositLimitNote } from '@/features/protection/components/deposit-limit-note';
import { formatMoney } from '@/lib/format';
import './pages.css';
import './payments.css';

/** A money page's head: its title, and the balance with what can be withdrawn and the bonus money. */
function PaymentHead({
  titleKey,
  icon,
  textKey,
  balance,
}: {
  titleKey: string;
  icon: IconName;
  textKey: string;
  balance: Balance;
}) {
  const { t } = useTranslation();
  return (
    <header className="page-head page-head--money">
      <span className="page-head__icon">
        <Icon name={icon} size={24} />
      </span>
      <div className="page-head__main">
        <h1 className="page-head__title">{t(titleKey)}</h1>
        <p className="page-head__text">{t(textKey)}</p>
      </div>
      <div className="page-head__balance">
        <p className="page-head__total" data-testid="payments-balance">
          <span>{t('payments.balance')}</span>
          <strong className="tabular">{formatMoney(balance.balance)}</strong>
        </p>
        <BalanceLines balance={balance} total={false} />
      </div>
    </header>
  );
}

/**
 * /dashboard/deposit; ?bonus=slug (a promotion's Deposit) chooses that deposit bonus when offered.
 * Player protection's note (issue 31): a deposit limit offered, or what is left of it.
 */
export function DepositRoute() {
  const balance = useBalance();
  const [params] = useSearchParams();
  return (
    <div className="page-stack">
      <PaymentHead
        titleKey="dashboard.deposit"
        icon="wallet"
        textKey="payments.depositText"
        balance={balance}
      />
      <DepositLimitNote />
      <PaymentMethods kind={DEPOSIT} balance={balance} bonus={params.get('bonus')} />
    </div>
  );
}

/** /dashboard/withdraw; identity verification's note (issue 31) when a withdrawal needs it. */
export function WithdrawRoute() {
  const balance = useBalance();
  return (
    <div className="page-stack">
      <PaymentHead
        titleKey="dashboard.withdraw"
        icon="arrowUp"
        textKey="payments.withdrawText"
        balance={balance}
      />
      <WithdrawIdentityNote />
      <PaymentMethods kind={WITHDRAW} balance={balance} />
    </div>
  );
}

/** /dashboard/financial-activities */
export function FinancialActivitiesRoute() {
  const balance = useBalance();
  return (
    <div className="page-stack">
      <PaymentHead
        titleKey="dashboard.financialActivities"
        icon="blog"
        textKey="payments.activitiesText"
        balance={balance}
      />
      <FinancialActivities />
    </div>
  );
}
