import { useCallback, useEffect, useState } from 'react';

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
