import { toast } from 'sonner';

/** Toast constants of spec section 9. */
export const TOAST_DURATION_MS = 4000;
export const TOAST_LOADING_DURATION_MS = 30000;
export const TOAST_VISIBLE = 5;

export const notify = {
  success: (message: string) => toast.success(message, { duration: TOAST_DURATION_MS }),
  error: (message: string) => toast.error(message, { duration: TOAST_DURATION_MS }),
  warning: (message: string) => toast.warning(message, { duration: TOAST_DURATION_MS }),
  info: (message: string) => toast.info(message, { duration: TOAST_DURATION_MS }),
  loading: (message: string) => toast.loading(message, { duration: TOAST_LOADING_DURATION_MS }),
  dismiss: (id?: string | number) => toast.dismiss(id),
};
