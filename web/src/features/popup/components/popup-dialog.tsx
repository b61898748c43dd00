import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog';
import { hashString } from '@/lib/hash';
import { STORAGE_KEYS, readString, writeString } from '@/lib/storage';
import './popup.css';

/** The bootstrap's popup: a url and images (0 default, 1 large screens, 2 medium screens). */
export type PopupData = { id?: number; url?: string | null; images: { url: string }[] };

/** A popup is shown once per distinct content: its JSON's hash is remembered. */
export function popupKey(popup: PopupData): string {
  return hashString(JSON.stringify(popup));
}

export function shouldShowPopup(popup: PopupData | null | undefined): popup is PopupData {
  if (!popup || popup.images.length === 0) return false;
  return readString(STORAGE_KEYS.popupSeen) !== popupKey(popup);
}

export function markPopupSeen(popup: PopupData): void {
  writeString(STORAGE_KEYS.popupSeen, popupKey(popup));
}

type PopupDialogProps = {
  popup: PopupData | null | undefined;
  /** The fresh bootstrap arrived (the cached one may show an old popup). */
  ready: boolean;
  /** Another dialog (login, register…) is open: the popup waits, and yields to one that opens. */
  otherDialog: boolean;
};

/** The bootstrap popup: images[0] default, [1] from 1200 px, [2] from 992 px. */
export function PopupDialog({ popup, ready, otherDialog }: PopupDialogProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const [shown, setShown] = useState<PopupData | null>(null);

  useEffect(() => {
    if (!ready || shown || otherDialog) return;
    if (shouldShowPopup(popup)) {
      markPopupSeen(popup);
      // Shown once per content: decided against local storage when the fresh bootstrap arrives.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setShown(popup);
    }
  }, [ready, popup, shown, otherDialog]);

  if (!shown || otherDialog) return null;
  const close = () => setShown(null);
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
