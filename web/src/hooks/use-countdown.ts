import { useCallback, useEffect, useState } from 'react';

/** Whole seconds left until `endsAt` (epoch ms), never below 0. */
export function secondsLeft(endsAt: number | null, now: number): number {
  if (endsAt == null) return 0;
  return Math.max(0, Math.ceil((endsAt - now) / 1000));
}

/**
 * A countdown in whole seconds (the 60-second SMS resend wait). `start()` (re)starts it,
 * `until(endsAt)` counts to a moment known elsewhere (a code sent earlier), `reset()` stops it;
 * `left` reaches 0 when it is over.
 */
export function useCountdown(seconds: number) {
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (endsAt == null) return;
    const timer = window.setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= endsAt) window.clearInterval(timer);
    }, 250);
    return () => window.clearInterval(timer);
  }, [endsAt]);

  const start = useCallback(() => {
    const t = Date.now();
    setNow(t);
    setEndsAt(t + seconds * 1000);
  }, [seconds]);

  const until = useCallback((end: number) => {
    setNow(Date.now());
    setEndsAt(end);
  }, []);

  const reset = useCallback(() => setEndsAt(null), []);

  const left = secondsLeft(endsAt, now);
  return { left, running: left > 0, started: endsAt != null, start, until, reset };
}

/** 0:59 style. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
