import type { RefObject } from 'react';
import { useCallback, useEffect, useLayoutEffect, useState } from 'react';

export interface Polled<T> {
  data: T | null;
  /** The answer before this one (to see which prices moved). */
  previous: T | null;
  error: boolean;
  /** Bumped by every answer, so a view can tell a fresh answer. */
  version: number;
  /** Changes the data in place (a pushed change); the data before it becomes `previous`. */
  patch: (change: (data: T) => T) => void;
}

/**
 * Loads `load()` now and every `ms` while `key` stays the same (null: nothing to load). A new key
 * starts over; an answer for an old key is dropped.
 */
export function usePoll<T>(
  key: string | null,
  load: () => Promise<T | null>,
  ms = 3000,
  /** Keep showing the last answer while a new key loads. */
  keep = false,
): Polled<T> {
  const [state, setState] = useState<Omit<Polled<T>, 'patch'> & { key: string | null }>({
    key: null,
    data: null,
    previous: null,
    error: false,
    version: 0,
  });
  useEffect(() => {
    if (key === null) return;
    let live = true;
    let timer: number | undefined;
    const tick = async () => {
      try {
        const data = await load();
        if (!live) return;
        setState((s) =>
          s.key === key
            ? { key, data, previous: s.data, error: data === null, version: s.version + 1 }
            : { key, data, previous: null, error: data === null, version: s.version + 1 },
        );
      } catch {
        if (live) setState((s) => ({ ...s, key, error: true, version: s.version + 1 }));
      }
      if (live) timer = window.setTimeout(tick, ms);
    };
    void tick();
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
    // `load` is rebuilt every render; the key names what it loads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, ms]);
  const patch = useCallback((change: (data: T) => T) => {
    setState((s) => {
      if (s.data === null) return s;
      const data = change(s.data);
      return data === s.data ? s : { ...s, data, previous: s.data };
    });
  }, []);
  if (key === null || (state.key !== key && !keep))
    return { data: null, previous: null, error: false, version: 0, patch };
  return { ...state, patch };
}

/**
 * Loads `load()` once for `key` (null: nothing to load), again every `retryMs` until it answers:
 * data that stays the same while the frame is open (the book's rules).
 */
export function useOnce<T>(key: string | null, load: () => Promise<T | null>, retryMs = 5000) {
  const [state, setState] = useState<{ key: string | null; data: T | null }>({
    key: null,
    data: null,
  });
  useEffect(() => {
    if (key === null) return;
    let live = true;
    let timer: number | undefined;
    const tick = async () => {
      let data: T | null = null;
      try {
        data = await load();
      } catch {
        // Not reached: tried again below.
      }
      if (!live) return;
      if (data !== null) setState({ key, data });
      else timer = window.setTimeout(tick, retryMs);
    };
    void tick();
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
    // `load` is rebuilt every render; the key names what it loads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, retryMs]);
  return state.key === key ? state.data : null;
}

/**
 * Keeps a sticky element within the frame's height: its `--fit-height` is the room from where it
 * is now (at least its sticky `top`) to `gap` px above the frame's foot, read again when the frame
 * scrolls or resizes or its content moves. The desktop slip column: before the page scrolls it
 * sits lower than where it sticks, and a height counted from its sticky top would run past the
 * frame's foot, its Place Bet cut off.
 */
export function useFitHeight(ref: RefObject<HTMLElement | null>, active: boolean, gap = 16) {
  useLayoutEffect(() => {
    const el = ref.current;
    if (!active || !el) return;
    let frame = 0;
    const fit = () => {
      frame = 0;
      const stick = parseFloat(getComputedStyle(el).top) || 0;
      const top = Math.max(el.getBoundingClientRect().top, stick);
      el.style.setProperty(
        '--fit-height',
        `${Math.max(0, Math.floor(window.innerHeight - top - gap))}px`,
      );
    };
    const later = () => {
      if (!frame) frame = window.requestAnimationFrame(fit);
    };
    fit();
    window.addEventListener('scroll', later, { passive: true });
    window.addEventListener('resize', later);
    const watch = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(later);
    watch?.observe(document.body);
    return () => {
      window.removeEventListener('scroll', later);
      window.removeEventListener('resize', later);
      watch?.disconnect();
      window.cancelAnimationFrame(frame);
      el.style.removeProperty('--fit-height');
    };
  }, [ref, active, gap]);
}

/** Whether the frame is desktop-wide (the slip as a side column from 1024 px). */
export function useMedia(query: string): boolean {
  const [matches, setMatches] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const list = window.matchMedia(query);
    const change = () => setMatches(list.matches);
    list.addEventListener('change', change);
    return () => list.removeEventListener('change', change);
  }, [query]);
  return matches;
}
