import { Toaster as Sonner } from 'sonner';
import { TOAST_DURATION_MS, TOAST_VISIBLE } from '@/lib/toast';

/** Toasts: 5 visible, top-center, stacked, auto close 4000 ms (loading toasts 30000 ms). */
export function Toaster() {
  return (
    <Sonner
      position="top-center"
      visibleToasts={TOAST_VISIBLE}
      expand
      duration={TOAST_DURATION_MS}
      theme="dark"
      richColors
      closeButton
      style={{ zIndex: 1200 }}
      toastOptions={{ className: 'kasa-toast' }}
    />
  );
}
