import type { ReactNode } from 'react';
import { ModalFrame } from './modal-frame';
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
  return (
    <ModalFrame
      open={open}
      onClose={onClose}
      title={title}
      block="sheet"
      className={`sheet--${side}${className ? ` ${className}` : ''}`}
      headClassName="sheet__head"
      titleClassName={head ? 'visually-hidden' : 'sheet__title'}
      head={head}
    >
      {children}
    </ModalFrame>
  );
}
