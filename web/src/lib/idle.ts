/** Work that can wait for the browser: the next idle moment, at most `timeoutMs` away. */

type IdleWindow = Window & {
  requestIdleCallback?: (cb: () => void, options?: { timeout: number }) => number;
};

export function whenIdle(run: () => void, timeoutMs: number): void {
  const w = window as IdleWindow;
  if (w.requestIdleCallback) w.requestIdleCallback(run, { timeout: timeoutMs });
  else window.setTimeout(run, 0);
}
