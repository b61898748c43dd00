import { afterEach, describe, expect, it, vi } from 'vitest';
import { BOOT_POPUP_ID, BOOT_POPUP_PAINT_WAIT_MS, bootPopupPainted } from './boot-popup';

/** index.html's popup with its picture, not yet decoded; the picture's decoding, to settle. */
function bootPopup() {
  const root = document.createElement('div');
  root.id = BOOT_POPUP_ID;
  const picture = document.createElement('img');
  let decoded: (ok: boolean) => void = () => {};
  picture.decode = () =>
    new Promise<void>((resolve, reject) => {
      decoded = (ok) => (ok ? resolve() : reject(new Error('broken picture')));
    });
  root.append(picture);
  document.body.append(root);
  return { decoded: (ok: boolean) => decoded(ok) };
}

describe("the app's start waits for index.html's popup to be painted", () => {
  afterEach(() => {
    vi.useRealTimers();
    document.getElementById(BOOT_POPUP_ID)?.remove();
  });

  async function settledAfter(wait: Promise<void>, ms: number): Promise<boolean> {
    let settled = false;
    void wait.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(ms);
    return settled;
  }

  it('not at all without one', async () => {
    vi.useFakeTimers();
    expect(await settledAfter(bootPopupPainted(), 0)).toBe(true);
  });

  it('until its picture is loaded and decoded and a frame has passed', async () => {
    vi.useFakeTimers();
    const picture = bootPopup();
    const wait = bootPopupPainted();
    expect(await settledAfter(wait, 200)).toBe(false);
    picture.decoded(true);
    expect(await settledAfter(wait, 50)).toBe(true);
  });

  it('not for a picture that fails, nor longer than its limit', async () => {
    vi.useFakeTimers();
    const failing = bootPopup();
    const first = bootPopupPainted();
    failing.decoded(false);
    expect(await settledAfter(first, 0)).toBe(true);
    const second = bootPopupPainted();
    expect(await settledAfter(second, BOOT_POPUP_PAINT_WAIT_MS - 1)).toBe(false);
    expect(await settledAfter(second, 1)).toBe(true);
  });
});
