//! The studio's game engine: provably fair randomness ([`FairRng`]), the 5-reel video slots
//! ([`Slot`]) and the table games ([`TableGame`]: European roulette, keno, the lucky wheel, baccarat) and the ways slot ([`WaysSlot`]), each
//! with its exact return to player. Pure: no database, no I/O, no async.
//!
//! A slot round is `slot(code)?.play(&mut FairRng::new(server_seed, client_seed, nonce))`; its
//! wins are in line-bet units: with a total bet of `bet` kuruş (a multiple of [`Slot::lines`]),
//! the round pays `bet * win_units / lines` kuruş. A table round is
//! `table(code)?.play(&placed, &mut rng)`, its draw independent of the stakes. [`verify`] replays
//! either from the revealed seed.

pub mod baccarat;
pub mod blackjack;
pub mod crash;
mod fair;
mod games;
pub mod jackpot;
pub mod keno;
pub mod roulette;
mod rtp;
mod slot;
mod table;
pub mod ways;
pub mod wheel;

use serde::Serialize;
use utoipa::ToSchema;

pub use fair::{FairRng, Rng, new_server_seed, seed_hash};
pub use games::{slot, slots};
pub use slot::{LineWin, Outcome, Slot, SlotInfo, Spin, SymbolInfo, SymbolKind, Text};
pub use table::{Draw, Placed, STAKE_UNIT, Stake, StakeError, StakeResult, TableGame, TableInfo, TableKind, TableOutcome, table, tables};
pub use ways::{WaysInfo, WaysOutcome, WaysSlot, ways, ways_slots};

/// What a replayed round shows: a slot's whole outcome, or a table game's draw.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(untagged)]
pub enum Replay {
    Slot(Outcome),
    Table(Draw),
    Ways(WaysOutcome),
    Cards(blackjack::Shoe),
}

/// A slot spin's outcome: a payline slot's, or the ways slot's.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(untagged)]
pub enum SpinOutcome {
    Lines(Outcome),
    Ways(WaysOutcome),
}

/// A studio game as the client sees it: a slot, a table game or the crash game.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(untagged)]
pub enum GameInfo {
    Slot(SlotInfo),
    Table(TableInfo),
    Crash(crash::CrashInfo),
    Ways(WaysInfo),
    Blackjack(blackjack::BlackjackInfo),
}

/// The studio game with this code, as the client sees it.
pub fn info(code: &str) -> Option<GameInfo> {
    if code == crash::CODE {
        return Some(GameInfo::Crash(crash::CrashInfo::new()));
    }
    if code == blackjack::CODE {
        return Some(GameInfo::Blackjack(blackjack::info()));
    }
    slot(code)
        .map(|s| GameInfo::Slot(s.info()))
        .or_else(|| table(code).map(|t| GameInfo::Table(t.info())))
        .or_else(|| ways(code).map(|w| GameInfo::Ways(w.info())))
}

/// What a published game is, as `/fair` tells them apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum PublishedKind {
    Slot,
    Ways,
    Roulette,
    Keno,
    Wheel,
    Baccarat,
    Blackjack,
    Crash,
}

/// A studio game's published info: everything that recomputes its rounds from their seeds.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublishedGame {
    pub code: String,
    pub name: Text,
    pub kind: PublishedKind,
    pub info: GameInfo,
}

/// A jackpot level's published odds: number `r` of the level hits when `⌊r × odds / 2^64⌋` is
/// below the bet in kuruş.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublishedLevel {
    /// I, II, III, IV.
    pub level: String,
    /// Kuruş.
    pub odds: u64,
}

/// A jackpot as the fair page recomputes it: after a slot's round the stream draws, for each
/// jackpot in this order, one 64-bit number per level I–IV (two 32-bit numbers, high first).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublishedJackpot {
    pub name: String,
    pub levels: Vec<PublishedLevel>,
}

/// Every studio game's published info, and the jackpots slot rounds draw.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Published {
    pub games: Vec<PublishedGame>,
    pub jackpots: Vec<PublishedJackpot>,
}

/// Every studio game's info (slots, the ways slot, the table games, blackjack, the crash game) and
/// the jackpots: what the fair page needs to recompute any round in the browser.
pub fn published() -> Published {
    let mut games = Vec::new();
    let text = |(tr, en): (&str, &str)| Text { tr: tr.to_string(), en: en.to_string() };
    for s in slots() {
        games.push(PublishedGame {
            code: s.code().to_string(),
            name: text(s.def.name),
            kind: PublishedKind::Slot,
            info: GameInfo::Slot(s.info()),
        });
    }
    for w in ways_slots() {
        let info = w.info();
        games.push(PublishedGame {
            code: info.code.clone(),
            name: info.name.clone(),
            kind: PublishedKind::Ways,
            info: GameInfo::Ways(info),
        });
    }
    for t in tables() {
        let kind = match t.kind {
            TableKind::Roulette => PublishedKind::Roulette,
            TableKind::Keno => PublishedKind::Keno,
            TableKind::Wheel => PublishedKind::Wheel,
            TableKind::Baccarat => PublishedKind::Baccarat,
        };
        games.push(PublishedGame { code: t.code.to_string(), name: text(t.name), kind, info: GameInfo::Table(t.info()) });
    }
    let bj = blackjack::info();
    games.push(PublishedGame {
        code: bj.code.clone(),
        name: bj.name.clone(),
        kind: PublishedKind::Blackjack,
        info: GameInfo::Blackjack(bj),
    });
    let crash = crash::CrashInfo::new();
    games.push(PublishedGame {
        code: crash.code.clone(),
        name: crash.name.clone(),
        kind: PublishedKind::Crash,
        info: GameInfo::Crash(crash),
    });
    let jackpots = jackpot::JACKPOTS
        .iter()
        .map(|j| PublishedJackpot {
            name: j.name.to_string(),
            levels: j.levels.iter().map(|l| PublishedLevel { level: l.level.to_string(), odds: l.odds }).collect(),
        })
        .collect();
    Published { games, jackpots }
}

/// A jackpot's draw after a replayed slot round: each level's number and odds (the number hits
/// when `⌊number × odds / 2^64⌋` is below the bet in kuruş) and, for a given bet, the level won.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct JackpotDraw {
    pub name: String,
    /// Levels I to IV.
    pub levels: Vec<JackpotNumber>,
    /// The level the given bet won (I–IV), if any; null without a bet.
    pub won: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct JackpotNumber {
    pub level: String,
    /// The 64-bit number, in decimal (beyond JavaScript's exact integers).
    pub number: String,
    /// Kuruş.
    pub odds: u64,
}

/// The jackpots' draw after slot round `nonce` of `code` (a payline or a ways slot), for a bet of
/// `bet` kuruş when given; `None` for a game that is not a slot.
pub fn verify_jackpots(code: &str, server_seed: &str, client_seed: &str, nonce: u64, bet: Option<i64>) -> Option<Vec<JackpotDraw>> {
    let mut rng = FairRng::new(server_seed, client_seed, nonce);
    if let Some(s) = slot(code) {
        s.play(&mut rng);
    } else if let Some(w) = ways(code) {
        w.play(&mut rng);
    } else {
        return None;
    }
    let numbers = jackpot::numbers(&mut rng);
    Some(
        jackpot::JACKPOTS
            .iter()
            .zip(numbers)
            .map(|(j, n)| JackpotDraw {
                name: j.name.to_string(),
                levels: j
                    .levels
                    .iter()
                    .zip(n)
                    .map(|(l, r)| JackpotNumber { level: l.level.to_string(), number: r.to_string(), odds: l.odds })
                    .collect(),
                won: bet
                    .and_then(|b| (0..4).filter(|&i| jackpot::hits(n[i], j.levels[i].odds, b)).max())
                    .map(|i| j.levels[i].level.to_string()),
            })
            .collect(),
    )
}

/// Replays round `nonce` of game `code` from the revealed server seed and the client seed; `None`
/// for an unknown game code.
pub fn verify(code: &str, server_seed: &str, client_seed: &str, nonce: u64) -> Option<Replay> {
    let mut rng = FairRng::new(server_seed, client_seed, nonce);
    if code == blackjack::CODE {
        return Some(Replay::Cards(blackjack::Shoe { game: "blackjack".to_string(), cards: blackjack::shoe(&mut rng) }));
    }
    if let Some(slot) = slot(code) {
        return Some(Replay::Slot(slot.play(&mut rng)));
    }
    if let Some(w) = ways(code) {
        return Some(Replay::Ways(w.play(&mut rng)));
    }
    table(code).map(|t| Replay::Table(t.draw(&mut rng)))
}

#[cfg(test)]
mod tests;
