import { useSyncExternalStore } from 'react';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const mql = window.matchMedia(query);
      mql.addEventListener('change', onChange);
      return () => mql.removeEventListener('change', onChange);
    },
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : false),
    () => false,
  );
}

/** ≥ 992 px: desktop header; below it the mobile header and bottom bar. */
export const DESKTOP_QUERY = '(min-width: 992px)';
/** ≥ 1200 px: the side menu is docked beside the content. */
export const DOCKED_MENU_QUERY = '(min-width: 1200px)';
