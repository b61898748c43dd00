import { useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import {
  countUnread,
  sameId,
  useNotifications,
  type Notification,
  type NotificationId,
} from '../api/get-notifications';
import { useReadNotification } from '../api/read-notification';
import { restartHub, useHubStatus } from '../hub';
import { KIND_ICON, formatNotificationTime, isoTime, notificationKind } from './notification-kind';
import { selectNotification, usePanel } from './panel-store';

/** The live connection's state as a small dot (a reconnect button once it gave up). */
export function LiveDot() {
  const { t } = useTranslation();
  const status = useHubStatus();
  const label = t(`realtime.${status}`);
  if (status === 'disconnected') {
    return (
      <button
        type="button"
        className="live-dot live-dot--disconnected live-dot--button"
        onClick={restartHub}
        title={`${label} · ${t('realtime.reconnect')}`}
        aria-label={`${label}. ${t('realtime.reconnect')}`}
        data-status={status}
      >
        <span className="live-dot__light" aria-hidden="true" />
        <Icon name="bolt" size={14} />
      </button>
    );
  }
  return (
    <span
      className={`live-dot live-dot--${status}`}
      title={label}
      role="img"
      aria-label={label}
      data-status={status}
    >
      <span className="live-dot__light" aria-hidden="true" />
    </span>
  );
}

/** The panel's heading: title, unread count, live dot. */
export function PanelHeading({ id, titled = true }: { id?: string; titled?: boolean }) {
  const { t } = useTranslation();
  const { data } = useNotifications();
  const unread = countUnread(data);
  return (
    <div className="notif-heading">
      {titled ? (
        <h2 id={id} className="notif-heading__title">
          {t('notifications.title')}
        </h2>
      ) : (
        <span className="notif-heading__title" aria-hidden="true">
          {t('notifications.title')}
        </span>
      )}
      {unread > 0 ? (
        <span className="notif-heading__count">
          {t('notifications.unreadCount', { count: unread })}
        </span>
      ) : null}
      <LiveDot />
    </div>
  );
}

function ItemRow({ item, onOpen }: { item: Notification; onOpen: (item: Notification) => void }) {
  const { t } = useTranslation();
  const kind = notificationKind(item.type);
  const time = formatNotificationTime(item.timeStamp);
  return (
    <li>
      <button
        type="button"
        className={`notif-item${item.isRead ? '' : ' notif-item--unread'}`}
        data-id={String(item.id)}
        onClick={() => onOpen(item)}
      >
        <span className={`notif-kind notif-kind--${kind}`} aria-hidden="true">
          <Icon name={KIND_ICON[kind]} size={18} />
        </span>
        <span className="notif-item__text">
          <span className="notif-item__top">
            <span className="notif-item__title">{item.title}</span>
            {time ? (
              <time className="notif-item__time" dateTime={isoTime(item.timeStamp)}>
                {time}
              </time>
            ) : null}
          </span>
          {item.note ? <span className="notif-item__note">{item.note}</span> : null}
        </span>
        {item.isRead ? null : (
          <span className="notif-item__dot">
            <span className="visually-hidden">{t('notifications.unread')}</span>
          </span>
        )}
      </button>
    </li>
  );
}

function Detail({ item, onBack }: { item: Notification; onBack: () => void }) {
  const { t } = useTranslation();
  const kind = notificationKind(item.type);
  const time = formatNotificationTime(item.timeStamp);
  const backRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    backRef.current?.focus({ preventScroll: true });
  }, []);
  return (
    <div className="notif-detail">
      <button ref={backRef} type="button" className="notif-detail__back" onClick={onBack}>
        <Icon name="chevronLeft" size={20} />
        <span>{t('notifications.back')}</span>
      </button>
      <article className="notif-detail__body" aria-labelledby="notif-detail-title">
        <div className="notif-detail__meta">
          <span className={`notif-kind notif-kind--${kind} notif-kind--lg`} aria-hidden="true">
            <Icon name={KIND_ICON[kind]} size={22} />
          </span>
          <span className={`notif-tag notif-tag--${kind}`}>{t(`notifications.kind.${kind}`)}</span>
          {time ? (
            <time className="notif-detail__time" dateTime={isoTime(item.timeStamp)}>
              {time}
            </time>
          ) : null}
        </div>
        <h3 id="notif-detail-title" className="notif-detail__title">
          {item.title}
        </h3>
        {item.note ? <p className="notif-detail__note">{item.note}</p> : null}
      </article>
    </div>
  );
}

function Skeleton() {
  return (
    <ul className="notif-list" aria-hidden="true">
      {[0, 1, 2, 3].map((i) => (
        <li key={i} className="notif-skeleton">
          <span className="notif-skeleton__icon" />
          <span className="notif-skeleton__lines">
            <span />
            <span />
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The list (its area 582 px high on desktop) or one notification's detail with a back arrow. */
export function NotificationsPanel() {
  const { t } = useTranslation();
  const { data, isPending, isError, refetch } = useNotifications();
  const { selectedId } = usePanel();
  const read = useReadNotification();
  const { mutate } = read;
  const listRef = useRef<HTMLDivElement>(null);
  const lastOpened = useRef<NotificationId | null>(null);
  const requested = useRef(new Set<string>());

  const selected =
    selectedId == null ? null : ((data ?? []).find((n) => sameId(n.id, selectedId)) ?? null);

  // Opening an unread one tells the server; it is marked read locally after its success.
  useEffect(() => {
    if (!selected || selected.isRead) return;
    const key = String(selected.id);
    if (requested.current.has(key)) return;
    requested.current.add(key);
    mutate(selected.id, { onSettled: () => requested.current.delete(key) });
  }, [selected, mutate]);

  // Back from a detail: focus returns to the row that was opened, in the commit that shows the
  // list again (a layout effect: Preact runs plain effects a frame later, when a key pressed
  // meanwhile would go to the panel).
  useLayoutEffect(() => {
    if (selectedId != null || lastOpened.current == null) return;
    const row = listRef.current?.querySelector<HTMLButtonElement>(
      `[data-id="${CSS.escape(String(lastOpened.current))}"]`,
    );
    row?.focus({ preventScroll: false });
  }, [selectedId]);

  const open = (item: Notification) => {
    lastOpened.current = item.id;
    selectNotification(item.id);
  };

  let content;
  if (selected) {
    content = (
      <Detail key={String(selected.id)} item={selected} onBack={() => selectNotification(null)} />
    );
  } else if (isPending) {
    content = <Skeleton />;
  } else if (isError && !data) {
    content = (
      <div className="notif-state">
        <p>{t('notifications.loadError')}</p>
        <button type="button" className="btn btn--ghost" onClick={() => void refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  } else if (!data || data.length === 0) {
    content = (
      <div className="notif-state">
        <span className="notif-state__art" aria-hidden="true">
          <Icon name="bell" size={28} />
        </span>
        <p>{t('notifications.empty')}</p>
      </div>
    );
  } else {
    content = (
      <ul className="notif-list" aria-label={t('notifications.title')}>
        {data.map((item) => (
          <ItemRow key={String(item.id)} item={item} onOpen={open} />
        ))}
      </ul>
    );
  }

  return (
    <div
      ref={listRef}
      className="notif-panel__area"
      data-view={selected ? 'detail' : 'list'}
      data-autofocus
      tabIndex={-1}
    >
      {content}
    </div>
  );
}
