import { getCurrentLanguage } from '@/lib/language';
import { STORAGE_KEYS, readJson, readString, writeJson, writeString } from '@/lib/storage';

/**
 * Whether the start-up popup was seen. It is shown once per distinct content (its url and
 * images), which `popupKey` names (index.html's inline script computes the same key): the key
 * last shown is kept under popupSeen. Its images are the language's (content/popup.json), so the
 * popup entry seen (its id and url) is kept too with the language it was seen in (popupSeenIn):
 * the same entry in another language is the same popup, not shown again after a change of
 * language. Both survive a logout (lib/storage's KEPT_AT_LOGOUT).
 */

/** The bootstrap's popup: a url and images (0 default, 1 large screens, 2 medium screens). */
export type PopupData = { id?: number; url?: string | null; images: { url: string }[] };

/** The popup entry seen and the language it was seen in: [id, url, language]. */
type SeenIn = [number | null, string, string];

export function popupKey(popup: PopupData): string {
  return JSON.stringify([popup.url || '', popup.images.map((i) => i.url)]);
}

function seenInAnotherLanguage(popup: PopupData, lang: string): boolean {
  const seen = readJson<SeenIn>(STORAGE_KEYS.popupSeenIn);
  return (
    Array.isArray(seen) &&
    popup.id != null &&
    seen[0] === popup.id &&
    seen[1] === (popup.url || '') &&
    seen[2] !== lang
  );
}

export function shouldShowPopup(popup: PopupData | null | undefined): popup is PopupData {
  if (!popup || popup.images.length === 0) return false;
  if (readString(STORAGE_KEYS.popupSeen) === popupKey(popup)) return false;
  return !seenInAnotherLanguage(popup, getCurrentLanguage());
}

export function markPopupSeen(popup: PopupData): void {
  writeString(STORAGE_KEYS.popupSeen, popupKey(popup));
  const seen: SeenIn = [popup.id ?? null, popup.url || '', getCurrentLanguage()];
  writeJson(STORAGE_KEYS.popupSeenIn, seen);
}
