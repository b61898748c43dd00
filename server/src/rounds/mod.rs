//! The rounds area, below the casino, the sportsbook and the studio: the one path every stake and
//! payout on the site takes to the ledger, and the rounds they make. Its tables (`rounds`,
//! `provider_txs`) are written nowhere else.
//!
//! A caller opens a [`Work`] for a provider (its house accounts opened, a write transaction
//! begun), stakes ([`Work::stake`], the one gate every stake passes: the place for the limits and
//! exclusions of safer gambling), pays, rolls back and writes its own rows in the same
//! transaction, then commits: one balance push for each player whose money moved. A provider's
//! single call ([`bet`], [`win`], [`win_for`], [`rollback`]) is a work of its own.
//!
//! Each call is idempotent by the provider's transaction id: the transaction id is claimed first (`provider_txs`, one row per
//! provider and id); the same id with the same content answers the first answer again and moves
//! nothing, with other content it is refused ([`CallError::Duplicate`]). Then the round is
//! recorded (`rounds`: player, game, provider, round id, bets and wins, status open / settled /
//! rolled back, times) and the money moves through the wallet's linked transfers (a bet takes real
//! money first, then bonus money; a win goes back in the proportion of the round's stakes), under
//! the wallet key `{provider}:{kind}:{tx}`.
//!
//! A win may name the bet it pays ([`win_for`]): it is refused unless that is a standing bet of
//! the same player in the same round. A rollback names the transaction it undoes. A bet or win it
//! knows is undone once (the conditional `UPDATE ... WHERE rolled_back_by IS NULL` lets one of
//! racing rollbacks through), by `Rollback` transfers reversing each of its transfers, pocket by
//! pocket, and a bet's wagering contribution with it; a bet whose round has a win that stands is
//! not undone ([`CallError::RoundSettled`]: the player would keep the stake and the win); one it has not seen is
//! recorded as a tombstone under that id, so the bet arriving late is refused
//! ([`CallError::RolledBack`]). Rows are locked in one order on every path (the transaction row,
//! the round row, the player's balance rows), so concurrent calls never wait for each other in a
//! circle.

use serde::{Deserialize, Serialize};

use crate::bonus::BonusError;
use crate::db::Db;
use crate::money::Kurus;
use crate::wallet::{self, WalletError};

mod bulk;
mod calls;
mod store;
mod work;

pub use work::{Work, not_enough_money, short_of_money};

/// The built-in sportsbook's provider code in the wallet and the rounds.
pub const SPORTSBOOK: &str = "sportsbook";

/// A bet or a win as a provider reports it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Move {
    pub provider: String,
    pub player_id: i64,
    /// The provider's game code.
    pub game_code: String,
    /// The provider's round id.
    pub round_id: String,
    /// The provider's transaction id.
    pub tx_id: String,
    /// Kuruş: positive for a bet, zero or more for a win.
    pub amount: Kurus,
}

/// A rollback as a provider reports it: its own transaction id and the one it undoes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Rollback {
    pub provider: String,
    pub player_id: i64,
    pub game_code: String,
    pub round_id: String,
    /// The rollback's own transaction id.
    pub tx_id: String,
    /// The transaction it undoes (a bet, or a win).
    pub rolls_back: String,
}

/// What a call answers: the player's balance after it (real plus bonus money).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Answer {
    /// Kuruş.
    pub balance: i64,
    /// True when the transaction id was answered before: this is that answer, nothing moved now.
    #[serde(skip)]
    pub replayed: bool,
}

impl Answer {
    pub fn balance(&self) -> Kurus {
        Kurus::from_minor(self.balance).unwrap_or(Kurus::ZERO)
    }
}

/// Why a call was refused; nothing of it was written.
#[derive(Debug, thiserror::Error)]
pub enum CallError {
    /// The stake is more than the player's real and bonus money.
    #[error("not enough money: the balance is {balance}")]
    NotEnoughMoney { balance: Kurus },
    /// The transaction id was used before for another call.
    #[error("transaction '{0}' was made before with other content")]
    Duplicate(String),
    /// The transaction id was rolled back before it arrived.
    #[error("transaction '{0}' was rolled back before it arrived")]
    RolledBack(String),
    /// The round (or the transaction a rollback names) is another player's or game's.
    #[error("round '{0}' is another player's or another game's")]
    Foreign(String),
    /// The bet a win names is not a standing bet of this player in this round.
    #[error("the win names no standing bet '{0}' of this player in this round")]
    NoSuchBet(String),
    /// A bet whose round has a standing win cannot be rolled back (the player would keep the
    /// stake and the win).
    #[error("round '{0}' has a win: its bet cannot be rolled back")]
    RoundSettled(String),
    #[error("invalid call: {0}")]
    Invalid(&'static str),
    /// The stake is more than the player's active bonus allows.
    #[error("the stake is more than the bonus's maximum bet {max}")]
    MaxBet { max: Kurus },
    /// Player protection refuses the stake: the account is closed, or it would cross a loss or
    /// wager limit of the player's.
    #[error("player protection refuses the stake: {0:?}")]
    Protection(crate::protection::gate::Refusal),
    #[error(transparent)]
    Wallet(WalletError),
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

impl From<WalletError> for CallError {
    fn from(e: WalletError) -> Self {
        match e {
            WalletError::Database(db) => CallError::Database(db),
            other => CallError::Wallet(other),
        }
    }
}

impl From<BonusError> for CallError {
    fn from(e: BonusError) -> Self {
        match e {
            BonusError::MaxBet { max } => CallError::MaxBet { max },
            BonusError::Wallet(w) => w.into(),
            BonusError::Database(db) => CallError::Database(db),
        }
    }
}

impl From<CallError> for crate::error::AppError {
    fn from(e: CallError) -> Self {
        use crate::error::AppError;
        match e {
            CallError::NotEnoughMoney { .. } => AppError::BadRequest("wallet.insufficient"),
            CallError::MaxBet { max } => AppError::Refused(crate::i18n::t("bonus.max_bet").replace("{amount}", &crate::i18n::money(max))),
            CallError::Protection(refusal) => refusal.into(),
            CallError::Duplicate(_) | CallError::RolledBack(_) => AppError::Conflict("wallet.key_reused"),
            CallError::Database(db) => AppError::Database(db),
            CallError::Wallet(w) => w.into(),
            other => AppError::Internal(anyhow::anyhow!(other)),
        }
    }
}

/// What a provably fair game records on its round ([`Work::record_fairness`]).
#[derive(Debug, Clone, Copy)]
pub struct Fairness<'a> {
    pub seed_id: i64,
    pub nonce: i64,
    pub client_seed: &'a str,
    pub outcome: &'a serde_json::Value,
}

/// Round statuses.
pub const OPEN: &str = "open";
pub const SETTLED: &str = "settled";
pub const ROLLED_BACK: &str = "rolled_back";

/// The player's balance (real plus bonus money).
pub async fn balance(db: &Db, player_id: i64) -> Result<Answer, CallError> {
    let b = wallet::balances(db, player_id).await?;
    Ok(Answer { balance: b.total().map_err(WalletError::from)?.minor(), replayed: false })
}

/// A stake in a unit of work of its own. Not enough money: [`CallError::NotEnoughMoney`] with the balance.
pub async fn bet(db: &Db, mv: &Move) -> Result<Answer, CallError> {
    one_call(db, &mv.provider, mv.player_id, Call::Bet(mv)).await
}

/// A payout (zero settles the round and moves nothing) in a unit of work of its own.
pub async fn win(db: &Db, mv: &Move) -> Result<Answer, CallError> {
    one_call(db, &mv.provider, mv.player_id, Call::Win(mv, None)).await
}

/// A payout that names the bet it pays (`bet_tx`): refused ([`CallError::NoSuchBet`]) unless that
/// is a bet of the same player in the same round that was not rolled back.
pub async fn win_for(db: &Db, mv: &Move, bet_tx: &str) -> Result<Answer, CallError> {
    one_call(db, &mv.provider, mv.player_id, Call::Win(mv, Some(bet_tx))).await
}

/// Undoes a bet or a win (see the module's documentation) in a unit of work of its own.
pub async fn rollback(db: &Db, rb: &Rollback) -> Result<Answer, CallError> {
    one_call(db, &rb.provider, rb.player_id, Call::Rollback(rb)).await
}

enum Call<'a> {
    Bet(&'a Move),
    Win(&'a Move, Option<&'a str>),
    Rollback(&'a Rollback),
}

/// One provider call as a unit of work; a short balance is answered with the balance as it is.
async fn one_call(db: &Db, provider: &str, player_id: i64, call: Call<'_>) -> Result<Answer, CallError> {
    let mut work = Work::begin(db, provider).await?;
    let done = match call {
        Call::Bet(mv) => work.stake(mv).await,
        Call::Win(mv, None) => work.pay(mv).await,
        Call::Win(mv, Some(bet_tx)) => work.pay_for(mv, bet_tx).await,
        Call::Rollback(rb) => work.roll_back(rb).await,
    };
    match done {
        Ok(answer) => {
            work.commit().await?;
            Ok(answer)
        }
        Err(e) => {
            work.abandon().await?;
            Err(short_of_money(db, player_id, e).await)
        }
    }
}
