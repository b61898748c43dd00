// The focus trap of every dialog and panel, in the site and in the back office.
import { useLayoutEffect, type RefObject } from 'react';

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

export function focusableIn(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.hasAttribute('disabled') && el.getAttribute('aria-hidden') !== 'true',
  );
}

/** The active traps, the newest last: only the newest one handles Tab and Escape. */
const traps: HTMLElement[] = [];

/**
 * While active: focus moves into the container, Tab cycles inside it, Escape calls onEscape,
 * the page behind does not scroll, and focus returns to where it was afterwards. A layout effect:
 * it is in place as soon as the container is in the DOM, so an Escape pressed right after opening
 * is heard (Preact runs plain effects only after the next frame). A trap opened over another
 * (a reality check over a game) has the keys to itself until it closes.
 */
export function useFocusTrap(
  ref: RefObject<HTMLElement | null>,
  active: boolean,
  onEscape: () => void,
) {
  useLayoutEffect(() => {
    if (!active) return;
    const root = ref.current;
    if (!root) return;
    const previous = document.activeElement as HTMLElement | null;
    const first = root.querySelector<HTMLElement>('[data-autofocus]') ?? focusableIn(root)[0];
    (first ?? root).focus({ preventScroll: true });

    traps.push(root);
    const onKeyDown = (event: KeyboardEvent) => {
      if (traps[traps.length - 1] !== root) return;
      if (event.key === 'Escape') {
        event.stopPropagation();
        onEscape();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusableIn(root);
      if (items.length === 0) {
        event.preventDefault();
        root.focus();
        return;
      }
      const firstItem = items[0];
      const lastItem = items[items.length - 1];
      const current = document.activeElement;
      if (event.shiftKey && (current === firstItem || !root.contains(current))) {
        event.preventDefault();
        lastItem.focus();
      } else if (!event.shiftKey && (current === lastItem || !root.contains(current))) {
        event.preventDefault();
        firstItem.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown, true);
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      const at = traps.lastIndexOf(root);
      if (at >= 0) traps.splice(at, 1);
      document.removeEventListener('keydown', onKeyDown, true);
      document.body.style.overflow = overflow;
      if (previous && typeof previous.focus === 'function') previous.focus({ preventScroll: true });
    };
  }, [active, ref, onEscape]);
}
