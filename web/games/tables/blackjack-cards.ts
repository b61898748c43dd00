/**
 * Kasa Blackjack's playing cards as DOM: a face (corner indices, the pips of 2–10, a large ace, a
 * framed letter for J, Q, K) and a back, on a card that turns over in 3D, with blackjack's own
 * suit art (cards read and suits drawn by the shared cards.ts). Sized by the CSS variable --w (the
 * card's width); colours and motion in blackjack.css.
 */
import { h } from '../kit/dom';
import { faceOf, isCourt, isRed, rankOf, suitOf, suitSvg, type SuitArt } from './cards';

/** Spades, hearts, diamonds, clubs: filled paths in a 100 × 100 box. */
const SUIT_PATHS: SuitArt = [
  [
    'M50 5C62 20 94 40 94 61c0 13-10 22-22 22-8 0-15-4-19-10 1 9 5 15 12 22H35c7-7 11-13 12-22-4 6-11 10-19 10C16 83 6 74 6 61 6 40 38 20 50 5Z',
  ],
  [
    'M50 92C38 79 5 58 5 31 5 16 16 6 29 6c10 0 17 5 21 13C54 11 61 6 71 6c13 0 24 10 24 25 0 27-33 48-45 61Z',
  ],
  ['M50 3 87 50 50 97 13 50Z'],
  [
    'M31 29a19 19 0 1 0 38 0a19 19 0 1 0-38 0Z',
    'M8 60a19 19 0 1 0 38 0a19 19 0 1 0-38 0Z',
    'M54 60a19 19 0 1 0 38 0a19 19 0 1 0-38 0Z',
    'M38 42h24l6 20H32Z',
    'M46 55h8c0 18 4 30 13 40H33c9-10 13-22 13-40Z',
  ],
];

/** A suit symbol in blackjack's art. */
const suitIcon = (suit: number, cls: string) => suitSvg(SUIT_PATHS, suit, cls);

const L = 0.26;
const C = 0.5;
const R = 0.74;

/** Where the pips of 2–10 sit on the face (x, y as fractions of the pip area). */
export const PIPS: Record<number, [number, number][]> = {
  2: [
    [C, 0.06],
    [C, 0.94],
  ],
  3: [
    [C, 0.06],
    [C, 0.5],
    [C, 0.94],
  ],
  4: [
    [L, 0.06],
    [R, 0.06],
    [L, 0.94],
    [R, 0.94],
  ],
  5: [
    [L, 0.06],
    [R, 0.06],
    [C, 0.5],
    [L, 0.94],
    [R, 0.94],
  ],
  6: [
    [L, 0.06],
    [R, 0.06],
    [L, 0.5],
    [R, 0.5],
    [L, 0.94],
    [R, 0.94],
  ],
  7: [
    [L, 0.06],
    [R, 0.06],
    [C, 0.28],
    [L, 0.5],
    [R, 0.5],
    [L, 0.94],
    [R, 0.94],
  ],
  8: [
    [L, 0.06],
    [R, 0.06],
    [C, 0.28],
    [L, 0.5],
    [R, 0.5],
    [C, 0.72],
    [L, 0.94],
    [R, 0.94],
  ],
  9: [
    [L, 0.06],
    [R, 0.06],
    [L, 0.35],
    [R, 0.35],
    [C, 0.5],
    [L, 0.65],
    [R, 0.65],
    [L, 0.94],
    [R, 0.94],
  ],
  10: [
    [L, 0.06],
    [R, 0.06],
    [C, 0.2],
    [L, 0.35],
    [R, 0.35],
    [L, 0.65],
    [R, 0.65],
    [C, 0.8],
    [L, 0.94],
    [R, 0.94],
  ],
};

function corner(card: number, cls: string): HTMLElement {
  const face = faceOf(card);
  return h(
    'span',
    { class: `bj-corner ${cls}${face.length > 1 ? ' bj-corner--wide' : ''}` },
    h('span', { class: 'bj-corner__rank', text: face }),
    suitIcon(suitOf(card), 'bj-corner__suit'),
  );
}

function middle(card: number): HTMLElement {
  const rank = rankOf(card);
  const suit = suitOf(card);
  if (rank === 0) return h('span', { class: 'bj-ace' }, suitIcon(suit, 'bj-ace__suit'));
  if (isCourt(card))
    return h(
      'span',
      { class: 'bj-court' },
      h('span', { class: 'bj-court__letter', text: faceOf(card) }),
      suitIcon(suit, 'bj-court__suit'),
    );
  const pips = h('span', { class: 'bj-pips' });
  for (const [x, y] of PIPS[rank + 1] ?? []) {
    const pip = suitIcon(suit, y > 0.5 ? 'bj-pip bj-pip--down' : 'bj-pip');
    pip.style.left = `${x * 100}%`;
    pip.style.top = `${y * 100}%`;
    pips.append(pip);
  }
  return pips;
}

/**
 * A card (decorative: the hand around it carries the words). `card` null: the face-down hole
 * card, which only has its back.
 */
export function cardEl(card: number | null): HTMLElement {
  const back = h('span', { class: 'bj-card__back' });
  if (card === null)
    return h(
      'span',
      { class: 'bj-card is-down', 'aria-hidden': 'true' },
      h('span', { class: 'bj-card__inner' }, back),
    );
  const face = h(
    'span',
    { class: 'bj-card__face' },
    corner(card, 'bj-corner--a'),
    middle(card),
    corner(card, 'bj-corner--b'),
  );
  return h(
    'span',
    { class: `bj-card${isRed(card) ? ' is-red' : ''}`, 'aria-hidden': 'true' },
    h('span', { class: 'bj-card__inner' }, face, back),
  );
}
