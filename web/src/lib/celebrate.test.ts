import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONFETTI_PARTICLES, fireConfetti } from './celebrate';

/** The fall of each shot; resolving one ends it as canvas-confetti does. */
const falls: (() => void)[] = [];
const shots = vi.fn<(options: unknown) => Promise<null>>(
  () => new Promise<null>((resolve) => falls.push(() => resolve(null))),
);
const cannon = Object.assign(shots, { reset: () => undefined });
const create = vi.fn<(canvas: HTMLCanvasElement, options: unknown) => typeof cannon>(() => cannon);
vi.mock('canvas-confetti', () => ({ default: { create } }));

const canvases = () => document.body.querySelectorAll(':scope > canvas');

afterEach(() => {
  falls.splice(0).forEach((fall) => fall());
  shots.mockClear();
  create.mockClear();
});

describe('the confetti', () => {
  it('falls on a canvas of ours, hidden from screen readers, gone once it has fallen', async () => {
    fireConfetti();
    await vi.waitFor(() => expect(shots).toHaveBeenCalledTimes(1));
    expect(canvases()).toHaveLength(1);
    const canvas = canvases()[0] as HTMLCanvasElement;
    expect(canvas).toHaveAttribute('aria-hidden', 'true');
    expect(canvas.style.pointerEvents).toBe('none');
    expect(create).toHaveBeenCalledWith(canvas, { resize: true, useWorker: false });
    expect(shots).toHaveBeenCalledWith(
      expect.objectContaining({ particleCount: CONFETTI_PARTICLES }),
    );

    // Fired again while it falls: the same canvas.
    fireConfetti();
    await vi.waitFor(() => expect(shots).toHaveBeenCalledTimes(2));
    expect(canvases()).toHaveLength(1);
    expect(create).toHaveBeenCalledTimes(1);

    falls.splice(0).forEach((fall) => fall());
    await vi.waitFor(() => expect(canvases()).toHaveLength(0));
  });
});
