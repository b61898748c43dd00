//! Blackjack's exact odds: the dealer's outcomes from any start, the best play for each hand, and
//! the return to player they give.

use super::*;

/// Card values 1 (ace) to 10 and their chances.
fn chance(v: u8) -> f64 {
    if v == 10 { 4.0 / 13.0 } else { 1.0 / 13.0 }
}

/// The dealer's final totals from a hard sum and an ace flag: chances of 17, 18, 19, 20, 21 and
/// bust.
fn dealer_from(sum: u8, ace: bool) -> [f64; 6] {
    let best = if ace && sum + 10 <= 21 { sum + 10 } else { sum };
    let mut out = [0.0; 6];
    if sum > 21 {
        out[5] = 1.0;
    } else if best >= 17 {
        out[(best - 17) as usize] = 1.0;
    } else {
        for v in 1..=10u8 {
            let next = dealer_from(sum + v, ace || v == 1);
            for (o, n) in out.iter_mut().zip(next) {
                *o += chance(v) * n;
            }
        }
    }
    out
}

/// The chance the dealer has blackjack under an up card of value `up`.
fn dealer_blackjack_chance(up: u8) -> f64 {
    match up {
        1 => chance(10),
        10 => chance(1),
        _ => 0.0,
    }
}

/// Perfect play against one dealer up card: expected returns (per unit bet) of every choice from
/// every hand, the dealer known not to hold blackjack.
pub struct Strategy {
    /// Standing on totals 0..=21.
    stand: [f64; 22],
    /// Best of hitting and standing, by hard sum (0..=21) and ace flag.
    play: [[f64; 2]; 22],
    /// Hitting once then playing on.
    hit: [[f64; 2]; 22],
    /// Doubling.
    double: [[f64; 2]; 22],
}

impl Strategy {
    pub fn new(up: u8) -> Strategy {
        // The dealer's totals from the up card, the hole card not completing a blackjack.
        let mut dealer = [0.0; 6];
        let excluded = match up {
            1 => 10,
            10 => 1,
            _ => 0,
        };
        let norm = 1.0 - if excluded > 0 { chance(excluded) } else { 0.0 };
        for hole in (1..=10u8).filter(|&h| h != excluded) {
            let d = dealer_from(up + hole, up == 1 || hole == 1);
            for (o, x) in dealer.iter_mut().zip(d) {
                *o += chance(hole) / norm * x;
            }
        }
        let mut stand = [0.0; 22];
        for (t, s) in stand.iter_mut().enumerate() {
            let mut ev = dealer[5];
            for (i, p) in dealer[..5].iter().enumerate() {
                let d = 17 + i;
                ev += p * match t.cmp(&d) {
                    std::cmp::Ordering::Greater => 1.0,
                    std::cmp::Ordering::Equal => 0.0,
                    std::cmp::Ordering::Less => -1.0,
                };
            }
            *s = ev;
        }
        let best = |sum: usize, ace: bool| if ace && sum + 10 <= 21 { sum + 10 } else { sum };
        let mut play = [[0.0; 2]; 22];
        let mut hit = [[0.0; 2]; 22];
        let mut double = [[0.0; 2]; 22];
        for sum in (2..=21usize).rev() {
            for ace in [false, true] {
                let (mut h, mut d) = (0.0, 0.0);
                for v in 1..=10usize {
                    let (n, a) = (sum + v, ace || v == 1);
                    if n > 21 {
                        h -= chance(v as u8);
                        d -= 2.0 * chance(v as u8);
                    } else {
                        // A hand reaching 21 stands.
                        let next = if best(n, a) == 21 { stand[21] } else { play[n][usize::from(a)] };
                        h += chance(v as u8) * next;
                        d += 2.0 * chance(v as u8) * stand[best(n, a)];
                    }
                }
                let s = stand[best(sum, ace)];
                hit[sum][usize::from(ace)] = h;
                double[sum][usize::from(ace)] = d;
                play[sum][usize::from(ace)] = if best(sum, ace) == 21 { s } else { s.max(h) };
            }
        }
        Strategy { stand, play, hit, double }
    }

    /// The expected return of each choice for a hand of these cards (two or more), the split's
    /// as the sum of both hands.
    pub fn choices(&self, cards: &[Card], allowed: &[Action]) -> Vec<(Action, f64)> {
        let sum: usize = cards.iter().map(|&c| usize::from(value(c))).sum();
        let ace = usize::from(cards.iter().any(|&c| value(c) == 1));
        let (t, _) = total(cards);
        allowed
            .iter()
            .map(|&a| {
                let ev = match a {
                    Action::Stand => self.stand[usize::from(t.min(21))],
                    Action::Hit => self.hit[sum.min(21)][ace],
                    Action::Double => self.double[sum.min(21)][ace],
                    Action::Split => 2.0 * self.split_hand(value(cards[0])),
                };
                (a, ev)
            })
            .collect()
    }

    /// The best choice among those allowed.
    pub fn best(&self, cards: &[Card], allowed: &[Action]) -> Action {
        self.choices(cards, allowed).into_iter().max_by(|a, b| a.1.total_cmp(&b.1)).map_or(Action::Stand, |c| c.0)
    }

    /// One hand of a split pair of value `v`: its second card, then perfect play (split aces stand).
    fn split_hand(&self, v: u8) -> f64 {
        let best = |sum: usize, ace: bool| if ace && sum + 10 <= 21 { sum + 10 } else { sum };
        (1..=10u8)
            .map(|x| {
                let (sum, ace) = (usize::from(v + x), v == 1 || x == 1);
                let ev = if v == 1 || best(sum, ace) == 21 {
                    self.stand[best(sum, ace)]
                } else {
                    self.play[sum][usize::from(ace)].max(self.double[sum][usize::from(ace)])
                };
                chance(x) * ev
            })
            .sum()
    }

    /// The best first decision's return for two cards (split included when a pair).
    fn first(&self, c1: u8, c2: u8) -> f64 {
        let (sum, ace) = (usize::from(c1 + c2), c1 == 1 || c2 == 1);
        let a = usize::from(ace);
        let mut ev = self.play[sum][a].max(self.double[sum][a]);
        if c1 == c2 {
            ev = ev.max(2.0 * self.split_hand(c1));
        }
        ev
    }
}

/// The exact return to player with perfect play.
pub fn rtp() -> f64 {
    let mut ev = 0.0;
    for up in 1..=10u8 {
        let s = Strategy::new(up);
        let bj = dealer_blackjack_chance(up);
        for c1 in 1..=10u8 {
            for c2 in 1..=10u8 {
                let p = chance(up) * chance(c1) * chance(c2);
                let natural = (c1 == 1 && c2 == 10) || (c1 == 10 && c2 == 1);
                ev += p * if natural { (1.0 - bj) * 1.5 } else { -bj + (1.0 - bj) * s.first(c1, c2) };
            }
        }
    }
    1.0 + ev
}
