/**
 * The popup index.html's inline script opens before the app's code runs (from the page's
 * bootstrap): its element's id and its closing event.
 */

/** The popup index.html's inline script opened, while it is open. */
export const BOOT_POPUP_ID = 'boot-popup';
/** The event the inline script sends on `document` when its popup closes. */
export const BOOT_POPUP_CLOSED = 'boot-popup-closed';
