import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Callout } from '@/components/ui/callout';
import { formatMoney } from '@/lib/format';
import { useKyc } from '../api/get-kyc';
import { IDENTITY_ANCHOR } from './identity-verification';

/** The Personal Information page's identity section. */
export const IDENTITY_PATH = `/dashboard/account#${IDENTITY_ANCHOR}`;

/**
 * On the withdraw page (issue 31), before a form is sent: when every withdrawal waits for an
 * approved identity, that it must be approved first; otherwise, while it is not approved, the
 * amount above which a withdrawal needs it. Each with a link to the identity section.
 */
export function WithdrawIdentityNote() {
  const { t } = useTranslation();
  const { data } = useKyc();
  if (!data || data.identity.state === 'approved') return null;
  const needed = data.withdrawalNeedsIdentity;
  if (!needed && !(data.thresholds.withdrawalOver > 0)) return null;
  return (
    <Callout
      tone={needed ? 'warning' : 'info'}
      strong={needed}
      icon="idCard"
      data-testid="withdraw-identity-note"
    >
      <span>
        {needed
          ? t('kyc.withdraw.needed')
          : t('kyc.withdraw.over', { amount: formatMoney(data.thresholds.withdrawalOver) })}{' '}
        <Link to={IDENTITY_PATH}>{t('kyc.withdraw.link')}</Link>
      </span>
    </Callout>
  );
}
