import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { Sheet } from '@/components/ui/sheet';
import { useFocusTrap } from '@shared/use-focus-trap';
import { NotificationsPanel, PanelHeading } from './notifications-panel';
import { closePanel } from './panel-store';

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
 * The open panel of the bell: under it in the header (`wrapRef`, the bell's wrapper: a click there
 * is not outside), in a full-height sheet from the mobile bottom bar (no `wrapRef`).
 */
export function BellPanel({ wrapRef }: { wrapRef?: React.RefObject<HTMLDivElement | null> }) {
  const { t } = useTranslation();
  if (wrapRef) return <Popover wrapRef={wrapRef} />;
  return (
    <Sheet
      open
      onClose={closePanel}
      title={t('notifications.title')}
      side="bottom"
      className="notif-sheet"
      head={<PanelHeading titled={false} />}
    >
      <NotificationsPanel />
    </Sheet>
  );
}
