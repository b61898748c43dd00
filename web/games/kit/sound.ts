/**
 * Simple synthesized sounds (WebAudio oscillators, no files); off until the player turns them on
 * with the top bar's sound button.
 */
import { ICONS, icon, iconButton } from './dom';
import type { Dict } from './i18n';

export class Sound {
  private ctx: AudioContext | null = null;
  enabled = false;

  toggle(): boolean {
    this.enabled = !this.enabled;
    if (this.enabled) this.context()?.resume();
    return this.enabled;
  }

  private context(): AudioContext | null {
    if (!this.ctx) {
      const Ctor = globalThis.AudioContext;
      if (!Ctor) return null;
      this.ctx = new Ctor();
    }
    return this.ctx;
  }

  private tone(freq: number, start: number, length: number, type: OscillatorType, gain = 0.08) {
    const ctx = this.context();
    if (!ctx || !this.enabled) return;
    const t = ctx.currentTime + start;
    const osc = ctx.createOscillator();
    const amp = ctx.createGain();
    osc.type = type;
    osc.frequency.setValueAtTime(freq, t);
    amp.gain.setValueAtTime(0.0001, t);
    amp.gain.exponentialRampToValueAtTime(gain, t + 0.01);
    amp.gain.exponentialRampToValueAtTime(0.0001, t + length);
    osc.connect(amp).connect(ctx.destination);
    osc.start(t);
    osc.stop(t + length + 0.02);
  }

  click() {
    this.tone(660, 0, 0.06, 'square', 0.04);
  }

  reelStop(reel: number) {
    this.tone(180 + reel * 25, 0, 0.09, 'triangle', 0.12);
  }

  win(tier: 'small' | 'big' | 'mega') {
    const notes = tier === 'small' ? [523, 659, 784] : [523, 659, 784, 1047, 1319];
    notes.forEach((f, i) => this.tone(f, i * 0.09, 0.22, 'sine', 0.09));
    if (tier === 'mega')
      notes.forEach((f, i) => this.tone(f * 2, 0.5 + i * 0.07, 0.2, 'triangle', 0.05));
  }

  tick() {
    this.tone(1200, 0, 0.03, 'sine', 0.03);
  }

  feature() {
    [392, 523, 659, 784, 1047].forEach((f, i) => this.tone(f, i * 0.12, 0.3, 'triangle', 0.08));
  }

  error() {
    this.tone(220, 0, 0.15, 'sawtooth', 0.05);
    this.tone(165, 0.14, 0.2, 'sawtooth', 0.05);
  }
}

/**
 * The top bar's sound button: sounds off at first; a press turns them on or off, its icon and
 * label following. `click`: a click is heard as they come on.
 */
export function soundButton(
  sound: Sound,
  t: Pick<Dict, 'soundOn' | 'soundOff'>,
  click = false,
): HTMLButtonElement {
  const button = iconButton('bar__btn', ICONS.soundOff, t.soundOn, () => {
    const on = sound.toggle();
    button.replaceChildren(icon(on ? ICONS.soundOn : ICONS.soundOff));
    const label = on ? t.soundOff : t.soundOn;
    button.setAttribute('aria-label', label);
    button.title = label;
    button.classList.toggle('is-on', on);
    if (on && click) sound.click();
  });
  return button;
}
