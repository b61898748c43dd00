import { notify } from './toast';
import { translate } from './i18n';

declare global {
  interface Window {
    KasaChat?: { open: () => void };
  }
}

/**
 * Opens the live chat. The third-party chat script is loaded in production only; without it the
 * visitor is told how to reach support instead.
 */
export function openLiveChat(contactEmail?: string): void {
  if (window.KasaChat && typeof window.KasaChat.open === 'function') {
    window.KasaChat.open();
    return;
  }
  void notify.info(
    contactEmail
      ? translate('chat.unavailableWithEmail', { email: contactEmail })
      : translate('chat.unavailable'),
  );
}
