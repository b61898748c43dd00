import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '@/components/ui/icon';
import { formatMoney } from '@/lib/format';
import { hasDepositLimit, useProtection } from '../api/get-protection';
import './protection.css';

/** Where limits are set. */
export const PROTECTION_PATH = '/dashboard/protection';

/**
 * On the deposit page (issue 31): without a deposit limit, a short offer to set one; with one,
 * what can still be deposited in each window before the player picks a method.
 */
export function DepositLimitNote() {
  const { t } = useTranslation();
  const { data } = useProtection();
  if (!data) return null;
  if (!hasDepositLimit(data)) {
    return (
      <p className="limit-note" data-testid="deposit-limit-offer">
        <Icon name="shield" size={18} />
        <span>
          {t('protection.depositNote.offer')}{' '}
          <Link to={PROTECTION_PATH}>{t('protection.depositNote.link')}</Link>
        </span>
      </p>
    );
  }
  const left = data.left.find((l) => l.kind === 'deposit');
  if (!left) return null;
  return (
    <p className="limit-note" data-testid="deposit-limit-left">
      <Icon name="shield" size={18} />
      <span>
        {t('protection.depositNote.left', { amount: formatMoney(left.lowest) })}{' '}
        <span className="limit-note__parts tabular">
          (
          {left.periods
            .map((p) => `${t(`protection.period.${p.period}`)} ${formatMoney(p.left)}`)
            .join(' · ')}
          )
        </span>{' '}
        <Link to={PROTECTION_PATH}>{t('protection.depositNote.change')}</Link>
      </span>
    </p>
  );
}
