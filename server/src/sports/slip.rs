//! The bet slip's arithmetic (issue 17): singles, combos and system bets expanded into the combos
//! they stand for, their stakes and potential returns, and settlement of a combo from its legs'
//! results. Pure: prices are in hundredths (2.15 is 215), money in kuruş; a combo's price is the
//! exact product of its legs', and only the money is rounded, once, to the nearest kuruş.

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

/// A combo's price as the exact product of its legs' prices: `num / 100^legs` (issue 30: the
/// odds are never cut between legs, only the money is rounded, once, at the end).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Price {
    /// The product of the legs' hundredths; `None` past i128, a price no stake could be paid at.
    num: Option<i128>,
    /// How many hundredths were multiplied (the denominator is 100 to this power).
    legs: u32,
}

impl Price {
    /// Evens: the price of a combo whose legs were all void (the stake back).
    pub const ONE: Price = Price { num: Some(1), legs: 0 };

    /// Stake times this price in kuruş, rounded once to the nearest kuruş (halves up); saturates
    /// at `i64::MAX`, above any payout the book allows.
    pub fn pay(self, stake: i64) -> i64 {
        let denominator = 100i128.checked_pow(self.legs);
        let exact = self.num.zip(denominator).and_then(|(num, den)| {
            let top = num.checked_mul(i128::from(stake))?;
            top.checked_add(den / 2).map(|t| t / den)
        });
        exact.and_then(|v| i64::try_from(v).ok()).unwrap_or(i64::MAX)
    }

    /// The price rounded to the hundredth, as a slip shows it (2 × 1.385 shows 2.77).
    pub fn hundredths(self) -> i64 {
        // A stake of one lira (100 kuruş) pays the price in hundredths of a lira.
        self.pay(100)
    }
}

/// A combo's price: the exact product of its legs' prices.
pub fn combo_price(legs: &[Leg], combo: &[usize]) -> Price {
    combo
        .iter()
        .fold(Price::ONE, |acc, &i| Price { num: acc.num.and_then(|n| n.checked_mul(i128::from(legs[i].price))), legs: acc.legs + 1 })
}

/// The potential return in kuruş of `stake` kuruş on each of the slip's combos, all legs winning.
pub fn potential_return(legs: &[Leg], combos: &[Vec<usize>], stake_each: i64) -> i64 {
    combos.iter().map(|c| combo_price(legs, c).pay(stake_each)).fold(0i64, i64::saturating_add)
}

/// Stake times price (hundredths), rounded to the nearest kuruş: a single's return.
pub fn payout(stake: i64, price: i64) -> i64 {
    Price { num: Some(i128::from(price)), legs: 1 }.pay(stake)
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
    Paid { price: Price },
}

pub fn combo_outcome(legs: &[Leg], results: &[LegResult], combo: &[usize]) -> ComboOutcome {
    if combo.iter().any(|&i| results[i] == LegResult::Lost) {
        return ComboOutcome::Lost;
    }
    if combo.iter().any(|&i| results[i] == LegResult::Open) {
        return ComboOutcome::Open;
    }
    let winners: Vec<usize> = combo.iter().copied().filter(|&i| results[i] == LegResult::Won).collect();
    ComboOutcome::Paid { price: combo_price(legs, &winners) }
}

/// What a slip of `stake_each` on each combo pays once every leg is settled (`None` while any
/// combo that could still pay is open).
pub fn settled_return(legs: &[Leg], results: &[LegResult], combos: &[Vec<usize>], stake_each: i64) -> Option<i64> {
    let mut total = 0i64;
    for c in combos {
        match combo_outcome(legs, results, c) {
            ComboOutcome::Open => return None,
            ComboOutcome::Lost => {}
            ComboOutcome::Paid { price } => total = total.saturating_add(price.pay(stake_each)),
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
    fn returns_multiply_the_prices_exactly_and_round_once_to_the_kurus() {
        let three = legs(&[200, 150, 333]);
        let combo = expand(Kind::Combo, &three).unwrap();
        assert_eq!(combo_price(&three, &combo[0]).hundredths(), 999, "2.00 × 1.50 × 3.33 = 9.99");
        assert_eq!(potential_return(&three, &combo, 1_000), 9_990);
        let system = expand(Kind::System { size: 2 }, &three).unwrap();
        // 2.00×1.50 = 3.00, 2.00×3.33 = 6.66, 1.50×3.33 = 4.995: 10 ₺ on it pays 49.95 ₺ exactly.
        assert_eq!(potential_return(&three, &system, 1_000), 3_000 + 6_660 + 4_995);
        assert_eq!(payout(333, 215), 716, "3.33 ₺ at 2.15 is 7.1595 ₺, to the nearest kuruş");
    }

    #[test]
    fn a_combo_pays_the_exact_product_of_the_prices_shown() {
        // Issue 30: 1,38 × 2,27 × 3,26 = 10,212396; 20 ₺ on it is 204,24792 ₺, paid as 204,25 ₺
        // (cutting the odds to hundredths after each leg gave 10,20 and 204,00 ₺).
        let three = legs(&[138, 227, 326]);
        let combo = expand(Kind::Combo, &three).unwrap();
        assert_eq!(potential_return(&three, &combo, 2_000), 20_425);
        assert_eq!(combo_price(&three, &combo[0]).hundredths(), 1_021, "shown as 10,21");
        let outcome = combo_outcome(&three, &[LegResult::Won; 3], &combo[0]);
        let ComboOutcome::Paid { price } = outcome else { panic!("all legs won: {outcome:?}") };
        assert_eq!(price.pay(2_000), 20_425, "settlement pays what the slip promised");
    }

    #[test]
    fn a_yankee_returns_the_sum_of_its_exact_combos() {
        let four = legs(&[138, 227, 326, 185]);
        let yankee = expand(Kind::Cover { cover: Cover::Yankee }, &four).unwrap();
        let by_hand: i64 = yankee
            .iter()
            .map(|c| {
                let product: f64 = c.iter().map(|&i| four[i].price as f64 / 100.0).product();
                (200.0 * product).round() as i64
            })
            .sum();
        assert_eq!(potential_return(&four, &yankee, 200), by_hand);
        assert_eq!(settled_return(&four, &[LegResult::Won; 4], &yankee, 200), Some(by_hand));
    }

    #[test]
    fn a_price_past_any_number_saturates_above_the_book_maximum() {
        let twelve = legs(&[100_000; 12]);
        let combo = expand(Kind::Combo, &twelve).unwrap();
        assert_eq!(potential_return(&twelve, &combo, 100), i64::MAX);
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
