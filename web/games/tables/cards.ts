/**
 * The playing cards of the card tables (baccarat, blackjack): a card is 0–51, its rank `card % 13`
 * (0 ace … 12 king) and its suit `⌊card / 13⌋` (0 spades, 1 hearts, 2 diamonds, 3 clubs); its
 * face, colour and court, its name for screen readers, and a suit symbol drawn as SVG from a
 * game's own suit art. Each game's card values (baccarat's 0 for a ten, blackjack's 10) stay in
 * its logic module.
 */

/** The faces of the ranks, ace first. */
export const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'] as const;

/** The suits in card order. */
export const SUITS = ['spades', 'hearts', 'diamonds', 'clubs'] as const;

export type Suit = (typeof SUITS)[number];

/** The rank (0 ace … 12 king). */
export function rankOf(card: number): number {
  return ((card % 13) + 13) % 13;
}

/** The suit index (0 spades, 1 hearts, 2 diamonds, 3 clubs). */
export function suitOf(card: number): number {
  return Math.floor(card / 13) & 3;
}

/** The suit by name (`spades` …). */
export function suitName(card: number): Suit {
  return SUITS[suitOf(card)];
}

/** The face: `A`, `2` … `10`, `J`, `Q`, `K`. */
export function faceOf(card: number): string {
  return RANKS[rankOf(card)];
}

/** Hearts and diamonds are red. */
export function isRed(card: number): boolean {
  const s = suitOf(card);
  return s === 1 || s === 2;
}

/** The court cards (jack, queen, king). */
export function isCourt(card: number): boolean {
  return rankOf(card) >= 10;
}

/** The words a card is named with (a table dictionary's). */
export interface CardWords {
  ranks: readonly string[];
  suits: readonly string[];
  cardName: (rank: string, suit: string) => string;
}

/** A card's name for screen readers: `Kupa 7`, `7 of hearts`. */
export function cardName(card: number, words: CardWords): string {
  return words.cardName(words.ranks[rankOf(card)] ?? '', words.suits[suitOf(card)] ?? '');
}

const NS = 'http://www.w3.org/2000/svg';

/** A game's suit art: each suit's filled paths in a 100 × 100 box, in card order. */
export type SuitArt = readonly (readonly string[])[];

/** A suit symbol from a game's suit art (filled with currentColor). */
export function suitSvg(art: SuitArt, suit: number, cls: string): SVGSVGElement {
  const svg = document.createElementNS(NS, 'svg');
  svg.setAttribute('viewBox', '0 0 100 100');
  svg.setAttribute('class', cls);
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  for (const d of art[suit] ?? []) {
    const path = document.createElementNS(NS, 'path');
    path.setAttribute('d', d);
    svg.append(path);
  }
  return svg;
}
