import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog';
import { Icon } from '@/components/ui/icon';
import { createStore, useStore } from '@/lib/create-store';
import { takeLogoutNotice } from '@/lib/session-store';

/**
 * Why the session ended, when the app said so before this page's load (issue 31: a time-out or a
 * self-exclusion taken, with until when; the session time limit reached): read once, shown until
 * the player closes it (the start-up popup waits for it).
 */
export const logoutNoticeStore = createStore<string | null>(takeLogoutNotice());

export function LogoutNotice() {
  const { t } = useTranslation();
  const notice = useStore(logoutNoticeStore);
  if (!notice) return null;
  const close = () => logoutNoticeStore.set(null);
  return (
    <Dialog open onClose={close} title={t('logoutNotice.title')} size="medium">
      <div className="logout-notice" data-testid="logout-notice">
        <p className="logout-notice__text">
          <Icon name="info" size={20} />
          <span>{notice}</span>
        </p>
        <button
          type="button"
          className="btn btn--primary btn--lg btn--block"
          onClick={close}
          data-autofocus
        >
          {t('logoutNotice.ok')}
        </button>
      </div>
    </Dialog>
  );
}
