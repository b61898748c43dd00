/** Cards 0–51 as the studio numbers them: rank `card % 13` (ace first), suit `card / 13`. */

const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
/** Spades, hearts, diamonds, clubs. */
const SUITS = ['♠', '♥', '♦', '♣'];

export function cardName(card: number): string {
  return `${RANKS[card % 13]}${SUITS[Math.floor(card / 13) % 4]}`;
}

export function isRedCard(card: number): boolean {
  const suit = Math.floor(card / 13) % 4;
  return suit === 1 || suit === 2;
}

/** A roulette number's colour: 0 green, the red numbers red, the rest black. */
export function rouletteColour(n: number, red: number[]): 'green' | 'red' | 'black' {
  if (n === 0) return 'green';
  return red.includes(n) ? 'red' : 'black';
}
