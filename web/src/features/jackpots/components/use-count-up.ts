import { useEffect, useRef, useState } from 'react';

export const COUNT_UP_MS = 600;

function reducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/** Ease-out cubic: quick at first, settling on the new value. */
export function easeOut(progress: number): number {
  return 1 - (1 - progress) ** 3;
}

/**
 * The value to show for `target`: a rise counts up from the value shown over `duration` ms; a
 * fall (a level won and reset) and any change under prefers-reduced-motion show the new value on
 * the next frame.
 */
export function useCountUp(target: number, duration = COUNT_UP_MS): number {
  const [shown, setShown] = useState(target);
  const shownRef = useRef(target);

  useEffect(() => {
    const from = shownRef.current;
    if (from === target) return;
    const animate = target > from && duration > 0 && !reducedMotion();
    const start = performance.now();
    let frame = requestAnimationFrame(function step(now) {
      const progress = animate ? Math.min(1, Math.max(0, (now - start) / duration)) : 1;
      const value = progress >= 1 ? target : from + (target - from) * easeOut(progress);
      shownRef.current = value;
      setShown(value);
      if (progress < 1) frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
  }, [target, duration]);

  return shown;
}
