/**
 * Development only (`/games/blackjack/?fixture=random|split|aces|blackjack|dealer|double|bust|open`,
 * dev server): a local stand-in for the blackjack API with the table's rules (an infinite shoe,
 * dealer stands on all 17s and peeks with an ace or a ten up, 3 to 2, double on any two cards,
 * one split, split aces one card each), so the page can be drawn and played without the server.
 * The named fixtures start the first hand with set cards. Never part of the build.
 */
import { ApiError, type GameApi } from '../kit/api';
import type { Fair, RoundData } from '../kit/types';
import {
  cardValue,
  handValue,
  type BjDealer,
  type BjHand,
  type BlackjackOutcome,
  type BlackjackSession,
  type BlackjackView,
} from './blackjack-logic';
import { rankOf } from './cards';

/** Cards in dealing order: player, dealer up, player, hole, then the draws. */
const SCENARIOS: Record<string, number[]> = {
  // 8♠ 8♥ against 6♦ (hole K♣): split, then 3♠, 10♥ on the hands; the dealer 16 draws J♦.
  split: [7, 31, 20, 51, 2, 22, 36],
  // A♠ A♥ against 5♦ (hole 10♣): split aces get K♠ and 9♦; the dealer 15 draws 9♥.
  aces: [0, 30, 13, 48, 12, 34, 21],
  // A♠ K♦ against 9♥ (hole 7♣).
  blackjack: [0, 21, 38, 45],
  // 10♠ 8♣ against A♦ (hole Q♥): the dealer's blackjack.
  dealer: [9, 26, 46, 24],
  // 6♠ 5♣ against 5♥ (hole 10♦): double to 10♠ = 21; the dealer 15 draws 9♣ and busts.
  double: [5, 17, 43, 35, 9, 47],
  // 10♠ 6♥ against 10♦ (hole 9♣): a hit of K♣ busts.
  bust: [9, 35, 18, 47, 51],
};

interface Round {
  id: string;
  bet: number;
  hands: BjHand[];
  dealer: number[];
  active: number;
  finished: boolean;
  used: number[];
  nonce: number;
  splitAces: boolean;
}

/** `delay`: each answer's wait (ms); `random`: the shoe's draws (0 ≤ x < 1). */
export function blackjackFixture(
  api: GameApi,
  scenario: string,
  { delay = 150, random = Math.random }: { delay?: number; random?: () => number } = {},
): BlackjackSession {
  const info = {
    kind: 'blackjack' as const,
    code: 'kasa-blackjack',
    name: { tr: 'Kasa Blackjack', en: 'Kasa Blackjack' },
    description: {
      tr: 'Kasa stüdyosunun blackjack masası: krupiye tüm 17’lerde durur, blackjack 3’e 2 öder. (Yerel deneme verisi.)',
      en: 'The Kasa studio’s blackjack table: the dealer stands on all 17s, blackjack pays 3 to 2. (Local fixture data.)',
    },
    chips: [100, 500, 1000, 2500, 10000, 50000],
    minBet: 100,
    maxBet: 100000,
    rtp: 0.9951,
  };
  let balance = 1000;
  let nonce = 0;
  let forced = [...(SCENARIOS[scenario] ?? [])];
  let round: Round | null = null;
  const history: RoundData<BlackjackOutcome>[] = [];
  const fair = (): Fair => ({
    serverSeedHash: 'b1ac'.repeat(16),
    clientSeed: 'kasa-player',
    nonce,
    nextServerSeedHash: 'b2ac'.repeat(16),
  });
  const fail = (status: number, turkish: string, english: string, data?: unknown) =>
    new ApiError(api.lang === 'tr' ? turkish : english, status, data);

  const draw = (r: Round) => {
    const card = forced.length ? forced.shift()! : Math.floor(random() * 52);
    r.used.push(card);
    return card;
  };
  const newHand = (cards: number[], bet: number): BjHand => ({
    cards,
    total: 0,
    soft: false,
    bet,
    doubled: false,
    done: false,
    blackjack: false,
    bust: false,
    result: null,
    win: 0,
  });
  const refresh = (hand: BjHand, split: boolean) => {
    const v = handValue(hand.cards);
    hand.total = v.total;
    hand.soft = v.soft;
    hand.bust = v.total > 21;
    hand.blackjack = !split && hand.cards.length === 2 && v.total === 21;
    if (hand.bust || v.total === 21) hand.done = true;
  };
  const dealerOf = (r: Round): BjDealer => {
    const cards = r.finished ? r.dealer : r.dealer.slice(0, 1);
    const v = handValue(cards);
    return {
      cards,
      total: v.total,
      soft: v.soft,
      blackjack: r.dealer.length === 2 && handValue(r.dealer).total === 21,
      bust: v.total > 21,
      hidden: !r.finished,
    };
  };
  const actions = (r: Round): string[] => {
    if (r.finished) return [];
    const hand = r.hands[r.active];
    const out = ['hit', 'stand'];
    if (hand.cards.length === 2 && balance * 100 >= hand.bet) out.push('double');
    if (
      r.hands.length === 1 &&
      hand.cards.length === 2 &&
      cardValue(hand.cards[0]) === cardValue(hand.cards[1]) &&
      balance * 100 >= hand.bet
    )
      out.push('split');
    return out;
  };
  const view = (r: Round): BlackjackView => ({
    roundId: r.id,
    hands: r.hands.map((h) => ({ ...h, cards: [...h.cards] })),
    active: r.active,
    dealer: dealerOf(r),
    actions: actions(r),
    finished: r.finished,
    bet: r.hands.reduce((a, h) => a + h.bet, 0),
    win: r.hands.reduce((a, h) => a + h.win, 0),
    balance: Math.round(balance * 100) / 100,
    fair: fair(),
  });

  const finish = (r: Round) => {
    const split = r.hands.length > 1;
    const live = r.hands.some((h) => !h.bust) && !(r.hands.length === 1 && r.hands[0].blackjack);
    if (live) while (handValue(r.dealer).total < 17) r.dealer.push(draw(r));
    const d = handValue(r.dealer).total;
    const dealerBj = r.dealer.length === 2 && d === 21;
    for (const h of r.hands) {
      if (h.bust) h.result = 'lose';
      else if (h.blackjack && !split) h.result = dealerBj ? 'push' : 'blackjack';
      else if (dealerBj) h.result = 'lose';
      else if (d > 21 || h.total > d) h.result = 'win';
      else if (h.total === d) h.result = 'push';
      else h.result = 'lose';
      h.win =
        h.result === 'blackjack'
          ? Math.floor((h.bet * 5) / 2)
          : h.result === 'win'
            ? h.bet * 2
            : h.result === 'push'
              ? h.bet
              : 0;
      h.done = true;
    }
    r.finished = true;
    const win = r.hands.reduce((a, h) => a + h.win, 0);
    balance = Math.round(balance * 100 + win) / 100;
    history.unshift({
      roundId: r.id,
      bet: r.hands.reduce((a, h) => a + h.bet, 0),
      win,
      nonce: r.nonce,
      clientSeed: 'kasa-player',
      serverSeedHash: 'b1ac'.repeat(16),
      serverSeed: `fixture-${r.nonce}`,
      outcome: {
        game: 'blackjack',
        hands: r.hands.map((h) => ({ ...h })),
        dealer: { ...dealerOf(r) },
        cards: [...r.used],
      },
      createdAt: new Date().toISOString(),
    });
    round = null;
  };

  /** Moves to the next hand that is not done (dealing a split hand its second card). */
  const advance = (r: Round) => {
    while (r.active < r.hands.length && r.hands[r.active].done) {
      r.active += 1;
      const next = r.hands[r.active];
      if (next && next.cards.length === 1) {
        next.cards.push(draw(r));
        refresh(next, true);
        if (r.splitAces) next.done = true;
      }
    }
    if (r.active >= r.hands.length) {
      r.active = r.hands.length - 1;
      finish(r);
    }
  };

  const pause = () => new Promise((ok) => setTimeout(ok, delay));

  api.blackjack = async <V>() => {
    await pause();
    return (round ? view(round) : null) as V | null;
  };

  /** A new hand (the stake checked by the caller). */
  const start = (bet: number): Round => {
    nonce += 1;
    balance = Math.round(balance * 100 - bet) / 100;
    const r: Round = {
      id: `fx-${nonce}`,
      bet,
      hands: [],
      dealer: [],
      active: 0,
      finished: false,
      used: [],
      nonce,
      splitAces: false,
    };
    const p1 = draw(r);
    const up = draw(r);
    const p2 = draw(r);
    const hole = draw(r);
    r.hands = [newHand([p1, p2], bet)];
    r.dealer = [up, hole];
    refresh(r.hands[0], false);
    round = r;
    const peek = rankOf(up) === 0 || cardValue(up) === 10;
    const dealerBj = peek && handValue(r.dealer).total === 21;
    if (dealerBj || r.hands[0].blackjack) finish(r);
    return r;
  };

  api.blackjackDeal = async <V>(bet: number) => {
    await pause();
    if (round) throw fail(409, 'Açık bir el var.', 'A hand is already open.');
    if (bet < info.minBet || bet > info.maxBet || bet % 100 !== 0)
      throw fail(422, 'Geçersiz bahis.', 'Invalid bet.');
    if (bet > balance * 100) throw fail(400, 'Yetersiz bakiye', 'Not enough balance', { balance });
    return view(start(bet)) as V;
  };

  api.blackjackAct = async <V>(roundId: string, action: string) => {
    await pause();
    const r = round;
    if (!r || r.id !== roundId || !actions(r).includes(action))
      throw fail(409, 'Bu hamle şu an yapılamaz.', 'That move is not allowed now.');
    const hand = r.hands[r.active];
    if (action === 'hit') {
      hand.cards.push(draw(r));
      refresh(hand, r.hands.length > 1);
    } else if (action === 'stand') hand.done = true;
    else if (action === 'double') {
      if (balance * 100 < hand.bet)
        throw fail(400, 'Yetersiz bakiye', 'Not enough balance', { balance });
      balance = Math.round(balance * 100 - hand.bet) / 100;
      hand.bet *= 2;
      hand.doubled = true;
      hand.cards.push(draw(r));
      refresh(hand, r.hands.length > 1);
      hand.done = true;
    } else if (action === 'split') {
      if (balance * 100 < hand.bet)
        throw fail(400, 'Yetersiz bakiye', 'Not enough balance', { balance });
      balance = Math.round(balance * 100 - hand.bet) / 100;
      const [a, b] = hand.cards;
      r.splitAces = rankOf(a) === 0;
      const first = newHand([a], hand.bet);
      const second = newHand([b], hand.bet);
      r.hands = [first, second];
      first.cards.push(draw(r));
      refresh(first, true);
      if (r.splitAces) first.done = true;
    }
    advance(r);
    return view(r) as V;
  };

  api.rounds = async <O>() => {
    await pause();
    return history.slice(0, 20) as unknown as RoundData<O>[];
  };

  api.verify = async <O>(_code: string, serverSeed: string, _client: string, n: number) => {
    await pause();
    const rec = history.find((r) => r.nonce === n && r.serverSeed === serverSeed);
    if (!rec?.outcome) throw fail(422, 'Doğrulanamadı.', 'Could not verify.');
    const cards = [...rec.outcome.cards];
    while (cards.length < 52) cards.push(Math.floor(random() * 52));
    return {
      serverSeedHash: 'b1ac'.repeat(16),
      outcome: { game: 'blackjack', cards } as unknown as O,
    };
  };

  api.seed = async (clientSeed: string) => {
    await pause();
    forced = [];
    return {
      revealed: {
        serverSeed: 'fixture',
        serverSeedHash: 'b1ac'.repeat(16),
        clientSeed,
        lastNonce: nonce || null,
      },
      fair: { ...fair(), clientSeed },
    };
  };

  // `?fixture=open`: a hand left open (as after a reload), picked up at the start.
  if (scenario === 'open') {
    forced = [...SCENARIOS.split];
    start(2500);
  }
  return { sessionToken: 'fixture', game: info, balance, currency: 'TRY', fair: fair() };
}
