//! European roulette (single zero): the wheel's 37 pockets, the table's inside bets (straight,
//! split, street, corner, line) and outside bets (dozen, column, red/black, odd/even, low/high),
//! and a spin. Every bet covering `n` numbers pays `36 / n` times its stake (the stake included),
//! so each returns exactly 36/37 (97.30 %).

use super::fair::Rng;

/// Pockets on the wheel: 0 to 36.
pub const POCKETS: u32 = 37;

/// The red numbers (the rest of 1–36 are black, 0 is green).
pub const RED: [u8; 18] = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36];

/// The pockets in the order they sit on a European wheel, clockwise from zero.
pub const WHEEL: [u8; 37] = [
    0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22, 18, 29, 7, 28, 12, 35, 3,
    26,
];

/// The bet kinds, as the client names them.
pub const KINDS: [&str; 13] =
    ["straight", "split", "street", "corner", "line", "dozen", "column", "red", "black", "odd", "even", "low", "high"];

/// Whether `n` (1–36) is red.
pub fn is_red(n: u8) -> bool {
    RED.contains(&n)
}

/// The numbers a bet covers, or `None` when `numbers` is not a bet of that kind on the table.
/// Inside bets name their numbers (in any order); a dozen or a column names its index (1–3);
/// the even-money bets name none.
pub fn covered(kind: &str, numbers: &[u8]) -> Option<Vec<u8>> {
    let mut n = numbers.to_vec();
    n.sort_unstable();
    let all = |f: &dyn Fn(u8) -> bool| -> Option<Vec<u8>> { numbers.is_empty().then(|| (1..=36).filter(|&x| f(x)).collect()) };
    let valid = match kind {
        "straight" => n.len() == 1 && n[0] <= 36,
        "split" => {
            n.len() == 2
                && n[1] <= 36
                && n[0] != n[1]
                && ((n[0] == 0 && n[1] <= 3) || (n[0] >= 1 && (n[1] == n[0] + 3 || (n[1] == n[0] + 1 && !n[0].is_multiple_of(3)))))
        }
        "street" => n.len() == 3 && (n == [0, 1, 2] || n == [0, 2, 3] || (n[0] % 3 == 1 && n[0] <= 34 && n == [n[0], n[0] + 1, n[0] + 2])),
        "corner" => {
            n.len() == 4
                && (n == [0, 1, 2, 3] || (n[0] >= 1 && !n[0].is_multiple_of(3) && n[0] <= 32 && n == [n[0], n[0] + 1, n[0] + 3, n[0] + 4]))
        }
        "line" => n.len() == 6 && n[0] % 3 == 1 && n[0] <= 31 && n.iter().enumerate().all(|(i, &x)| x == n[0] + i as u8),
        "dozen" => {
            return (numbers.len() == 1 && (1..=3).contains(&numbers[0])).then(|| {
                let d = numbers[0];
                ((d - 1) * 12 + 1..=d * 12).collect()
            });
        }
        "column" => {
            return (numbers.len() == 1 && (1..=3).contains(&numbers[0]))
                .then(|| (1..=36).filter(|x| (x - 1) % 3 + 1 == numbers[0]).collect());
        }
        "red" => return all(&is_red),
        "black" => return all(&|x| !is_red(x)),
        "odd" => return all(&|x| x % 2 == 1),
        "even" => return all(&|x| x % 2 == 0),
        "low" => return all(&|x| x <= 18),
        "high" => return all(&|x| x >= 19),
        _ => false,
    };
    valid.then_some(n)
}

/// What a stake on `covered` numbers returns when `number` comes: `stake * 36 / n` (the stake
/// included), else 0. Every valid bet covers a divisor of 36, so this is exact.
pub fn returns(covered: &[u8], stake: i64, number: u8) -> i64 {
    if covered.contains(&number) { stake * 36 / covered.len() as i64 } else { 0 }
}

/// A spin: the winning number, 0 to 36.
pub fn spin(rng: &mut impl Rng) -> u8 {
    rng.below(POCKETS) as u8
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(kind: &str) -> usize {
        let mut found = std::collections::BTreeSet::new();
        // Candidate sets: one or two numbers, three with a pair, a corner's two pairs, a run of six.
        for a in 0..=36u8 {
            for b in a..=36u8 {
                let cands: Vec<Vec<u8>> =
                    vec![vec![a], vec![a, b], vec![a, a + 1, b], vec![a, b, b + 1], vec![a, a + 1, b, b + 1], (a..a + 6).collect()];
                for c in cands {
                    if let Some(cov) = covered(kind, &c) {
                        found.insert(cov);
                    }
                }
            }
        }
        found.len()
    }

    #[test]
    fn the_table_has_the_standard_number_of_each_inside_bet() {
        assert_eq!(count("straight"), 37);
        // 57 splits between numbers, plus 0-1, 0-2 and 0-3.
        assert_eq!(count("split"), 60);
        // 12 rows, plus 0-1-2 and 0-2-3.
        assert_eq!(count("street"), 14);
        // 22 corners, plus the first four (0-1-2-3).
        assert_eq!(count("corner"), 23);
        assert_eq!(count("line"), 11);
    }

    #[test]
    fn outside_bets_cover_what_their_names_say() {
        assert_eq!(covered("dozen", &[2]).unwrap(), (13..=24).collect::<Vec<_>>());
        assert_eq!(covered("column", &[1]).unwrap(), (0..12).map(|i| 1 + 3 * i).collect::<Vec<u8>>());
        assert_eq!(covered("red", &[]).unwrap(), RED.to_vec());
        assert_eq!(covered("black", &[]).unwrap().len(), 18);
        assert_eq!(covered("low", &[]).unwrap(), (1..=18).collect::<Vec<_>>());
        assert!(covered("dozen", &[4]).is_none());
        assert!(covered("red", &[1]).is_none());
        assert!(covered("split", &[3, 4]).is_none(), "3 and 4 are not side by side");
        assert!(covered("split", &[5, 5]).is_none());
        assert!(covered("street", &[2, 3, 4]).is_none());
        assert!(covered("corner", &[3, 4, 6, 7]).is_none());
        assert!(covered("straight", &[37]).is_none());
        assert!(covered("trio", &[1]).is_none());
        assert_eq!(covered("split", &[20, 17]).unwrap(), vec![17, 20]);
    }

    #[test]
    fn every_bet_returns_36_of_37_exactly() {
        for kind in KINDS {
            for nums in [vec![], vec![1], vec![2], vec![3], vec![0], vec![17], vec![0, 2], vec![14, 17], vec![0, 1, 2, 3], vec![25, 26, 27]]
            {
                if let Some(cov) = covered(kind, &nums) {
                    let total: i64 = (0..37).map(|n| returns(&cov, 100, n)).sum();
                    assert_eq!(total, 3_600, "{kind} {nums:?}: returns over the 37 numbers");
                }
            }
        }
    }

    #[test]
    fn the_wheel_holds_each_number_once() {
        let mut seen = WHEEL.to_vec();
        seen.sort_unstable();
        assert_eq!(seen, (0..=36).collect::<Vec<_>>());
    }
}
