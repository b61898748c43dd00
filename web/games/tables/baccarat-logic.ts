/**
 * Baccarat (punto banco), pure: a card's value, a hand's total, the winner of a deal and the
 * order the cards are dealt in. The server deals by the tableau; the page only shows what it
 * dealt. Cards are 0–51, read (rank, suit, face) by the card tables' shared cards.ts.
 */
import type { Lang } from '../kit/i18n';
import { rankOf } from './cards';

/** The bets, in the order of the table's `pays` and `rtps`. */
export const BETS = ['player', 'banker', 'tie'] as const;

export type Bet = (typeof BETS)[number];
export type Side = 'player' | 'banker';
export type Winner = Bet;

/** The two hands of a deal (2 or 3 cards each). */
export interface Hands {
  player: number[];
  banker: number[];
}

/** One card as it is dealt: whose, its place in that hand, the card. */
export interface Deal {
  side: Side;
  /** 0, 1 or 2 (the third card). */
  index: number;
  card: number;
}

/** The baccarat value: ace 1, two to nine their face, ten and the court cards 0. */
export function cardValue(card: number): number {
  const rank = rankOf(card);
  return rank < 9 ? rank + 1 : 0;
}

/** A hand's total: the last digit of the sum of its values. */
export function handTotal(cards: readonly number[]): number {
  return cards.reduce((sum, c) => sum + cardValue(c), 0) % 10;
}

/** An 8 or a 9 in the first two cards. */
export function isNatural(cards: readonly number[]): boolean {
  return cards.length === 2 && handTotal(cards) >= 8;
}

/** Who won: the higher total, or a tie. */
export function winnerOf(hands: Hands): Winner {
  const p = handTotal(hands.player);
  const b = handTotal(hands.banker);
  return p > b ? 'player' : p < b ? 'banker' : 'tie';
}

/**
 * The order of the cards on the table: the player's first, the banker's first, the player's
 * second, the banker's second, then the player's third and the banker's third, when dealt.
 */
export function dealOrder(hands: Hands): Deal[] {
  const order: Deal[] = [];
  const n = Math.max(hands.player.length, hands.banker.length);
  for (let index = 0; index < n; index++) {
    if (index < hands.player.length)
      order.push({ side: 'player', index, card: hands.player[index] });
    if (index < hands.banker.length)
      order.push({ side: 'banker', index, card: hands.banker[index] });
  }
  return order;
}

/**
 * What a winning stake pays to one, from what it returns in hundredths of the stake (the stake
 * included): 200 → 1, 195 → 0.95, 1000 → 9.
 */
export function oddsOf(hundredths: number): number {
  return Math.max(0, hundredths - 100) / 100;
}

/** What a winning bet pays to one, as the table prints it: `1:1`, `0,95:1` (Turkish), `9:1`. */
export function formatOdds(hundredths: number, lang: Lang): string {
  const n = new Intl.NumberFormat(lang === 'tr' ? 'tr-TR' : 'en-GB', {
    maximumFractionDigits: 2,
  }).format(oddsOf(hundredths));
  return `${n}:1`;
}

/** A bet's result for a winner: won, returned (a tie for player and banker) or lost. */
export function betResult(bet: Bet, winner: Winner): 'win' | 'push' | 'lose' {
  if (bet === winner) return 'win';
  return winner === 'tie' ? 'push' : 'lose';
}

/** The results so far, newest first, at most `max`. */
export function pushRoad(road: readonly Winner[], winner: Winner, max = 60): Winner[] {
  return [winner, ...road].slice(0, max);
}

/** How many of each result a road holds. */
export function roadCounts(road: readonly Winner[]): Record<Winner, number> {
  const counts = { player: 0, banker: 0, tie: 0 };
  for (const w of road) counts[w] += 1;
  return counts;
}
