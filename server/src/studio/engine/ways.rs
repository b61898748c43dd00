//! The ways slot (the lobby's Megaways category): six reels whose heights change every spin (2 to
//! 7 symbols each, so up to 7⁶ = 117,649 ways), wins on adjacent reels from the left in any
//! row, a wild on reels 2–5 that stands for every regular symbol, and a scatter whose 4, 5 or 6
//! anywhere award 10, 15 or 20 free spins at ×2 (free spins do not award more).
//!
//! A win of `units` pays `bet * units / 100` kuruş: a symbol's pay is per way, in hundredths of
//! the total bet. The exact return is computed from the strips and the height weights: the reels
//! are independent, so the expected ways of a symbol over its first `k` reels is the product of
//! each reel's expected count of it (or the wild), times the chance reel `k + 1` shows neither.

use std::sync::{LazyLock, OnceLock};

use serde::Serialize;
use utoipa::ToSchema;

use super::fair::Rng;
use super::games::{BET_LEVELS, strip};
use super::slot::{SymbolKind, Text};

mod max_win;

/// Reels on the screen.
pub const REELS: usize = 6;
/// The fewest and most symbols a reel shows.
pub const MIN_ROWS: u8 = 2;
pub const MAX_ROWS: u8 = 7;
/// A win's units are hundredths of the total bet.
pub const UNITS_PER_BET: u32 = 100;
/// How likely each height is, out of [`HEIGHT_TOTAL`] (the same on every reel).
pub const HEIGHTS: [(u8, u32); 6] = [(2, 10), (3, 18), (4, 24), (5, 22), (6, 16), (7, 10)];
const HEIGHT_TOTAL: u32 = 100;

/// One symbol of the ways slot.
pub(crate) struct WaysSymbol {
    pub key: &'static str,
    pub name: (&'static str, &'static str),
    pub kind: SymbolKind,
    /// Pay per way in hundredths of the total bet, by how many reels from the left (0..=6).
    pub pays: [u64; 7],
}

/// A ways slot's static definition.
pub(crate) struct WaysDef {
    pub code: &'static str,
    pub name: (&'static str, &'static str),
    pub description: (&'static str, &'static str),
    pub theme: &'static str,
    pub symbols: Vec<WaysSymbol>,
    pub base_reels: [Vec<u8>; REELS],
    pub free_reels: [Vec<u8>; REELS],
    /// Free spins by scatter count (0..=6).
    pub free_spins: [u32; 7],
    pub free_multiplier: u64,
}

/// A ways slot, ready to play.
pub struct WaysSlot {
    def: WaysDef,
    wild: u8,
    scatter: u8,
    rtp: OnceLock<f64>,
    max_win: OnceLock<u64>,
}

/// A win: a symbol on the first `reels` reels, over `ways` ways.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WaysWin {
    pub symbol: u8,
    /// How many reels from the left.
    pub reels: u8,
    pub ways: u64,
    /// Hundredths of the total bet, the multiplier included.
    pub units: u64,
}

/// One spin of a ways round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WaysSpin {
    /// The rows each reel shows (2–7).
    pub heights: Vec<u8>,
    /// Each reel's stop: the strip index shown on the top row.
    pub stops: Vec<u32>,
    /// `grid[reel][row]`, row 0 at the top, `heights[reel]` rows.
    pub grid: Vec<Vec<u8>>,
    /// The product of the heights.
    pub ways: u64,
    pub wins: Vec<WaysWin>,
    /// Scatters anywhere on the screen.
    pub scatters: u32,
    pub free_spin: bool,
    pub free_spins_awarded: u32,
    pub multiplier: u64,
    /// This spin's win in hundredths of the total bet.
    pub units: u64,
}

/// A ways round: the base spin and its free spins.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WaysOutcome {
    pub spins: Vec<WaysSpin>,
    /// The round's win in hundredths of the total bet: `bet * win_units / 100` kuruş.
    pub win_units: u64,
}

/// A ways symbol as the client draws and explains it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WaysSymbolInfo {
    pub id: u8,
    pub key: String,
    pub name: Text,
    pub kind: SymbolKind,
    /// Pay per way in hundredths of the total bet by reels from the left (0..=6).
    pub pays: Vec<u64>,
}

/// The kind tag of a ways slot's info.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum WaysKind {
    Ways,
}

/// Everything the client needs to draw the ways slot and its info panel.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WaysInfo {
    pub kind: WaysKind,
    pub code: String,
    pub name: Text,
    pub description: Text,
    pub theme: String,
    pub reels: u32,
    pub min_rows: u32,
    pub max_rows: u32,
    pub max_ways: u64,
    /// A win of `units` pays `bet * units / unitsPerBet` kuruş.
    pub units_per_bet: u32,
    pub symbols: Vec<WaysSymbolInfo>,
    pub wild: u8,
    pub scatter: u8,
    /// The reels (0-based) the wild appears on.
    pub wild_reels: Vec<u32>,
    /// Free spins by scatter count (0..=6).
    pub free_spins: Vec<u32>,
    pub free_spin_multiplier: u64,
    /// Kuruş.
    pub bet_levels: Vec<i64>,
    pub rtp: f64,
    /// What the progressive jackpots return on top of `rtp`, as a fraction (0.01 is 1 %).
    pub jackpot_rtp: f64,
    /// The most one round can win, times the total bet (the best base screen and the best free
    /// spins it awards, exact), the jackpots apart.
    pub max_win_x: f64,
    /// The fair-play parameters of the ways slot (what recomputes a round from its seeds).
    pub fair: WaysFair,
}

/// A height a reel may show and its weight, out of the weights' total.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WaysHeight {
    pub rows: u8,
    pub weight: u32,
}

/// Everything that recomputes a ways round from its seeds: each reel draws its height
/// (`below(heightTotal)` counted through `heights` in order) then its stop (`below(strip length)`),
/// reels 1 to 6, the base spin on `baseReels`, each free spin on `freeReels`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WaysFair {
    /// Reel strips of the base game (symbol ids).
    pub base_reels: Vec<Vec<u8>>,
    /// Reel strips of the free spins.
    pub free_reels: Vec<Vec<u8>>,
    /// The heights and their weights, in the order a draw is counted through them.
    pub heights: Vec<WaysHeight>,
    /// The weights' total: a height is `below(heightTotal)`.
    pub height_total: u32,
    /// Free spins award no more free spins.
    pub retrigger: bool,
}

/// Per reel: each regular symbol's expected count (itself or the wild) and the chance it is not
/// shown, and the distribution of the scatter count.
struct ReelStats {
    mean: Vec<f64>,
    absent: Vec<f64>,
    scatters: Vec<f64>,
}

impl WaysSlot {
    fn new(def: WaysDef) -> WaysSlot {
        let id = |k: SymbolKind| def.symbols.iter().position(|s| s.kind == k).map(|i| i as u8).expect("a wild and a scatter");
        let (wild, scatter) = (id(SymbolKind::Wild), id(SymbolKind::Scatter));
        WaysSlot { def, wild, scatter, rtp: OnceLock::new(), max_win: OnceLock::new() }
    }

    pub fn code(&self) -> &'static str {
        self.def.code
    }

    /// Allowed total bets in kuruś (each a multiple of 100, so every win is exact).
    pub fn bet_levels(&self) -> &'static [i64] {
        BET_LEVELS
    }

    /// Plays a round. Draws, for each reel from the left, its height (`rng.below(100)` against
    /// [`HEIGHTS`]) then its stop (`rng.below(strip length)`); then the free spins likewise.
    pub fn play(&self, rng: &mut impl Rng) -> WaysOutcome {
        let base = self.spin(rng, false);
        let mut spins = Vec::with_capacity(1 + base.free_spins_awarded as usize);
        let free = base.free_spins_awarded;
        spins.push(base);
        for _ in 0..free {
            spins.push(self.spin(rng, true));
        }
        let win_units = spins.iter().map(|s| s.units).sum();
        WaysOutcome { spins, win_units }
    }

    fn spin(&self, rng: &mut impl Rng, free: bool) -> WaysSpin {
        let reels = if free { &self.def.free_reels } else { &self.def.base_reels };
        let mut heights = Vec::with_capacity(REELS);
        let mut stops = Vec::with_capacity(REELS);
        let mut grid = Vec::with_capacity(REELS);
        for strip in reels {
            let h = height(rng.below(HEIGHT_TOTAL));
            let stop = rng.below(strip.len() as u32);
            grid.push(window(strip, stop, h));
            heights.push(h);
            stops.push(stop);
        }
        let multiplier = if free { self.def.free_multiplier } else { 1 };
        let wins = self.wins(&grid, multiplier);
        let scatters = grid.iter().flatten().filter(|&&s| s == self.scatter).count() as u32;
        let units = wins.iter().map(|w| w.units).sum();
        WaysSpin {
            ways: heights.iter().map(|&h| u64::from(h)).product(),
            heights,
            stops,
            grid,
            wins,
            scatters,
            free_spin: free,
            free_spins_awarded: if free { 0 } else { self.def.free_spins[scatters.min(6) as usize] },
            multiplier,
            units,
        }
    }

    /// Each regular symbol's win on a screen: the reels from the left showing it or the wild, 3
    /// or more, times the product of their counts.
    pub(crate) fn wins(&self, grid: &[Vec<u8>], multiplier: u64) -> Vec<WaysWin> {
        let mut wins = Vec::new();
        for (s, sym) in self.def.symbols.iter().enumerate() {
            if sym.kind != SymbolKind::Regular {
                continue;
            }
            let mut ways = 1u64;
            let mut reels = 0usize;
            for reel in grid {
                let n = reel.iter().filter(|&&x| x as usize == s || x == self.wild).count() as u64;
                if n == 0 {
                    break;
                }
                ways *= n;
                reels += 1;
            }
            let pay = sym.pays[reels];
            if pay > 0 {
                wins.push(WaysWin { symbol: s as u8, reels: reels as u8, ways, units: pay * ways * multiplier });
            }
        }
        wins
    }

    fn stats(&self, reels: &[Vec<u8>; REELS]) -> Vec<ReelStats> {
        let n = self.def.symbols.len();
        reels
            .iter()
            .map(|strip| {
                let mut st = ReelStats { mean: vec![0.0; n], absent: vec![0.0; n], scatters: vec![0.0; MAX_ROWS as usize + 1] };
                let len = strip.len() as f64;
                for &(h, w) in &HEIGHTS {
                    let p = f64::from(w) / f64::from(HEIGHT_TOTAL) / len;
                    for stop in 0..strip.len() as u32 {
                        let win = window(strip, stop, h);
                        for s in 0..n {
                            let c = win.iter().filter(|&&x| x as usize == s || x == self.wild).count();
                            st.mean[s] += p * c as f64;
                            if c == 0 {
                                st.absent[s] += p;
                            }
                        }
                        st.scatters[win.iter().filter(|&&x| x == self.scatter).count()] += p;
                    }
                }
                st
            })
            .collect()
    }

    /// A spin's expected win in units (before any multiplier), and the chance of each scatter
    /// count on the screen.
    fn expected(&self, reels: &[Vec<u8>; REELS]) -> (f64, Vec<f64>) {
        let stats = self.stats(reels);
        let mut units = 0.0;
        for (s, sym) in self.def.symbols.iter().enumerate() {
            if sym.kind != SymbolKind::Regular {
                continue;
            }
            let mut ways = 1.0;
            for k in 1..=REELS {
                ways *= stats[k - 1].mean[s];
                let stop_here = if k < REELS { stats[k].absent[s] } else { 1.0 };
                units += sym.pays[k] as f64 * ways * stop_here;
            }
        }
        let mut scatters = vec![1.0];
        for st in &stats {
            let mut next = vec![0.0; scatters.len() + st.scatters.len() - 1];
            for (a, pa) in scatters.iter().enumerate() {
                for (b, pb) in st.scatters.iter().enumerate() {
                    next[a + b] += pa * pb;
                }
            }
            scatters = next;
        }
        (units, scatters)
    }

    /// The exact return to player: the base spin's expected win plus, for each scatter count,
    /// its chance times the free spins it awards times the multiplier times a free spin's
    /// expected win.
    pub fn rtp(&self) -> f64 {
        *self.rtp.get_or_init(|| {
            let (base, scatters) = self.expected(&self.def.base_reels);
            let (free, _) = self.expected(&self.def.free_reels);
            let spins: f64 = scatters.iter().enumerate().map(|(n, p)| p * f64::from(self.def.free_spins[n.min(6)])).sum();
            (base + spins * self.def.free_multiplier as f64 * free) / f64::from(UNITS_PER_BET)
        })
    }

    /// The chance a base spin awards free spins.
    pub fn trigger_chance(&self) -> f64 {
        let (_, scatters) = self.expected(&self.def.base_reels);
        scatters.iter().enumerate().filter(|(n, _)| self.def.free_spins[(*n).min(6)] > 0).map(|(_, p)| p).sum()
    }

    /// The most one round can win, in hundredths of the total bet: the best base screen for each
    /// scatter count plus the free spins it awards, each the best free screen (free spins award
    /// no more). Exact (see [`best_screen`]).
    pub fn max_win_units(&self) -> u64 {
        *self.max_win.get_or_init(|| {
            let (free, _) = self.best_screen(&self.def.free_reels, 0).unwrap_or_default();
            let free = free * self.def.free_multiplier;
            (0..=REELS as u32 * u32::from(MAX_ROWS))
                .map(|c| (c, self.def.free_spins[c.min(6) as usize]))
                .filter_map(|(c, award)| Some(self.best_screen(&self.def.base_reels, c)?.0 + u64::from(award) * free))
                .max()
                .unwrap_or(0)
        })
    }

    pub fn info(&self) -> WaysInfo {
        let d = &self.def;
        let text = |(tr, en): (&str, &str)| Text { tr: tr.to_string(), en: en.to_string() };
        let wild_reels = (0..REELS)
            .filter(|&r| d.base_reels[r].contains(&self.wild) || d.free_reels[r].contains(&self.wild))
            .map(|r| r as u32)
            .collect();
        WaysInfo {
            kind: WaysKind::Ways,
            code: d.code.to_string(),
            name: text(d.name),
            description: text(d.description),
            theme: d.theme.to_string(),
            reels: REELS as u32,
            min_rows: u32::from(MIN_ROWS),
            max_rows: u32::from(MAX_ROWS),
            max_ways: u64::from(MAX_ROWS).pow(REELS as u32),
            units_per_bet: UNITS_PER_BET,
            symbols: d
                .symbols
                .iter()
                .enumerate()
                .map(|(id, s)| WaysSymbolInfo {
                    id: id as u8,
                    key: s.key.to_string(),
                    name: text(s.name),
                    kind: s.kind,
                    pays: s.pays.to_vec(),
                })
                .collect(),
            wild: self.wild,
            scatter: self.scatter,
            wild_reels,
            free_spins: d.free_spins.to_vec(),
            free_spin_multiplier: d.free_multiplier,
            bet_levels: BET_LEVELS.to_vec(),
            rtp: self.rtp(),
            jackpot_rtp: super::jackpot::rtp(),
            max_win_x: self.max_win_units() as f64 / f64::from(UNITS_PER_BET),
            fair: WaysFair {
                base_reels: d.base_reels.to_vec(),
                free_reels: d.free_reels.to_vec(),
                heights: HEIGHTS.iter().map(|&(rows, weight)| WaysHeight { rows, weight }).collect(),
                height_total: HEIGHT_TOTAL,
                retrigger: false,
            },
        }
    }
}

/// The height a draw below [`HEIGHT_TOTAL`] gives.
fn height(draw: u32) -> u8 {
    let mut at = draw;
    for &(h, w) in &HEIGHTS {
        if at < w {
            return h;
        }
        at -= w;
    }
    MAX_ROWS
}

/// The `h` symbols from `stop` down the strip, wrapping.
fn window(strip: &[u8], stop: u32, h: u8) -> Vec<u8> {
    (0..usize::from(h)).map(|i| strip[(stop as usize + i) % strip.len()]).collect()
}

/// Six strips from per-reel counts: `table[s][reel]` is how many of symbol `s` reel `reel` has.
fn reels(table: &[[u32; REELS]]) -> [Vec<u8>; REELS] {
    std::array::from_fn(|reel| {
        strip(&table.iter().enumerate().filter(|(_, row)| row[reel] > 0).map(|(s, row)| (s as u8, row[reel])).collect::<Vec<_>>())
    })
}

const fn regular(key: &'static str, tr: &'static str, en: &'static str, pays: [u64; 7]) -> WaysSymbol {
    WaysSymbol { key, name: (tr, en), kind: SymbolKind::Regular, pays }
}

/// Kapadokya Ways: balloons over the fairy chimneys.
fn cappadocia() -> WaysDef {
    let symbols = vec![
        WaysSymbol { key: "balloon", name: ("Balon", "Balloon"), kind: SymbolKind::Wild, pays: [0; 7] },
        WaysSymbol { key: "sunrise", name: ("Gün Doğumu", "Sunrise"), kind: SymbolKind::Scatter, pays: [0; 7] },
        regular("chimney", "Peribacası", "Fairy Chimney", [0, 0, 0, 50, 100, 250, 500]),
        regular("horse", "Güzel At", "Cappadocian Horse", [0, 0, 0, 40, 80, 160, 300]),
        regular("pottery", "Avanos Çömleği", "Avanos Pot", [0, 0, 0, 30, 60, 120, 200]),
        regular("carpet", "Kilim", "Kilim", [0, 0, 0, 25, 50, 100, 150]),
        regular("a", "A", "A", [0, 0, 0, 12, 20, 35, 60]),
        regular("k", "K", "K", [0, 0, 0, 10, 20, 35, 50]),
        regular("q", "Q", "Q", [0, 0, 0, 5, 16, 30, 40]),
        regular("j", "J", "J", [0, 0, 0, 5, 16, 30, 40]),
    ];
    // Counts per reel: the wild (reels 2–5 only), the scatter, then the regular symbols.
    let base: [[u32; REELS]; 10] = [
        [0, 1, 1, 1, 1, 0],
        [2, 2, 2, 2, 2, 2],
        [3, 3, 3, 3, 3, 3],
        [4, 4, 4, 4, 4, 4],
        [5, 5, 5, 5, 5, 5],
        [6, 6, 6, 6, 6, 6],
        [8, 8, 8, 8, 8, 8],
        [8, 8, 8, 8, 8, 8],
        [9, 9, 9, 9, 9, 9],
        [9, 9, 9, 9, 9, 9],
    ];
    let mut free = base;
    free[0] = [0, 2, 2, 2, 2, 0];
    WaysDef {
        code: "kasa-cappadocia-ways",
        name: ("Kapadokya Ways", "Cappadocia Ways"),
        description: (
            "Altı makara, her dönüşte 2–7 sembol: 117.649'a kadar kazanma yolu. Balon joker, 4 Gün Doğumu 10 bedava dönüş ×2.",
            "Six reels of 2–7 symbols each spin: up to 117,649 ways to win. The Balloon is wild, 4 Sunrises give 10 free spins at ×2.",
        ),
        theme: "cappadocia",
        symbols,
        base_reels: reels(&base),
        free_reels: reels(&free),
        free_spins: [0, 0, 0, 0, 10, 15, 20],
        free_multiplier: 2,
    }
}

static WAYS: LazyLock<Vec<WaysSlot>> = LazyLock::new(|| vec![WaysSlot::new(cappadocia())]);

/// The ways slot with this code.
pub fn ways(code: &str) -> Option<&'static WaysSlot> {
    WAYS.iter().find(|w| w.code() == code)
}

/// Every ways slot.
pub fn ways_slots() -> &'static [WaysSlot] {
    &WAYS
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game() -> &'static WaysSlot {
        ways("kasa-cappadocia-ways").unwrap()
    }

    #[test]
    fn the_exact_return_is_within_94_and_97_percent_and_free_spins_come_about_once_in_125_spins() {
        let g = game();
        assert!((0.94..0.97).contains(&g.rtp()), "{}", g.rtp());
        let t = g.trigger_chance();
        assert!((0.006..0.01).contains(&t), "{t}");
        assert_eq!(g.info().max_ways, 117_649);
        assert_eq!(g.info().wild_reels, vec![1, 2, 3, 4]);
    }

    #[test]
    fn a_win_counts_the_symbol_or_the_wild_on_adjacent_reels_from_the_left() {
        let g = game();
        // Reel 1: two chimneys (2); reel 2: a wild and a chimney; reel 3: one chimney; reel 4: none.
        let grid = vec![vec![2, 2, 6], vec![0, 2, 7], vec![2, 8], vec![9, 9], vec![2, 2], vec![2, 2]];
        let wins = g.wins(&grid, 1);
        let chimney = wins.iter().find(|w| w.symbol == 2).unwrap();
        assert_eq!((chimney.reels, chimney.ways, chimney.units), (3, 2 * 2, 50 * 4));
        // The A on reel 1, the wild on reel 2, no A on reel 3: two reels pay nothing.
        assert!(wins.iter().all(|w| w.symbol != 6));
        // Six reels of jacks (the wild on reels 2–5 counting too), doubled in free spins.
        let grid = vec![vec![9], vec![0, 9], vec![9], vec![9], vec![9], vec![9, 9]];
        let jack = g.wins(&grid, 2).into_iter().find(|w| w.symbol == 9).unwrap();
        assert_eq!((jack.reels, jack.ways, jack.units), (6, 4, 40 * 4 * 2));
    }

    #[test]
    fn the_maximum_win_is_a_real_screen_and_no_played_round_beats_it() {
        let slot = game();
        for sym in &slot.def.symbols {
            assert!(sym.pays.windows(2).all(|w| w[0] <= w[1]), "pays grow with the reels (the search relies on it)");
        }
        // The best screens found are screens the strips can show, and pay what the search says.
        for (reels, scatters) in [(&slot.def.base_reels, 0), (&slot.def.base_reels, 4), (&slot.def.free_reels, 0)] {
            let (units, grid) = slot.best_screen(reels, scatters).unwrap();
            for (strip, shown) in reels.iter().zip(&grid) {
                assert!((0..strip.len() as u32).any(|stop| window(strip, stop, MAX_ROWS) == *shown));
            }
            assert_eq!(slot.wins(&grid, 1).iter().map(|w| w.units).sum::<u64>(), units);
            assert!(grid.iter().flatten().filter(|&&x| x == slot.scatter).count() as u32 >= scatters);
        }
        assert!(slot.best_screen(&slot.def.base_reels, 99).is_none());
        // No round played beats the maximum.
        let max = slot.max_win_units();
        let mut rng = super::super::fair::FairRng::new("max", "win", 0);
        for _ in 0..20_000 {
            assert!(slot.play(&mut rng).win_units <= max);
        }
        assert!(slot.info().max_win_x >= 100.0, "{}", slot.info().max_win_x);
    }

    #[test]
    fn heights_follow_their_weights() {
        assert_eq!(HEIGHTS.iter().map(|&(_, w)| w).sum::<u32>(), HEIGHT_TOTAL);
        assert_eq!((height(0), height(9), height(10), height(99)), (2, 2, 3, 7));
    }
}
