import { createStore } from './create-store';
import { colours } from '@shared/tokens';

/** Confetti of spec section 9: 150 particles, starting 100 ms after the celebration appears. */
export const CONFETTI_PARTICLES = 150;
export const CELEBRATION_DELAY_MS = 100;

type Cannon = import('canvas-confetti').CreateTypes;

/** The canvas the confetti falls on while it falls, and its cannon. */
let falling: { canvas: HTMLCanvasElement; cannon: Cannon } | undefined;

/**
 * The confetti's canvas: over the whole screen, letting clicks through, and hidden from screen
 * readers (it only decorates; the celebration's message says what happened). canvas-confetti's
 * own canvas carries no aria-hidden, so it is given this one.
 */
function confettiCanvas(): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.setAttribute('aria-hidden', 'true');
  Object.assign(canvas.style, {
    position: 'fixed',
    inset: '0',
    width: '100%',
    height: '100%',
    pointerEvents: 'none',
    zIndex: '1200',
  });
  document.body.appendChild(canvas);
  return canvas;
}

/** The confetti has fallen: its canvas leaves the page. */
function cleared(canvas: HTMLCanvasElement): void {
  if (falling?.canvas === canvas) falling = undefined;
  canvas.remove();
}

/**
 * Fires the confetti; canvas-confetti is loaded on the first celebration, not with the page. It
 * draws on the page's own thread: its default worker starts from a `blob:` URL, which the site's
 * Content-Security-Policy does not allow. It falls on a canvas of ours (`confettiCanvas`), on the
 * body while it falls; confetti fired meanwhile joins it.
 */
export function fireConfetti(): void {
  void import('canvas-confetti').then(({ default: confetti }) => {
    const canvas = falling?.canvas ?? confettiCanvas();
    try {
      falling ??= { canvas, cannon: confetti.create(canvas, { resize: true, useWorker: false }) };
      const done = falling.cannon({
        particleCount: CONFETTI_PARTICLES,
        spread: 80,
        startVelocity: 42,
        origin: { y: 0.6 },
        colors: [colours.accent, colours.gold, colours.info, colours.textPrimary, colours.danger],
        disableForReducedMotion: false,
      });
      if (done) void done.then(() => cleared(canvas));
      else cleared(canvas);
    } catch {
      /* no canvas (tests, very old browsers): the celebration is only visual */
      cleared(canvas);
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
