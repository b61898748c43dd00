/**
 * Wheels, pure: where a wheel of `count` equal pockets (pocket 0 centred under the pointer at
 * rotation 0, the others clockwise) must turn to stop on a pocket, and which pocket is under the
 * pointer at a rotation. Rotations in degrees, clockwise.
 */

/** The pocket under the pointer at `rotation`. */
export function pocketAt(rotation: number, count: number): number {
  const size = 360 / count;
  // Pocket i's centre sits at i·size + rotation: the pointer (0°) sees i = -rotation / size.
  const i = Math.round(-rotation / size);
  return ((i % count) + count) % count;
}

/**
 * The rotation to end on pocket `index`, at least `turns` full turns beyond `from`; `offset` (a
 * fraction of a pocket, within ±0.5) places the pointer off the pocket's centre.
 */
export function landingRotation(
  from: number,
  index: number,
  count: number,
  turns = 4,
  offset = 0,
): number {
  const size = 360 / count;
  const base = -(index + offset) * size;
  const min = from + turns * 360;
  const k = Math.ceil((min - base) / 360);
  return base + k * 360;
}

/** Ease-out (cubic) of u in 0..1: a wheel decelerating to rest. */
export function easeOut(u: number): number {
  const x = Math.min(1, Math.max(0, u));
  return 1 - (1 - x) ** 3;
}
