//! Keno: the player picks 1 to 10 of the numbers 1–80, twenty are drawn, and the stake is paid by
//! the paytable of the pick count and the hits. Each pick count's return to player is exact (the
//! hypergeometric chance of each hit count times its pay) and between 95 % and 96.5 %.

use super::fair::Rng;

/// Numbers on the card: 1 to 80.
pub const NUMBERS: u8 = 80;
/// Numbers drawn per round.
pub const DRAWN: usize = 20;
/// The most numbers a player may pick.
pub const MAX_PICKS: usize = 10;

/// Pays in hundredths of the stake (the stake included): `PAYS[picks][hits]`.
pub const PAYS: [[u64; 11]; 11] = [
    [0; 11],
    [0, 380, 0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 100, 950, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 300, 3_900, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 200, 800, 6_000, 0, 0, 0, 0, 0, 0],
    [0, 0, 100, 350, 1_600, 32_000, 0, 0, 0, 0, 0],
    [0, 0, 50, 200, 900, 5_000, 100_000, 0, 0, 0, 0],
    [0, 0, 0, 150, 600, 2_200, 17_000, 300_000, 0, 0, 0],
    [0, 0, 0, 100, 350, 1_100, 6_000, 60_000, 500_000, 0, 0],
    [0, 0, 0, 60, 200, 700, 3_000, 20_000, 200_000, 500_000, 0],
    [300, 0, 0, 50, 80, 300, 1_500, 10_000, 50_000, 200_000, 500_000],
];

/// The picks as a sorted list, or `None` unless they are 1 to 10 distinct numbers of 1–80.
pub fn picks(numbers: &[u8]) -> Option<Vec<u8>> {
    let mut n = numbers.to_vec();
    n.sort_unstable();
    n.dedup();
    let ok = !n.is_empty() && n.len() == numbers.len() && n.len() <= MAX_PICKS && n.iter().all(|&x| (1..=NUMBERS).contains(&x));
    ok.then_some(n)
}

/// The draw: twenty distinct numbers of 1–80 in the order drawn (a partial Fisher–Yates shuffle,
/// draw `i` taking `below(80 - i)`).
pub fn draw(rng: &mut impl Rng) -> Vec<u8> {
    let mut pool: Vec<u8> = (1..=NUMBERS).collect();
    for i in 0..DRAWN {
        let j = i + rng.below(u32::from(NUMBERS) - i as u32) as usize;
        pool.swap(i, j);
    }
    pool.truncate(DRAWN);
    pool
}

/// How many of `picks` were drawn.
pub fn hits(picks: &[u8], drawn: &[u8]) -> usize {
    picks.iter().filter(|p| drawn.contains(p)).count()
}

/// What a stake returns for `picks` numbers with `hits` hits (exact: stakes are whole lira).
pub fn returns(picks: usize, hits: usize, stake: i64) -> i64 {
    let pay = PAYS.get(picks).and_then(|row| row.get(hits)).copied().unwrap_or(0);
    stake * pay as i64 / 100
}

/// C(n, k) as a float (exact for the sizes here).
fn choose(n: u64, k: u64) -> f64 {
    (0..k).fold(1.0, |acc, i| acc * (n - i) as f64 / (i + 1) as f64)
}

/// The exact return to player of a `picks`-number card: Σ P(hits) × pay.
pub fn rtp(picks: usize) -> f64 {
    let k = picks as u64;
    let all = choose(u64::from(NUMBERS), k);
    (0..=picks)
        .map(|h| {
            let h = h as u64;
            choose(DRAWN as u64, h) * choose(u64::from(NUMBERS) - DRAWN as u64, k - h) / all * PAYS[picks][h as usize] as f64 / 100.0
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_pick_count_returns_between_95_and_96_and_a_half_percent() {
        for p in 1..=MAX_PICKS {
            let r = rtp(p);
            assert!((0.95..0.965).contains(&r), "{p} picks: {r}");
        }
        assert!((rtp(1) - 0.95).abs() < 1e-12);
        // 2 picks: 1 hit ×1 (30/79), 2 hits ×9.5 (19/316).
        assert!((rtp(2) - (30.0 / 79.0 + 9.5 * 19.0 / 316.0)).abs() < 1e-12);
    }

    #[test]
    fn picks_must_be_distinct_numbers_on_the_card() {
        assert_eq!(picks(&[80, 1, 40]), Some(vec![1, 40, 80]));
        assert!(picks(&[]).is_none());
        assert!(picks(&[0]).is_none());
        assert!(picks(&[81]).is_none());
        assert!(picks(&[5, 5]).is_none());
        assert!(picks(&(1..=11).collect::<Vec<_>>()).is_none());
        assert!(picks(&(1..=10).collect::<Vec<_>>()).is_some());
    }
}
