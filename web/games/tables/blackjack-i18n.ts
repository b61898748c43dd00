/** Kasa Blackjack's own texts (the shared ones, the cards' names too, are in ../i18n and ./i18n). */
import type { Lang } from '../kit/i18n';
import type { Action, Badge } from './blackjack-logic';

const tr = {
  deal: 'Dağıt',
  moves: 'Hamleler',
  actions: {
    hit: 'Kart Çek',
    stand: 'Dur',
    double: 'İkiye Katla',
    split: 'Böl',
  } as Record<Action, string>,
  dealer: 'Krupiye',
  player: 'Oyuncu',
  hand: (n: number, of: number) => (of > 1 ? `${n}. el` : 'Eliniz'),
  handLabel: (name: string, cards: string, total: string, extra: string) =>
    `${name}: ${cards || 'kart yok'}${total ? `, toplam ${total}` : ''}${extra ? `, ${extra}` : ''}`,
  dealerLabel: (cards: string, total: string, hole: boolean) =>
    `Krupiye: ${cards || 'kart yok'}${hole ? ', bir kapalı kart' : ''}${total ? `, görünen toplam ${total}` : ''}`,
  active: 'oynanıyor',
  betOf: (amount: string) => `bahis ${amount}`,
  doubledNote: 'ikiye katlandı',
  badges: {
    blackjack: 'Blackjack!',
    win: 'Kazandınız',
    push: 'Berabere',
    lose: 'Kaybettiniz',
    bust: 'Battı',
  } as Record<Badge, string>,
  dealerBust: 'Krupiye battı',
  spotHint: 'Seçili fişi eklemek için basın.',
  doubleBet: 'Bahis ×2',
  spotEmpty: 'Bahis',
  limitsLine: (min: string, max: string) => `En az ${min} · En fazla ${max}`,
  placeBet: 'Fiş seçip bahsinizi yapın, sonra Dağıt’a basın.',
  dealHint: (amount: string) => `Bahis ${amount}. Dağıt’a basın.`,
  minBet: (min: string) => `Bahis en az ${min} olmalı.`,
  maxBet: (max: string) => `Bahis en fazla ${max} olabilir.`,
  noBalance: 'Bu bahis için bakiyeniz yetersiz.',
  yourMove: 'Kart çekin, durun ya da ikiye katlayın.',
  yourMoveHand: (n: number) => `${n}. el oynanıyor.`,
  resumed: 'Yarım kalan eliniz kaldığı yerden devam ediyor.',
  dealing: 'Kartlar dağıtılıyor…',
  feltPays: 'BLACKJACK 3’E 2 ÖDER',
  feltRule: 'Krupiye tüm 17’lerde durur',
  summaryHand: (n: number, text: string) => `${n}. el: ${text}`,
  won: (amount: string) => `Kazanç: ${amount}`,
  returned: (amount: string) => `Bahsiniz iade edildi: ${amount}`,
  payouts: 'Ödemeler',
  payoutRows: [
    ['Blackjack', '3’e 2'],
    ['Kazanan el', '1’e 1'],
    ['Berabere', 'Bahis iade'],
  ],
  rules: [
    'Kartlar sürekli karıştırılan bir ayakkabıdan gelir: her kartın 52 karttan herhangi biri olma olasılığı eşittir.',
    'Kart değerleri: 2–10 kendi değeri, Vale, Kız ve Papaz 10, As 1 veya 11.',
    'Oyuncuya ve krupiyeye ikişer kart dağıtılır; krupiyenin ikinci kartı kapalıdır.',
    'Krupiyenin açık kartı As veya 10 değerinde bir kartsa krupiye blackjack olup olmadığına bakar; blackjack ise el hemen biter.',
    'İlk iki kartla 21 (blackjack) 3’e 2 öder; krupiyenin de blackjack’i varsa berabere.',
    'Kart çekebilir, durabilir, ilk iki kartla (bölünmüş ellerde de) ikiye katlayabilirsiniz: bahis ikiye katlanır ve tek kart daha gelir.',
    'Aynı değerde iki kart bir kez bölünebilir. Bölünen Aslara birer kart verilir. Bölünmüş elde 21 blackjack sayılmaz.',
    'Krupiye 16 ve altında kart çeker, tüm 17’lerde (yumuşak 17 dahil) durur.',
    '21’e daha yakın olan kazanır; 21’i aşan el batar. Kazanan el 1’e 1 öder, beraberlikte bahis iade edilir.',
    'Sigorta ve teslim olma yoktur.',
    'Arıza tüm ödemeleri ve oyunları geçersiz kılar.',
  ],
  rtpNote: 'Geri ödeme, kusursuz oyunla tam olarak hesaplanmıştır.',
  limits: (min: string, max: string) => [
    `Bahis ${min} ile ${max} arasında, tam lira.`,
    'İkiye katlama ve bölme, bahis kadar ek bahis ister.',
  ],
  keys: 'Klavye: H kart çek, S dur, D ikiye katla, P böl. Kart dağıtılırken masaya tıklamak veya bir tuşa basmak hızlandırır.',
  verifyShoe: (n: number) => `Yeniden hesaplanan ayakkabının ilk ${n} kartı`,
  verifyOrder:
    'Dağıtım sırası: oyuncu, krupiye (açık), oyuncu, krupiye (kapalı), sonra çekilen her kart sırayla.',
  verifyUsed: (n: number) => `Turda kullanılan ${n} kart ayakkabının başıyla aynı.`,
  verifyNotUsed: 'Turda kullanılan kartlar ayakkabının başıyla AYNI DEĞİL.',
  verifyRound: 'Kayıtlı tur',
};

export type BlackjackDict = typeof tr;

const en: BlackjackDict = {
  deal: 'Deal',
  moves: 'Moves',
  actions: { hit: 'Hit', stand: 'Stand', double: 'Double', split: 'Split' },
  dealer: 'Dealer',
  player: 'Player',
  hand: (n: number, of: number) => (of > 1 ? `Hand ${n}` : 'Your hand'),
  handLabel: (name: string, cards: string, total: string, extra: string) =>
    `${name}: ${cards || 'no cards'}${total ? `, total ${total}` : ''}${extra ? `, ${extra}` : ''}`,
  dealerLabel: (cards: string, total: string, hole: boolean) =>
    `Dealer: ${cards || 'no cards'}${hole ? ', one face-down card' : ''}${total ? `, showing ${total}` : ''}`,
  active: 'in play',
  betOf: (amount: string) => `bet ${amount}`,
  doubledNote: 'doubled',
  badges: {
    blackjack: 'Blackjack!',
    win: 'You win',
    push: 'Push',
    lose: 'You lose',
    bust: 'Bust',
  },
  dealerBust: 'Dealer busts',
  spotHint: 'Press to add the chosen chip.',
  doubleBet: 'Bet ×2',
  spotEmpty: 'Bet',
  limitsLine: (min: string, max: string) => `Min ${min} · Max ${max}`,
  placeBet: 'Choose chips to place your bet, then press Deal.',
  dealHint: (amount: string) => `Bet ${amount}. Press Deal.`,
  minBet: (min: string) => `The bet must be at least ${min}.`,
  maxBet: (max: string) => `The bet can be at most ${max}.`,
  noBalance: 'Your balance is too low for this bet.',
  yourMove: 'Hit, stand or double.',
  yourMoveHand: (n: number) => `Playing hand ${n}.`,
  resumed: 'Your open hand is back where you left it.',
  dealing: 'Dealing the cards…',
  feltPays: 'BLACKJACK PAYS 3 TO 2',
  feltRule: 'Dealer stands on all 17s',
  summaryHand: (n: number, text: string) => `Hand ${n}: ${text}`,
  won: (amount: string) => `You won ${amount}`,
  returned: (amount: string) => `Your bet was returned: ${amount}`,
  payouts: 'Pays',
  payoutRows: [
    ['Blackjack', '3 to 2'],
    ['Winning hand', '1 to 1'],
    ['Push', 'Bet returned'],
  ],
  rules: [
    'Cards come from a continuously shuffled shoe: every card is equally likely to be any of the 52.',
    'Card values: 2–10 their face, jack, queen and king 10, an ace 1 or 11.',
    'The player and the dealer get two cards each; the dealer’s second card is face down.',
    'When the dealer’s up card is an ace or a ten-value card, the dealer checks for blackjack; with a blackjack the hand ends at once.',
    'A 21 with the first two cards (blackjack) pays 3 to 2; against a dealer blackjack it is a push.',
    'You may hit, stand, or double on any first two cards (also after a split): the bet is doubled and exactly one more card comes.',
    'Two cards of equal value may be split once. Split aces get one card each. A 21 after a split is not a blackjack.',
    'The dealer draws to 16 and stands on all 17s (soft 17 included).',
    'The total nearer 21 wins; a hand over 21 busts. A winning hand pays 1 to 1; on a push the bet is returned.',
    'No insurance and no surrender.',
    'Malfunction voids all pays and plays.',
  ],
  rtpNote: 'The return is exact, with perfect play.',
  limits: (min: string, max: string) => [
    `Bets from ${min} to ${max}, in whole lira.`,
    'A double or a split takes an extra bet equal to the bet.',
  ],
  keys: 'Keyboard: H hit, S stand, D double, P split. While cards are dealt, a click on the table or any key speeds them up.',
  verifyShoe: (n: number) => `The first ${n} cards of the recomputed shoe`,
  verifyOrder:
    'Dealing order: player, dealer (up), player, dealer (hole), then every card in the order drawn.',
  verifyUsed: (n: number) => `The round’s ${n} cards are the start of the shoe.`,
  verifyNotUsed: 'The round’s cards are NOT the start of the shoe.',
  verifyRound: 'Recorded round',
};

const dicts: Record<Lang, BlackjackDict> = { tr, en };

export function blackjackDict(lang: Lang): BlackjackDict {
  return dicts[lang];
}
