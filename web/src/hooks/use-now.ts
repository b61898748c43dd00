import { useEffect, useState } from 'react';

/** The clock (epoch ms), read again every `stepMs` (a clock on screen, a countdown in words). */
export function useNow(stepMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), stepMs);
    return () => window.clearInterval(timer);
  }, [stepMs]);
  return now;
}
