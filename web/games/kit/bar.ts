/**
 * The top bar of the studio's slots and table games: the game's name, the studio's mark, and the
 * info, fairness and sound buttons (the sound button made by the game, see sound.ts).
 */
import { ICONS, h, iconButton } from './dom';
import type { Dict } from './i18n';

export function topBar(
  name: string,
  t: Dict,
  open: { info: () => void; fairness: () => void },
  sound: HTMLButtonElement,
): HTMLElement {
  return h(
    'header',
    { class: 'bar' },
    h('h1', { class: 'bar__title', text: name }),
    h('span', { class: 'bar__brand', 'aria-hidden': 'true', text: 'KASA STUDIO' }),
    h(
      'div',
      { class: 'bar__actions' },
      iconButton('bar__btn', ICONS.info, t.info, open.info),
      iconButton('bar__btn', ICONS.shield, t.fairness, open.fairness),
      sound,
    ),
  );
}
