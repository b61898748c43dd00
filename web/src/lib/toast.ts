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

/** What a toast of `notify` may name besides its text. */
export type NotifyOptions = {
  /**
   * The player action the toast reports (e.g. a mutation): an action shows one toast at a time,
   * so its success (or a new failure) replaces its earlier error.
   */
  action?: string;
};

type Kind = 'success' | 'error' | 'warning' | 'info';

/** The toast each action shows now, by action. */
const actionToasts = new Map<string, ToastId>();

/**
 * A toast's id is its kind and text: the same message again merges with the one on screen
 * (sonner updates a toast whose id it already shows) instead of stacking a copy.
 */
export function toastId(kind: Kind, message: string): string {
  return `${kind}:${message}`;
}

async function show(kind: Kind, message: string, options?: NotifyOptions): Promise<ToastId> {
  const { toast } = await loadSonner();
  const id = toastId(kind, message);
  const action = options?.action;
  if (action !== undefined) {
    const earlier = actionToasts.get(action);
    if (earlier !== undefined && earlier !== id) toast.dismiss(earlier);
    actionToasts.set(action, id);
  }
  return toast[kind](message, { id, duration: TOAST_DURATION_MS });
}

export const notify = {
  success: (message: string, options?: NotifyOptions): Promise<ToastId> =>
    show('success', message, options),
  error: (message: string, options?: NotifyOptions): Promise<ToastId> =>
    show('error', message, options),
  warning: (message: string, options?: NotifyOptions): Promise<ToastId> =>
    show('warning', message, options),
  info: (message: string, options?: NotifyOptions): Promise<ToastId> =>
    show('info', message, options),
  /** The action succeeded without a message: its earlier toast (an error) closes. */
  settle: async (action: string): Promise<void> => {
    const earlier = actionToasts.get(action);
    if (earlier === undefined) return;
    actionToasts.delete(action);
    if (sonner) (await sonner).toast.dismiss(earlier);
  },
  loading: async (message: string): Promise<ToastId> =>
    (await loadSonner()).toast.loading(message, { duration: TOAST_LOADING_DURATION_MS }),
  /** Closes a toast (every toast without an id); nothing to do before the first toast. */
  dismiss: async (id?: ToastId): Promise<void> => {
    if (!sonner) return;
    (await sonner).toast.dismiss(id);
  },
};
