/**
 * The popup index.html's inline script opens before the app's code runs (from the page's
 * bootstrap): its element's id, its closing event, and the wait for its first paint.
 */

/** The popup index.html's inline script opened, while it is open. */
export const BOOT_POPUP_ID = 'boot-popup';
/** The event the inline script sends on `document` when its popup closes. */
export const BOOT_POPUP_CLOSED = 'boot-popup-closed';
/** How long the app's start waits for that popup to be painted, at most. */
export const BOOT_POPUP_PAINT_WAIT_MS = 1000;

/**
 * Settles once index.html's popup, if it opened, has been painted with its picture (loaded and
 * decoded, then a frame), or its picture failed, or after BOOT_POPUP_PAINT_WAIT_MS: the app's
 * start waits for it, so a phone paints what the visitor sees in front before the app's own work
 * takes its main thread.
 */
export function bootPopupPainted(doc: Document = document): Promise<void> {
  const picture = doc.getElementById(BOOT_POPUP_ID)?.querySelector('img');
  if (!picture) return Promise.resolve();
  return new Promise((resolve) => {
    const painted = () => window.requestAnimationFrame(() => window.setTimeout(resolve));
    picture.decode().then(painted, () => resolve());
    window.setTimeout(resolve, BOOT_POPUP_PAINT_WAIT_MS);
  });
}
