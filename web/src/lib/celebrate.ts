import { createStore } from './create-store';
import { colours } from '@shared/tokens';

/** Confetti of spec section 9: 150 particles, starting 100 ms after the celebration appears. */
export const CONFETTI_PARTICLES = 150;
export const CELEBRATION_DELAY_MS = 100;

let cannon: ((options?: import('canvas-confetti').Options) => Promise<null> | null) | undefined;

/**
 * Fires the confetti; canvas-confetti is loaded on the first celebration, not with the page. It
 * draws on the page's own thread: its default worker starts from a `blob:` URL, which the site's
 * Content-Security-Policy does not allow.
 */
export function fireConfetti(): void {
  void import('canvas-confetti').then(({ default: confetti }) => {
    try {
      cannon ??= confetti.create(undefined, { resize: true, useWorker: false });
      void cannon({
        particleCount: CONFETTI_PARTICLES,
        spread: 80,
        startVelocity: 42,
        origin: { y: 0.6 },
        zIndex: 1200,
        colors: [colours.accent, colours.gold, colours.info, colours.textPrimary, colours.danger],
        disableForReducedMotion: false,
      });
    } catch {
      /* no canvas (tests, very old browsers): the celebration is only visual */
    }
  });
}

/**
 * The celebration of a success the spec celebrates (a granted trial bonus, section 7): its message,
 * shown with confetti by the celebration view the app mounts (the auth dialogs), instead of a toast.
 * null: nothing to celebrate.
 */
export const celebrationStore = createStore<{ message: string } | null>(null);

/** Celebrates: the view shows the message and fires the confetti 100 ms after it appears. */
export function celebrate(message: string): void {
  celebrationStore.set({ message });
}

/** The celebration view was closed. */
export function endCelebration(): void {
  celebrationStore.set(null);
}
