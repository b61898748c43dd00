//! Baccarat (punto banco) from a fresh eight-deck shoe each round: the cards dealt by the fixed
//! tableau, and the three bets. A player bet returns 2× on a player win, a banker bet 1.95× on a
//! banker win (5 % commission), a tie bet 10× (9 to 1); on a tie the player and banker bets are
//! returned. The exact returns, from every possible deal: banker 98.94 %, player 98.76 %, tie
//! 95.16 %.

use super::fair::Rng;

/// Decks in the shoe.
pub const DECKS: u32 = 8;
/// Cards in the shoe.
pub const SHOE: u32 = 52 * DECKS;

/// The bets, as the client names them, and what each returns when it wins, in hundredths of the
/// stake (the stake included).
pub const BETS: [(&str, i64); 3] = [("player", 200), ("banker", 195), ("tie", 1_000)];

/// A card (0–51): rank `card % 13` (0 ace … 12 king), suit `card / 13`.
pub type Card = u8;

/// A card's baccarat value: ace 1, two to nine their face, ten and the court cards 0.
pub fn value(card: Card) -> u8 {
    let rank = card % 13;
    if rank < 9 { rank + 1 } else { 0 }
}

/// A hand's total: the sum of its values, last digit.
pub fn total(cards: &[Card]) -> u8 {
    cards.iter().map(|&c| value(c)).sum::<u8>() % 10
}

/// Who won a deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Winner {
    Player,
    Banker,
    Tie,
}

/// Whether the banker draws a third card, on his two-card total and the player's third card's
/// value (`None` when the player stood).
fn banker_draws(banker: u8, player_third: Option<u8>) -> bool {
    match player_third {
        None => banker <= 5,
        Some(p) => match banker {
            0..=2 => true,
            3 => p != 8,
            4 => (2..=7).contains(&p),
            5 => (4..=7).contains(&p),
            6 => p == 6 || p == 7,
            _ => false,
        },
    }
}

/// Deals by the tableau, taking each next card from `next`: player, banker, player, banker, then
/// the player's third card and the banker's, when the rules call for them. Returns the hands.
pub fn deal(mut next: impl FnMut() -> Card) -> (Vec<Card>, Vec<Card>) {
    let (p1, b1, p2, b2) = (next(), next(), next(), next());
    let mut player = vec![p1, p2];
    let mut banker = vec![b1, b2];
    let (pt, bt) = (total(&player), total(&banker));
    if pt >= 8 || bt >= 8 {
        return (player, banker);
    }
    let mut player_third = None;
    if pt <= 5 {
        let c = next();
        player.push(c);
        player_third = Some(value(c));
    }
    if banker_draws(bt, player_third) {
        banker.push(next());
    }
    (player, banker)
}

/// The winner of two hands.
pub fn winner(player: &[Card], banker: &[Card]) -> Winner {
    let (p, b) = (total(player), total(banker));
    match p.cmp(&b) {
        std::cmp::Ordering::Greater => Winner::Player,
        std::cmp::Ordering::Less => Winner::Banker,
        std::cmp::Ordering::Equal => Winner::Tie,
    }
}

/// A round from the fair stream: the cards drawn one by one from a fresh shoe of eight decks
/// (each draw `rng.below(cards left)`, counted through the shoe in card order).
pub fn play(rng: &mut impl Rng) -> (Vec<Card>, Vec<Card>) {
    let mut left = [DECKS as u8; 52];
    let mut remaining = SHOE;
    deal(|| {
        let mut at = rng.below(remaining);
        remaining -= 1;
        for (card, n) in left.iter_mut().enumerate() {
            if at < u32::from(*n) {
                *n -= 1;
                return card as Card;
            }
            at -= u32::from(*n);
        }
        unreachable!("the draw is below the cards left")
    })
}

/// Whether `kind` is one of the bets.
pub fn is_bet(kind: &str) -> bool {
    BETS.iter().any(|(k, _)| *k == kind)
}

/// What a stake of `amount` on `kind` returns (the stake included) for this winner.
pub fn returns(kind: &str, amount: i64, won: Winner) -> i64 {
    let pays = |k: &str| BETS.iter().find(|(b, _)| *b == k).map_or(0, |&(_, p)| p);
    match (kind, won) {
        ("player", Winner::Player) | ("banker", Winner::Banker) | ("tie", Winner::Tie) => amount * pays(kind) / 100,
        ("player" | "banker", Winner::Tie) => amount,
        _ => 0,
    }
}

/// The exact chances of a player win, a banker win and a tie from a fresh eight-deck shoe, by
/// walking every deal: cards by value (16 per deck are worth 0, 4 each 1 to 9), each path weighted
/// by its draws without replacement.
pub fn chances() -> (f64, f64, f64) {
    fn walk(counts: &mut [u32; 10], left: u32, taken: &mut Vec<u8>, p: f64, out: &mut [f64; 3]) {
        // A card per value, as a representative card: the value's rank (0 → the ten).
        let card_of = |v: u8| if v == 0 { 9 } else { v - 1 };
        let cards: Vec<Card> = taken.iter().map(|&v| card_of(v)).collect();
        // Deal with the cards taken so far; stop at the first card not yet taken.
        let mut i = 0;
        let mut short = false;
        let (player, banker) = deal(|| {
            let c = cards.get(i).copied().unwrap_or_else(|| {
                short = true;
                0
            });
            i += 1;
            c
        });
        if !short {
            let slot = match winner(&player, &banker) {
                Winner::Player => 0,
                Winner::Banker => 1,
                Winner::Tie => 2,
            };
            out[slot] += p;
            return;
        }
        for v in 0..10u8 {
            let n = counts[v as usize];
            if n == 0 {
                continue;
            }
            counts[v as usize] -= 1;
            taken.push(v);
            walk(counts, left - 1, taken, p * f64::from(n) / f64::from(left), out);
            taken.pop();
            counts[v as usize] += 1;
        }
    }
    let mut counts = [4 * DECKS; 10];
    counts[0] = 16 * DECKS;
    let mut out = [0.0; 3];
    walk(&mut counts, SHOE, &mut Vec::with_capacity(6), 1.0, &mut out);
    (out[0], out[1], out[2])
}

/// Each bet's exact return, in [`BETS`] order.
pub fn rtps() -> [f64; 3] {
    let (p, b, t) = chances();
    [2.0 * p + t, 1.95 * b + t, 10.0 * t]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A card of this value (the ten for 0), spades.
    fn c(v: u8) -> Card {
        if v == 0 { 9 } else { v - 1 }
    }

    #[test]
    fn the_tableau_draws_as_the_rules_say() {
        // A natural stops the deal.
        let mut cards = [c(4), c(3), c(4), c(5), c(1), c(1)].into_iter();
        let (p, b) = deal(|| cards.next().unwrap());
        assert_eq!((p.len(), b.len(), total(&p), total(&b)), (2, 2, 8, 8));
        // The player stands on 6 or 7; the banker then draws on 0–5.
        let mut cards = [c(3), c(2), c(3), c(3), c(9)].into_iter();
        let (p, b) = deal(|| cards.next().unwrap());
        assert_eq!((p.len(), b.len()), (2, 3));
        // The banker on 3 stands when the player's third card is an 8.
        let mut cards = [c(1), c(1), c(1), c(2), c(8)].into_iter();
        let (p, b) = deal(|| cards.next().unwrap());
        assert_eq!((p.len(), b.len()), (3, 2));
        // The banker on 6 draws on the player's third 6 or 7 only.
        let mut cards = [c(0), c(3), c(2), c(3), c(7), c(1)].into_iter();
        let (p, b) = deal(|| cards.next().unwrap());
        assert_eq!((p.len(), b.len(), total(&b)), (3, 3, 7));
    }

    #[test]
    fn a_tie_returns_the_player_and_banker_stakes() {
        assert_eq!(returns("player", 1_000, Winner::Tie), 1_000);
        assert_eq!(returns("banker", 1_000, Winner::Tie), 1_000);
        assert_eq!(returns("tie", 1_000, Winner::Tie), 10_000);
        assert_eq!(returns("banker", 1_000, Winner::Banker), 1_950);
        assert_eq!(returns("player", 1_000, Winner::Banker), 0);
        assert_eq!(returns("tie", 1_000, Winner::Player), 0);
    }

    #[test]
    fn the_exact_chances_are_the_eight_deck_figures() {
        let (p, b, t) = chances();
        assert!((p + b + t - 1.0).abs() < 1e-12);
        // The published eight-deck figures.
        assert!((b - 0.458_597).abs() < 1e-6, "banker {b}");
        assert!((p - 0.446_247).abs() < 1e-6, "player {p}");
        assert!((t - 0.095_156).abs() < 1e-6, "tie {t}");
        let r = rtps();
        assert!((r[0] - 0.987_6).abs() < 1e-4 && (r[1] - 0.989_4).abs() < 1e-4 && (r[2] - 0.951_6).abs() < 1e-4, "{r:?}");
    }
}
