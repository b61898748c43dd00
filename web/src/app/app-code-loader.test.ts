import { afterEach, describe, expect, it, vi } from 'vitest';
import { inlineScriptAfter } from '@/test/index-html';

/** index.html's loader of the app's code (after the mark the build replaces with its list). */
const loader = inlineScriptAfter('<!--app-code-->');

const code = { entry: '/assets/index-1.js', preloads: ['/assets/react-1.js', '/assets/core-1.js'] };

/** A page as the build makes it (the list), with index.html's popup open or not; the loader run. */
function loadPage({ popup }: { popup: boolean }) {
  const list = document.createElement('script');
  list.id = 'app-code';
  list.type = 'application/json';
  list.textContent = JSON.stringify(code);
  document.body.append(list);
  if (popup) {
    const root = document.createElement('div');
    root.id = 'boot-popup';
    document.body.append(root);
  }
  new Function(loader)();
}

/** What index.html's popup script tells when its popup has been painted, or has closed. */
const tell = (event: 'boot-popup-painted' | 'boot-popup-closed') =>
  document.dispatchEvent(new Event(event));

function fetched() {
  return {
    entry: Array.from(
      document.head.querySelectorAll<HTMLScriptElement>('script[type="module"]'),
    ).map((s) => s.getAttribute('src')),
    preloads: Array.from(document.head.querySelectorAll('link[rel="modulepreload"]')).map((l) =>
      l.getAttribute('href'),
    ),
  };
}

describe("index.html's loader of the app's code", () => {
  afterEach(() => {
    vi.useRealTimers();
    document.head.innerHTML = '';
    document.body.innerHTML = '';
  });

  it('fetches the entry and its modules at once when no popup opened', () => {
    loadPage({ popup: false });
    expect(fetched()).toEqual({ entry: [code.entry], preloads: code.preloads });
  });

  it('waits for the popup to be painted, then fetches them once', async () => {
    vi.useFakeTimers();
    loadPage({ popup: true });
    await vi.advanceTimersByTimeAsync(500);
    expect(fetched().entry).toEqual([]);
    tell('boot-popup-painted');
    expect(fetched()).toEqual({ entry: [code.entry], preloads: code.preloads });
    tell('boot-popup-closed');
    await vi.advanceTimersByTimeAsync(2000);
    expect(fetched().entry).toHaveLength(1);
  });

  it('does not wait for a popup closed before it was painted, nor longer than 1 s', async () => {
    vi.useFakeTimers();
    loadPage({ popup: true });
    tell('boot-popup-closed');
    expect(fetched().entry).toEqual([code.entry]);
    document.head.innerHTML = '';
    document.body.innerHTML = '';
    loadPage({ popup: true });
    await vi.advanceTimersByTimeAsync(999);
    expect(fetched().entry).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetched().entry).toEqual([code.entry]);
  });
});
