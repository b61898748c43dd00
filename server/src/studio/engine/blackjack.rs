//! Blackjack: a round's state and its rules, and the exact return with perfect play.
//!
//! Rules: cards from a continuously shuffled shoe (each card equally likely any of the 52: the
//! round's stream gives its first 52 cards, used in dealing order); the dealer stands on all 17s
//! and checks for blackjack under an ace or a ten (a dealer blackjack takes only the first bet);
//! blackjack pays 3 to 2; double on any first two cards, after a split too; one split of two
//! cards of equal value; split aces take one card each; a 21 after a split is not a blackjack; a
//! hand reaching 21 stands. No insurance, no surrender.
//!
//! With every card independent, the dealer's final totals for each up card and the player's best
//! play from each total are a finite recursion ([`Strategy`]), so the return with perfect play is
//! exact (99.5 %), and a million simulated rounds played by that strategy measure the same.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::fair::Rng;
use super::slot::Text;

mod odds;

pub use odds::{Strategy, rtp};

/// The blackjack game's code.
pub const CODE: &str = "kasa-blackjack";

/// The smallest and largest first bet, kuruş; every bet is whole lira.
pub const MIN_BET: i64 = 100;
pub const MAX_BET: i64 = 100_000;
/// The chips offered, kuruş.
pub const CHIPS: &[i64] = &[100, 500, 1_000, 2_500, 10_000, 50_000];

/// What the client is told about the game.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BlackjackInfo {
    /// Always "blackjack".
    pub kind: String,
    pub code: String,
    pub name: Text,
    pub description: Text,
    /// Kuruş.
    pub chips: Vec<i64>,
    /// Kuruş.
    pub min_bet: i64,
    /// Kuruş.
    pub max_bet: i64,
    /// The exact return with perfect play, as a fraction.
    pub rtp: f64,
    /// The most one round returns, times the opening bet: a pair split, both hands doubled and
    /// both won (four stakes returned twice).
    pub max_win_x: f64,
    /// The fair-play parameters and the rules: what recomputes and plays out a round's cards.
    pub fair: BlackjackFair,
}

/// What recomputes a blackjack round from its seeds, and the rules its cards are played by.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BlackjackFair {
    /// The round's cards: the first `cards` numbers `below(52)` of its stream (0–51: rank
    /// `card % 13`, ace first; suit `card / 13`), used in dealing order: player, dealer up card,
    /// player, dealer hole card, then each card as drawn.
    pub cards: u32,
    /// The dealer stands on every 17, soft ones included.
    pub dealer_stands_on_soft17: bool,
    /// The dealer checks for blackjack under an ace or a ten; a dealer blackjack takes only the
    /// first bet.
    pub dealer_peeks: bool,
    /// A blackjack returns the stake times `blackjackReturn[0] / blackjackReturn[1]` (5/2: pays 3 to 2).
    pub blackjack_return: Vec<u32>,
    /// How many times a hand may be split (pairs of equal value).
    pub splits: u32,
    /// Doubling on any first two cards, after a split too.
    pub double_any_two: bool,
    /// Split aces take one card each and stand.
    pub split_aces_one_card: bool,
    pub insurance: bool,
    pub surrender: bool,
}

static RTP: std::sync::LazyLock<f64> = std::sync::LazyLock::new(rtp);

pub fn info() -> BlackjackInfo {
    BlackjackInfo {
        kind: "blackjack".to_string(),
        code: CODE.to_string(),
        name: Text { tr: "Kasa Blackjack".to_string(), en: "Kasa Blackjack".to_string() },
        description: Text {
            tr: "Krupiye 17'lerde durur, blackjack 3'e 2 öder; ilk iki kartta ikiye katlayın, eş kartları bir kez bölün.".to_string(),
            en: "The dealer stands on all 17s, blackjack pays 3 to 2; double on your first two cards, split a pair once.".to_string(),
        },
        chips: CHIPS.to_vec(),
        min_bet: MIN_BET,
        max_bet: MAX_BET,
        rtp: *RTP,
        max_win_x: 8.0,
        fair: BlackjackFair {
            cards: SHOE as u32,
            dealer_stands_on_soft17: true,
            dealer_peeks: true,
            blackjack_return: vec![5, 2],
            splits: 1,
            double_any_two: true,
            split_aces_one_card: true,
            insurance: false,
            surrender: false,
        },
    }
}

/// The verify answer of a blackjack round: its shoe, in dealing order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct Shoe {
    /// Always "blackjack".
    pub game: String,
    pub cards: Vec<u8>,
}

/// A card (0–51): rank `card % 13` (0 ace … 12 king), suit `card / 13`.
pub type Card = u8;
/// Cards a round draws from its stream (more than any round can use).
pub const SHOE: usize = 52;

/// The round's cards: the first [`SHOE`] of the stream, each `rng.below(52)`.
pub fn shoe(rng: &mut impl Rng) -> Vec<Card> {
    (0..SHOE).map(|_| rng.below(52) as Card).collect()
}

/// A card's value: ace 1, two to nine their face, ten and the court cards 10.
pub fn value(card: Card) -> u8 {
    match card % 13 {
        0 => 1,
        r if r >= 9 => 10,
        r => r + 1,
    }
}

/// A hand's best total and whether an ace counts 11 in it.
pub fn total(cards: &[Card]) -> (u8, bool) {
    let sum: u8 = cards.iter().map(|&c| value(c)).sum();
    if cards.iter().any(|&c| value(c) == 1) && sum + 10 <= 21 { (sum + 10, true) } else { (sum, false) }
}

/// What the player may do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum Action {
    Hit,
    Stand,
    Double,
    Split,
}

/// How a hand ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum HandResult {
    Blackjack,
    Win,
    Push,
    Lose,
}

/// One of the player's hands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hand {
    pub cards: Vec<Card>,
    /// Kuruş, a double included.
    pub bet: i64,
    pub doubled: bool,
    /// Played out (stood, bust, doubled, 21, or a split ace).
    pub done: bool,
    /// One of two hands of a split.
    pub split: bool,
    pub result: Option<HandResult>,
    /// Kuruş returned, the stake included.
    pub win: i64,
}

impl Hand {
    fn new(cards: Vec<Card>, bet: i64, split: bool) -> Hand {
        Hand { cards, bet, doubled: false, done: false, split, result: None, win: 0 }
    }

    pub fn is_blackjack(&self) -> bool {
        !self.split && self.cards.len() == 2 && total(&self.cards).0 == 21
    }

    pub fn is_bust(&self) -> bool {
        total(&self.cards).0 > 21
    }
}

/// Why an action was refused; the round is unchanged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum ActError {
    #[error("the round is finished")]
    Finished,
    #[error("that action is not allowed now")]
    NotAllowed,
}

/// A round of blackjack, kept between the player's calls (its shoe never shown before the end).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    pub shoe: Vec<Card>,
    /// How many of the shoe's cards are dealt.
    pub next: usize,
    /// The dealer's cards: the up card, the hole card, then any drawn.
    pub dealer: Vec<Card>,
    pub hands: Vec<Hand>,
    /// The hand being played.
    pub active: usize,
    pub finished: bool,
}

impl Round {
    /// Deals a round for `bet` kuruş: player, dealer, player, dealer. A blackjack on either side
    /// ends it at once.
    pub fn deal(shoe: Vec<Card>, bet: i64) -> Round {
        let mut r = Round { shoe, next: 0, dealer: Vec::new(), hands: Vec::new(), active: 0, finished: false };
        let (p1, d1, p2, d2) = (r.draw(), r.draw(), r.draw(), r.draw());
        r.dealer = vec![d1, d2];
        r.hands.push(Hand::new(vec![p1, p2], bet, false));
        if r.hands[0].is_blackjack() || r.dealer_blackjack() {
            r.hands[0].done = true;
            r.settle();
        }
        r
    }

    fn draw(&mut self) -> Card {
        let c = self.shoe[self.next % self.shoe.len()];
        self.next += 1;
        c
    }

    pub fn dealer_blackjack(&self) -> bool {
        self.dealer.len() == 2 && total(&self.dealer).0 == 21
    }

    /// The cards dealt so far, in order.
    pub fn used(&self) -> &[Card] {
        &self.shoe[..self.next.min(self.shoe.len())]
    }

    /// Kuruś staked on the round (doubles and the split included).
    pub fn staked(&self) -> i64 {
        self.hands.iter().map(|h| h.bet).sum()
    }

    /// Kuruś the round returned (once finished).
    pub fn returned(&self) -> i64 {
        self.hands.iter().map(|h| h.win).sum()
    }

    /// What the player may do now.
    pub fn actions(&self) -> Vec<Action> {
        if self.finished {
            return Vec::new();
        }
        let h = &self.hands[self.active];
        let mut a = vec![Action::Hit, Action::Stand];
        if h.cards.len() == 2 {
            a.push(Action::Double);
            if self.hands.len() == 1 && value(h.cards[0]) == value(h.cards[1]) {
                a.push(Action::Split);
            }
        }
        a
    }

    /// Plays an action on the active hand; the answer is the extra stake it takes (a double's or
    /// a split's), which the caller must take from the player with it.
    pub fn act(&mut self, action: Action) -> Result<i64, ActError> {
        if self.finished {
            return Err(ActError::Finished);
        }
        if !self.actions().contains(&action) {
            return Err(ActError::NotAllowed);
        }
        let i = self.active;
        let mut extra = 0;
        match action {
            Action::Hit => {
                let c = self.draw();
                let h = &mut self.hands[i];
                h.cards.push(c);
                h.done = total(&h.cards).0 >= 21;
            }
            Action::Stand => self.hands[i].done = true,
            Action::Double => {
                let c = self.draw();
                let h = &mut self.hands[i];
                extra = h.bet;
                h.bet *= 2;
                h.doubled = true;
                h.cards.push(c);
                h.done = true;
            }
            Action::Split => {
                let bet = self.hands[0].bet;
                extra = bet;
                let second = self.hands[0].cards.pop().unwrap_or_default();
                self.hands[0].split = true;
                self.hands.push(Hand::new(vec![second], bet, true));
                let aces = value(second) == 1;
                let c = self.draw();
                self.hands[0].cards.push(c);
                if aces {
                    // Split aces take one card each and stand.
                    let c = self.draw();
                    self.hands[1].cards.push(c);
                    self.hands[0].done = true;
                    self.hands[1].done = true;
                } else {
                    self.hands[0].done = total(&self.hands[0].cards).0 == 21;
                }
            }
        }
        self.advance();
        Ok(extra)
    }

    /// Moves to the next hand still to play (giving a split hand its second card), or ends the
    /// round when none is left.
    fn advance(&mut self) {
        while self.hands[self.active].done {
            if self.active + 1 == self.hands.len() {
                self.settle();
                return;
            }
            self.active += 1;
            if self.hands[self.active].cards.len() == 1 {
                let c = self.draw();
                let h = &mut self.hands[self.active];
                h.cards.push(c);
                h.done = total(&h.cards).0 == 21;
            }
        }
    }

    /// The dealer plays (when a hand is still standing) and every hand is paid.
    fn settle(&mut self) {
        let dealer_bj = self.dealer_blackjack();
        let any_standing = self.hands.iter().any(|h| !h.is_bust() && !h.is_blackjack());
        if !dealer_bj && any_standing {
            while total(&self.dealer).0 < 17 {
                let c = self.draw();
                self.dealer.push(c);
            }
        }
        let dealer = total(&self.dealer).0;
        for h in &mut self.hands {
            let (result, win) = if h.is_blackjack() {
                if dealer_bj { (HandResult::Push, h.bet) } else { (HandResult::Blackjack, h.bet * 5 / 2) }
            } else if dealer_bj || h.is_bust() {
                (HandResult::Lose, 0)
            } else {
                let t = total(&h.cards).0;
                if dealer > 21 || t > dealer {
                    (HandResult::Win, h.bet * 2)
                } else if t == dealer {
                    (HandResult::Push, h.bet)
                } else {
                    (HandResult::Lose, 0)
                }
            };
            h.result = Some(result);
            h.win = win;
            h.done = true;
        }
        self.finished = true;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A shoe starting with cards of these values (spades; the ten for 10), the rest twos.
    fn shoe_of(values: &[u8]) -> Vec<Card> {
        let mut s: Vec<Card> = values.iter().map(|&v| if v == 10 { 9 } else { v - 1 }).collect();
        s.resize(SHOE, 1);
        s
    }

    #[test]
    fn totals_count_an_ace_as_eleven_when_it_fits() {
        assert_eq!(total(&[0, 5]), (17, true));
        assert_eq!(total(&[0, 5, 9]), (17, false));
        assert_eq!(total(&[0, 12]), (21, true));
        assert_eq!(total(&[9, 10, 1]), (22, false));
    }

    #[test]
    fn a_blackjack_pays_3_to_2_and_a_dealer_blackjack_takes_only_the_first_bet() {
        // Player A, 10 against the dealer's 9, 7.
        let r = Round::deal(shoe_of(&[1, 9, 10, 7]), 1_000);
        assert!(r.finished && r.hands[0].result == Some(HandResult::Blackjack));
        assert_eq!(r.returned(), 2_500);
        // The dealer's A, 10 against the player's 10, 9: lost at once, nothing more to do.
        let r = Round::deal(shoe_of(&[10, 1, 9, 10]), 1_000);
        assert!(r.finished && r.hands[0].result == Some(HandResult::Lose) && r.actions().is_empty());
        // Both blackjack: a push.
        let r = Round::deal(shoe_of(&[1, 1, 10, 10]), 1_000);
        assert_eq!((r.hands[0].result, r.returned()), (Some(HandResult::Push), 1_000));
    }

    #[test]
    fn a_split_plays_two_hands_and_a_double_takes_one_card() {
        // Player 8, 8 against the dealer's 6 (hole 10): split; hand 1 gets 3 (11) and doubles
        // (gets 10: 21); hand 2 gets 10 (18) and stands. The dealer draws 10 from 16: bust.
        let mut r = Round::deal(shoe_of(&[8, 6, 8, 10, 3, 10, 10, 10]), 1_000);
        assert_eq!(r.actions(), vec![Action::Hit, Action::Stand, Action::Double, Action::Split]);
        assert_eq!(r.act(Action::Split), Ok(1_000));
        assert_eq!(r.hands[0].cards.len(), 2);
        assert_eq!(r.act(Action::Double), Ok(1_000));
        assert_eq!(r.active, 1);
        assert_eq!(total(&r.hands[1].cards).0, 18);
        assert_eq!(r.act(Action::Split), Err(ActError::NotAllowed));
        assert_eq!(r.act(Action::Stand), Ok(0));
        assert!(r.finished);
        assert_eq!(total(&r.dealer).0, 26);
        assert_eq!((r.staked(), r.returned()), (3_000, 6_000));
        assert_eq!(r.act(Action::Hit), Err(ActError::Finished));
        // Split aces take one card each and stand; an ace and a ten after it is 21, not blackjack.
        let mut r = Round::deal(shoe_of(&[1, 9, 1, 8, 10, 5]), 1_000);
        r.act(Action::Split).unwrap();
        assert!(r.finished);
        assert_eq!(r.hands.iter().map(|h| h.result).collect::<Vec<_>>(), vec![Some(HandResult::Win), Some(HandResult::Lose)]);
        assert_eq!(r.returned(), 2_000);
    }

    #[test]
    fn the_dealer_stands_on_soft_17_and_a_hand_reaching_21_stands() {
        let mut r = Round::deal(shoe_of(&[10, 1, 6, 6, 5]), 1_000);
        r.act(Action::Hit).unwrap();
        // 10 + 6 + 5 = 21: stood; the dealer's A, 6 is a soft 17 and stands.
        assert!(r.finished);
        assert_eq!((total(&r.dealer), r.hands[0].result), ((17, true), Some(HandResult::Win)));
    }

    #[test]
    fn perfect_play_returns_about_99_and_a_half_percent() {
        let rtp = rtp();
        assert!((0.994..0.997).contains(&rtp), "{rtp}");
        // Basic strategy's best-known plays: stand on 17 against 10; hit 12 against 2; double 11
        // against 6; split 8s against 10; never split 10s.
        let all = [Action::Hit, Action::Stand, Action::Double, Action::Split];
        assert_eq!(Strategy::new(10).best(&[9, 6], &all[..3]), Action::Stand);
        assert_eq!(Strategy::new(2).best(&[9, 1], &all[..3]), Action::Hit);
        assert_eq!(Strategy::new(6).best(&[4, 5], &all[..3]), Action::Double);
        assert_eq!(Strategy::new(10).best(&[7, 20], &all), Action::Split);
        assert_eq!(Strategy::new(6).best(&[9, 22], &all), Action::Stand);
    }
}
