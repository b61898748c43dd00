//! The wallet: double entry on the model of TigerBeetle. Money lives in accounts (each player's
//! real and bonus pockets, and a house account for each counterpart: each payment method, each
//! game provider, bonus cost, operator adjustments) and moves only by immutable transfers, each
//! debiting one account and crediting another by the same positive amount, so all accounts
//! together always sum to zero.
//!
//! Player accounts keep a balance row (posted money, and money held by pending transfers) that
//! never goes below zero; house accounts keep none (their balance is the sum of their transfers),
//! so no house row is a lock every bet on the site waits for. A pending transfer holds money until
//! it is posted or voided (a withdrawal). Transfers are committed in batches that succeed or fail
//! together (a bet taken from real money first and then bonus money), under one idempotency key:
//! the same key with the same content answers the first result, with other content a conflict.
//! Each batch journals one balance push per player it touched.
//!
//! [`commit`] runs in a transaction of its own, [`commit_in`] inside the caller's (so a bonus grant
//! row commits with its transfer). [`check`], [`report`] and [`adjust`] are the operator's tools.

pub mod cli;
mod debts;
mod model;
mod ops;
mod plays;
mod store;
mod transfers;

use sqlx::AnyConnection;

use crate::db::Db;

pub use crate::money::{Kurus, MoneyError};
pub use debts::{Debt, debts};
pub use model::{Account, Balances, Batch, Committed, Pocket, Refs, Transfer, TransferKind, WalletError};
pub use ops::{AdjustError, CheckReport, Finding, HouseLine, JackpotTotals, Report, adjust, check, report};
pub use plays::{RoundMove, bet, bet_in, bet_with_in, open_house_account, open_provider_account, win, win_from_in, win_in, win_many_in};
pub use store::{Applied, Phase};
pub use transfers::{
    Shortfall, commit, commit_in, open_house_accounts, post_pending, post_pending_in, reverse_in, reverse_with, void_pending,
    void_pending_in,
};

/// Locks the player's balance rows inside the caller's transaction and reads them: what a change
/// to a player's bonuses does first, so it goes one by one with the player's game moves, which
/// lock the same rows first too.
pub async fn lock_player(conn: &mut AnyConnection, player_id: i64) -> Result<Balances, WalletError> {
    store::lock_balances(conn, player_id).await
}

/// Locks the balance rows of every player a multi-player transaction touches, in the wallet's
/// one order, before it changes anything: a settlement that pays some players and closes others'
/// bonus wagering (which locks the player's rows, [`lock_player`]) then takes no lock out of
/// order, so two settlements with their winners and losers crossed never wait on each other.
pub async fn lock_players(conn: &mut AnyConnection, players: &[i64]) -> Result<(), WalletError> {
    Ok(store::lock_players_at_once(conn, players).await?)
}

/// The player's balances (one indexed read); zero when the player has no accounts yet.
pub async fn balances(db: &Db, player_id: i64) -> Result<Balances, WalletError> {
    store::balances_in_place(db, player_id).await
}

/// The balances of many players on a given connection, by player.
pub async fn balances_of_many(conn: &mut AnyConnection, players: &[i64]) -> Result<std::collections::BTreeMap<i64, Balances>, WalletError> {
    store::balances_of_many(conn, players).await
}

/// [`balances`] on a given connection, e.g. inside a transaction that just committed a batch.
pub async fn balances_on(conn: &mut AnyConnection, player_id: i64) -> Result<Balances, WalletError> {
    store::balances(conn, player_id).await
}

/// Opens the player's two accounts (at zero) if they are not open yet.
pub async fn ensure_wallet(conn: &mut AnyConnection, player_id: i64) -> Result<(), WalletError> {
    if player_id <= 0 {
        return Err(WalletError::Invalid("a player id is positive"));
    }
    Ok(store::ensure_wallet(conn, player_id).await?)
}

/// A player's transfers, newest first, `limit` at most, older than `before_id` when given.
pub async fn transfers_of(db: &Db, player_id: i64, before_id: Option<i64>, limit: i64) -> Result<Vec<Applied>, WalletError> {
    let mut conn = db.pool.acquire().await?;
    Ok(store::transfers_of_player(&mut conn, player_id, before_id, limit).await?)
}

/// Journals the player's new balance (in the same transaction) so their open windows update at once.
/// Journals the player's balance push inside the caller's transaction: what a caller of the `_in`
/// game moves ([`bet_in`], [`win_in`], [`reverse_in`]) does once, after its last move.
pub async fn publish_balance_in(conn: &mut AnyConnection, player_id: i64) -> Result<(), WalletError> {
    publish_balance(conn, player_id).await
}

async fn publish_balance(conn: &mut AnyConnection, player_id: i64) -> Result<(), WalletError> {
    let b = balances_on(conn, player_id).await?;
    let message = serde_json::json!({
        "balance": b.total()?.to_lira(), "realBalance": b.real.to_lira(), "bonusBalance": b.bonus.to_lira()
    })
    .to_string();
    crate::journal::publish(conn, Some(player_id), None, crate::journal::BALANCE, &message).await?;
    Ok(())
}
