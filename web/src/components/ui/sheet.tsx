import { useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useFocusTrap } from '@/hooks/use-focus-trap';
import { Icon } from './icon';
import './sheet.css';

type SheetProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  side?: 'left' | 'right' | 'bottom';
  className?: string;
  /** Rendered in the sheet's head beside the close button (e.g. the logo). */
  head?: ReactNode;
  children: ReactNode;
};

/** A panel sliding in from a side of the screen (side menu, notifications, deposit). */
export function Sheet({
  open,
  onClose,
  title,
  side = 'left',
  className,
  head,
  children,
}: SheetProps) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const { t } = useTranslation();
  useFocusTrap(ref, open, onClose);
  if (!open) return null;
  return createPortal(
    <div className="sheet-root">
      <div className="sheet-overlay" onClick={onClose} aria-hidden="true" />
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`sheet sheet--${side}${className ? ` ${className}` : ''}`}
      >
        <div className="sheet__head">
          {head ?? null}
          <h2 id={titleId} className={head ? 'visually-hidden' : 'sheet__title'}>
            {title}
          </h2>
          <button
            type="button"
            className="icon-btn sheet__close"
            onClick={onClose}
            aria-label={t('common.close')}
          >
            <Icon name="close" />
          </button>
        </div>
        <div className="sheet__body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
