import type { ReactNode } from 'react';
import { ModalFrame } from './modal-frame';
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
  return (
    <ModalFrame
      open={open}
      onClose={onClose}
      title={title}
      block="dialog"
      className={`dialog--${size}${className ? ` ${className}` : ''}`}
      headClassName={hideTitle ? 'dialog__head dialog__head--bare' : 'dialog__head'}
      titleClassName={hideTitle ? 'visually-hidden' : 'dialog__title'}
    >
      {children}
    </ModalFrame>
  );
}
