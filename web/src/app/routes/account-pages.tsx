import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '@/components/ui/icon';
import { PersonalInfo } from '@/features/account/components/personal-info';
import { SessionHistory } from '@/features/account/components/session-history';
import { openDialog } from '@/features/auth/stores/dialogs';
import { IdentityVerification } from '@/features/kyc/components/identity-verification';
import { ProtectionPage } from '@/features/protection/components/protection-page';
import './pages.css';

function PageHead({
  titleKey,
  icon,
  textKey,
}: {
  titleKey: string;
  icon: IconName;
  textKey: string;
}) {
  const { t } = useTranslation();
  return (
    <header className="page-head">
      <span className="page-head__icon">
        <Icon name={icon} size={24} />
      </span>
      <div>
        <h1 className="page-head__title">{t(titleKey)}</h1>
        <p className="page-head__text">{t(textKey)}</p>
      </div>
    </header>
  );
}

/** /dashboard/account, with identity verification (issue 31) under the personal information. */
export function PersonalInfoRoute() {
  return (
    <div className="page-stack">
      <PageHead titleKey="dashboard.account" icon="user" textKey="account.pageText" />
      <PersonalInfo onVerifyPhone={() => openDialog('phoneVerification')} />
      <IdentityVerification />
    </div>
  );
}

/** /dashboard/protection: player protection (issue 31). */
export function ProtectionRoute() {
  return (
    <div className="page-stack">
      <PageHead titleKey="dashboard.protection" icon="shield" textKey="protection.pageText" />
      <ProtectionPage />
    </div>
  );
}

/** /dashboard/session-history */
export function SessionHistoryRoute() {
  return (
    <div className="page-stack">
      <PageHead titleKey="dashboard.sessionHistory" icon="clock" textKey="sessions.pageText" />
      <SessionHistory />
    </div>
  );
}
