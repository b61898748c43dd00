import { useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Toaster as Sonner, useSonner } from 'sonner';
import { DESKTOP_QUERY, useMediaQuery } from '@/hooks/use-media-query';
import { TOAST_DURATION_MS, TOAST_VISIBLE } from '@/lib/toast';
import '@/styles/toasts.css';

/** sonner's toast width, the room kept at the screen's sides, and the gap around the toasts. */
const TOAST_WIDTH = 356;
const TOAST_EDGE = 16;
const TOAST_GAP = 8;

/**
 * Where the toasts show (issue 30: a toast never covers the page's title, the header's balance,
 * or a dialog's or panel's head):
 * - desktop: top-right, under the site's header and under every head in their column (an open
 *   dialog's or panel's head, the page's title, a bar marked data-toasts-below) and under a menu
 *   open from the header (marked data-toasts-avoid: the balance's menu);
 * - phones: bottom-centre, above the bottom bar and above any head in the screen's lower half
 *   (a short sheet's), so the page's title and the dialogs' heads at the top stay clear;
 * - over a game (its top bar is marked data-toasts-below): under that bar, centred on phones, as
 *   at the bottom they would cover the game's own controls.
 */
export type ToastPlacement = {
  position: 'top-right' | 'top-center' | 'bottom-center';
  /** px from the top of the screen (top positions) or from its bottom (bottom-center). */
  offset: number;
  /** The toasts' width: sonner's, narrower on small screens. */
  width: number;
};

function shown(r: DOMRect): boolean {
  return r.width > 1 && r.height > 1 && r.bottom > 0 && r.top < window.innerHeight;
}

/** The box of what a heading says (its text, not the block it fills), else the element's. */
function textBox(el: Element): DOMRect {
  const range = document.createRange();
  range.selectNodeContents(el);
  const box =
    typeof range.getBoundingClientRect === 'function' ? range.getBoundingClientRect() : null;
  return box && box.width > 0 ? box : el.getBoundingClientRect();
}

/** The site's header: a banner landmark of the page, not a header inside its content. */
function siteHeaderBottom(): number {
  let bottom = 0;
  for (const header of document.querySelectorAll('header')) {
    if (header.closest('main, article, section, aside, nav, [role="dialog"]')) continue;
    const r = header.getBoundingClientRect();
    if (r.height > 0) bottom = Math.max(bottom, r.bottom);
  }
  return bottom;
}

/**
 * What a toast must leave uncovered besides the site's header and the bottom bar: the heads, the
 * bars, and the menus open from the header (all of a menu, its lines and buttons under its top).
 */
function heads(): { box: DOMRect; bar: boolean }[] {
  const out: { box: DOMRect; bar: boolean }[] = [];
  for (const head of document.querySelectorAll('[role="dialog"] > [class*="__head"]'))
    out.push({ box: head.getBoundingClientRect(), bar: false });
  for (const title of document.querySelectorAll('main h1'))
    out.push({ box: textBox(title), bar: false });
  for (const bar of document.querySelectorAll('[data-toasts-below]'))
    out.push({ box: bar.getBoundingClientRect(), bar: true });
  for (const menu of document.querySelectorAll('[data-toasts-avoid]'))
    out.push({ box: menu.getBoundingClientRect(), bar: false });
  return out.filter((h) => shown(h.box));
}

export function toastPlacement(): ToastPlacement {
  const screen = document.documentElement.clientWidth || window.innerWidth;
  const height = window.innerHeight;
  const width = Math.min(TOAST_WIDTH, screen - 2 * TOAST_EDGE);
  const desktop =
    typeof window.matchMedia === 'function' && window.matchMedia(DESKTOP_QUERY).matches;
  const found = heads();
  const gameBar = found.find((h) => h.bar && h.box.top < height / 2);

  if (desktop || gameBar) {
    const left = desktop ? screen - TOAST_EDGE - width : (screen - width) / 2;
    const right = left + width;
    let top = siteHeaderBottom();
    for (const { box } of found)
      if (box.right > left && box.left < right && box.top < height / 2)
        top = Math.max(top, box.bottom);
    return {
      position: desktop ? 'top-right' : 'top-center',
      offset: Math.max(0, Math.round(top)) + TOAST_GAP,
      width,
    };
  }

  let bottom = 0;
  for (const bar of document.querySelectorAll('.bottom-bar')) {
    const r = bar.getBoundingClientRect();
    if (shown(r)) bottom = Math.max(bottom, height - r.top);
  }
  for (const { box } of found)
    if (box.top >= height / 2) bottom = Math.max(bottom, height - box.top);
  return {
    position: 'bottom-center',
    offset: Math.max(0, Math.round(bottom)) + TOAST_GAP,
    width,
  };
}

function samePlacement(a: ToastPlacement, b: ToastPlacement): boolean {
  return a.position === b.position && a.offset === b.offset && a.width === b.width;
}

/**
 * toastPlacement, followed as the page scrolls, resizes, and dialogs open, move and close; only
 * while a toast is shown (`active`), so a page without toasts pays nothing on its DOM changes
 * (the banner carousel changes styles on every frame). Measured again in the frame after the
 * first toast appears.
 */
function useToastPlacement(active: boolean): ToastPlacement {
  const [placement, setPlacement] = useState(toastPlacement);
  useLayoutEffect(() => {
    if (!active) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const next = toastPlacement();
      setPlacement((now) => (samePlacement(now, next) ? now : next));
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
    // A dialog's entrance animation ends where its head stays.
    document.addEventListener('animationend', schedule, true);
    document.addEventListener('transitionend', schedule, true);
    // Measured at once, before the first toast paints: placed by what the page shows now, not
    // by what it showed when the toaster mounted (before the header was there).
    measure();
    return () => {
      cancelAnimationFrame(frame);
      changes.disconnect();
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      document.removeEventListener('animationend', schedule, true);
      document.removeEventListener('transitionend', schedule, true);
    };
  }, [active]);
  return placement;
}

/**
 * Toasts: 5 visible, stacked, auto close 4000 ms (loading toasts 30000 ms), placed by
 * toastPlacement so they never hide what the player must read or reach, and letting clicks
 * through where no toast is (styles/toasts.css). On a phone they stack as one card (the newest in
 * front, the others peeking behind it): three toasts spread out would cover a full-screen
 * dialog's main button.
 */
export function Toaster() {
  const { t } = useTranslation();
  const { toasts } = useSonner();
  const { position, offset, width } = useToastPlacement(toasts.length > 0);
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const edge = `${TOAST_EDGE}px`;
  const offsets =
    position === 'bottom-center'
      ? { bottom: `${offset}px`, left: edge, right: edge }
      : { top: `${offset}px`, left: edge, right: edge };
  return (
    <Sonner
      position={position}
      visibleToasts={TOAST_VISIBLE}
      expand={desktop}
      duration={TOAST_DURATION_MS}
      theme="dark"
      richColors
      closeButton
      offset={offsets}
      mobileOffset={offsets}
      gap={TOAST_GAP}
      containerAriaLabel={t('toast.region')}
      style={{ zIndex: 1200, ['--toast-width' as string]: `${width}px` }}
      toastOptions={{ className: 'kasa-toast', closeButtonAriaLabel: t('common.close') }}
    />
  );
}
