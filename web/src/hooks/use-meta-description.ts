import { useEffect, useLayoutEffect } from 'react';

/** The page's `<meta name="description">` (created if index.html has none). */
export function setMetaDescription(text: string): void {
  let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.append(meta);
  }
  meta.content = text.replace(/\s+/g, ' ').trim().slice(0, 160);
}

/** Sets the description of the page being shown (a page with text of its own: its excerpt). */
export function useMetaDescription(text: string | null): void {
  useEffect(() => {
    if (text) setMetaDescription(text);
  }, [text]);
}

/**
 * The site's description, set again on every route: a layout effect, so it runs before the new
 * page's own description (a passive effect), which then wins.
 */
export function useDefaultMetaDescription(text: string, route: string): void {
  useLayoutEffect(() => {
    setMetaDescription(text);
  }, [text, route]);
}
