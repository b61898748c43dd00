//! The studio's table and draw games (European roulette, keno, the lucky wheel): what the client
//! is told about each, the stakes a round takes and their limits, the round's draw from the fair
//! stream, and its settlement. The draw never depends on the stakes, so a revealed seed replays
//! it ([`TableGame::draw`]) whatever was staked.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::fair::Rng;
use super::slot::Text;
use super::{baccarat, keno, roulette, wheel};

/// Which table game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum TableKind {
    Roulette,
    Keno,
    Wheel,
    Baccarat,
}

/// A table game's static definition.
pub struct TableGame {
    pub code: &'static str,
    pub kind: TableKind,
    pub name: (&'static str, &'static str),
    pub description: (&'static str, &'static str),
    /// The chips offered, kuruş.
    pub chips: &'static [i64],
    /// The most stakes one round takes.
    pub max_stakes: usize,
    /// The most one stake may be, kuruş.
    pub max_stake: i64,
    /// The most a round's stakes may total, kuruş.
    pub max_total: i64,
}

/// The smallest stake, and what every stake is a multiple of: one lira.
pub const STAKE_UNIT: i64 = 100;

const CHIPS: &[i64] = &[100, 500, 1_000, 2_500, 10_000, 50_000];

static GAMES: [TableGame; 4] = [
    TableGame {
        code: "kasa-european-roulette",
        kind: TableKind::Roulette,
        name: ("Avrupa Ruleti", "European Roulette"),
        description: (
            "Tek sıfırlı rulet: içeri ve dışarı bahisler, düz sayı 35'e 1 öder.",
            "Single-zero roulette: inside and outside bets, a straight number pays 35 to 1.",
        ),
        chips: CHIPS,
        max_stakes: 60,
        max_stake: 100_000,
        max_total: 500_000,
    },
    TableGame {
        code: "kasa-keno",
        kind: TableKind::Keno,
        name: ("Keno 80", "Keno 80"),
        description: (
            "1 ile 10 arası sayı seçin, 80 sayıdan 20'si çekilir; 10 sayıda 10 isabet 5.000 kat öder.",
            "Pick 1 to 10 numbers, 20 of 80 are drawn; 10 hits on 10 picks pays 5,000 times the stake.",
        ),
        chips: &[100, 200, 500, 1_000, 2_500, 5_000, 10_000],
        max_stakes: 1,
        max_stake: 10_000,
        max_total: 10_000,
    },
    TableGame {
        code: "kasa-lucky-wheel",
        kind: TableKind::Wheel,
        name: ("Şans Çarkı", "Lucky Wheel"),
        description: (
            "50 dilimli çark: ×2, ×4, ×6, ×12 ve ×24 işaretlerine oynayın.",
            "A 50-segment money wheel: stake on the ×2, ×4, ×6, ×12 and ×24 marks.",
        ),
        chips: CHIPS,
        max_stakes: 5,
        max_stake: 100_000,
        max_total: 300_000,
    },
    TableGame {
        code: "kasa-baccarat",
        kind: TableKind::Baccarat,
        name: ("Kasa Bakara", "Kasa Baccarat"),
        description: (
            "Sekiz desteden punto banco: Oyuncu 1'e 1, Kasa 0,95'e 1, Beraberlik 9'a 1 öder.",
            "Eight-deck punto banco: Player pays 1 to 1, Banker 0.95 to 1, Tie 9 to 1.",
        ),
        chips: CHIPS,
        max_stakes: 3,
        max_stake: 200_000,
        max_total: 400_000,
    },
];

/// Baccarat's exact return per bet (player, banker, tie), computed once.
static BACCARAT_RTPS: std::sync::LazyLock<[f64; 3]> = std::sync::LazyLock::new(baccarat::rtps);

/// The table game with this code.
pub fn table(code: &str) -> Option<&'static TableGame> {
    GAMES.iter().find(|g| g.code == code)
}

/// Every table game.
pub fn tables() -> &'static [TableGame] {
    &GAMES
}

/// One stake of a round, as the client sends it.
#[derive(Debug, Clone, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Stake {
    /// Roulette: straight, split, street, corner, line, dozen, column, red, black, odd, even, low,
    /// high. Keno: picks. Wheel: mark.
    pub kind: String,
    /// Roulette: the inside bet's numbers, a dozen's or column's index (1–3), none for the
    /// even-money bets. Keno: the picked numbers (1–10 of 1–80). Wheel: the mark (2, 4, 6, 12, 24).
    #[serde(default)]
    pub numbers: Vec<u8>,
    /// Kuruş: a positive multiple of 100 (whole lira).
    pub amount: i64,
}

/// Why a round's stakes were refused (nothing moved).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StakeError {
    #[error("no stake")]
    Empty,
    #[error("more stakes than the table takes")]
    TooMany,
    #[error("stake {0} is not a bet of this game")]
    NotABet(usize),
    #[error("stake {0} is not a whole lira amount within the table's limits")]
    BadAmount(usize),
    #[error("the stakes total more than the table's limit")]
    OverLimit,
}

/// Stakes checked against the table: each with the numbers it covers.
#[derive(Debug, Clone)]
pub struct Placed {
    pub stakes: Vec<(Stake, Vec<u8>)>,
    /// Kuruş.
    pub total: i64,
}

/// The draw of a round: what the wheel or the balls gave, whatever was staked.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "game", rename_all = "camelCase")]
pub enum Draw {
    /// The roulette wheel's number (0–36).
    Roulette { number: u8 },
    /// The twenty keno numbers in the order drawn.
    Keno { drawn: Vec<u8> },
    /// The lucky wheel's segment (index into the segments) and its mark.
    Wheel { segment: u32, mark: u8 },
    /// Baccarat's hands (cards 0–51: rank `card % 13`, ace first; suit `card / 13`), two or three
    /// cards each, dealt player, banker, player, banker, then any third cards in that order.
    Baccarat { player: Vec<u8>, banker: Vec<u8> },
}

/// A settled stake.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StakeResult {
    pub kind: String,
    pub numbers: Vec<u8>,
    /// Kuruş.
    pub amount: i64,
    /// Kuruş: what it returned, the stake included (0 when lost).
    pub win: i64,
    /// Keno: how many picks were drawn.
    pub hits: Option<u32>,
}

/// A table round's outcome.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TableOutcome {
    pub draw: Draw,
    pub stakes: Vec<StakeResult>,
    /// Kuruş: the round's total return.
    pub win: i64,
}

/// Everything the client needs to draw a table game and its rules panel.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TableInfo {
    pub code: String,
    pub kind: TableKind,
    pub name: Text,
    pub description: Text,
    /// Kuruş.
    pub chips: Vec<i64>,
    pub max_stakes: u32,
    /// Kuruş.
    pub max_stake: i64,
    /// Kuruş.
    pub max_total: i64,
    /// The exact return to player (the lowest of the game's bets), as a fraction.
    pub rtp: f64,
    /// The most a round returns, times its total stake: roulette's single number, keno's top
    /// pay, the wheel's top mark, baccarat's tie.
    pub max_win_x: f64,
    /// Roulette: the pockets in wheel order; wheel: each segment's mark in order.
    pub wheel: Vec<u8>,
    /// Roulette: the red numbers.
    pub red: Vec<u8>,
    /// Keno: pays in hundredths of the stake by picks then hits; wheel: `[[mark, segments], …]`;
    /// baccarat: what player, banker and tie return, in hundredths of the stake (`[[200], …]`).
    pub pays: Vec<Vec<u64>>,
    /// Keno: the exact return by pick count (index 0 unused); wheel: by mark, in `pays` order;
    /// baccarat: by bet, in `pays` order.
    pub rtps: Vec<f64>,
    /// The fair-play parameters: what recomputes a round's draw from its seeds.
    pub fair: TableFair,
}

/// What recomputes a table game's draw from its seeds (see each field's game).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TableFair {
    /// Roulette: the number is `below(pockets)` (0–36); the wheel: the segment is
    /// `below(pockets)`, an index into `wheel`; keno: the card's numbers (1 to `pockets`).
    pub pockets: u32,
    /// Keno: how many numbers are drawn (draw i takes `below(pockets − i)` in a partial
    /// Fisher–Yates shuffle of 1..=pockets); 1 for the others.
    pub drawn: u32,
    /// Keno: the most numbers a card may pick (0 for the others).
    pub max_picks: u32,
    /// Baccarat: the decks of the fresh shoe each round deals from (each card `below(cards
    /// left)` counted through the shoe in card order 0–51); 0 for the others.
    pub decks: u32,
    /// Roulette: a bet covering n numbers returns `payoutNumerator / n` times its stake (36);
    /// 0 for the others.
    pub payout_numerator: u32,
    /// Baccarat: the bets, in `pays` order (player, banker, tie; a tie returns the player and
    /// banker stakes); roulette: the bet kinds; empty for the others.
    pub bets: Vec<String>,
}

impl TableGame {
    /// The game as the client sees it.
    pub fn info(&self) -> TableInfo {
        let (wheel, red, pays, rtps) = match self.kind {
            TableKind::Roulette => (roulette::WHEEL.to_vec(), roulette::RED.to_vec(), vec![], vec![]),
            TableKind::Keno => (
                vec![],
                vec![],
                keno::PAYS.iter().map(|r| r.to_vec()).collect(),
                (0..=keno::MAX_PICKS).map(|p| if p == 0 { 0.0 } else { keno::rtp(p) }).collect(),
            ),
            TableKind::Wheel => (
                wheel::SEGMENTS.clone(),
                vec![],
                wheel::MARKS.iter().map(|&(m, c)| vec![u64::from(m), u64::from(c)]).collect(),
                wheel::MARKS.iter().map(|&(m, c)| f64::from(m) * f64::from(c) / wheel::SEGMENTS.len() as f64).collect(),
            ),
            TableKind::Baccarat => (vec![], vec![], baccarat::BETS.iter().map(|&(_, p)| vec![p as u64]).collect(), BACCARAT_RTPS.to_vec()),
        };
        TableInfo {
            code: self.code.to_string(),
            kind: self.kind,
            name: Text { tr: self.name.0.to_string(), en: self.name.1.to_string() },
            description: Text { tr: self.description.0.to_string(), en: self.description.1.to_string() },
            chips: self.chips.to_vec(),
            max_stakes: self.max_stakes as u32,
            max_stake: self.max_stake,
            max_total: self.max_total,
            rtp: self.rtp(),
            max_win_x: self.max_win_x(),
            wheel,
            red,
            pays,
            rtps,
            fair: self.fair(),
        }
    }

    /// The most a round returns, times its total stake (all of it on the bet that pays most).
    pub fn max_win_x(&self) -> f64 {
        match self.kind {
            TableKind::Roulette => 36.0,
            TableKind::Keno => keno::PAYS.iter().flatten().copied().max().unwrap_or(0) as f64 / 100.0,
            TableKind::Wheel => wheel::MARKS.iter().map(|&(m, _)| f64::from(m)).fold(0.0, f64::max),
            TableKind::Baccarat => baccarat::BETS.iter().map(|&(_, p)| p).max().unwrap_or(0) as f64 / 100.0,
        }
    }

    /// What recomputes the game's draw from its seeds.
    pub fn fair(&self) -> TableFair {
        let none = TableFair { pockets: 0, drawn: 1, max_picks: 0, decks: 0, payout_numerator: 0, bets: vec![] };
        match self.kind {
            TableKind::Roulette => TableFair {
                pockets: roulette::POCKETS,
                payout_numerator: 36,
                bets: roulette::KINDS.iter().map(|k| k.to_string()).collect(),
                ..none
            },
            TableKind::Keno => {
                TableFair { pockets: u32::from(keno::NUMBERS), drawn: keno::DRAWN as u32, max_picks: keno::MAX_PICKS as u32, ..none }
            }
            TableKind::Wheel => TableFair { pockets: wheel::SEGMENTS.len() as u32, ..none },
            TableKind::Baccarat => {
                TableFair { decks: baccarat::DECKS, bets: baccarat::BETS.iter().map(|(k, _)| k.to_string()).collect(), ..none }
            }
        }
    }

    /// The exact return to player: roulette 36/37 on every bet; keno and the wheel the lowest of
    /// their bets'.
    pub fn rtp(&self) -> f64 {
        match self.kind {
            TableKind::Roulette => 36.0 / 37.0,
            TableKind::Keno => (1..=keno::MAX_PICKS).map(keno::rtp).fold(f64::INFINITY, f64::min),
            TableKind::Wheel => wheel::rtp(),
            TableKind::Baccarat => BACCARAT_RTPS.iter().copied().fold(f64::INFINITY, f64::min),
        }
    }

    /// Checks a round's stakes: each a bet of this game, a positive multiple of one lira up to
    /// the stake limit, no more stakes than the table takes, the total within its limit.
    pub fn place(&self, stakes: &[Stake]) -> Result<Placed, StakeError> {
        if stakes.is_empty() {
            return Err(StakeError::Empty);
        }
        if stakes.len() > self.max_stakes {
            return Err(StakeError::TooMany);
        }
        let mut placed = Vec::with_capacity(stakes.len());
        let mut total = 0i64;
        for (i, s) in stakes.iter().enumerate() {
            let covered = match self.kind {
                TableKind::Roulette => roulette::covered(&s.kind, &s.numbers),
                TableKind::Keno => (s.kind == "picks").then(|| keno::picks(&s.numbers)).flatten(),
                TableKind::Wheel => (s.kind == "mark" && s.numbers.len() == 1 && wheel::is_mark(s.numbers[0])).then(|| s.numbers.clone()),
                TableKind::Baccarat => (baccarat::is_bet(&s.kind) && s.numbers.is_empty()).then(Vec::new),
            }
            .ok_or(StakeError::NotABet(i))?;
            if s.amount < STAKE_UNIT || s.amount % STAKE_UNIT != 0 || s.amount > self.max_stake {
                return Err(StakeError::BadAmount(i));
            }
            total += s.amount;
            let numbers = if self.kind == TableKind::Keno { covered.clone() } else { s.numbers.clone() };
            placed.push((Stake { kind: s.kind.clone(), numbers, amount: s.amount }, covered));
        }
        if total > self.max_total {
            return Err(StakeError::OverLimit);
        }
        Ok(Placed { stakes: placed, total })
    }

    /// The round's draw from the fair stream.
    pub fn draw(&self, rng: &mut impl Rng) -> Draw {
        match self.kind {
            TableKind::Roulette => Draw::Roulette { number: roulette::spin(rng) },
            TableKind::Keno => Draw::Keno { drawn: keno::draw(rng) },
            TableKind::Wheel => {
                let segment = wheel::spin(rng);
                Draw::Wheel { segment, mark: wheel::SEGMENTS[segment as usize] }
            }
            TableKind::Baccarat => {
                let (player, banker) = baccarat::play(rng);
                Draw::Baccarat { player, banker }
            }
        }
    }

    /// Settles placed stakes against a draw.
    pub fn settle(&self, placed: &Placed, draw: Draw) -> TableOutcome {
        let stakes: Vec<StakeResult> = placed
            .stakes
            .iter()
            .map(|(s, covered)| {
                let (win, hits) = match &draw {
                    Draw::Roulette { number } => (roulette::returns(covered, s.amount, *number), None),
                    Draw::Keno { drawn } => {
                        let h = keno::hits(covered, drawn);
                        (keno::returns(covered.len(), h, s.amount), Some(h as u32))
                    }
                    Draw::Wheel { segment, .. } => (wheel::returns(covered[0], s.amount, *segment), None),
                    Draw::Baccarat { player, banker } => (baccarat::returns(&s.kind, s.amount, baccarat::winner(player, banker)), None),
                };
                StakeResult { kind: s.kind.clone(), numbers: s.numbers.clone(), amount: s.amount, win, hits }
            })
            .collect();
        let win = stakes.iter().map(|s| s.win).sum();
        TableOutcome { draw, stakes, win }
    }

    /// A whole round: the draw from the stream, then the settlement.
    pub fn play(&self, placed: &Placed, rng: &mut impl Rng) -> TableOutcome {
        let draw = self.draw(rng);
        self.settle(placed, draw)
    }
}
