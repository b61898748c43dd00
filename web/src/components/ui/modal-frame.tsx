import { useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useFocusTrap } from '@shared/use-focus-trap';
import { Icon } from './icon';

type ModalFrameProps = {
  open: boolean;
  onClose: () => void;
  /** Accessible name of the panel (its h2). */
  title: string;
  /** The BEM block: `${block}-root`, `${block}-overlay`, `${block}`, `${block}__head` … */
  block: 'dialog' | 'sheet';
  /** The panel's class names after the block's own. */
  className: string;
  headClassName: string;
  titleClassName: string;
  /** Rendered in the head before the title. */
  head?: ReactNode;
  children: ReactNode;
};

/**
 * The modal shell Dialog and Sheet share: a portal with an overlay (a click closes), the
 * panel (role dialog, focus trapped, Escape closes), its head with the title and the close
 * button, then the body.
 */
export function ModalFrame({
  open,
  onClose,
  title,
  block,
  className,
  headClassName,
  titleClassName,
  head,
  children,
}: ModalFrameProps) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const { t } = useTranslation();
  useFocusTrap(ref, open, onClose);
  if (!open) return null;
  return createPortal(
    <div className={`${block}-root`}>
      <div className={`${block}-overlay`} onClick={onClose} aria-hidden="true" />
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`${block} ${className}`}
      >
        <div className={headClassName}>
          {head}
          <h2 id={titleId} className={titleClassName}>
            {title}
          </h2>
          <button
            type="button"
            className={`icon-btn ${block}__close`}
            onClick={onClose}
            aria-label={t('common.close')}
          >
            <Icon name="close" />
          </button>
        </div>
        <div className={`${block}__body`}>{children}</div>
      </div>
    </div>,
    document.body,
  );
}
