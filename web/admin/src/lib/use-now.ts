import { useSyncExternalStore } from 'react';

/**
 * The time for ages shown on screen ("waiting 2 h 5 min"), read outside render (a render must be
 * pure) and moving on every 15 seconds while something shows it.
 */

const TICK_MS = 15_000;
let now = Date.now();
const listeners = new Set<() => void>();
let timer: number | undefined;

function snapshot(): number {
  const t = Date.now();
  if (t - now >= TICK_MS) now = t;
  return now;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  timer ??= window.setInterval(() => {
    now = Date.now();
    for (const l of listeners) l();
  }, TICK_MS);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== undefined) {
      window.clearInterval(timer);
      timer = undefined;
    }
  };
}

export function useNow(): number {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
