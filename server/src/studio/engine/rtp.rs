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

/// The best screen of a spin on these strips for each scatter count: `best[c]` is, among the stop
/// combinations showing `c` scatters, the highest line pay (line-bet units, no multiplier) and
/// stops showing it (`None` when no combination shows `c` scatters).
///
/// Exact, without visiting every combination: reel by reel, a screen's future pay depends only
/// on each payline's state so far (how many wilds it starts with and the symbol its run follows,
/// or that its run ended, its pay then fixed) and on the scatters shown, so screens in the same
/// state are merged keeping the highest pay so far; lines whose runs ended make most screens
/// alike after the third reel.
pub(crate) fn best_screens(slot: &Slot, reels: &[Vec<u8>; REELS]) -> Vec<Option<(u64, [u32; REELS])>> {
    const DEAD: u16 = u16::MAX;
    const NONE: u16 = 0xFF;
    let wild = slot.wild.map(u16::from);
    let lines = &slot.def.paylines;
    let ended = |wilds: usize, first: u16, run: usize| -> u64 {
        let any = slot.best_any[wilds].0;
        if first == NONE {
            any
        } else {
            any.max(
                slot.def.symbols[first as usize].pays[run]
                    * u64::from(slot.def.symbols[first as usize].kind == super::slot::SymbolKind::Regular),
            )
        }
    };
    // State: each line's (wilds << 8 | first symbol, NONE while only wilds) or DEAD, and the
    // scatters shown; value: the best pay so far of the ended lines, with its stops.
    let mut best: Vec<Option<(u64, [u32; REELS])>> = vec![None; REELS * ROWS + 1];
    let mut states: std::collections::HashMap<(Vec<u16>, usize), (u64, [u32; REELS])> = std::collections::HashMap::new();
    states.insert((vec![NONE; lines.len()], 0), (0, [0; REELS]));
    for (reel, strip) in reels.iter().enumerate() {
        let last = reel + 1 == REELS;
        let mut next: std::collections::HashMap<(Vec<u16>, usize), (u64, [u32; REELS])> = std::collections::HashMap::new();
        for ((lanes, scatters), (value, stops)) in &states {
            for stop in 0..strip.len() {
                let window: [u16; ROWS] = std::array::from_fn(|row| u16::from(strip[(stop + row) % strip.len()]));
                let shown = window.iter().filter(|&&s| Some(s) == slot.scatter.map(u16::from)).count();
                let mut gained = 0u64;
                let moved: Vec<u16> = lanes
                    .iter()
                    .zip(lines)
                    .map(|(&lane, line)| {
                        if lane == DEAD {
                            return DEAD;
                        }
                        let (wilds, first) = ((lane >> 8) as usize, lane & 0xFF);
                        let x = window[line[reel] as usize];
                        if first == NONE {
                            if Some(x) == wild { ((wilds as u16 + 1) << 8) | NONE } else { ((wilds as u16) << 8) | x }
                        } else if x == first || Some(x) == wild {
                            lane
                        } else {
                            gained += ended(wilds, first, reel);
                            DEAD
                        }
                    })
                    .collect();
                let mut at = *stops;
                at[reel] = stop as u32;
                if last {
                    // The screen is whole: the lines still running end with the last reel.
                    let pay = value
                        + gained
                        + moved.iter().filter(|&&l| l != DEAD).map(|&l| ended((l >> 8) as usize, l & 0xFF, REELS)).sum::<u64>();
                    let slot_best = &mut best[scatters + shown];
                    if slot_best.is_none_or(|(b, _)| pay > b) {
                        *slot_best = Some((pay, at));
                    }
                    continue;
                }
                let key = (moved, scatters + shown);
                let candidate = (value + gained, at);
                match next.get(&key) {
                    Some((best, _)) if *best >= candidate.0 => {}
                    _ => {
                        next.insert(key, candidate);
                    }
                }
            }
        }
        states = next;
    }
    best
}

/// The most a round can win, in line-bet units: the best base screen, then the free spins it
/// leads to, each the best free screen for the awards that keep the round going, up to the
/// slot's cap (a dynamic programme over spins awarded and spins left, exact given
/// [`best_screens`]).
pub(crate) fn max_win_units(slot: &Slot) -> u64 {
    let cap = slot.def.max_free_spins;
    // Per scatter count: the spin's best units (scatter pay included) and its award.
    let classes = |reels: &[Vec<u8>; REELS], multiplier: u64| -> Vec<(u64, u32)> {
        best_screens(slot, reels)
            .into_iter()
            .enumerate()
            .filter_map(|(c, b)| b.map(|(lines, _)| ((lines + slot.scatter_units(c)) * multiplier, slot.awarded(c))))
            .collect()
    };
    let base = classes(&slot.def.base_reels, 1);
    let free = classes(&slot.def.free_reels, slot.def.free_multiplier);
    // most(t, r): the most `r` free spins still to play win when `t` were awarded in all. Each
    // spin lowers `(cap - t) + r` by one, so the programme runs in that order.
    let n = cap as usize + 1;
    let mut most = vec![vec![0u64; n]; n];
    for potential in 1..=(2 * cap as usize) {
        for t in 0..n {
            let Some(r) = (potential + t).checked_sub(cap as usize).filter(|&r| r >= 1 && r <= t) else { continue };
            most[t][r] = free
                .iter()
                .map(|&(units, award)| {
                    let a = award.min(cap - t as u32) as usize;
                    units + most[t + a][r - 1 + a]
                })
                .max()
                .unwrap_or(0);
        }
    }
    base.iter()
        .map(|&(units, award)| {
            let a = award.min(cap) as usize;
            units + most[a][a]
        })
        .max()
        .unwrap_or(0)
}

#[cfg(test)]
mod max_win_tests {
    use super::super::fair::FairRng;
    use super::super::games::slots;
    use super::*;

    #[test]
    fn the_best_screen_found_is_one_the_engine_pays_exactly_and_no_round_wins_more_than_the_stated_maximum() {
        for slot in slots() {
            let max = slot.max_win_units();
            for reels in [&slot.def.base_reels, &slot.def.free_reels] {
                for (scatters, best) in best_screens(slot, reels).into_iter().enumerate() {
                    let Some((units, stops)) = best else { continue };
                    // The screen the computation names shows what it says, on the engine's own evaluation.
                    let eval = slot.evaluate(reels, &stops, |_, _, _, _| {});
                    assert_eq!((eval.line_units, eval.scatters), (units, scatters), "{} {stops:?}", slot.code());
                }
            }
            // The stated maximum is at least a full round of best screens' base, and no played round beats it.
            let info = slot.info();
            assert!((info.max_win_x - max as f64 / f64::from(slot.lines())).abs() < 1e-9);
            assert!((info.jackpot_rtp - 0.01).abs() < 1e-12);
            for nonce in 0..20_000 {
                let round = slot.play(&mut FairRng::new("max-win", "client", nonce));
                assert!(round.win_units <= max, "{} round {nonce}: {} > {max}", slot.code(), round.win_units);
            }
        }
    }

    #[test]
    fn every_screen_of_a_small_slot_pays_at_most_the_best_screen_found_and_one_pays_it() {
        // Brute force over every stop combination of Anatolian Fruits' base reels on the first
        // three reels, the last two reels fixed: the programme's best for those strips agrees.
        let slot = slots().iter().find(|s| s.code() == "kasa-anatolian-fruits").unwrap();
        let mut reels = slot.def.base_reels.clone();
        reels[3] = reels[3][..3].to_vec();
        reels[4] = reels[4][..3].to_vec();
        let best = best_screens(slot, &reels);
        let mut brute: Vec<Option<u64>> = vec![None; best.len()];
        for a in 0..reels[0].len() as u32 {
            for b in 0..reels[1].len() as u32 {
                for c in 0..reels[2].len() as u32 {
                    for d in 0..3 {
                        for e in 0..3 {
                            let eval = slot.evaluate(&reels, &[a, b, c, d, e], |_, _, _, _| {});
                            let at = &mut brute[eval.scatters];
                            *at = Some(at.map_or(eval.line_units, |x: u64| x.max(eval.line_units)));
                        }
                    }
                }
            }
        }
        assert_eq!(best.iter().map(|b| b.map(|(u, _)| u)).collect::<Vec<_>>(), brute);
    }
}
