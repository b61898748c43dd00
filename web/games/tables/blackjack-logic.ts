/**
 * Kasa Blackjack, pure: the API's shapes, the cards' values and short text (a card 0–51 read by the
 * card tables' shared cards.ts: rank card % 13 with the ace 0, suit ⌊card / 13⌋: ♠ ♥ ♦ ♣), hand
 * totals and their labels ("7/17"), the bet before a deal, and how the table moves from what is
 * shown to the server's next view one card at a time (the animation's steps: a deal, a hit, a
 * split, the hole card turned over, the dealer's draws).
 */
import type { Fair, Text } from '../kit/types';
import { faceOf, rankOf, suitOf } from './cards';

export interface BlackjackInfo {
  kind: 'blackjack';
  code: string;
  name: Text;
  description: Text;
  /** Kurus. */
  chips: number[];
  /** Kurus, a whole lira. */
  minBet: number;
  /** Kurus. */
  maxBet: number;
  /** The exact return with perfect play, as a fraction. */
  rtp: number;
  /** The most one round returns, times the opening bet. */
  maxWinX?: number;
}

export interface BlackjackSession {
  sessionToken: string;
  game: BlackjackInfo;
  /** Lira. */
  balance: number;
  currency: string;
  fair: Fair;
}

export type Action = 'hit' | 'stand' | 'double' | 'split';
export const ACTIONS: Action[] = ['hit', 'stand', 'double', 'split'];

export type HandResult = 'blackjack' | 'win' | 'push' | 'lose';

export interface BjHand {
  cards: number[];
  total: number;
  soft: boolean;
  /** Kurus, a double included. */
  bet: number;
  doubled: boolean;
  done: boolean;
  blackjack: boolean;
  bust: boolean;
  /** Null until the round is settled. */
  result: HandResult | null;
  /** Kurus returned, the stake included. */
  win: number;
}

export interface BjDealer {
  /** While the hand is in play only the up card; every card once it is finished. */
  cards: number[];
  total: number;
  soft: boolean;
  blackjack: boolean;
  bust: boolean;
  /** A face-down hole card is on the table. */
  hidden: boolean;
}

export interface BlackjackView {
  roundId: string;
  hands: BjHand[];
  /** The hand being played. */
  active: number;
  dealer: BjDealer;
  /** What the player may do now; empty once finished. */
  actions: string[];
  finished: boolean;
  /** Kurus, every hand's stake. */
  bet: number;
  /** Kurus. */
  win: number;
  /** Lira. */
  balance: number;
  fair: Fair;
}

/** The verify call's outcome: the round's first 52 cards of the stream, in dealing order. */
export interface BlackjackDraw {
  game: 'blackjack';
  cards: number[];
}

/** A recorded round's outcome (the rounds list). */
export interface BlackjackOutcome {
  game: 'blackjack';
  hands: BjHand[];
  dealer: BjDealer;
  /** The cards used, in the order dealt. */
  cards: number[];
}

// ---------- Cards ----------

/** The suits' signs in card order. */
export const SUITS = ['♠', '♥', '♦', '♣'];

/** The card's count with the ace as 1 (10, J, Q, K are 10). */
export function cardValue(card: number): number {
  const rank = rankOf(card);
  return rank >= 9 ? 10 : rank + 1;
}

/** A card as short text: `A♠`, `10♥`. */
export function cardText(card: number): string {
  return `${faceOf(card)}${SUITS[suitOf(card)]}`;
}

/** Whether a number is one of the 52 cards. */
export function isCard(card: unknown): card is number {
  return typeof card === 'number' && Number.isInteger(card) && card >= 0 && card < 52;
}

// ---------- Totals ----------

export interface Total {
  total: number;
  /** An ace counts 11 in `total`. */
  soft: boolean;
}

/** A hand's best total: one ace as 11 while that stays at most 21 (a soft total). */
export function handValue(cards: number[]): Total {
  let sum = 0;
  let ace = false;
  for (const c of cards) {
    sum += cardValue(c);
    if (rankOf(c) === 0) ace = true;
  }
  if (ace && sum + 10 <= 21) return { total: sum + 10, soft: true };
  return { total: sum, soft: false };
}

/** A total as shown: `7/17` while an ace may still count 1 or 11, else `17`. */
export function totalLabel(total: number, soft: boolean): string {
  return soft && total < 21 ? `${total - 10}/${total}` : String(total);
}

/** Two cards making 21 (a split hand's 21 is no blackjack: the caller knows). */
export function isTwentyOne(cards: number[]): boolean {
  return cards.length === 2 && handValue(cards).total === 21;
}

/** What a hand shows as its result: a bust at once, the settled result after. */
export type Badge = HandResult | 'bust';

export function handBadge(hand: BjHand): Badge | null {
  if (hand.bust) return 'bust';
  return hand.result;
}

// ---------- The bet before a deal ----------

export type BetRefusal = 'max' | 'balance';

export interface BetLimits {
  minBet: number;
  maxBet: number;
}

/** A chip added to the bet: the new bet, or why not (over the table's maximum, or the balance). */
export function addChip(
  bet: number,
  chip: number,
  limits: BetLimits,
  balanceKurus: number,
): { bet: number } | { refused: BetRefusal } {
  const next = bet + chip;
  if (next > limits.maxBet) return { refused: 'max' };
  if (next > balanceKurus) return { refused: 'balance' };
  return { bet: next };
}

/** Whether a bet may be dealt: a whole lira between the limits. */
export function canDeal(bet: number, limits: BetLimits): boolean {
  return bet >= limits.minBet && bet <= limits.maxBet && bet % 100 === 0;
}

/** Lira (the balance) in kurus. */
export function kurusOf(lira: number): number {
  return Math.round(lira * 100);
}

// ---------- The table as shown, and the steps to the next view ----------

/** What is on the table: each hand's cards, the dealer's face-up cards and a face-down hole card. */
export interface Table {
  hands: number[][];
  dealer: number[];
  hole: boolean;
}

export const EMPTY_TABLE: Table = { hands: [], dealer: [], hole: false };

export type Step =
  /** A card to a player's hand. */
  | { kind: 'player'; hand: number; card: number }
  /** A face-up card to the dealer. */
  | { kind: 'dealer'; card: number }
  /** The dealer's face-down hole card. */
  | { kind: 'hole' }
  /** The hole card turned over. */
  | { kind: 'reveal'; card: number }
  /** A pair split: the hand's second card starts the next hand. */
  | { kind: 'split'; hand: number }
  /** What is shown cannot lead to the view one card at a time: show the view as it is. */
  | { kind: 'sync'; table: Table };

/** The table of a view. */
export function tableOf(view: BlackjackView): Table {
  return {
    hands: view.hands.map((h) => [...h.cards]),
    dealer: [...view.dealer.cards],
    hole: view.dealer.hidden,
  };
}

export function applyStep(table: Table, step: Step): Table {
  const hands = table.hands.map((h) => [...h]);
  const dealer = [...table.dealer];
  switch (step.kind) {
    case 'player':
      while (hands.length <= step.hand) hands.push([]);
      hands[step.hand].push(step.card);
      return { hands, dealer, hole: table.hole };
    case 'dealer':
      dealer.push(step.card);
      return { hands, dealer, hole: table.hole };
    case 'hole':
      return { hands, dealer, hole: true };
    case 'reveal':
      dealer.push(step.card);
      return { hands, dealer, hole: false };
    case 'split': {
      const [first, second, ...rest] = hands[step.hand] ?? [];
      hands.splice(step.hand, 1, [first, ...rest], second === undefined ? [] : [second]);
      return { hands, dealer, hole: table.hole };
    }
    case 'sync':
      return {
        hands: step.table.hands.map((h) => [...h]),
        dealer: [...step.table.dealer],
        hole: step.table.hole,
      };
  }
}

function isPrefix(short: number[], long: number[]): boolean {
  return short.length <= long.length && short.every((c, i) => long[i] === c);
}

/**
 * The steps from the table shown to a view, one card at a time in the order the cards were dealt.
 * From an empty table, the deal: player, dealer (up), player, dealer (hole). Then any split, each
 * hand's new cards hand by hand, the hole card turned over and the dealer's draws. When the view
 * does not follow from the table (another tab played on), one `sync` step.
 */
export function dealSteps(shown: Table, next: BlackjackView): Step[] {
  const target = tableOf(next);
  const sync: Step[] = [{ kind: 'sync', table: target }];
  const steps: Step[] = [];
  let table = shown;
  const push = (step: Step) => {
    steps.push(step);
    table = applyStep(table, step);
  };

  if (shown.hands.length === 0 && shown.dealer.length === 0 && !shown.hole) {
    // A fresh deal: the first two rounds of cards, alternately.
    const first = target.hands[0] ?? [];
    if (first[0] !== undefined) push({ kind: 'player', hand: 0, card: first[0] });
    if (target.dealer[0] !== undefined) push({ kind: 'dealer', card: target.dealer[0] });
    if (first[1] !== undefined && target.hands.length === 1)
      push({ kind: 'player', hand: 0, card: first[1] });
    if (target.hole || target.dealer.length > 1) push({ kind: 'hole' });
  }

  // Splits: a hand of the table whose second card now starts the next hand.
  while (table.hands.length < target.hands.length) {
    const k = table.hands.findIndex(
      (cards, i) =>
        cards.length === 2 &&
        target.hands[i]?.[0] === cards[0] &&
        target.hands[i + 1]?.[0] === cards[1],
    );
    if (k < 0) break;
    push({ kind: 'split', hand: k });
  }
  if (table.hands.length !== target.hands.length) return sync;
  for (let i = 0; i < table.hands.length; i++) {
    if (!isPrefix(table.hands[i], target.hands[i])) return sync;
    for (const card of target.hands[i].slice(table.hands[i].length))
      push({ kind: 'player', hand: i, card });
  }

  if (!isPrefix(table.dealer, target.dealer)) return sync;
  const rest = target.dealer.slice(table.dealer.length);
  if (table.hole && !target.hole) {
    const [hole, ...draws] = rest;
    if (hole === undefined) return sync;
    push({ kind: 'reveal', card: hole });
    draws.forEach((card) => push({ kind: 'dealer', card }));
  } else {
    if (target.hole && !table.hole && rest.length > 0) return sync;
    rest.forEach((card) => push({ kind: 'dealer', card }));
    if (target.hole && !table.hole) push({ kind: 'hole' });
  }
  return sameTable(table, target) ? steps : sync;
}

export function sameTable(a: Table, b: Table): boolean {
  return (
    a.hole === b.hole &&
    a.hands.length === b.hands.length &&
    a.hands.every((h, i) => h.length === b.hands[i].length && isPrefix(h, b.hands[i])) &&
    a.dealer.length === b.dealer.length &&
    isPrefix(a.dealer, b.dealer)
  );
}

// ---------- Keyboard ----------

/** The keys of the moves (the same in both languages; each button shows its key). */
export const MOVE_KEYS: Record<Action, string> = { hit: 'H', stand: 'S', double: 'D', split: 'P' };

export function actionOfKey(key: string): Action | null {
  const k = key.toUpperCase();
  return ACTIONS.find((a) => MOVE_KEYS[a] === k) ?? null;
}

// ---------- Verify ----------

/** Whether the round's used cards are the first cards of the recomputed stream. */
export function cardsMatch(stream: number[], used: number[]): boolean {
  return used.length > 0 && isPrefix(used, stream);
}

/** The recorded round's outcome, when it is a blackjack round's. */
export function blackjackOutcome(outcome: unknown): BlackjackOutcome | null {
  const o = outcome as Partial<BlackjackOutcome> | null | undefined;
  return o && o.game === 'blackjack' && Array.isArray(o.cards) && Array.isArray(o.hands)
    ? (o as BlackjackOutcome)
    : null;
}
