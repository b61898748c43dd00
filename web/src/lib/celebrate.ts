/** Confetti of spec section 9: 150 particles, starting 100 ms after the celebration appears. */
export const CONFETTI_PARTICLES = 150;
export const CELEBRATION_DELAY_MS = 100;

/** Fires the confetti; canvas-confetti is loaded on the first celebration, not with the page. */
export function fireConfetti(): void {
  void import('canvas-confetti').then(({ default: confetti }) => {
    try {
      void confetti({
        particleCount: CONFETTI_PARTICLES,
        spread: 80,
        startVelocity: 42,
        origin: { y: 0.6 },
        zIndex: 1200,
        colors: ['#1fd17a', '#ffb020', '#3aa0ff', '#eef3f8', '#ff5c6c'],
        disableForReducedMotion: false,
      });
    } catch {
      /* no canvas (tests, very old browsers): the celebration is only visual */
    }
  });
}
