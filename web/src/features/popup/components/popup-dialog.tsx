import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog';
import { hashString } from '@/lib/hash';
import { STORAGE_KEYS, readString, writeString } from '@/lib/storage';
import './popup.css';

/** The bootstrap's popup: a url and images (0 default, 1 large screens, 2 medium screens). */
export type PopupData = { id?: number; url?: string | null; images: { url: string }[] };

const keys = new WeakMap<PopupData, string>();

/** A popup is shown once per distinct content: its JSON's hash is remembered. */
export function popupKey(popup: PopupData): string {
  let key = keys.get(popup);
  if (key === undefined) {
    key = hashString(JSON.stringify(popup));
    keys.set(popup, key);
  }
  return key;
}

export function shouldShowPopup(popup: PopupData | null | undefined): popup is PopupData {
  if (!popup || popup.images.length === 0) return false;
  return readString(STORAGE_KEYS.popupSeen) !== popupKey(popup);
}

export function markPopupSeen(popup: PopupData): void {
  writeString(STORAGE_KEYS.popupSeen, popupKey(popup));
}

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
 * The bootstrap popup: images[0] default, [1] from 1200 px, [2] from 992 px. It opens once the
 * page has been shown for POPUP_SETTLE_MS with no other dialog (a login opened by a deep link, the
 * menu, a sheet) open, never on top of one, and once per distinct content.
 */
export function PopupDialog({ popup, ready, blocked }: PopupDialogProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const [shown, setShown] = useState<PopupData | null>(null);
  const [done, setDone] = useState(false);

  // The image this screen will show is fetched while the page settles, so the popup opens with
  // its picture rather than an empty frame that fills in.
  useEffect(() => {
    if (!ready || !shouldShowPopup(popup)) return;
    new Image().src = popupImageFor(popup, window.innerWidth);
  }, [ready, popup]);

  useEffect(() => {
    if (!ready || blocked || shown || done || !shouldShowPopup(popup)) return;
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
  }, [ready, popup, shown, done, blocked]);

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
