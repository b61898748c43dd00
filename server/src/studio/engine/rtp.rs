//! The exact return to player of a slot, from its reels and paytable (no sampling).
//!
//! Every stop of a strip is equally likely and the reels stop independently, so:
//! * on any payline, the symbol a reel shows is distributed as the strip's symbol counts; the
//!   line pay summed over all stop combinations is `Σ over symbol 5-tuples of Π count × pay`,
//!   enumerating each reel's distinct symbols (exact integers, "best pay per line" with wilds
//!   included because the very same line evaluation is applied to each tuple). All paylines
//!   share that distribution, so the spin's line total is `lines ×` the one-line total;
//! * the scatter count is the convolution over reels of each reel's count of scatters in its
//!   3-row window, counted over the strip's stops (exact integers);
//! * free spins: the spins of a round are independent and whether spin `k` is played depends
//!   only on the spins before it, so (Wald) the free spins pay `E[number of free spins] ×
//!   E[pay of one free spin]`; the number of free spins, with retriggers and the round's cap,
//!   comes from a dynamic programme over (spins played, spins awarded).

use super::slot::{REELS, ROWS, Slot};

/// One spin's statistics on a set of strips, summed over all stop combinations (exact).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct SpinStats {
    /// The number of stop combinations: the product of the strip lengths.
    pub combos: u128,
    /// Σ over all stop combinations of the spin's line pays (line-bet units, no multiplier).
    pub line_total: u128,
    /// By scatter count `c` (0..=15): how many stop combinations show `c` scatters.
    pub scatter_combos: Vec<u128>,
}

/// A slot's exact figures (the parts other than `rtp` are read by the tests).
#[derive(Debug, Clone)]
#[cfg_attr(not(test), allow(dead_code))]
pub(crate) struct Analysis {
    /// The base game's spin statistics.
    pub base: SpinStats,
    /// The free spins' spin statistics.
    pub free: SpinStats,
    /// Expected base-spin win per round, in line-bet units.
    pub base_units: f64,
    /// Expected win of one free spin (multiplier included), in line-bet units.
    pub free_spin_units: f64,
    /// Expected number of free spins per round.
    pub free_spins: f64,
    /// Probability that the base spin awards free spins.
    pub trigger: f64,
    /// The return to player: expected win over the total bet (`lines` units).
    pub rtp: f64,
}

/// The exact statistics of one spin on these strips.
pub(crate) fn spin_stats(slot: &Slot, reels: &[Vec<u8>; REELS]) -> SpinStats {
    let symbols = slot.def.symbols.len();
    // Each reel's distinct symbols with their counts on the strip.
    let counts: Vec<Vec<(u8, u128)>> = reels
        .iter()
        .map(|strip| {
            let mut count = vec![0u128; symbols];
            for &s in strip {
                count[s as usize] += 1;
            }
            count.iter().enumerate().filter(|(_, c)| **c > 0).map(|(s, c)| (s as u8, *c)).collect()
        })
        .collect();
    let mut one_line = 0u128;
    let mut cells = [0u8; REELS];
    let mut index = [0usize; REELS];
    'tuples: loop {
        let mut weight = 1u128;
        for reel in 0..REELS {
            let (s, c) = counts[reel][index[reel]];
            cells[reel] = s;
            weight *= c;
        }
        if let Some((_, _, units)) = slot.line_pay(&cells) {
            one_line += weight * u128::from(units);
        }
        // The next tuple, like an odometer.
        for reel in (0..REELS).rev() {
            index[reel] += 1;
            if index[reel] < counts[reel].len() {
                continue 'tuples;
            }
            index[reel] = 0;
        }
        break;
    }
    let mut scatter_combos = vec![1u128];
    for strip in reels {
        let len = strip.len();
        let mut per_reel = [0u128; ROWS + 1];
        for stop in 0..len {
            let shown = (0..ROWS).filter(|row| Some(strip[(stop + row) % len]) == slot.scatter).count();
            per_reel[shown] += 1;
        }
        let mut next = vec![0u128; scatter_combos.len() + ROWS];
        for (a, &x) in scatter_combos.iter().enumerate() {
            for (b, &y) in per_reel.iter().enumerate() {
                next[a + b] += x * y;
            }
        }
        scatter_combos = next;
    }
    SpinStats { combos: reels.iter().map(|s| s.len() as u128).product(), line_total: one_line * u128::from(slot.lines()), scatter_combos }
}

/// Expected number of free spins played from `initial` awarded ones, when each free spin awards
/// `a` more with probability `p` for each `(a, p)` of `awards` and the round stops at `cap`.
pub(crate) fn expected_free_spins(initial: u32, awards: &[(u32, f64)], cap: u32) -> f64 {
    let cap = cap as usize;
    // mass[t]: probability that, after `played` spins, `t` have been awarded (t > played: going on).
    let mut mass = vec![0.0; cap + 1];
    mass[(initial as usize).min(cap)] = 1.0;
    let mut expected = 0.0;
    for played in 0..=cap {
        expected += played as f64 * mass[played];
        mass[played] = 0.0;
        if played == cap {
            break;
        }
        let mut next = vec![0.0; cap + 1];
        for (t, &m) in mass.iter().enumerate().skip(played + 1) {
            if m == 0.0 {
                continue;
            }
            for &(a, p) in awards {
                next[(t + a as usize).min(cap)] += m * p;
            }
        }
        mass = next;
    }
    expected
}

/// A spin's expected win (line-bet units) from its statistics, before any multiplier.
fn expected_units(slot: &Slot, stats: &SpinStats) -> f64 {
    let scatter: u128 = stats.scatter_combos.iter().enumerate().map(|(c, &n)| n * u128::from(slot.scatter_units(c))).sum();
    (stats.line_total + scatter) as f64 / stats.combos as f64
}

/// A spin's free-spin awards with their probabilities (awards of the same size merged).
fn award_distribution(slot: &Slot, stats: &SpinStats) -> Vec<(u32, f64)> {
    let mut awards: Vec<(u32, u128)> = Vec::new();
    for (c, &n) in stats.scatter_combos.iter().enumerate() {
        let a = slot.awarded(c);
        match awards.iter_mut().find(|(x, _)| *x == a) {
            Some(entry) => entry.1 += n,
            None => awards.push((a, n)),
        }
    }
    awards.into_iter().filter(|(_, n)| *n > 0).map(|(a, n)| (a, n as f64 / stats.combos as f64)).collect()
}

/// The exact figures of a slot.
pub(crate) fn analyse(slot: &Slot) -> Analysis {
    let base = spin_stats(slot, &slot.def.base_reels);
    let free = spin_stats(slot, &slot.def.free_reels);
    let base_units = expected_units(slot, &base);
    let free_spin_units = expected_units(slot, &free) * slot.def.free_multiplier as f64;
    let retriggers = award_distribution(slot, &free);
    let cap = slot.def.max_free_spins;
    let mut free_spins = 0.0;
    let mut trigger = 0.0;
    for (initial, p) in award_distribution(slot, &base) {
        if initial > 0 {
            trigger += p;
            free_spins += p * expected_free_spins(initial, &retriggers, cap);
        }
    }
    let rtp = (base_units + free_spins * free_spin_units) / f64::from(slot.lines());
    Analysis { base, free, base_units, free_spin_units, free_spins, trigger, rtp }
}
