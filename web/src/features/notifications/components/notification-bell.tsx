import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { Sheet } from '@/components/ui/sheet';
import { formatDateTime, parseUtc } from '@/lib/format';
import { unreadBadge, useNotifications } from '../api/get-notifications';
import './notifications.css';

/** The bell with its unread badge (9+), shaking when the count changes; opens the list. */
export function NotificationBell({
  className,
  withLabel,
}: {
  className?: string;
  withLabel?: boolean;
}) {
  const { t } = useTranslation();
  const { data } = useNotifications();
  const [open, setOpen] = useState(false);
  const unread = (data ?? []).filter((n) => !n.isRead).length;
  const badge = unreadBadge(unread);
  const [shake, setShake] = useState(false);
  const previous = useRef(unread);
  useEffect(() => {
    if (previous.current === unread) return;
    previous.current = unread;
    setShake(true);
    const timer = window.setTimeout(() => setShake(false), 800);
    return () => window.clearTimeout(timer);
  }, [unread]);

  return (
    <>
      <button
        type="button"
        className={`bell${shake ? ' bell--shake' : ''}${className ? ` ${className}` : ''}`}
        onClick={() => setOpen(true)}
        aria-label={
          badge ? t('notifications.labelUnread', { count: unread }) : t('notifications.label')
        }
      >
        <span className="bell__icon">
          <Icon name="bell" />
          {badge ? <span className="bell__badge">{badge}</span> : null}
        </span>
        {withLabel ? <span className="bell__text">{t('notifications.short')}</span> : null}
      </button>
      <Sheet
        open={open}
        onClose={() => setOpen(false)}
        title={t('notifications.title')}
        side="right"
      >
        {data && data.length > 0 ? (
          <ul className="notif-list">
            {data.map((n) => {
              const date = n.timeStamp ? parseUtc(n.timeStamp) : null;
              return (
                <li key={n.id} className={n.isRead ? 'notif' : 'notif notif--unread'}>
                  <p className="notif__title">{n.title}</p>
                  {n.note ? <p className="notif__note">{n.note}</p> : null}
                  {date ? <time className="notif__time">{formatDateTime(date)}</time> : null}
                </li>
              );
            })}
          </ul>
        ) : (
          <p className="notif-empty">{t('notifications.empty')}</p>
        )}
      </Sheet>
    </>
  );
}
