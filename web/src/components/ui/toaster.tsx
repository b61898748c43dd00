import { useTranslation } from 'react-i18next';
import { Toaster as Sonner } from 'sonner';
import { TOAST_DURATION_MS, TOAST_VISIBLE } from '@/lib/toast';
import '@/styles/toasts.css';

/**
 * Toasts: 5 visible, top-center, stacked, auto close 4000 ms (loading toasts 30000 ms). They sit
 * under the header and stay narrower than the space between the close buttons at the screen's
 * sides (styles/toasts.css), so a dialog's close button and the header's actions stay reachable.
 */
export function Toaster() {
  const { t } = useTranslation();
  return (
    <Sonner
      position="top-center"
      visibleToasts={TOAST_VISIBLE}
      expand
      duration={TOAST_DURATION_MS}
      theme="dark"
      richColors
      closeButton
      offset={{ top: 'calc(var(--header-h) + 8px)' }}
      mobileOffset={{ top: 'calc(var(--header-h) + 8px)' }}
      gap={8}
      containerAriaLabel={t('toast.region')}
      style={{ zIndex: 1200 }}
      toastOptions={{ className: 'kasa-toast', closeButtonAriaLabel: t('common.close') }}
    />
  );
}
