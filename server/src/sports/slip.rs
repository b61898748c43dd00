//! The bet slip's arithmetic (issue 17): singles, combos and system bets expanded into the combos
//! they stand for, their stakes and potential returns, and settlement of a combo from its legs'
//! results. Pure: prices are in hundredths (2.15 is 215), money in kuruş.

use serde::{Deserialize, Serialize};

/// The most legs in a combo or a system.
pub const MAX_LEGS: usize = 12;

/// A leg as the slip holds it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Leg {
    pub event_id: i64,
    pub selection_id: i64,
    /// Hundredths of the decimal price (2.15 is 215).
    pub price: i64,
}

/// What kind of bet a slip makes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Kind {
    /// One bet per leg, each of the stake.
    Single,
    /// One bet on all the legs together.
    Combo,
    /// Every combo of `size` legs out of the slip's (2/3 is size 2 of three legs), each of the
    /// stake; `size` 0 stands for the full cover named by [`Cover`].
    System { size: u8 },
    /// Trixie (3 legs: three doubles and a treble), Yankee (4 legs: 11 bets), Lucky 15 ...
    Cover { cover: Cover },
}

/// Named full covers: every combo of two legs or more.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Cover {
    /// 3 legs: 3 doubles and a treble (4 bets).
    Trixie,
    /// 4 legs: 6 doubles, 4 trebles and a fourfold (11 bets).
    Yankee,
    /// 5 legs: 26 bets.
    Canadian,
}

impl Cover {
    pub fn legs(self) -> usize {
        match self {
            Cover::Trixie => 3,
            Cover::Yankee => 4,
            Cover::Canadian => 5,
        }
    }
}

/// Why a slip is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SlipError {
    #[error("the slip has no legs")]
    Empty,
    #[error("a combo or system has 2 to {MAX_LEGS} legs")]
    LegCount,
    #[error("two legs of one event cannot be combined")]
    SameEvent(i64),
    #[error("a selection appears twice")]
    SameSelection(i64),
    #[error("the system does not fit the legs")]
    BadSystem,
    #[error("a price is below 1.01")]
    BadPrice,
}

/// The combos a slip stands for: each a list of leg indexes.
pub fn expand(kind: Kind, legs: &[Leg]) -> Result<Vec<Vec<usize>>, SlipError> {
    if legs.is_empty() {
        return Err(SlipError::Empty);
    }
    if legs.iter().any(|l| l.price < 101) {
        return Err(SlipError::BadPrice);
    }
    for (i, a) in legs.iter().enumerate() {
        if legs[..i].iter().any(|b| b.selection_id == a.selection_id) {
            return Err(SlipError::SameSelection(a.selection_id));
        }
    }
    if kind == Kind::Single {
        return Ok((0..legs.len()).map(|i| vec![i]).collect());
    }
    if legs.len() < 2 || legs.len() > MAX_LEGS {
        return Err(SlipError::LegCount);
    }
    for (i, a) in legs.iter().enumerate() {
        if legs[..i].iter().any(|b| b.event_id == a.event_id) {
            return Err(SlipError::SameEvent(a.event_id));
        }
    }
    let n = legs.len();
    Ok(match kind {
        Kind::Single => unreachable!(),
        Kind::Combo => vec![(0..n).collect()],
        Kind::System { size } => {
            let size = size as usize;
            if size < 2 || size >= n {
                return Err(SlipError::BadSystem);
            }
            combinations(n, size)
        }
        Kind::Cover { cover } => {
            if cover.legs() != n {
                return Err(SlipError::BadSystem);
            }
            (2..=n).flat_map(|k| combinations(n, k)).collect()
        }
    })
}

/// Every `k`-subset of `0..n`, in lexicographic order.
pub fn combinations(n: usize, k: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut current = Vec::with_capacity(k);
    fn walk(start: usize, n: usize, k: usize, current: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if current.len() == k {
            out.push(current.clone());
            return;
        }
        for i in start..n {
            if n - i < k - current.len() {
                break;
            }
            current.push(i);
            walk(i + 1, n, k, current, out);
            current.pop();
        }
    }
    walk(0, n, k, &mut current, &mut out);
    out
}

/// A combo's price in hundredths: the product of its legs', rounded down to the hundredth.
pub fn combo_price(legs: &[Leg], combo: &[usize]) -> i64 {
    let mut price: i128 = 100;
    for &i in combo {
        price = price * i128::from(legs[i].price) / 100;
    }
    i64::try_from(price).unwrap_or(i64::MAX)
}

/// The potential return in kuruş of `stake` kuruş on each of the slip's combos, all legs winning.
pub fn potential_return(legs: &[Leg], combos: &[Vec<usize>], stake_each: i64) -> i64 {
    combos.iter().map(|c| payout(stake_each, combo_price(legs, c))).fold(0i64, i64::saturating_add)
}

/// Stake times price (hundredths), rounded down to the kuruş.
pub fn payout(stake: i64, price: i64) -> i64 {
    i64::try_from(i128::from(stake) * i128::from(price) / 100).unwrap_or(i64::MAX)
}

/// A leg's result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LegResult {
    Open,
    Won,
    Lost,
    /// Counts at 1.00.
    Void,
}

/// A combo's state from its legs' results.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ComboOutcome {
    /// Some leg is still open and none lost.
    Open,
    /// A leg lost: the combo is lost at once.
    Lost,
    /// Every leg won or was void: pays the stake times the price of the winning legs (1.00 if all
    /// were void).
    Paid { price: i64 },
}

pub fn combo_outcome(legs: &[Leg], results: &[LegResult], combo: &[usize]) -> ComboOutcome {
    if combo.iter().any(|&i| results[i] == LegResult::Lost) {
        return ComboOutcome::Lost;
    }
    if combo.iter().any(|&i| results[i] == LegResult::Open) {
        return ComboOutcome::Open;
    }
    let winners: Vec<usize> = combo.iter().copied().filter(|&i| results[i] == LegResult::Won).collect();
    ComboOutcome::Paid { price: if winners.is_empty() { 100 } else { combo_price(legs, &winners) } }
}

/// What a slip of `stake_each` on each combo pays once every leg is settled (`None` while any
/// combo that could still pay is open).
pub fn settled_return(legs: &[Leg], results: &[LegResult], combos: &[Vec<usize>], stake_each: i64) -> Option<i64> {
    let mut total = 0i64;
    for c in combos {
        match combo_outcome(legs, results, c) {
            ComboOutcome::Open => return None,
            ComboOutcome::Lost => {}
            ComboOutcome::Paid { price } => total = total.saturating_add(payout(stake_each, price)),
        }
    }
    Some(total)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn legs(prices: &[i64]) -> Vec<Leg> {
        prices.iter().enumerate().map(|(i, &price)| Leg { event_id: 100 + i as i64, selection_id: 1000 + i as i64, price }).collect()
    }

    #[test]
    fn systems_and_covers_expand_into_their_combos() {
        let three = legs(&[200, 150, 300]);
        assert_eq!(expand(Kind::System { size: 2 }, &three).unwrap(), [vec![0, 1], vec![0, 2], vec![1, 2]]);
        assert_eq!(expand(Kind::System { size: 2 }, &legs(&[200; 4])).unwrap().len(), 6, "2/4");
        assert_eq!(expand(Kind::System { size: 3 }, &legs(&[200; 4])).unwrap().len(), 4, "3/4");
        assert_eq!(expand(Kind::Cover { cover: Cover::Trixie }, &three).unwrap().len(), 4);
        assert_eq!(expand(Kind::Cover { cover: Cover::Yankee }, &legs(&[200; 4])).unwrap().len(), 11);
        assert_eq!(expand(Kind::Cover { cover: Cover::Canadian }, &legs(&[200; 5])).unwrap().len(), 26);
        assert_eq!(expand(Kind::Combo, &three).unwrap(), [vec![0, 1, 2]]);
        assert_eq!(expand(Kind::Single, &three).unwrap(), [vec![0], vec![1], vec![2]]);
        assert_eq!(expand(Kind::System { size: 3 }, &three), Err(SlipError::BadSystem));
        assert_eq!(expand(Kind::Cover { cover: Cover::Yankee }, &three), Err(SlipError::BadSystem));
    }

    #[test]
    fn a_combo_refuses_two_legs_of_one_event_and_more_than_twelve_legs() {
        let mut two = legs(&[200, 180]);
        two[1].event_id = two[0].event_id;
        assert_eq!(expand(Kind::Combo, &two), Err(SlipError::SameEvent(100)));
        assert!(expand(Kind::Single, &two).is_ok(), "singles of one event are separate bets");
        assert_eq!(expand(Kind::Combo, &legs(&[150; 13])), Err(SlipError::LegCount));
        assert_eq!(expand(Kind::Combo, &legs(&[150])), Err(SlipError::LegCount));
        let mut twice = legs(&[200, 180]);
        twice[1].selection_id = twice[0].selection_id;
        assert_eq!(expand(Kind::Single, &twice), Err(SlipError::SameSelection(1000)));
        assert_eq!(expand(Kind::Combo, &legs(&[200, 100])), Err(SlipError::BadPrice));
    }

    #[test]
    fn returns_multiply_the_prices_and_round_down() {
        let three = legs(&[200, 150, 333]);
        let combo = expand(Kind::Combo, &three).unwrap();
        assert_eq!(combo_price(&three, &combo[0]), 999, "2.00 × 1.50 × 3.33 = 9.99");
        assert_eq!(potential_return(&three, &combo, 1_000), 9_990);
        let system = expand(Kind::System { size: 2 }, &three).unwrap();
        // 2.00×1.50 = 3.00, 2.00×3.33 = 6.66, 1.50×3.33 = 4.99(5) → 4.99
        assert_eq!(potential_return(&three, &system, 1_000), 3_000 + 6_660 + 4_990);
        assert_eq!(payout(333, 215), 715, "3.33 ₺ at 2.15 is 7.1595 ₺, rounded down");
    }

    #[test]
    fn a_combo_is_lost_at_the_first_lost_leg_and_a_void_leg_counts_at_one() {
        let three = legs(&[200, 150, 300]);
        let combo = expand(Kind::Combo, &three).unwrap();
        use LegResult::*;
        assert_eq!(settled_return(&three, &[Lost, Open, Open], &combo, 1_000), Some(0), "lost at once");
        assert_eq!(settled_return(&three, &[Won, Open, Won], &combo, 1_000), None);
        assert_eq!(settled_return(&three, &[Won, Void, Won], &combo, 1_000), Some(6_000), "2.00 × 1.00 × 3.00");
        assert_eq!(settled_return(&three, &[Void, Void, Void], &combo, 1_000), Some(1_000), "the stake back");
        let trixie = expand(Kind::Cover { cover: Cover::Trixie }, &three).unwrap();
        // One leg lost: only the double of the other two pays (1.50 × 3.00).
        assert_eq!(settled_return(&three, &[Lost, Won, Won], &trixie, 1_000), Some(4_500));
    }

    #[test]
    fn combinations_are_n_choose_k() {
        for (n, k, want) in [(4, 2, 6), (5, 3, 10), (12, 6, 924), (3, 3, 1)] {
            assert_eq!(combinations(n, k).len(), want, "{n} choose {k}");
        }
    }
}
