import { useCallback, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog';
import { useFocusTrap } from '@shared/use-focus-trap';
import { BOOT_POPUP_CLOSED, BOOT_POPUP_ID } from '../boot-popup';
import { markPopupSeen, shouldShowPopup, type PopupData } from '../seen';
import './popup.css';

export { markPopupSeen, popupKey, shouldShowPopup, type PopupData } from '../seen';

/** The image the popup shows at a viewport `width` px wide (the `<picture>`'s choice). */
export function popupImageFor(popup: PopupData, width: number): string {
  const [base, xl, lg] = popup.images.map((i) => i.url);
  if (xl && width >= 1200) return xl;
  if (lg && width >= 992) return lg;
  return base;
}

/** How long the page must have been shown, with no other dialog, before the popup opens. */
export const POPUP_SETTLE_MS = 1200;
/** How often a popup kept waiting looks again. */
export const POPUP_RECHECK_MS = 500;

/** The page is on screen and no other dialog or sheet is open. */
export function pageFreeForPopup(doc: Document = document): boolean {
  return doc.visibilityState === 'visible' && !doc.querySelector('[aria-modal="true"]');
}

/**
 * The popup index.html opened, adopted: its focus is trapped (Escape closes it), its link to a
 * page of the site goes through the router, and it closes when `blocked` (another dialog opens).
 * Closing it is its own close button's click, so the inline script's listeners go with it.
 * Returns whether it is still open.
 */
function useBootPopup(blocked: boolean): boolean {
  const navigate = useNavigate();
  const [root, setRoot] = useState(() => document.getElementById(BOOT_POPUP_ID));
  const [panel] = useState(() => ({
    current: root?.querySelector<HTMLElement>('[role="dialog"]') ?? null,
  }));
  const close = useCallback(() => {
    root?.querySelector<HTMLButtonElement>('.dialog__close')?.click();
  }, [root]);
  useFocusTrap(panel, root !== null, close);

  useEffect(() => {
    if (!root) return;
    const closed = () => setRoot(null);
    const link = root.querySelector<HTMLAnchorElement>('a.popup__link');
    const follow = (event: MouseEvent) => {
      if (!link || link.target || event.button !== 0 || event.metaKey || event.ctrlKey) return;
      event.preventDefault();
      close();
      void navigate(link.getAttribute('href') ?? '/');
    };
    document.addEventListener(BOOT_POPUP_CLOSED, closed);
    link?.addEventListener('click', follow);
    // It may have closed while the app's code loaded.
    if (!root.isConnected) closed();
    return () => {
      document.removeEventListener(BOOT_POPUP_CLOSED, closed);
      link?.removeEventListener('click', follow);
    };
  }, [root, close, navigate]);

  useEffect(() => {
    if (blocked) close();
  }, [blocked, close]);
  return root !== null;
}

type PopupDialogProps = {
  popup: PopupData | null | undefined;
  /** The fresh bootstrap arrived (the cached one may show an old popup). */
  ready: boolean;
  /**
   * Another dialog (login, register…) is open or the page is not shown yet (its route still
   * loading): the popup waits; a dialog that opens over it closes it.
   */
  blocked: boolean;
};

/**
 * The bootstrap popup: images[0] default, [1] from 1200 px, [2] from 992 px, once per distinct
 * content. On a Turkish visitor's first load index.html opens it with the page's frame, and it is
 * adopted here; otherwise it opens once the page has been shown for POPUP_SETTLE_MS with no other
 * dialog (a login opened by a deep link, the menu, a sheet) open, never on top of one.
 */
export function PopupDialog({ popup, ready, blocked }: PopupDialogProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const [shown, setShown] = useState<PopupData | null>(null);
  const [done, setDone] = useState(false);
  const booted = useBootPopup(blocked);

  // The image this screen will show is fetched while the page settles, so the popup opens with
  // its picture rather than an empty frame that fills in.
  useEffect(() => {
    if (!ready || !shouldShowPopup(popup)) return;
    new Image().src = popupImageFor(popup, window.innerWidth);
  }, [ready, popup]);

  useEffect(() => {
    if (!ready || blocked || booted || shown || done || !shouldShowPopup(popup)) return;
    let timer = 0;
    const attempt = (delay: number) => {
      timer = window.setTimeout(() => {
        if (!pageFreeForPopup()) return attempt(POPUP_RECHECK_MS);
        markPopupSeen(popup);
        setShown(popup);
      }, delay);
    };
    attempt(POPUP_SETTLE_MS);
    return () => window.clearTimeout(timer);
  }, [ready, popup, shown, done, blocked, booted]);

  // Another dialog opening over the popup closes it (it has been seen).
  useEffect(() => {
    if (!blocked || !shown) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setShown(null);
    setDone(true);
  }, [blocked, shown]);

  if (!shown || blocked) return null;
  const close = () => {
    setShown(null);
    setDone(true);
  };
  const [base, xl, lg] = shown.images.map((i) => i.url);
  const target = shown.url?.trim() || `${location.pathname}${location.search}`;
  const image = (
    <picture>
      {xl ? <source media="(min-width: 1200px)" srcSet={xl} /> : null}
      {lg ? <source media="(min-width: 992px)" srcSet={lg} /> : null}
      <img src={base} alt={t('popup.alt')} className="popup__img" />
    </picture>
  );
  return (
    <Dialog open onClose={close} title={t('popup.title')} hideTitle size="auto" className="popup">
      {/^http/i.test(target) ? (
        <a
          href={target}
          target="_blank"
          rel="noopener noreferrer"
          onClick={close}
          className="popup__link"
        >
          {image}
        </a>
      ) : (
        <Link to={target} onClick={close} className="popup__link">
          {image}
        </Link>
      )}
    </Dialog>
  );
}
