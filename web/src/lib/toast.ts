import type { ExternalToast } from 'sonner';
import { createStore } from './create-store';

/**
 * Toasts (spec section 9), shown with sonner. sonner is not part of the first visit's JavaScript:
 * it loads with the first toast, and the app's toast host (components/ui/toast-host) mounts its
 * Toaster from then on (a toast shown before the Toaster subscribed is replayed to it).
 */

/** Toast constants of spec section 9. */
export const TOAST_DURATION_MS = 4000;
export const TOAST_LOADING_DURATION_MS = 30000;
export const TOAST_VISIBLE = 5;

export type ToastId = string | number;
export type ToastOptions = ExternalToast;

/** Whether a toast has been asked for: the toast host mounts the Toaster once it is true. */
export const toasterStore = createStore(false);

type Sonner = typeof import('sonner');
let sonner: Promise<Sonner> | undefined;

/** sonner, loaded on the first use. */
function loadSonner(): Promise<Sonner> {
  toasterStore.set(true);
  return (sonner ??= import('sonner'));
}

/** A toast with its own options (e.g. an id, so a second one with that id replaces the first). */
export async function showToast(message: string, options?: ToastOptions): Promise<ToastId> {
  const { toast } = await loadSonner();
  return toast(message, options);
}

export const notify = {
  success: async (message: string): Promise<ToastId> =>
    (await loadSonner()).toast.success(message, { duration: TOAST_DURATION_MS }),
  error: async (message: string): Promise<ToastId> =>
    (await loadSonner()).toast.error(message, { duration: TOAST_DURATION_MS }),
  warning: async (message: string): Promise<ToastId> =>
    (await loadSonner()).toast.warning(message, { duration: TOAST_DURATION_MS }),
  info: async (message: string): Promise<ToastId> =>
    (await loadSonner()).toast.info(message, { duration: TOAST_DURATION_MS }),
  loading: async (message: string): Promise<ToastId> =>
    (await loadSonner()).toast.loading(message, { duration: TOAST_LOADING_DURATION_MS }),
  /** Closes a toast (every toast without an id); nothing to do before the first toast. */
  dismiss: async (id?: ToastId): Promise<void> => {
    if (!sonner) return;
    (await sonner).toast.dismiss(id);
  },
};
