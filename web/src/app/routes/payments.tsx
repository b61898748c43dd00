import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '@/components/ui/icon';
import { useBalance } from '@/features/account/api/get-balance';
import { DEPOSIT, WITHDRAW } from '@/features/payments/api/get-methods';
import { FinancialActivities } from '@/features/payments/components/financial-activities';
import { PaymentMethods } from '@/features/payments/components/payment-methods';
import { formatMoney } from '@/lib/format';
import './pages.css';
import './payments.css';

function PaymentHead({
  titleKey,
  icon,
  textKey,
}: {
  titleKey: string;
  icon: IconName;
  textKey: string;
}) {
  const { t } = useTranslation();
  const balance = useBalance();
  return (
    <header className="page-head page-head--money">
      <span className="page-head__icon">
        <Icon name={icon} size={24} />
      </span>
      <div className="page-head__main">
        <h1 className="page-head__title">{t(titleKey)}</h1>
        <p className="page-head__text">{t(textKey)}</p>
      </div>
      <p className="page-head__balance" data-testid="payments-balance">
        <span>{t('payments.balance')}</span>
        <strong className="tabular">{formatMoney(balance)}</strong>
      </p>
    </header>
  );
}

/** /dashboard/deposit */
export function DepositRoute() {
  return (
    <div className="page-stack">
      <PaymentHead titleKey="dashboard.deposit" icon="wallet" textKey="payments.depositText" />
      <PaymentMethods kind={DEPOSIT} />
    </div>
  );
}

/** /dashboard/withdraw */
export function WithdrawRoute() {
  return (
    <div className="page-stack">
      <PaymentHead titleKey="dashboard.withdraw" icon="arrowUp" textKey="payments.withdrawText" />
      <PaymentMethods kind={WITHDRAW} />
    </div>
  );
}

/** /dashboard/financial-activities */
export function FinancialActivitiesRoute() {
  return (
    <div className="page-stack">
      <PaymentHead
        titleKey="dashboard.financialActivities"
        icon="blog"
        textKey="payments.activitiesText"
      />
      <FinancialActivities />
    </div>
  );
}
