/**
 * The win effects the studio's slots share (the line slot and the ways slot): the win meter
 * counting up and the big overlay over the reels (a big or mega win with its amount and falling
 * coins, or a feature's title). A press or a click sets the game's skip flag, which hurries both.
 */
import { h } from '../kit/dom';
import { formatKurus } from '../kit/format';
import type { Lang } from '../kit/i18n';
import { reducedMotion } from './reel-window';
import type { Sound } from '../kit/sound';

export type CelebrationKind = 'big' | 'mega' | 'feature';

const wait = (ms: number) => new Promise<void>((ok) => setTimeout(ok, ms));

export class WinEffects {
  private counting = 0;

  constructor(
    /** The overlay element over the reels (class `celebration`, hidden at rest). */
    private readonly celebration: HTMLElement,
    private readonly sound: Sound,
    private readonly lang: Lang,
    /** Whether the player asked to hurry (read on every frame). */
    private readonly skipping: () => boolean,
  ) {}

  /** Counts a meter (`render`) from `from` to `to` kurus over `ms`. */
  countUp(render: (kurus: number) => void, from: number, to: number, ms: number): Promise<void> {
    if (reducedMotion() || this.skipping()) {
      render(to);
      return Promise.resolve();
    }
    const id = ++this.counting;
    return new Promise((resolve) => {
      const t0 = performance.now();
      let lastTick = 0;
      const frame = (now: number) => {
        if (id !== this.counting) return resolve();
        const u = Math.min(1, (now - t0) / ms);
        if (this.skipping()) {
          render(to);
          return resolve();
        }
        const value = Math.round(from + (to - from) * (1 - (1 - u) ** 2));
        render(value);
        if (now - lastTick > 70) {
          this.sound.tick();
          lastTick = now;
        }
        if (u < 1) requestAnimationFrame(frame);
        else resolve();
      };
      requestAnimationFrame(frame);
    });
  }

  /** A big overlay over the reels: a title and an amount counting up (or a feature's title). */
  async celebrate(title: string, amount: number | null, kind: CelebrationKind): Promise<void> {
    const value = h('strong', { class: 'celebration__amount' });
    this.celebration.className = `celebration celebration--${kind}`;
    this.celebration.replaceChildren(h('span', { class: 'celebration__title', text: title }));
    if (amount !== null) this.celebration.append(value);
    if (kind !== 'feature' && !reducedMotion()) {
      // Gold coins raining through a big win (sizes and timings set here, no inline HTML).
      for (let i = 0; i < (kind === 'mega' ? 22 : 12); i++) {
        const coin = h('span', { class: 'coin', 'aria-hidden': 'true' });
        coin.style.left = `${Math.random() * 94}%`;
        coin.style.animationDelay = `${Math.random() * 1.6}s`;
        coin.style.animationDuration = `${1.4 + Math.random() * 0.9}s`;
        coin.style.scale = String(0.6 + Math.random() * 0.6);
        this.celebration.append(coin);
      }
    }
    this.celebration.hidden = false;
    if (kind !== 'feature') this.sound.win(kind === 'mega' ? 'mega' : 'big');
    if (amount !== null) {
      const ms = reducedMotion() || this.skipping() ? 0 : 1400;
      const t0 = performance.now();
      await new Promise<void>((resolve) => {
        const frame = (now: number) => {
          const u = ms === 0 || this.skipping() ? 1 : Math.min(1, (now - t0) / ms);
          value.textContent = formatKurus(Math.round(amount * (1 - (1 - u) ** 3)), this.lang);
          if (u < 1) requestAnimationFrame(frame);
          else resolve();
        };
        requestAnimationFrame(frame);
      });
    }
    const hold = this.skipping() ? 250 : 1300;
    const t0 = performance.now();
    while (performance.now() - t0 < hold) {
      await wait(50);
      if (this.skipping() && performance.now() - t0 > 250) break;
    }
    this.celebration.hidden = true;
  }
}
