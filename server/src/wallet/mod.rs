//! The wallet: the one module through which money moves. Each player has two pockets (real money
//! and bonus money) held as integer kuruş in one balance row, and every movement is an append-only
//! ledger entry written in the same transaction as the balance change. A pocket never goes below
//! zero, the entries of a pocket always sum to its balance, and every movement carries a unique
//! idempotency key, so a replayed request moves no money twice.
//!
//! [`post`] runs inside the caller's transaction (so a notification or a bonus-grant row commits
//! with the movement); [`post_one`] runs in its own. [`check`] and [`adjust`] are the operator's
//! tools behind `kasa admin wallet check|adjust`.

mod money;
mod ops;
mod store;

use std::fmt;
use std::str::FromStr;

use sqlx::{AnyConnection, Connection};

use crate::db::{Db, Engine};

pub use money::{Kurus, MoneyError};
pub use ops::{CheckReport, Discrepancy, DiscrepancyKind, adjust, check};
pub use store::Entry;

/// Which of a player's two balances a movement touches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Pocket {
    Real,
    Bonus,
}

impl Pocket {
    pub fn as_str(self) -> &'static str {
        match self {
            Pocket::Real => "real",
            Pocket::Bonus => "bonus",
        }
    }
}

impl FromStr for Pocket {
    type Err = String;
    fn from_str(s: &str) -> Result<Pocket, String> {
        match s {
            "real" => Ok(Pocket::Real),
            "bonus" => Ok(Pocket::Bonus),
            other => Err(format!("unknown pocket '{other}'")),
        }
    }
}

impl fmt::Display for Pocket {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What a movement is, stored as text in the ledger.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Money paid in (credit).
    Deposit,
    /// A withdrawal request takes the amount at once (debit) while an operator decides.
    WithdrawalHold,
    /// A rejected or cancelled withdrawal gives the held amount back (credit).
    WithdrawalRelease,
    /// A stake (debit).
    Bet,
    /// A payout (credit).
    Win,
    /// Undoes an earlier bet or win (either sign).
    Rollback,
    /// Bonus money granted, converted or forfeited (either sign).
    Bonus,
    /// An operator's correction, with a reason (either sign).
    Adjustment,
}

impl Kind {
    pub const ALL: [Kind; 8] =
        [Kind::Deposit, Kind::WithdrawalHold, Kind::WithdrawalRelease, Kind::Bet, Kind::Win, Kind::Rollback, Kind::Bonus, Kind::Adjustment];

    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Deposit => "deposit",
            Kind::WithdrawalHold => "withdrawal_hold",
            Kind::WithdrawalRelease => "withdrawal_release",
            Kind::Bet => "bet",
            Kind::Win => "win",
            Kind::Rollback => "rollback",
            Kind::Bonus => "bonus",
            Kind::Adjustment => "adjustment",
        }
    }

    /// The sign a movement of this kind must have, if it is fixed: `Some(true)` for credits only,
    /// `Some(false)` for debits only (zero is allowed either way, e.g. a losing round's win of 0).
    pub fn credit_only(self) -> Option<bool> {
        match self {
            Kind::Deposit | Kind::WithdrawalRelease | Kind::Win => Some(true),
            Kind::WithdrawalHold | Kind::Bet => Some(false),
            Kind::Rollback | Kind::Bonus | Kind::Adjustment => None,
        }
    }
}

impl FromStr for Kind {
    type Err = String;
    fn from_str(s: &str) -> Result<Kind, String> {
        Kind::ALL.into_iter().find(|k| k.as_str() == s).ok_or_else(|| format!("unknown movement kind '{s}'"))
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One movement of money in one pocket of one player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Movement {
    pub player_id: i64,
    pub pocket: Pocket,
    /// Signed: positive credits the pocket, negative debits it.
    pub amount: Kurus,
    pub kind: Kind,
    /// What caused it, e.g. `trial_bonus`, `deposit:123`, `hub88:bet:TX42`.
    pub cause: String,
    /// An operator's text (adjustments); `None` for the site's own movements.
    pub reason: Option<String>,
    /// Unique across the whole ledger; a second movement with the same key moves nothing.
    pub idempotency_key: String,
}

/// What a posting did: the ledger entry that holds it (the first one, for a replay).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Posted {
    pub entry_id: i64,
    pub player_id: i64,
    pub pocket: Pocket,
    pub kind: Kind,
    pub amount: Kurus,
    /// The pocket's balance right after the entry applied (for a replay: after the first posting).
    pub balance_after: Kurus,
    /// True when the key had already been posted: nothing moved this time.
    pub replayed: bool,
}

impl fmt::Display for Posted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.amount.is_negative() { "" } else { "+" };
        write!(
            f,
            "ledger entry {}: player {} {} pocket {sign}{} ({}), balance after {}",
            self.entry_id, self.player_id, self.pocket, self.amount, self.kind, self.balance_after
        )?;
        if self.replayed {
            f.write_str(" (replayed: nothing moved)")?;
        }
        Ok(())
    }
}

/// A player's two balances.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Balances {
    pub real: Kurus,
    pub bonus: Kurus,
}

impl Balances {
    /// What the header shows: real plus bonus money.
    pub fn total(&self) -> Kurus {
        self.real + self.bonus
    }

    pub fn get(&self, pocket: Pocket) -> Kurus {
        match pocket {
            Pocket::Real => self.real,
            Pocket::Bonus => self.bonus,
        }
    }
}

/// Why a movement was refused. A replay is not an error: it answers [`Posted`] with `replayed`.
#[derive(Debug, thiserror::Error)]
pub enum WalletError {
    /// The debit would take the pocket below zero; nothing was written.
    #[error("insufficient funds")]
    InsufficientFunds,
    /// The player does not exist.
    #[error("unknown player {0}")]
    UnknownPlayer(i64),
    /// The movement itself is malformed (empty key, wrong sign for its kind, ...); a programming error.
    #[error("invalid movement: {0}")]
    Invalid(&'static str),
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

/// Posts a movement on `conn`, inside the caller's transaction when there is one (the balance
/// change and the entry then commit or roll back with the caller's other writes); on a connection
/// outside any transaction it opens and commits its own.
///
/// A debit beyond the pocket's balance is refused with [`WalletError::InsufficientFunds`] and
/// writes nothing. A movement whose idempotency key was posted before moves nothing and returns
/// the first posting with `replayed: true` (even if the player or amount differ: that is logged).
///
/// On SQLite the first statement is a write, so a deferred transaction takes the write lock at
/// once and waits its turn under the busy timeout instead of failing on a lock upgrade.
pub async fn post(conn: &mut AnyConnection, m: &Movement) -> Result<Posted, WalletError> {
    validate(m)?;
    // Outside a transaction: make one, so the balance and the entry still go together.
    if !conn.is_in_transaction() {
        let mut tx = conn.begin().await?;
        let posted = post_in_tx(&mut tx, m).await?;
        tx.commit().await?;
        return Ok(posted);
    }
    post_in_tx(conn, m).await
}

/// Posts a movement in a transaction of its own (see [`post`]). A replay is answered before any
/// write lock is taken.
pub async fn post_one(db: &Db, m: &Movement) -> Result<Posted, WalletError> {
    validate(m)?;
    let mut conn = db.pool.acquire().await?;
    if let Some(first) = store::find_by_key(&mut conn, &m.idempotency_key).await? {
        return Ok(replay(first, m));
    }
    let mut tx = match db.engine {
        Engine::Sqlite => conn.begin_with("BEGIN IMMEDIATE").await?,
        Engine::Postgres => conn.begin().await?,
    };
    let posted = post_in_tx(&mut tx, m).await?;
    tx.commit().await?;
    Ok(posted)
}

/// The player's balances; zero in both pockets when the player has no wallet yet.
pub async fn balances(db: &Db, player_id: i64) -> Result<Balances, WalletError> {
    let mut conn = db.pool.acquire().await?;
    balances_on(&mut conn, player_id).await
}

/// [`balances`] on a given connection, e.g. inside a transaction that just posted.
pub async fn balances_on(conn: &mut AnyConnection, player_id: i64) -> Result<Balances, WalletError> {
    Ok(store::balances(conn, player_id).await?.unwrap_or_default())
}

/// Creates the player's wallet (both pockets at zero) if it does not exist. Posting does this too.
pub async fn ensure_wallet(conn: &mut AnyConnection, player_id: i64) -> Result<(), WalletError> {
    store::ensure_wallet(conn, player_id).await.map_err(|e| map_fk(e, player_id))
}

/// A player's ledger entries, newest first, `limit` at most, older than `before_id` when given.
pub async fn entries(db: &Db, player_id: i64, before_id: Option<i64>, limit: i64) -> Result<Vec<Entry>, WalletError> {
    let mut conn = db.pool.acquire().await?;
    Ok(store::entries(&mut conn, player_id, before_id, limit).await?)
}

fn validate(m: &Movement) -> Result<(), WalletError> {
    if m.idempotency_key.trim().is_empty() {
        return Err(WalletError::Invalid("a movement needs an idempotency key"));
    }
    if m.cause.trim().is_empty() {
        return Err(WalletError::Invalid("a movement needs a cause"));
    }
    match m.kind.credit_only() {
        Some(true) if m.amount.is_negative() => Err(WalletError::Invalid("this kind of movement cannot debit")),
        Some(false) if m.amount.0 > 0 => Err(WalletError::Invalid("this kind of movement cannot credit")),
        _ => Ok(()),
    }
}

/// The posting proper, on a connection already in a transaction.
async fn post_in_tx(conn: &mut AnyConnection, m: &Movement) -> Result<Posted, WalletError> {
    // 1. A write first: takes SQLite's write lock at once (and creates the wallet if need be).
    store::ensure_wallet(conn, m.player_id).await.map_err(|e| map_fk(e, m.player_id))?;
    // 2. The fast path for a replay.
    if let Some(first) = store::find_by_key(conn, &m.idempotency_key).await? {
        return Ok(replay(first, m));
    }
    // 3. Balance and entry under a savepoint, so a concurrent replay's unique violation can be undone
    //    without aborting the caller's transaction (PostgreSQL aborts a transaction on any error).
    let mut sp = conn.begin().await?;
    let Some(balance_after) = store::apply(&mut sp, m.player_id, m.pocket, m.amount).await? else {
        sp.rollback().await?;
        // A concurrent posting of the same key may have committed the debit meanwhile: that makes
        // this a replay, not a refusal.
        if let Some(first) = store::find_by_key(conn, &m.idempotency_key).await? {
            return Ok(replay(first, m));
        }
        return Err(WalletError::InsufficientFunds);
    };
    match store::insert_entry(&mut sp, m, balance_after).await {
        Ok(entry_id) => {
            sp.commit().await?;
            publish_balance(conn, m.player_id).await?;
            Ok(Posted {
                entry_id,
                player_id: m.player_id,
                pocket: m.pocket,
                kind: m.kind,
                amount: m.amount,
                balance_after,
                replayed: false,
            })
        }
        Err(e) if is_unique_violation(&e) => {
            sp.rollback().await?;
            match store::find_by_key(conn, &m.idempotency_key).await? {
                Some(first) => Ok(replay(first, m)),
                None => Err(e.into()),
            }
        }
        Err(e) => Err(e.into()),
    }
}

/// Journals the player's new balance (in the same transaction) so their open windows update at once.
async fn publish_balance(conn: &mut AnyConnection, player_id: i64) -> Result<(), WalletError> {
    let b = balances_on(conn, player_id).await?;
    let message = serde_json::json!({
        "balance": b.total().to_lira(), "realBalance": b.real.to_lira(), "bonusBalance": b.bonus.to_lira()
    })
    .to_string();
    crate::notify::journal::publish(conn, Some(player_id), None, crate::notify::journal::BALANCE, &message).await?;
    Ok(())
}

fn replay(first: Entry, m: &Movement) -> Posted {
    if first.player_id != m.player_id || first.pocket != m.pocket || first.amount != m.amount || first.kind != m.kind {
        tracing::warn!(
            key = %m.idempotency_key,
            first_player = first.player_id, first_pocket = %first.pocket, first_amount = first.amount.0, first_kind = %first.kind,
            player = m.player_id, pocket = %m.pocket, amount = m.amount.0, kind = %m.kind,
            "an idempotency key was replayed with a different movement: the first one stands"
        );
    }
    Posted {
        entry_id: first.id,
        player_id: first.player_id,
        pocket: first.pocket,
        kind: first.kind,
        amount: first.amount,
        balance_after: first.balance_after,
        replayed: true,
    }
}

fn is_unique_violation(e: &sqlx::Error) -> bool {
    matches!(e, sqlx::Error::Database(d) if d.is_unique_violation())
}

fn map_fk(e: sqlx::Error, player_id: i64) -> WalletError {
    match &e {
        sqlx::Error::Database(d) if d.is_foreign_key_violation() => WalletError::UnknownPlayer(player_id),
        _ => WalletError::Database(e),
    }
}
