//! The studio: Kasa's own HTML5 games under `/games/`, their launch tokens and sessions, their
//! JSON API under `/games/api/`, and the provably fair engine they play on: the slots (`spin`)
//! and the table games, roulette, keno and the lucky wheel (`play`).
//!
//! A launch (`casino/kasalaunchurl`) issues a launch token bound to the player and the game (5
//! minutes, single use); the game page `/games/{code}/?token=` checks it without using it, and
//! the game turns it into a game session (`/games/api/session`, 12 hours). A spin is one
//! transaction: the player's active seed gives the round's nonce (its row locked, so concurrent
//! spins get distinct nonces), the engine plays the round from `FairRng(server seed, client seed,
//! nonce)`, and the money moves through the same wallet calls as any provider's
//! ([`crate::rounds`], provider `kasa`, transactions `{roundId}:bet` and `{roundId}:win`),
//! the round recorded with its seed, nonce, client seed and outcome. The round id is
//! `{seedId}-{nonce}`. Rotating the seed reveals the server seed, so every round played on it can
//! be replayed ([`engine::verify`]) and compared.

pub mod blackjack;
pub mod crash;
pub mod engine;
mod errors;
pub mod jackpots;
pub mod page;
pub mod routes;
pub use crate::seal;
pub mod store;
pub mod views;

use crate::db::Db;
use crate::money::Kurus;
use crate::rounds::{self, CallError, Move, Work};
use crate::wallet::WalletError;
pub use crash::routes::{CrashState, router as crash_router};
pub use routes::{document_into, router};
pub use store::{GameSession, PROVIDER, Seed};

/// What a round plays: a slot spin at a total bet, or a table game's checked stakes.
pub enum Play<'a> {
    Slot(&'static engine::Slot, Kurus),
    Ways(&'static engine::WaysSlot, Kurus),
    Table(&'static engine::TableGame, &'a engine::Placed),
}

/// A round's outcome: a slot's spins, or a table game's draw and settled stakes.
#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema)]
#[serde(untagged)]
pub enum RoundOutcome {
    Slot(engine::Outcome),
    Table(engine::TableOutcome),
    Ways(engine::WaysOutcome),
}

/// A played round.
#[derive(Debug, Clone)]
pub struct Played {
    pub round_id: String,
    pub bet: Kurus,
    pub win: Kurus,
    pub outcome: RoundOutcome,
    /// The jackpot levels the round won (slots only), paid besides `win`.
    pub jackpots: Vec<jackpots::JackpotWin>,
    /// The player's balance after it.
    pub balance: Kurus,
    /// The seed and nonce the round was played with.
    pub seed: Seed,
}

/// Why a round was refused; nothing moved.
#[derive(Debug, thiserror::Error)]
pub enum SpinError {
    #[error("not enough money: the balance is {balance}")]
    NotEnoughMoney { balance: Kurus },
    #[error("the bet is not one of the game's levels")]
    BadBet,
    #[error(transparent)]
    BadStakes(engine::StakeError),
    #[error("unknown game {0}")]
    UnknownGame(String),
    /// The player's seed was being rotated (played again, then this).
    #[error("no active seed")]
    NoSeed,
    /// Blackjack: the player already has an open round.
    #[error("a round is already open")]
    RoundOpen,
    /// Blackjack: no such open round (finished, or not the player's).
    #[error("no such open round")]
    NoRound,
    /// Blackjack: the action is not allowed on the hand now.
    #[error("that action is not allowed now")]
    NotAllowed,
    #[error(transparent)]
    Call(CallError),
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

impl From<CallError> for SpinError {
    fn from(e: CallError) -> Self {
        match e {
            CallError::Database(db) => SpinError::Database(db),
            CallError::NotEnoughMoney { balance } => SpinError::NotEnoughMoney { balance },
            other => SpinError::Call(other),
        }
    }
}

/// Plays one round of the session's slot (a payline or a ways slot) for `bet` kuruş (one of the
/// game's bet levels).
pub async fn spin(db: &Db, session: &GameSession, bet: i64) -> Result<Played, SpinError> {
    let levels = match (engine::slot(&session.game_code), engine::ways(&session.game_code)) {
        (Some(slot), _) => slot.bet_levels(),
        (None, Some(ways)) => ways.bet_levels(),
        (None, None) => return Err(SpinError::UnknownGame(session.game_code.clone())),
    };
    if !levels.contains(&bet) {
        return Err(SpinError::BadBet);
    }
    let bet = Kurus::from_minor(bet).map_err(|_| SpinError::BadBet)?;
    let game = match (engine::slot(&session.game_code), engine::ways(&session.game_code)) {
        (Some(slot), _) => Play::Slot(slot, bet),
        (_, Some(ways)) => Play::Ways(ways, bet),
        (None, None) => return Err(SpinError::UnknownGame(session.game_code.clone())),
    };
    play(db, session, game).await
}

/// Plays one round of the session's table game (roulette, keno, the wheel) with these stakes.
pub async fn play_table(db: &Db, session: &GameSession, stakes: &[engine::Stake]) -> Result<Played, SpinError> {
    let table = engine::table(&session.game_code).ok_or_else(|| SpinError::UnknownGame(session.game_code.clone()))?;
    let placed = table.place(stakes).map_err(SpinError::BadStakes)?;
    play(db, session, Play::Table(table, &placed)).await
}

/// Plays a round in one transaction: the player's next nonce, the outcome from the fair stream,
/// the bet and the win through the wallet, the round's fairness record.
async fn play(db: &Db, session: &GameSession, game: Play<'_>) -> Result<Played, SpinError> {
    if !matches!(game, Play::Table(..)) {
        jackpots::open_accounts(db).await.map_err(CallError::from)?;
    }
    let mut attempt = 0;
    loop {
        attempt += 1;
        // A player without a seed yet gets one first (outside the round's transaction).
        store::active_seed(db, session.player_id).await?;
        let mut work = Work::begin(db, PROVIDER).await?;
        let played = play_in(&mut work, &db.seed_key, session, &game).await;
        match played {
            Ok(done) => {
                work.commit().await?;
                return Ok(done);
            }
            Err(e) => {
                work.abandon().await?;
                match e {
                    SpinError::Call(e @ CallError::Wallet(WalletError::InsufficientFunds)) => {
                        return Err(rounds::short_of_money(db, session.player_id, e).await.into());
                    }
                    // The seed was rotated under the round (on PostgreSQL its statement cannot
                    // see the new seed): play again on the new one.
                    SpinError::NoSeed if attempt < 3 => continue,
                    e => return Err(e),
                }
            }
        }
    }
}

async fn play_in(work: &mut Work, key: &seal::SeedKey, session: &GameSession, game: &Play<'_>) -> Result<Played, SpinError> {
    let seed = store::take_nonce(work.conn(), key, session.player_id).await?.ok_or(SpinError::NoSeed)?;
    let nonce = u64::try_from(seed.nonce).map_err(|_| sqlx::Error::RowNotFound)?;
    let mut rng = engine::FairRng::new(&seed.server_seed, &seed.client_seed, nonce);
    // A slot's spin also draws the jackpots, from the stream after its round.
    let (bet, win, outcome, jackpots_won) = match game {
        Play::Slot(slot, bet) => {
            let outcome = slot.play(&mut rng);
            let win = win_kurus(*bet, outcome.win_units, slot.lines()).map_err(|_| SpinError::BadBet)?;
            (*bet, win, RoundOutcome::Slot(outcome), Some(engine::jackpot::draw(&mut rng, bet.minor())))
        }
        Play::Ways(ways, bet) => {
            let outcome = ways.play(&mut rng);
            let win = win_kurus(*bet, outcome.win_units, engine::ways::UNITS_PER_BET).map_err(|_| SpinError::BadBet)?;
            (*bet, win, RoundOutcome::Ways(outcome), Some(engine::jackpot::draw(&mut rng, bet.minor())))
        }
        Play::Table(table, placed) => {
            let outcome = table.play(placed, &mut rng);
            let bet = Kurus::from_minor(placed.total).map_err(|_| SpinError::BadBet)?;
            let win = Kurus::from_minor(outcome.win).map_err(|_| SpinError::BadBet)?;
            (bet, win, RoundOutcome::Table(outcome), None)
        }
    };
    let round_id = format!("{}-{}", seed.id, seed.nonce);
    let mv = |kind: &str, amount: Kurus| Move {
        provider: PROVIDER.to_string(),
        player_id: session.player_id,
        game_code: session.game_code.clone(),
        round_id: round_id.clone(),
        tx_id: format!("{round_id}:{kind}"),
        amount,
    };
    // A slot's bet carries its jackpot contributions in its batch (the levels it won locked first).
    let contributions = match jackpots_won {
        Some(won) => jackpots::contribute_in(work.conn(), session.player_id, &round_id, bet, won).await?,
        None => Vec::new(),
    };
    work.stake_with(&mv("bet", bet), &contributions).await?;
    let mut balance = work.pay(&mv("win", win)).await?.balance();
    let mut jackpots = Vec::new();
    if let Some(won) = jackpots_won {
        let (won, after) = jackpots::pay_in(work, session.player_id, &session.game_code, &round_id, won).await?;
        jackpots = won;
        balance = after.unwrap_or(balance);
    }
    // The work pushes the balance once for the round (the bet's, the win's and any jackpot's moves).
    store::record_fairness(work, &round_id, &seed, &serde_json::to_value(&outcome).unwrap_or_default()).await?;
    Ok(Played { round_id, bet, win, outcome, jackpots, balance, seed })
}

/// A round's win in kuruş: `bet * units / lines` (exact, the bet being a multiple of the lines).
pub fn win_kurus(bet: Kurus, units: u64, lines: u32) -> Result<Kurus, crate::money::MoneyError> {
    let lines = i128::from(lines.max(1));
    let minor = i128::from(bet.minor()) * i128::from(units) / lines;
    Kurus::from_minor(i64::try_from(minor).unwrap_or(i64::MAX))
}
