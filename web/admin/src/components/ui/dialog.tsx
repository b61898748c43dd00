import { useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useFocusTrap } from '@shared/use-focus-trap';

interface DialogProps {
  open: boolean;
  onClose: () => void;
  /** The dialog's name, shown as its heading. */
  title: string;
  /** A line under the title, read as the dialog's description. */
  description?: ReactNode;
  /** 'danger' gives the panel a red edge (an action that cannot be undone). */
  tone?: 'default' | 'danger';
  children: ReactNode;
}

/** A modal dialog: named by its title, focus kept inside, Escape and the close button close it. */
export function Dialog({
  open,
  onClose,
  title,
  description,
  tone = 'default',
  children,
}: DialogProps) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  useFocusTrap(ref, open, onClose);
  if (!open) return null;
  return createPortal(
    <div className="dialog-root">
      <div className="dialog-overlay" aria-hidden="true" onClick={onClose} />
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={`dialog${tone === 'danger' ? ' dialog--danger' : ''}`}
      >
        <div className="dialog__head">
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          <button type="button" className="icon-btn" onClick={onClose} aria-label="Close">
            <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
              <path
                d="M6 6l12 12M18 6L6 18"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
            </svg>
          </button>
        </div>
        {description ? (
          <div id={descriptionId} className="dialog__description">
            {description}
          </div>
        ) : null}
        <div className="dialog__body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
