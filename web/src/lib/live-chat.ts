import { createStore } from './create-store';

/**
 * The live chat (spec sections 2 and 3). A third-party chat script, loaded in production builds
 * only and configured by the site options `chat-site-id` and `chat-div-id` (with the script's
 * address in `chat-script-url`, whose origin the server's Content-Security-Policy allows through
 * KASA_LIVE_CHAT_ORIGIN). The widget draws its button into the element with id `chat-div-id`; the
 * chat counts as loaded once its script has loaded, and opening it presses that button (or calls
 * `window.KasaChat.open()` where an adapter provides one). When it has not loaded 5 s after the
 * load began, or is not configured at all (the demo content), the Live Chat items show the
 * fallback instead: the contact e-mail and the call-request link from the settings.
 */

declare global {
  interface Window {
    KasaChat?: { open?: () => void };
    /** What the chat script reads: the site and the element it draws into. */
    KasaChatConfig?: { siteId: string; divId: string };
  }
}

export const CHAT_LOAD_TIMEOUT_MS = 5000;

export type ChatConfig = { siteId: string; divId: string; scriptUrl: string };

/** 'off': not configured (or not a production build); 'loading'; 'ready'; 'failed'. */
export type ChatStatus = 'off' | 'loading' | 'ready' | 'failed';

export type ChatState = {
  status: ChatStatus;
  config: ChatConfig | null;
  /** The panel the Live Chat items open while the chat is loading, or instead of it. */
  panel: 'closed' | 'connecting' | 'fallback';
};

export const chatStore = createStore<ChatState>({ status: 'off', config: null, panel: 'closed' });

/** The chat's configuration from the site options, or null when it is not fully configured. */
export function chatConfig(options: Record<string, string>): ChatConfig | null {
  const siteId = options['chat-site-id']?.trim();
  const divId = options['chat-div-id']?.trim();
  const scriptUrl = options['chat-script-url']?.trim();
  if (!siteId || !divId || !scriptUrl || !/^https:\/\//i.test(scriptUrl)) return null;
  return { siteId, divId, scriptUrl };
}

function update(patch: Partial<ChatState>): void {
  chatStore.set((s) => ({ ...s, ...patch }));
}

function settle(status: 'ready' | 'failed'): void {
  const { panel } = chatStore.get();
  update({ status });
  if (panel !== 'connecting') return;
  if (status === 'ready' && openWidget()) update({ panel: 'closed' });
  else update({ panel: 'fallback' });
}

/**
 * Loads the chat script once (production builds only). Called by the app when the site options
 * are known; a later call with the same configuration does nothing.
 */
export function startLiveChat(
  options: Record<string, string>,
  production: boolean = import.meta.env.PROD,
): void {
  const config = chatConfig(options);
  if (!production || !config || chatStore.get().status !== 'off') return;
  update({ status: 'loading', config });
  window.KasaChatConfig = { siteId: config.siteId, divId: config.divId };
  const script = document.createElement('script');
  script.async = true;
  script.src = config.scriptUrl.replace('{siteId}', encodeURIComponent(config.siteId));
  script.dataset.kasa = 'live-chat';
  const timer = window.setTimeout(() => {
    if (chatStore.get().status === 'loading') settle('failed');
  }, CHAT_LOAD_TIMEOUT_MS);
  script.addEventListener('load', () => {
    window.clearTimeout(timer);
    if (chatStore.get().status === 'loading') settle('ready');
  });
  script.addEventListener('error', () => {
    window.clearTimeout(timer);
    if (chatStore.get().status === 'loading') settle('failed');
  });
  document.head.appendChild(script);
}

/** Opens the loaded widget; false when it offers no way to open. */
function openWidget(): boolean {
  if (typeof window.KasaChat?.open === 'function') {
    window.KasaChat.open();
    return true;
  }
  const divId = chatStore.get().config?.divId;
  const button = divId
    ? document.getElementById(divId)?.querySelector<HTMLElement>('button, a, [role="button"]')
    : null;
  if (!button) return false;
  button.click();
  return true;
}

/** What the Live Chat items do: open the chat, wait for it while it loads, else the fallback. */
export function openLiveChat(): void {
  const { status } = chatStore.get();
  if (status === 'ready' && openWidget()) return;
  update({ panel: status === 'loading' ? 'connecting' : 'fallback' });
}

export function closeLiveChatPanel(): void {
  update({ panel: 'closed' });
}

/** Back to the start (tests). */
export function resetLiveChat(): void {
  chatStore.set({ status: 'off', config: null, panel: 'closed' });
  delete window.KasaChat;
  delete window.KasaChatConfig;
}
