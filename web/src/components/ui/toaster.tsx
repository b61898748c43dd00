import { useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Toaster as Sonner, useSonner } from 'sonner';
import { TOAST_DURATION_MS, TOAST_VISIBLE } from '@/lib/toast';
import '@/styles/toasts.css';

/** sonner's toast width, and the room kept free at each side of the screen (styles/toasts.css). */
const TOAST_WIDTH = 356;
const TOAST_GUTTER = 64;
const TOAST_GAP = 8;

/** The toasts' column on the screen now: centred, narrower than the screen less the gutters. */
function toastColumn(): { left: number; right: number } {
  const screen = document.documentElement.clientWidth;
  const width = Math.min(TOAST_WIDTH, screen - 2 * TOAST_GUTTER);
  const left = (screen - width) / 2;
  return { left, right: left + width };
}

/**
 * Where the first toast starts: under the site's header (the banner landmark, with the domain
 * banner above it when shown), under every close button of an open dialog that the toasts'
 * column would otherwise cover (a centred popover, a dialog's head), and under an element marked
 * data-toasts-below (the Play dialog's top bar), so those stay reachable.
 */
export function toastTop(closeLabel: string): number {
  const { left, right } = toastColumn();
  let bottom = 0;
  for (const header of document.querySelectorAll('header')) {
    if (header.closest('main, article, section, aside, nav, [role="dialog"]')) continue;
    const r = header.getBoundingClientRect();
    if (r.height > 0) bottom = Math.max(bottom, r.bottom);
  }
  const label = CSS.escape(closeLabel);
  for (const button of document.querySelectorAll(`[role="dialog"] button[aria-label="${label}"]`)) {
    const r = button.getBoundingClientRect();
    if (r.width > 0 && r.right > left && r.left < right) bottom = Math.max(bottom, r.bottom);
  }
  // A bar that asks for it (the Play dialog's top bar: the game's name and actions) stays free too.
  for (const bar of document.querySelectorAll('[data-toasts-below]')) {
    const r = bar.getBoundingClientRect();
    if (r.height > 0 && r.right > left && r.left < right) bottom = Math.max(bottom, r.bottom);
  }
  return Math.max(0, Math.round(bottom)) + TOAST_GAP;
}

/**
 * toastTop, followed as the page scrolls, resizes, and dialogs open, move and close; only while a
 * toast is shown (`active`), so a page without toasts pays nothing on its DOM changes (the banner
 * carousel changes styles on every frame). Measured again in the frame after the first toast
 * appears.
 */
function useToastTop(closeLabel: string, active: boolean): number {
  const [top, setTop] = useState(() => toastTop(closeLabel));
  useLayoutEffect(() => {
    if (!active) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      setTop(toastTop(closeLabel));
    };
    const schedule = () => {
      frame ||= requestAnimationFrame(measure);
    };
    const changes = new MutationObserver((records) => {
      // The toasts' own changes move nothing they avoid.
      if (records.some((r) => !r.target.parentElement?.closest('[data-sonner-toaster]')))
        schedule();
    });
    changes.observe(document.body, { childList: true, subtree: true, attributes: true });
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    // A dialog's entrance animation ends where its close button stays.
    document.addEventListener('animationend', schedule, true);
    document.addEventListener('transitionend', schedule, true);
    schedule();
    return () => {
      cancelAnimationFrame(frame);
      changes.disconnect();
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      document.removeEventListener('animationend', schedule, true);
      document.removeEventListener('transitionend', schedule, true);
    };
  }, [closeLabel, active]);
  return top;
}

/**
 * Toasts: 5 visible, top-center, stacked, auto close 4000 ms (loading toasts 30000 ms). They never
 * hide what the player must reach: they start under the header and under any open dialog's close
 * button in their way, stay narrower than the space between the close buttons at the screen's
 * sides, and let clicks through where no toast is (styles/toasts.css).
 */
export function Toaster() {
  const { t } = useTranslation();
  const closeLabel = t('common.close');
  const { toasts } = useSonner();
  const top = useToastTop(closeLabel, toasts.length > 0);
  const offset = { top: `${top}px` };
  return (
    <Sonner
      position="top-center"
      visibleToasts={TOAST_VISIBLE}
      expand
      duration={TOAST_DURATION_MS}
      theme="dark"
      richColors
      closeButton
      offset={offset}
      mobileOffset={offset}
      gap={TOAST_GAP}
      containerAriaLabel={t('toast.region')}
      style={{ zIndex: 1200, ['--toast-gutter' as string]: `${TOAST_GUTTER}px` }}
      toastOptions={{ className: 'kasa-toast', closeButtonAriaLabel: closeLabel }}
    />
  );
}
