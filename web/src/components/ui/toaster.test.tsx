import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DESKTOP_QUERY } from '@/hooks/use-media-query';
import { toastPlacement } from './toaster';

/** Puts `html` in the page and gives the elements the boxes named by data-box="x y w h". */
function page(html: string) {
  document.body.innerHTML = html;
  for (const el of document.querySelectorAll<HTMLElement>('[data-box]')) {
    const [x, y, w, h] = el.dataset.box!.split(' ').map(Number);
    el.getBoundingClientRect = () => new DOMRect(x, y, w, h);
  }
}

function screenOf(width: number, height: number) {
  vi.spyOn(document.documentElement, 'clientWidth', 'get').mockReturnValue(width);
  vi.stubGlobal('innerHeight', height);
  const desktop = width >= 992;
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: query === DESKTOP_QUERY ? desktop : false,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList,
  );
}

beforeEach(() => {
  document.body.innerHTML = '';
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('where the toasts show (issue 30)', () => {
  it('desktop: top-right under the header, so the balance and the page title stay clear', () => {
    screenOf(1440, 900);
    page(`
      <header class="header" data-box="0 32 1440 64"><span class="balance">508,07 ₺</span></header>
      <main><h1 data-box="290 120 300 40">Slotlar</h1></main>`);
    // The title is on the left, outside the toasts' column at the right.
    expect(toastPlacement()).toEqual({ position: 'top-right', offset: 104, width: 356 });
  });

  it("desktop: under an open dialog's head or a panel's head in their column", () => {
    screenOf(1024, 768);
    page(`
      <header data-box="0 0 1024 64"></header>
      <div role="dialog"><div class="dialog__head" data-box="51 34 921 60"></div><div>…</div></div>`);
    expect(toastPlacement()).toEqual({ position: 'top-right', offset: 102, width: 356 });
    page(`
      <header data-box="0 0 1440 64"></header>
      <div role="dialog" class="notif-pop"><div class="notif-pop__head" data-box="1000 72 420 56"></div></div>`);
    expect(toastPlacement().offset).toBe(136);
  });

  it("desktop: under the header's open balance menu, from 1024 px", () => {
    screenOf(1024, 768);
    page(`
      <header class="header" data-box="0 0 1024 64">
        <div class="header__wallet" data-box="700 12 260 40"></div>
      </header>
      <div class="balance-menu" data-toasts-avoid data-box="720 60 280 190"></div>`);
    expect(toastPlacement()).toEqual({ position: 'top-right', offset: 258, width: 356 });
    // Closed, the toasts go back under the header.
    page(`<header class="header" data-box="0 0 1024 64"></header>`);
    expect(toastPlacement().offset).toBe(72);
  });

  it('desktop: under a page title that reaches their column', () => {
    screenOf(1440, 900);
    page(`
      <header data-box="0 0 1440 64"></header>
      <main><h1 data-box="300 80 1120 48">Kazı Kazan Altın</h1></main>`);
    expect(toastPlacement()).toMatchObject({ position: 'top-right', offset: 136 });
  });

  it('phones: bottom-centre above the bottom bar, clear of the header and the title at the top', () => {
    screenOf(390, 800);
    page(`
      <header data-box="0 0 390 60"></header>
      <main><h1 data-box="16 80 200 32">Slotlar</h1></main>
      <nav class="bottom-bar" data-box="0 740 390 60"></nav>`);
    expect(toastPlacement()).toEqual({ position: 'bottom-center', offset: 68, width: 356 });
    screenOf(320, 640);
    page(`<nav class="bottom-bar" data-box="0 580 320 60"></nav>`);
    expect(toastPlacement()).toEqual({ position: 'bottom-center', offset: 68, width: 288 });
  });

  it("phones: above a short sheet's head in the lower half", () => {
    screenOf(390, 800);
    page(`
      <nav class="bottom-bar" data-box="0 740 390 60"></nav>
      <div role="dialog" class="sheet"><div class="sheet__head" data-box="0 480 390 56"></div></div>`);
    expect(toastPlacement()).toMatchObject({ position: 'bottom-center', offset: 328 });
  });

  it("over a game: under its top bar, not over the game's controls at the bottom", () => {
    screenOf(390, 800);
    page(`
      <div role="dialog"><div class="game-bar" data-toasts-below data-box="0 0 390 52"></div></div>
      <nav class="bottom-bar" data-box="0 740 390 60"></nav>`);
    expect(toastPlacement()).toEqual({ position: 'top-center', offset: 60, width: 356 });
  });
});
