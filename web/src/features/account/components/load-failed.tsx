import { useTranslation } from 'react-i18next';

/** The account pages' load error with a Retry button. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="account-empty">
      <p>{t('account.loadFailed')}</p>
      <button type="button" className="btn btn--ghost" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}
