import { useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useFocusTrap } from '@shared/use-focus-trap';
import type { GameToLaunch } from '../game-data';
import { GameWindow } from './game-window';

type PlayDialogProps = {
  game: GameToLaunch;
  onClose: () => void;
  onDeposit: () => void;
  /** While another dialog (the Deposit Money sheet) is over it, it lets go of the focus. */
  covered?: boolean;
  /** The game bar's clock (the time since login). */
  clock?: ReactNode;
};

/** The Play dialog on phones: a full-height modal with the game's top bar and the game. */
export function PlayDialog({ game, onClose, onDeposit, covered = false, clock }: PlayDialogProps) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useFocusTrap(ref, !covered, onClose);
  return createPortal(
    <div className="play-dialog-root">
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className="play-dialog"
        data-testid="play-dialog"
      >
        <GameWindow
          game={game}
          onClose={onClose}
          onDeposit={onDeposit}
          headingLevel={2}
          titleId={titleId}
          toastsBelowBar
          clock={clock}
        />
      </div>
    </div>,
    document.body,
  );
}
