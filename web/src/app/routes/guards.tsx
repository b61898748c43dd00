import { useEffect, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { useSession } from '@/lib/session-store';
import { openDialog } from '@/features/auth/stores/dialogs';
import './pages.css';

function Locked({ title, text, action }: { title: string; text: string; action?: ReactNode }) {
  return (
    <section className="soon soon--locked">
      <div className="soon__art" aria-hidden="true">
        <Icon name="lock" size={40} />
      </div>
      <h1 className="soon__title">{title}</h1>
      <p className="soon__text">{text}</p>
      {action ? <div className="soon__actions">{action}</div> : null}
    </section>
  );
}

/** Lets only logged-in users through; otherwise the login form opens. */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { isLoggedIn } = useSession();
  const { t } = useTranslation();
  useEffect(() => {
    if (!isLoggedIn) openDialog('login');
  }, [isLoggedIn]);
  if (!isLoggedIn) {
    return (
      <Locked
        title={t('guard.loginTitle')}
        text={t('guard.loginText')}
        action={
          <button type="button" className="btn btn--primary" onClick={() => openDialog('login')}>
            <Icon name="login" size={18} />
            {t('header.login')}
          </button>
        }
      />
    );
  }
  return children ?? <Outlet />;
}

/** The betting-access guard of /spor/betco: true when the session has a betco url. */
export function RequireBetting({ children }: { children: ReactNode }) {
  const { isLoggedIn, bettingAccess } = useSession();
  const { t } = useTranslation();
  useEffect(() => {
    if (!isLoggedIn) openDialog('login');
  }, [isLoggedIn]);
  if (!bettingAccess) {
    return (
      <Locked
        title={t('guard.bettingTitle')}
        text={t('guard.bettingText')}
        action={
          !isLoggedIn ? (
            <button type="button" className="btn btn--primary" onClick={() => openDialog('login')}>
              {t('header.login')}
            </button>
          ) : undefined
        }
      />
    );
  }
  return children;
}
