/** The top bar: the game's name, the balance meter, and the rules, fairness and sound buttons. */
import { ICONS, h, iconButton } from '../kit/dom';
import { formatLira } from '../kit/format';
import type { Dict, Lang } from '../kit/i18n';
import { soundButton, type Sound } from '../kit/sound';

export interface BarActions {
  info(): void;
  fair(): void;
}

export class Bar {
  readonly el: HTMLElement;
  private balanceEl = h('output', { class: 'meter__value' });

  constructor(
    name: string,
    private readonly lang: Lang,
    t: Dict,
    sound: Sound,
    on: BarActions,
  ) {
    this.el = h(
      'header',
      { class: 'bar cbar' },
      h('h1', { class: 'bar__title', text: name }),
      h(
        'div',
        { class: 'meter meter--balance cbalance' },
        h('span', { class: 'meter__label', text: t.balance }),
        this.balanceEl,
      ),
      h(
        'div',
        { class: 'bar__actions' },
        iconButton('bar__btn', ICONS.info, t.info, () => on.info()),
        iconButton('bar__btn', ICONS.shield, t.fairness, () => on.fair()),
        soundButton(sound, t),
      ),
    );
  }

  /** The balance (lira). */
  showBalance(balance: number) {
    this.balanceEl.textContent = formatLira(balance, this.lang);
  }
}
