import { useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useFocusTrap } from '@/hooks/use-focus-trap';
import { Icon } from './icon';
import './dialog.css';

export type DialogSize = 'default' | 'register' | 'medium' | 'auto';

type DialogProps = {
  open: boolean;
  onClose: () => void;
  /** Accessible name; shown as a heading unless hideTitle. */
  title: string;
  hideTitle?: boolean;
  size?: DialogSize;
  className?: string;
  children: ReactNode;
};

/**
 * Modal dialog: full screen on mobile; on desktop 699 px high (register 760 px) and
 * clamp(110px, 90vw, 990px) wide. Close button, focus trapped, Escape closes.
 */
export function Dialog({
  open,
  onClose,
  title,
  hideTitle,
  size = 'default',
  className,
  children,
}: DialogProps) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const { t } = useTranslation();
  useFocusTrap(ref, open, onClose);
  if (!open) return null;
  return createPortal(
    <div className="dialog-root">
      <div className="dialog-overlay" onClick={onClose} aria-hidden="true" />
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`dialog dialog--${size}${className ? ` ${className}` : ''}`}
      >
        <div className={hideTitle ? 'dialog__head dialog__head--bare' : 'dialog__head'}>
          <h2 id={titleId} className={hideTitle ? 'visually-hidden' : 'dialog__title'}>
            {title}
          </h2>
          <button
            type="button"
            className="icon-btn dialog__close"
            onClick={onClose}
            aria-label={t('common.close')}
          >
            <Icon name="close" />
          </button>
        </div>
        <div className="dialog__body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
