//! The 5-reel, 3-row video slot: reel strips, fixed paylines, a wild, a scatter that pays
//! anywhere and awards free spins (with retriggers and a multiplier), and the outcome of a round.

use std::sync::OnceLock;

use serde::Serialize;
use utoipa::ToSchema;

use super::fair::Rng;

/// Reels on the screen.
pub const REELS: usize = 5;
/// Rows on the screen (symbols visible per reel).
pub const ROWS: usize = 3;

/// What a symbol does on the reels.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum SymbolKind {
    /// Pays on a payline, left to right, 3 to 5 of a kind (some pay 2).
    Regular,
    /// Stands for every symbol but the scatter; pays on its own too.
    Wild,
    /// Pays anywhere on the screen (× total bet) and 3 or more award free spins.
    Scatter,
}

/// A text in the site's two languages.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct Text {
    pub tr: String,
    pub en: String,
}

/// One symbol of a slot's static definition.
#[derive(Debug, Clone)]
pub(crate) struct SymbolDef {
    /// The art key the game's front-end draws (`{theme}/{key}` SVG).
    pub key: &'static str,
    /// Turkish and English names.
    pub name: (&'static str, &'static str),
    pub kind: SymbolKind,
    /// Line pay in line-bet units by count of a kind (index 0..=5); all zero for the scatter.
    pub pays: [u64; 6],
}

/// A slot's static definition, built once by [`super::games`].
pub(crate) struct SlotDef {
    pub code: &'static str,
    pub name: (&'static str, &'static str),
    pub description: (&'static str, &'static str),
    /// The art folder of the theme.
    pub theme: &'static str,
    /// Symbols by id (the index).
    pub symbols: Vec<SymbolDef>,
    /// Paylines: the row (0 top … 2 bottom) on each reel.
    pub paylines: Vec<[u8; REELS]>,
    /// Reel strips of the base game (symbol ids).
    pub base_reels: [Vec<u8>; REELS],
    /// Reel strips of the free spins.
    pub free_reels: [Vec<u8>; REELS],
    /// Scatter pay by scatter count (index 0..=5, 5 or more read as 5), in multiples of the total bet.
    pub scatter_pays: [u64; 6],
    /// Free spins awarded by scatter count (index 0..=5, 5 or more read as 5), in the base game and
    /// again (a retrigger) during free spins.
    pub free_spins: [u32; 6],
    /// Multiplier of every win during free spins.
    pub free_multiplier: u64,
    /// At most this many free spins in one round (awards beyond it are cut).
    pub max_free_spins: u32,
    /// Allowed total bets in kuruş, each a multiple of the line count.
    pub bet_levels: &'static [i64],
}

/// A studio slot, ready to play: its definition plus what is derived from it once.
pub struct Slot {
    pub(crate) def: SlotDef,
    /// The wild's id, if the slot has one.
    pub(crate) wild: Option<u8>,
    /// The scatter's id, if the slot has one.
    pub(crate) scatter: Option<u8>,
    /// The wild's id, or `u8::MAX` (no symbol) without one.
    wild_id: u8,
    /// The scatter's id, or `u8::MAX` (no symbol) without one.
    scatter_id: u8,
    /// Line pays by symbol id and count: the regular symbols' paytable, zeros for the wild (its
    /// runs are paid through `best_any`) and the scatter.
    line_pays: Vec<[u64; 6]>,
    /// For a line starting with exactly `n` wilds then no continuation: the best pay for `n` of
    /// any kind (the wild's own or any regular symbol's), and the symbol paying it.
    pub(crate) best_any: [(u64, u8); 6],
    /// The exact return to player, computed on first use.
    rtp: OnceLock<f64>,
    /// The most a round can win in line-bet units, computed on first use.
    max_win: OnceLock<u64>,
}

/// A payline win.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LineWin {
    /// The payline's index in [`SlotInfo::paylines`] (0-based).
    pub line: u32,
    /// The symbol paid (the wild's id for a line paid as wilds).
    pub symbol: u8,
    /// How many reels from the left are part of the win.
    pub count: u8,
    /// The win in line-bet units, the free-spin multiplier included.
    pub units: u64,
}

/// One spin of a round: the base spin or a free spin.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Spin {
    /// Each reel's stop: the strip index shown on the top row (rows below follow the strip, wrapping).
    pub stops: Vec<u32>,
    /// The symbols shown, `grid[reel][row]`, row 0 at the top.
    pub grid: Vec<Vec<u8>>,
    pub line_wins: Vec<LineWin>,
    /// The scatter win in line-bet units (multiplier included).
    pub scatter_units: u64,
    /// A free spin (played on the free-spin strips, with the multiplier) rather than the base spin.
    pub free_spin: bool,
    /// Free spins this spin awards (cut so the round never exceeds the slot's maximum).
    pub free_spins_awarded: u32,
    /// The multiplier applied to this spin's wins (1 in the base game).
    pub multiplier: u64,
    /// This spin's total win in line-bet units.
    pub units: u64,
}

/// A whole round: the base spin and every free spin it led to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Outcome {
    pub spins: Vec<Spin>,
    /// The round's total win in line-bet units: `bet_kurus * win_units / lines` kuruş.
    pub win_units: u64,
}

/// A symbol as the game client draws and explains it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SymbolInfo {
    pub id: u8,
    /// The art key: the SVG drawn is `{theme}/{key}`.
    pub key: String,
    pub name: Text,
    pub kind: SymbolKind,
    /// Line pay in line-bet units by count of a kind (index 0..=5); zeros for the scatter.
    pub pays: Vec<u64>,
}

/// Everything the client needs to draw a slot and its info panel.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SlotInfo {
    pub code: String,
    pub name: Text,
    pub description: Text,
    /// The art folder of the theme.
    pub theme: String,
    pub reels: u32,
    pub rows: u32,
    /// The number of paylines; total bets are multiples of it (in kuruş).
    pub lines: u32,
    /// Each payline: the row (0 top … 2 bottom) on each of the 5 reels.
    pub paylines: Vec<Vec<u8>>,
    pub symbols: Vec<SymbolInfo>,
    /// The wild's symbol id.
    pub wild: Option<u8>,
    /// The scatter's symbol id.
    pub scatter: Option<u8>,
    /// Scatter pay by scatter count (index 0..=5), in multiples of the total bet.
    pub scatter_pays: Vec<u64>,
    /// Free spins awarded by scatter count (index 0..=5), retriggers included.
    pub free_spins: Vec<u32>,
    /// The multiplier of every free-spin win.
    pub free_spin_multiplier: u64,
    /// The most free spins one round can have.
    pub max_free_spins: u32,
    /// Reel strips of the base game (symbol ids).
    pub base_reels: Vec<Vec<u8>>,
    /// Reel strips of the free spins.
    pub free_reels: Vec<Vec<u8>>,
    /// Allowed total bets in kuruş.
    pub bet_levels: Vec<i64>,
    /// The exact return to player, as a fraction (0.9612 is 96.12 %), the jackpots' apart.
    pub rtp: f64,
    /// What the progressive jackpots return on top of `rtp`, as a fraction (0.01 is 1 %).
    pub jackpot_rtp: f64,
    /// The most one round can win, in multiples of the total bet (the best base screen and the
    /// best free spins up to their cap, exact), the jackpots apart.
    pub max_win_x: f64,
}

/// What one spin's evaluation found, without allocating (the grid lives in an array).
pub(crate) struct Eval {
    pub grid: [[u8; ROWS]; REELS],
    /// Line pays before the multiplier.
    pub line_units: u64,
    pub scatters: usize,
}

impl Slot {
    /// A playable slot from its definition.
    pub(crate) fn new(def: SlotDef) -> Slot {
        let wild = def.symbols.iter().position(|s| s.kind == SymbolKind::Wild).map(|i| i as u8);
        let scatter = def.symbols.iter().position(|s| s.kind == SymbolKind::Scatter).map(|i| i as u8);
        let mut best_any = [(0u64, 0u8); 6];
        for (n, best) in best_any.iter_mut().enumerate().skip(1) {
            // The wild first, so it names the win when it pays as much as any symbol.
            let order =
                wild.into_iter().chain((0..def.symbols.len() as u8).filter(|&s| def.symbols[s as usize].kind == SymbolKind::Regular));
            for s in order {
                let pay = def.symbols[s as usize].pays[n];
                if pay > best.0 {
                    *best = (pay, s);
                }
            }
        }
        let line_pays = def.symbols.iter().map(|s| if s.kind == SymbolKind::Regular { s.pays } else { [0; 6] }).collect();
        let (wild_id, scatter_id) = (wild.unwrap_or(u8::MAX), scatter.unwrap_or(u8::MAX));
        Slot { def, wild, scatter, wild_id, scatter_id, line_pays, best_any, rtp: OnceLock::new(), max_win: OnceLock::new() }
    }

    /// The game's code, e.g. `kasa-sultans-gold` (names the game in the catalogue and the rounds).
    pub fn code(&self) -> &'static str {
        self.def.code
    }

    /// The number of paylines; total bets are multiples of it (in kuruş) so every win is exact.
    pub fn lines(&self) -> u32 {
        self.def.paylines.len() as u32
    }

    /// Allowed total bets in kuruş, each a multiple of [`Slot::lines`].
    pub fn bet_levels(&self) -> &'static [i64] {
        self.def.bet_levels
    }

    /// The exact return to player (a fraction), computed from the reels and paytable on first use.
    pub fn rtp(&self) -> f64 {
        *self.rtp.get_or_init(|| super::rtp::analyse(self).rtp)
    }

    /// The most one round can win, in line-bet units (see [`super::rtp::max_win_units`]).
    pub fn max_win_units(&self) -> u64 {
        *self.max_win.get_or_init(|| super::rtp::max_win_units(self))
    }

    /// Plays a round: the base spin, then every free spin it awards (retriggers included, at most
    /// the slot's maximum). Draws, in order, one stop per reel (reel 1 to 5, `rng.below(strip
    /// length)`) for the base spin, then likewise for each free spin.
    pub fn play(&self, rng: &mut impl Rng) -> Outcome {
        let mut spins = Vec::with_capacity(1);
        let base = self.spin(rng, false);
        let mut total_awarded = 0u32;
        let mut remaining = 0u32;
        let mut win_units = 0u64;
        let mut push = |mut spin: Spin, total_awarded: &mut u32, remaining: &mut u32| {
            let award = spin.free_spins_awarded.min(self.def.max_free_spins - *total_awarded);
            spin.free_spins_awarded = award;
            *total_awarded += award;
            *remaining += award;
            win_units += spin.units;
            spins.push(spin);
        };
        push(base, &mut total_awarded, &mut remaining);
        while remaining > 0 {
            remaining -= 1;
            let spin = self.spin(rng, true);
            push(spin, &mut total_awarded, &mut remaining);
        }
        Outcome { spins, win_units }
    }

    /// One spin on the base or free-spin strips, its award not yet cut to the round's maximum.
    fn spin(&self, rng: &mut impl Rng, free: bool) -> Spin {
        let reels = if free { &self.def.free_reels } else { &self.def.base_reels };
        let mut stops = [0u32; REELS];
        for (stop, strip) in stops.iter_mut().zip(reels) {
            *stop = rng.below(strip.len() as u32);
        }
        let multiplier = if free { self.def.free_multiplier } else { 1 };
        let mut line_wins = Vec::new();
        let eval = self.evaluate(reels, &stops, |line, symbol, count, units| {
            line_wins.push(LineWin { line, symbol, count, units: units * multiplier });
        });
        let scatter_units = self.scatter_units(eval.scatters) * multiplier;
        Spin {
            stops: stops.to_vec(),
            grid: eval.grid.iter().map(|reel| reel.to_vec()).collect(),
            line_wins,
            scatter_units,
            free_spin: free,
            free_spins_awarded: self.awarded(eval.scatters),
            multiplier,
            units: eval.line_units * multiplier + scatter_units,
        }
    }

    /// The window shown at these stops, its line wins (each reported to `win`, before the
    /// multiplier) and its scatter count. Written with plain loops: the simulation tests run it
    /// millions of times in debug builds.
    pub(crate) fn evaluate(&self, reels: &[Vec<u8>; REELS], stops: &[u32; REELS], mut win: impl FnMut(u32, u8, u8, u64)) -> Eval {
        let mut grid = [[0u8; ROWS]; REELS];
        let mut scatters = 0;
        for reel in 0..REELS {
            let strip = &reels[reel];
            let mut at = stops[reel] as usize % strip.len();
            for cell in grid[reel].iter_mut() {
                let symbol = strip[at];
                *cell = symbol;
                scatters += usize::from(symbol == self.scatter_id);
                at += 1;
                if at == strip.len() {
                    at = 0;
                }
            }
        }
        let mut line_units = 0;
        for (index, line) in self.def.paylines.iter().enumerate() {
            let cells = [
                grid[0][line[0] as usize],
                grid[1][line[1] as usize],
                grid[2][line[2] as usize],
                grid[3][line[3] as usize],
                grid[4][line[4] as usize],
            ];
            if let Some((symbol, count, units)) = self.line_pay(&cells) {
                line_units += units;
                win(index as u32, symbol, count, units);
            }
        }
        Eval { grid, line_units, scatters }
    }

    /// The best pay of one payline's symbols (left to right), as (symbol, count, units), if any.
    pub(crate) fn line_pay(&self, cells: &[u8; REELS]) -> Option<(u8, u8, u64)> {
        let wild = self.wild_id;
        let mut wilds = 0;
        while wilds < REELS && cells[wilds] == wild {
            wilds += 1;
        }
        let (mut units, mut symbol) = self.best_any[wilds];
        let mut count = wilds;
        if wilds < REELS {
            // A scatter first pays nothing: its line pays are all zero.
            let first = cells[wilds];
            let mut run = wilds + 1;
            while run < REELS && (cells[run] == first || cells[run] == wild) {
                run += 1;
            }
            let pay = self.line_pays[first as usize][run];
            if pay > units {
                (units, symbol, count) = (pay, first, run);
            }
        }
        if units > 0 { Some((symbol, count as u8, units)) } else { None }
    }

    /// The scatter pay for this many scatters, in line-bet units (before the multiplier).
    pub(crate) fn scatter_units(&self, scatters: usize) -> u64 {
        self.def.scatter_pays[scatters.min(5)] * self.def.paylines.len() as u64
    }

    /// Free spins awarded for this many scatters (before the round's cut).
    pub(crate) fn awarded(&self, scatters: usize) -> u32 {
        self.def.free_spins[scatters.min(5)]
    }

    /// Everything the client draws and its info panel shows.
    pub fn info(&self) -> SlotInfo {
        let d = &self.def;
        let text = |(tr, en): (&str, &str)| Text { tr: tr.to_string(), en: en.to_string() };
        SlotInfo {
            code: d.code.to_string(),
            name: text(d.name),
            description: text(d.description),
            theme: d.theme.to_string(),
            reels: REELS as u32,
            rows: ROWS as u32,
            lines: self.lines(),
            paylines: d.paylines.iter().map(|l| l.to_vec()).collect(),
            symbols: d
                .symbols
                .iter()
                .enumerate()
                .map(|(id, s)| SymbolInfo { id: id as u8, key: s.key.to_string(), name: text(s.name), kind: s.kind, pays: s.pays.to_vec() })
                .collect(),
            wild: self.wild,
            scatter: self.scatter,
            scatter_pays: d.scatter_pays.to_vec(),
            free_spins: d.free_spins.to_vec(),
            free_spin_multiplier: d.free_multiplier,
            max_free_spins: d.max_free_spins,
            base_reels: d.base_reels.to_vec(),
            free_reels: d.free_reels.to_vec(),
            bet_levels: d.bet_levels.to_vec(),
            rtp: self.rtp(),
            jackpot_rtp: super::jackpot::rtp(),
            max_win_x: self.max_win_units() as f64 / f64::from(self.lines()),
        }
    }
}
