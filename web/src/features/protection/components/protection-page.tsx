import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { useProtection } from '../api/get-protection';
import { CloseAccountSection } from './close-account';
import { MoneyLimitSection } from './money-limits';
import { RealityCheckSection, SessionLimitSection } from './time-settings';
import '@/components/ui/surfaces.css';
import './protection.css';

/**
 * Player protection (/dashboard/protection, issue 31): deposit, loss and wager limits over 24
 * hours, 7 days and 30 days; a session time limit; the reality check; a break (time-out) and
 * self-exclusion. A stricter limit applies at once; a looser one or a removal waits 24 hours and
 * must then be confirmed within 7 days. Moments are in Turkey's time.
 */
export function ProtectionPage() {
  const { t } = useTranslation();
  const { data, isPending, isError, refetch } = useProtection();
  if (isPending) {
    return (
      <div className="protection" aria-busy="true" aria-label={t('common.loading')}>
        <div className="skeleton skeleton--card" />
        <div className="skeleton skeleton--card" />
      </div>
    );
  }
  if (isError) {
    return (
      <div className="protection-empty">
        <p>{t('protection.loadFailed')}</p>
        <button type="button" className="btn btn--ghost" onClick={() => void refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  return (
    <div className="protection">
      <p className="protection-note">
        <Icon name="info" size={16} />
        {t('protection.intro')}
      </p>
      <MoneyLimitSection kind="deposit" data={data} />
      <MoneyLimitSection kind="loss" data={data} />
      <MoneyLimitSection kind="wager" data={data} />
      <SessionLimitSection data={data} />
      <RealityCheckSection data={data} />
      <CloseAccountSection closure="timeout" />
      <CloseAccountSection closure="exclusion" />
    </div>
  );
}
