//! The studio's game engine: provably fair randomness ([`FairRng`]) and the 5-reel video slots
//! ([`Slot`]) with their exact return to player. Pure: no database, no I/O, no async.
//!
//! A round is `slot(code)?.play(&mut FairRng::new(server_seed, client_seed, nonce))`;
//! [`verify`] replays one from the revealed seed. Wins are in line-bet units: with a total bet of
//! `bet` kuruş (a multiple of [`Slot::lines`]), the round pays `bet * win_units / lines` kuruş.

mod fair;
mod games;
mod rtp;
mod slot;

pub use fair::{FairRng, Rng, new_server_seed, seed_hash};
pub use games::{slot, slots};
pub use slot::{LineWin, Outcome, Slot, SlotInfo, Spin, SymbolInfo, SymbolKind, Text};

/// Replays round `nonce` of slot `code` from the revealed server seed and the client seed; `None`
/// for an unknown game code.
pub fn verify(code: &str, server_seed: &str, client_seed: &str, nonce: u64) -> Option<Outcome> {
    let slot = slot(code)?;
    Some(slot.play(&mut FairRng::new(server_seed, client_seed, nonce)))
}

#[cfg(test)]
mod tests;
