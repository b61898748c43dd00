import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from '@/lib/browser';
import { changeLanguage, setCurrentLanguage } from '@/lib/language';
import { inlineScriptAfter } from '@/test/index-html';
import { BOOT_POPUP_ID } from '../boot-popup';
import {
  POPUP_RECHECK_MS,
  POPUP_SETTLE_MS,
  PopupDialog,
  markPopupSeen,
  popupImageFor,
  shouldShowPopup,
} from './popup-dialog';

const popup = { id: 1, url: '/promotions', images: [{ url: '/a.svg' }, { url: '/b.svg' }] };

describe('popup once per content', () => {
  it('is shown until seen, and again when its content changes', () => {
    expect(shouldShowPopup(popup)).toBe(true);
    markPopupSeen(popup);
    expect(shouldShowPopup(popup)).toBe(false);
    expect(shouldShowPopup({ ...popup, url: '/casino/live' })).toBe(true);
  });

  it('is not shown without images', () => {
    expect(shouldShowPopup({ ...popup, images: [] })).toBe(false);
    expect(shouldShowPopup(null)).toBe(false);
  });
});

describe('a change of language (issue 30)', () => {
  // The same popup entry in each language: the language's own images (content/popup.json).
  const tr = { id: 7, url: '/promotions', images: [{ url: '/media/popup/a.webp' }] };
  const en = { id: 7, url: '/promotions', images: [{ url: '/media/popup/en/a.webp' }] };

  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    setCurrentLanguage('tr');
  });

  it('does not show the popup seen in the other language again', () => {
    markPopupSeen(tr);
    setCurrentLanguage('en');
    expect(shouldShowPopup(en)).toBe(false);
    setCurrentLanguage('tr');
    expect(shouldShowPopup(tr)).toBe(false);
  });

  it('still shows a new popup, and new images in the language it was seen in', () => {
    markPopupSeen(tr);
    setCurrentLanguage('en');
    expect(shouldShowPopup({ ...en, id: 8 })).toBe(true);
    expect(shouldShowPopup({ ...en, url: '/casino/slot' })).toBe(true);
    setCurrentLanguage('tr');
    expect(shouldShowPopup({ ...tr, images: [{ url: '/media/popup/b.webp' }] })).toBe(true);
  });

  it('the page reloaded in the chosen language does not open it', () => {
    vi.useFakeTimers();
    vi.spyOn(browser, 'reload').mockImplementation(() => {});
    const page = (popup: typeof tr) => (
      <MemoryRouter>
        <PopupDialog popup={popup} ready blocked={false} />
      </MemoryRouter>
    );
    const view = render(page(tr));
    act(() => void vi.advanceTimersByTime(POPUP_SETTLE_MS));
    fireEvent.click(screen.getByRole('button'));
    expect(screen.queryByRole('dialog')).toBeNull();
    view.unmount();

    changeLanguage('en');
    act(() => void vi.advanceTimersByTime(1000));
    // The reloaded page: English, the English bootstrap's popup.
    setCurrentLanguage('en');
    render(page(en));
    act(() => void vi.advanceTimersByTime(POPUP_SETTLE_MS * 3));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('popup image', () => {
  it('is the one the picture shows at each breakpoint (0 default, 1 from 1200 px, 2 from 992 px)', () => {
    const three = { images: [{ url: '/sm.svg' }, { url: '/xl.svg' }, { url: '/lg.svg' }] };
    expect(popupImageFor(three, 390)).toBe('/sm.svg');
    expect(popupImageFor(three, 991)).toBe('/sm.svg');
    expect(popupImageFor(three, 992)).toBe('/lg.svg');
    expect(popupImageFor(three, 1440)).toBe('/xl.svg');
    expect(popupImageFor({ images: [{ url: '/only.svg' }] }, 1440)).toBe('/only.svg');
  });
});

describe('popup timing', () => {
  afterEach(() => {
    vi.useRealTimers();
    document.getElementById('other-modal')?.remove();
  });

  function renderPopup(props: { ready: boolean; blocked: boolean }) {
    return render(
      <MemoryRouter>
        <PopupDialog popup={popup} {...props} />
      </MemoryRouter>,
    );
  }

  it('waits while blocked (a dialog open, the route loading), then opens after the page settled', () => {
    vi.useFakeTimers();
    const view = renderPopup({ ready: true, blocked: true });
    act(() => void vi.advanceTimersByTime(POPUP_SETTLE_MS * 3));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(shouldShowPopup(popup)).toBe(true);
    view.rerender(
      <MemoryRouter>
        <PopupDialog popup={popup} ready blocked={false} />
      </MemoryRouter>,
    );
    act(() => void vi.advanceTimersByTime(POPUP_SETTLE_MS - 1));
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => void vi.advanceTimersByTime(1));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(shouldShowPopup(popup)).toBe(false);
  });

  it('never opens on top of another modal (a sheet, a deep-linked login)', () => {
    vi.useFakeTimers();
    const other = document.createElement('div');
    other.id = 'other-modal';
    other.setAttribute('aria-modal', 'true');
    document.body.append(other);
    renderPopup({ ready: true, blocked: false });
    act(() => void vi.advanceTimersByTime(POPUP_SETTLE_MS + POPUP_RECHECK_MS * 4));
    expect(screen.queryByRole('dialog')).toBeNull();
    other.remove();
    act(() => void vi.advanceTimersByTime(POPUP_RECHECK_MS));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('a dialog opening over it closes it for good (it was seen)', () => {
    vi.useFakeTimers();
    const view = renderPopup({ ready: true, blocked: false });
    act(() => void vi.advanceTimersByTime(POPUP_SETTLE_MS));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    view.rerender(
      <MemoryRouter>
        <PopupDialog popup={popup} ready blocked />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    view.rerender(
      <MemoryRouter>
        <PopupDialog popup={popup} ready blocked={false} />
      </MemoryRouter>,
    );
    act(() => void vi.advanceTimersByTime(POPUP_SETTLE_MS * 2));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

/** index.html's inline script that opens the popup from the page's bootstrap (after its mark). */
const bootScript = inlineScriptAfter('<!--bootstrap-data-->');

/** A page as the server sends it (its data block), then index.html's popup script run on it. */
function loadPageWith(data: object) {
  const block = document.createElement('script');
  block.id = 'bootstrap-data';
  block.type = 'application/json';
  block.textContent = JSON.stringify({ success: true, message: null, data });
  document.body.append(block);
  new Function(bootScript)();
  // Its picture arrives.
  document.querySelector('#boot-popup img')?.dispatchEvent(new Event('load'));
}

const texts = [
  { key: 'popup.alt', value: 'Kampanya duyurusu' },
  { key: 'popup.title', value: 'Duyuru' },
  { key: 'common.close', value: 'Kapat' },
];

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname}</output>;
}

describe("the popup index.html opens before the app's code", () => {
  // Every test's frames and timers are its own (none is left to fire in the next test).
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.clearAllTimers();
    vi.useRealTimers();
    document.getElementById('bootstrap-data')?.remove();
    document.getElementById(BOOT_POPUP_ID)?.remove();
    localStorage.clear();
    setCurrentLanguage('tr');
  });

  function renderApp(blocked = false) {
    return render(
      <MemoryRouter initialEntries={['/']}>
        <PopupDialog popup={popup} ready blocked={blocked} />
        <Where />
      </MemoryRouter>,
    );
  }

  it('opens with the picture for this screen, marked seen under the key the app uses', () => {
    loadPageWith({ popup, translationList: texts });
    const dialog = screen.getByRole('dialog', { name: 'Duyuru' });
    expect(dialog.querySelector('img')).toHaveAttribute('src', '/a.svg');
    expect(dialog.querySelector('source')).toHaveAttribute('srcset', '/b.svg');
    expect(dialog.querySelector('a')).toHaveAttribute('href', '/promotions');
    expect(shouldShowPopup(popup)).toBe(false);
  });

  it('is not opened again once seen, nor for an English visitor, nor without images', () => {
    markPopupSeen(popup);
    loadPageWith({ popup, translationList: texts });
    expect(screen.queryByRole('dialog')).toBeNull();
    document.getElementById('bootstrap-data')?.remove();
    localStorage.clear();
    localStorage.setItem('lang', 'en');
    loadPageWith({ popup, translationList: texts });
    expect(screen.queryByRole('dialog')).toBeNull();
    document.getElementById('bootstrap-data')?.remove();
    localStorage.clear();
    loadPageWith({ popup: { ...popup, images: [] }, translationList: texts });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is not opened to a visitor who saw it in English and came back to Turkish', () => {
    setCurrentLanguage('en');
    markPopupSeen({ ...popup, images: [{ url: '/en/a.svg' }] });
    setCurrentLanguage('tr');
    localStorage.setItem('lang', 'tr');
    loadPageWith({ popup, translationList: texts });
    expect(screen.queryByRole('dialog')).toBeNull();
    // Another popup is.
    document.getElementById('bootstrap-data')?.remove();
    loadPageWith({ popup: { ...popup, id: 2 }, translationList: texts });
    expect(screen.getByRole('dialog', { name: 'Duyuru' })).toBeInTheDocument();
  });

  it('remembers it in both memories, as the app does', () => {
    loadPageWith({ popup, translationList: texts });
    expect(screen.getByRole('dialog', { name: 'Duyuru' })).toBeInTheDocument();
    setCurrentLanguage('en');
    expect(shouldShowPopup({ ...popup, images: [{ url: '/en/a.svg' }] })).toBe(false);
  });

  it("tells index.html's loader of the app's code once it has been painted", async () => {
    const painted = vi.fn();
    document.addEventListener('boot-popup-painted', painted);
    loadPageWith({ popup, translationList: texts });
    expect(painted).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(100);
    expect(painted).toHaveBeenCalledTimes(1);
    document.removeEventListener('boot-popup-painted', painted);
  });

  it('closes by its button before the app has started', () => {
    loadPageWith({ popup, translationList: texts });
    fireEvent.click(screen.getByRole('button', { name: 'Kapat' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is adopted by the app: no second popup opens, Escape closes it', () => {
    loadPageWith({ popup, translationList: texts });
    renderApp();
    act(() => void vi.advanceTimersByTime(POPUP_SETTLE_MS * 2));
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Kapat' }));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => void vi.advanceTimersByTime(POPUP_SETTLE_MS * 2));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("its link to a page of the site goes through the app's router and closes it", () => {
    loadPageWith({ popup, translationList: texts });
    renderApp();
    fireEvent.click(screen.getByRole('link'));
    expect(screen.getByTestId('where')).toHaveTextContent('/promotions');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes when another dialog opens over it', () => {
    loadPageWith({ popup, translationList: texts });
    const view = renderApp();
    view.rerender(
      <MemoryRouter initialEntries={['/']}>
        <PopupDialog popup={popup} ready blocked />
        <Where />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
