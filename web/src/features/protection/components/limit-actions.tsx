import { useTranslation } from 'react-i18next';
import type { Kind, LimitView, Period } from '../api/get-protection';
import { useSetLimit } from '../api/set-limit';

/**
 * The actions of a limit's form: Save (its submit; while `saving`, it waits and says so) and,
 * while the limit is set and no removal of it waits for confirmation, Remove (a removal waits 24
 * hours and is then confirmed: the limit's PendingNote).
 */
export function LimitActions({
  kind,
  period,
  limit,
  saving,
}: {
  kind: Kind;
  period: Period;
  limit: LimitView;
  saving: boolean;
}) {
  const { t } = useTranslation();
  const removal = useSetLimit();
  const removing = limit.pending != null && limit.pending.value == null;
  return (
    <div className="limit-row__actions">
      <button type="submit" className="btn btn--primary" disabled={saving}>
        {saving ? t('common.loading') : t('protection.save')}
      </button>
      {limit.value != null && !removing ? (
        <button
          type="button"
          className="btn btn--ghost"
          disabled={removal.isPending}
          onClick={() => removal.mutate({ kind, period, value: null })}
        >
          {t('protection.remove')}
        </button>
      ) : null}
    </div>
  );
}
