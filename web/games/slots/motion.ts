/**
 * The reels' motion, pure. A reel starts as soon as the spin is pressed (a short run-up, then a
 * steady speed while the server answers) and, once the result is known, each reel brakes from
 * that speed onto its symbols, left to right, slipping a little past the stop and settling back.
 */

/** Steady speed in cells per second, and in a hurried spin. */
export const SPEED = 26;
export const FAST_SPEED = 40;
/** Run-up time (ms) to the steady speed. */
export const RAMP_MS = 180;
/** The least time (ms) a reel spins before it may brake; later reels wait `STAGGER_MS` more each. */
export const MIN_SPIN_MS = 420;
export const STAGGER_MS = 230;
export const FAST_STAGGER_MS = 90;
/** Cells that pass while braking (before the final three). */
export const BRAKE_CELLS = 5;
/** How far past the stop (in cells) a reel slips before settling. */
export const BOUNCE = 0.22;

/** Cells travelled `ms` after the start, with a quadratic run-up to `speed` cells per second. */
export function runDistance(ms: number, speed = SPEED): number {
  if (ms <= 0) return 0;
  const v = speed / 1000;
  if (ms < RAMP_MS) return (v * ms * ms) / (2 * RAMP_MS);
  return v * (ms - RAMP_MS / 2);
}

/** The time (ms) to brake over `distance` cells from `speed` with a steady deceleration. */
export function brakeDuration(distance: number, speed = SPEED): number {
  return (2 * distance * 1000) / speed;
}

/**
 * Cells travelled at fraction u (0..1) of the brake over `distance`: the speed falls evenly to
 * zero (so it joins the steady run without a jerk), plus a small slip past the stop that settles.
 */
export function brakePosition(u: number, distance: number): number {
  if (u <= 0) return 0;
  if (u >= 1) return distance;
  const base = distance * (1 - (1 - u) ** 2);
  const start = 0.7;
  if (u <= start) return base;
  const x = (u - start) / (1 - start);
  return base + BOUNCE * Math.sin(Math.PI * x) * (1 - x * 0.4);
}

/** Keeps a position on a periodic strip within [low, low + period). */
export function wrap(k: number, low: number, period: number): number {
  if (period <= 0) return k;
  let w = k;
  while (w < low) w += period;
  while (w >= low + period) w -= period;
  return w;
}

/** The extra wait (ms) of a reel spinning on while a third scatter could still land. */
export const ANTICIPATION_MS = 750;

/**
 * Each reel's extra wait before it brakes: once `near` scatters are on the reels to its left (two
 * by default, and a third could still come), the remaining reels spin on a little longer, one after
 * another.
 */
export function anticipation(
  grid: number[][],
  scatter: number | null,
  extra: number,
  near = 2,
): number[] {
  let seen = 0;
  let wait = 0;
  return grid.map((column) => {
    const current = scatter !== null && seen >= near ? (wait += extra) : wait;
    if (scatter !== null) seen += column.filter((s) => s === scatter).length;
    return current;
  });
}
