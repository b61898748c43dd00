import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CHAT_LOAD_TIMEOUT_MS,
  chatConfig,
  chatStore,
  openLiveChat,
  resetLiveChat,
  startLiveChat,
} from './live-chat';

const options = {
  'chat-site-id': 'site-7',
  'chat-div-id': 'chat-here',
  'chat-script-url': 'https://chat.example.com/loader.js?siteId={siteId}',
};

function chatScript(): HTMLScriptElement | null {
  return document.head.querySelector('script[data-kasa="live-chat"]');
}

afterEach(() => {
  chatScript()?.remove();
  document.getElementById('chat-here')?.remove();
  resetLiveChat();
  vi.useRealTimers();
});

describe('live chat', () => {
  it('is configured only by all three options, with an https script', () => {
    expect(chatConfig(options)).toEqual({
      siteId: 'site-7',
      divId: 'chat-here',
      scriptUrl: options['chat-script-url'],
    });
    expect(chatConfig({ ...options, 'chat-site-id': '' })).toBeNull();
    expect(chatConfig({ ...options, 'chat-script-url': 'http://x/y.js' })).toBeNull();
  });

  it('loads no script outside production builds, nor without configuration', () => {
    startLiveChat(options, false);
    startLiveChat({}, true);
    expect(chatScript()).toBeNull();
    expect(chatStore.get().status).toBe('off');
  });

  it('without a chat, the Live Chat items show the fallback at once (the demo)', () => {
    openLiveChat();
    expect(chatStore.get().panel).toBe('fallback');
  });

  it('in production loads the script once, configured by the site id and div id', () => {
    startLiveChat(options, true);
    startLiveChat(options, true);
    expect(document.head.querySelectorAll('script[data-kasa="live-chat"]')).toHaveLength(1);
    expect(chatScript()?.src).toBe('https://chat.example.com/loader.js?siteId=site-7');
    expect(window.KasaChatConfig).toEqual({ siteId: 'site-7', divId: 'chat-here' });
    expect(chatStore.get().status).toBe('loading');
  });

  it('opened while loading, it waits and then opens the widget drawn into chat-div-id', () => {
    startLiveChat(options, true);
    openLiveChat();
    expect(chatStore.get().panel).toBe('connecting');
    const anchor = document.createElement('div');
    anchor.id = 'chat-here';
    const widgetButton = document.createElement('button');
    const click = vi.fn();
    widgetButton.addEventListener('click', click);
    anchor.append(widgetButton);
    document.body.append(anchor);
    chatScript()!.dispatchEvent(new Event('load'));
    expect(chatStore.get()).toMatchObject({ status: 'ready', panel: 'closed' });
    expect(click).toHaveBeenCalledTimes(1);
    openLiveChat();
    expect(click).toHaveBeenCalledTimes(2);
  });

  it('not loaded after 5 s: the fallback shows', () => {
    vi.useFakeTimers();
    startLiveChat(options, true);
    openLiveChat();
    vi.advanceTimersByTime(CHAT_LOAD_TIMEOUT_MS - 1);
    expect(chatStore.get().panel).toBe('connecting');
    vi.advanceTimersByTime(1);
    expect(chatStore.get()).toMatchObject({ status: 'failed', panel: 'fallback' });
  });

  it('a script that fails to load gives the fallback', () => {
    startLiveChat(options, true);
    chatScript()!.dispatchEvent(new Event('error'));
    openLiveChat();
    expect(chatStore.get().panel).toBe('fallback');
  });
});
