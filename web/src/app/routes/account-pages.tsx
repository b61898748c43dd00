import { useTranslation } from 'react-i18next';
import { Icon, type IconName } from '@/components/ui/icon';
import { PersonalInfo } from '@/features/account/components/personal-info';
import { SessionHistory } from '@/features/account/components/session-history';
import { openDialog } from '@/features/auth/stores/dialogs';
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

/** /dashboard/account */
export function PersonalInfoRoute() {
  return (
    <div className="page-stack">
      <PageHead titleKey="dashboard.account" icon="user" textKey="account.pageText" />
      <PersonalInfo onVerifyPhone={() => openDialog('phoneVerification')} />
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
