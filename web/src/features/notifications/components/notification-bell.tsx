import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { Sheet } from '@/components/ui/sheet';
import { useFocusTrap } from '@/hooks/use-focus-trap';
import { countUnread, unreadBadge, useNotifications } from '../api/get-notifications';
import { NotificationsPanel, PanelHeading } from './notifications-panel';
import { closePanel, openPanel, usePanel } from './panel-store';
import './notifications.css';

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

/** Desktop: the panel drops down under the bell; Escape, the close button or a click outside close it. */
function Popover({ wrapRef }: { wrapRef: React.RefObject<HTMLDivElement | null> }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useFocusTrap(ref, true, closePanel);
  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node | null;
      if (target && wrapRef.current?.contains(target)) return;
      if (target instanceof Element && target.closest('[data-sonner-toaster]')) return;
      closePanel();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [wrapRef]);
  return (
    <div
      ref={ref}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      tabIndex={-1}
      className="notif-pop"
    >
      <div className="notif-pop__head">
        <PanelHeading id={titleId} />
        <button
          type="button"
          className="icon-btn notif-pop__close"
          onClick={closePanel}
          aria-label={t('common.close')}
        >
          <Icon name="close" size={18} />
        </button>
      </div>
      <NotificationsPanel />
    </div>
  );
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

  const button = (
    <button
      type="button"
      className={`bell${shake ? ' bell--shake' : ''}${open ? ' bell--open' : ''}${className ? ` ${className}` : ''}`}
      onClick={() => (open ? closePanel() : openPanel())}
      aria-haspopup="dialog"
      aria-expanded={open}
      aria-label={
        badge ? t('notifications.labelUnread', { count: unread }) : t('notifications.label')
      }
      data-unread={unread}
    >
      <span className="bell__icon">
        <Icon name="bell" />
        {badge ? (
          <span className="bell__badge" aria-hidden="true">
            {badge}
          </span>
        ) : null}
      </span>
      {withLabel ? <span className="bell__text">{t('notifications.short')}</span> : null}
    </button>
  );

  if (asSheet) {
    return (
      <>
        {button}
        <Sheet
          open={open}
          onClose={closePanel}
          title={t('notifications.title')}
          side="bottom"
          className="notif-sheet"
          head={<PanelHeading titled={false} />}
        >
          <NotificationsPanel />
        </Sheet>
      </>
    );
  }
  return (
    <div ref={wrapRef} className="bell-wrap">
      {button}
      {open ? <Popover wrapRef={wrapRef} /> : null}
    </div>
  );
}
