import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { countUnread, unreadBadge, useNotifications } from '../api/get-notifications';
import { closePanel, openPanel, usePanel } from './panel-store';
import './notifications.css';

/** The panel (list, detail, read calls) loads when the bell first opens it. */
const BellPanel = lazy(() => import('./bell-panel').then((m) => ({ default: m.BellPanel })));

export const BELL_SHAKE_MS = 800;

/** True for BELL_SHAKE_MS whenever the value changes (not on the first render). */
function useShakeOnChange(value: number): boolean {
  const [shake, setShake] = useState(false);
  const previous = useRef(value);
  useEffect(() => {
    if (previous.current === value) return;
    previous.current = value;
    setShake(true);
    const timer = window.setTimeout(() => setShake(false), BELL_SHAKE_MS);
    return () => window.clearTimeout(timer);
  }, [value]);
  return shake;
}

/**
 * The bell with its unread badge (9+ from 9), shaking when the count changes. In the header it
 * opens the panel under it; in the mobile bottom bar (`withLabel`) a full-height sheet.
 */
export function NotificationBell({
  className,
  withLabel,
}: {
  className?: string;
  withLabel?: boolean;
}) {
  const { t } = useTranslation();
  const { data } = useNotifications();
  const { open } = usePanel();
  const wrapRef = useRef<HTMLDivElement>(null);
  const unread = countUnread(data);
  const badge = unreadBadge(unread);
  const shake = useShakeOnChange(unread);
  const asSheet = Boolean(withLabel);

  // The name holds what the button shows, in the order it is written (WCAG 2.5.3, label in
  // name): the word first, then the badge as it reads (9+). The word comes first in the markup
  // too; the icon with its badge is put above it by CSS (`order`).
  const button = (
    <button
      type="button"
      className={`bell${shake ? ' bell--shake' : ''}${open ? ' bell--open' : ''}${className ? ` ${className}` : ''}`}
      onClick={() => (open ? closePanel() : openPanel())}
      aria-haspopup="dialog"
      aria-expanded={open}
      aria-label={
        withLabel
          ? badge
            ? t('notifications.shortUnread', { unread: badge })
            : t('notifications.short')
          : badge
            ? t('notifications.labelUnread', { unread: badge })
            : t('notifications.label')
      }
      data-unread={unread}
    >
      {withLabel ? <span className="bell__text">{t('notifications.short')}</span> : null}{' '}
      <span className="bell__icon">
        <Icon name="bell" />
        {badge ? (
          <span className="bell__badge" aria-hidden="true">
            {badge}
          </span>
        ) : null}
      </span>
    </button>
  );

  if (asSheet) {
    return (
      <>
        {button}
        {open ? (
          <Suspense fallback={null}>
            <BellPanel />
          </Suspense>
        ) : null}
      </>
    );
  }
  return (
    <div ref={wrapRef} className="bell-wrap">
      {button}
      {open ? (
        <Suspense fallback={null}>
          <BellPanel wrapRef={wrapRef} />
        </Suspense>
      ) : null}
    </div>
  );
}
