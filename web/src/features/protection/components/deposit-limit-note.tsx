import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Callout } from '@/components/ui/callout';
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
      <Callout tone="info" icon="shield" data-testid="deposit-limit-offer">
        <span>
          {t('protection.depositNote.offer')}{' '}
          <Link to={PROTECTION_PATH}>{t('protection.depositNote.link')}</Link>
        </span>
      </Callout>
    );
  }
  const left = data.left.find((l) => l.kind === 'deposit');
  if (!left) return null;
  return (
    <Callout tone="info" icon="shield" data-testid="deposit-limit-left">
      <span>
        {t('protection.depositNote.left', { amount: formatMoney(left.lowest) })}{' '}
        <span className="deposit-limit-parts tabular">
          (
          {left.periods
            .map((p) => `${t(`protection.period.${p.period}`)} ${formatMoney(p.left)}`)
            .join(' · ')}
          )
        </span>{' '}
        <Link to={PROTECTION_PATH}>{t('protection.depositNote.change')}</Link>
      </span>
    </Callout>
  );
}
