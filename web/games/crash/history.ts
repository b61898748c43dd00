/** The strip of the last rounds' crash points, newest first; a click opens that round's check. */
import { h } from '../kit/dom';
import type { Lang } from '../kit/i18n';
import type { CrashDict } from './i18n';
import { formatX, tierOf } from './logic';
import type { HistoryItem } from './types';

/** How many rounds the strip keeps. */
const KEPT = 20;

export class HistoryStrip {
  readonly el: HTMLElement;
  /** Newest first. */
  items: HistoryItem[] = [];
  private list = h('ol', { class: 'chistory__list' });

  /** `open`: the provably-fair panel, with a round's hash to check (if it has one). */
  constructor(
    private readonly lang: Lang,
    private readonly tt: CrashDict,
    private readonly open: (hash: string | undefined) => void,
  ) {
    this.el = h('nav', { class: 'chistory', 'aria-label': tt.history }, this.list);
  }

  /** The history as the server has it (drawn by the next render). */
  replace(items: HistoryItem[]) {
    this.items = items.slice(0, KEPT);
  }

  /** A crash seen: into the strip, unless it is there already. */
  add(item: HistoryItem) {
    if (this.items.some((r) => r.roundId === item.roundId)) return;
    this.items.unshift(item);
    this.items.sort((a, b) => b.roundId - a.roundId);
    this.items.length = Math.min(this.items.length, KEPT);
    this.render();
  }

  render() {
    const items = this.items.slice(0, KEPT).map((r) => {
      const x = formatX(r.crashPoint, this.lang);
      const b = h('button', {
        class: `cx cx--${tierOf(r.crashPoint)}`,
        type: 'button',
        'aria-label': `${this.tt.roundCol} ${r.roundId}: ${x}`,
        text: x,
      });
      b.addEventListener('click', () => this.open(r.hash || undefined));
      return h('li', {}, b);
    });
    this.list.replaceChildren(...items);
  }
}
