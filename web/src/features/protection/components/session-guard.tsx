import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog';
import { Icon } from '@/components/ui/icon';
import { createStore, useStore } from '@/lib/create-store';
import { formatMoney } from '@/lib/format';
import { translate } from '@/lib/i18n';
import { logoutLocally } from '@/lib/session-store';
import { formatTurkeyTime } from '@/lib/turkey-time';
import { useNow } from '@/hooks/use-now';
import { useCurrentSessionFigures, type SessionFigures } from '../api/get-session-figures';
import { hoursAndMinutes } from '../schedule';
import {
  answerRealityCheck,
  realityCheckStore,
  sessionLimitStore,
  watchRealityCheck,
  watchSessionLimit,
} from '../session-watch';
import '@/components/ui/surfaces.css';
import './protection.css';

/** "1 h 5 min" in the language. */
function useDurationText() {
  const { t } = useTranslation();
  return (ms: number) => {
    const { hours, minutes } = hoursAndMinutes(ms);
    return hours > 0
      ? t('protection.duration.hoursMinutes', { hours, minutes })
      : t('protection.duration.minutes', { count: minutes });
  };
}

/**
 * The reality check (issue 31): a modal over any page, an open game's too, with the time since
 * login and what was staked, won and the net result since then; Continue (the next check comes a
 * full interval later) or Log out.
 */
function RealityCheckDialog({
  figures,
  onLogout,
}: {
  figures: SessionFigures;
  onLogout: () => void;
}) {
  const { t } = useTranslation();
  const now = useNow(1000);
  const duration = useDurationText();
  const netClass =
    figures.net > 0 ? 'reality__net--up' : figures.net < 0 ? 'reality__net--down' : '';
  return (
    <Dialog
      open
      onClose={answerRealityCheck}
      title={t('protection.reality.dialogTitle')}
      size="medium"
      className="reality"
    >
      <div className="reality__body" data-testid="reality-check">
        <p className="reality__lead">
          <Icon name="clock" size={20} />
          {t('protection.reality.since', { duration: duration(now - figures.startedAt) })}
        </p>
        <dl className="reality__figures tabular">
          <div className="inset-card inset-card--tight">
            <dt>{t('protection.reality.staked')}</dt>
            <dd>{formatMoney(figures.staked)}</dd>
          </div>
          <div className="inset-card inset-card--tight">
            <dt>{t('protection.reality.won')}</dt>
            <dd>{formatMoney(figures.won)}</dd>
          </div>
          <div className="inset-card inset-card--tight">
            <dt>{t('protection.reality.net')}</dt>
            <dd className={netClass}>{formatMoney(figures.net)}</dd>
          </div>
        </dl>
        <div className="reality__actions">
          <button
            type="button"
            className="btn btn--primary btn--lg"
            onClick={answerRealityCheck}
            data-autofocus
          >
            {t('protection.reality.continue')}
          </button>
          <button type="button" className="btn btn--ghost btn--lg" onClick={onLogout}>
            <Icon name="logout" size={18} />
            {t('header.logout')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}

/** Five minutes before the session time limit ends: when, and that the session ends then. */
function SessionLimitWarning({ endsAt }: { endsAt: number }) {
  const { t } = useTranslation();
  const phase = useStore(sessionLimitStore);
  const [dismissed, setDismissed] = useDismissed(endsAt);
  if (phase !== 'warning' || dismissed) return null;
  return (
    <Dialog
      open
      onClose={setDismissed}
      title={t('protection.sessionLimit.warningTitle')}
      size="medium"
      className="reality"
    >
      <div className="reality__body" data-testid="session-limit-warning">
        <p className="reality__lead">
          <Icon name="clock" size={20} />
          {t('protection.sessionLimit.warningText', { time: formatTurkeyTime(endsAt) })}
        </p>
        <div className="reality__actions">
          <button
            type="button"
            className="btn btn--primary btn--lg"
            onClick={setDismissed}
            data-autofocus
          >
            {t('protection.sessionLimit.ok')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}

/** The session end whose warning was closed (a new end warns again). */
const dismissedStore = createStore<number | null>(null);

/** Whether the warning for this end was closed. */
function useDismissed(endsAt: number): [boolean, () => void] {
  const store = useStore(dismissedStore);
  return [store === endsAt, () => dismissedStore.set(endsAt)];
}

/**
 * What watches the session while the player is logged in (the app layer mounts it): the reality
 * check at its interval and the session time limit (a warning five minutes before, the session
 * forgotten at its end: the server ends it too). `onLogout` is the Log out of the reality check.
 */
export function SessionGuard({ onLogout }: { onLogout: () => void }) {
  const figures = useCurrentSessionFigures();
  const { data, refetch } = figures;
  const startedAt = data?.startedAt;
  const minutes = data?.realityMinutes ?? null;
  const endsAt = data?.endsAt ?? null;
  const realityOpen = useStore(realityCheckStore);

  useEffect(
    () => (startedAt === undefined ? undefined : watchRealityCheck(startedAt, minutes)),
    [startedAt, minutes],
  );
  useEffect(
    () =>
      watchSessionLimit(endsAt, () => logoutLocally(translate('protection.sessionLimit.ended'))),
    [endsAt],
  );
  // A check shows what was staked and won until now.
  useEffect(() => {
    if (realityOpen) void refetch();
  }, [realityOpen, refetch]);

  return (
    <>
      {realityOpen && data ? <RealityCheckDialog figures={data} onLogout={onLogout} /> : null}
      {endsAt !== null ? <SessionLimitWarning endsAt={endsAt} /> : null}
    </>
  );
}
