//! The money of bonus instances: a bonus pocket that is always the sum of the player's live
//! bonuses' balances, kept so by every move that touches it, inside that move's transaction.
//!
//! - A stake (after the wallet took real money first, then bonus money) is refused above the
//!   smallest maximum bet of the active bonuses; the bonus part is taken from the bonuses oldest
//!   first; the stake, weighted by its game's contribution, counts towards the oldest active
//!   bonus's requirement. A bonus whose requirement is met is completed: what is left of it moves
//!   to real money. A bonus whose money is all staked and lost is spent.
//! - Bonus money coming back (a win's bonus part, a rolled-back stake) goes to the oldest active
//!   bonus, else back to the latest spent one (its round's win); with none, it follows the latest
//!   ended bonus: real money when it was completed, back to the bonus-cost account otherwise
//!   (and stays in the pocket when the player never had a bonus: an operator's adjustment).
//! - A bonus past its expiry, or forfeited, gives what is left of it back to the bonus-cost account.
//!
//! Every function here runs after the player's balance rows were locked in the transaction (by the
//! wallet's move, or [`wallet::lock_player`]), so a player's bonus rows change one move at a time.

use sqlx::AnyConnection;

use super::rule::GameClass;
use super::store::{self, ACTIVE, BonusRow, COMPLETED, EXPIRED, FORFEITED, SPENT};
use crate::db::now_ms;
use crate::money::Kurus;
use crate::wallet::{self, Account, Batch, Transfer, TransferKind, WalletError};

/// Why a move was refused by the player's bonus.
#[derive(Debug, thiserror::Error)]
pub enum BonusError {
    /// The stake is more than an active bonus allows.
    #[error("the stake is more than the bonus's maximum bet {max}")]
    MaxBet { max: Kurus },
    #[error(transparent)]
    Wallet(#[from] WalletError),
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

/// After a stake's wallet move: checks the maximum bet, takes the bonus part from the bonuses and
/// counts the stake towards wagering (see the module's documentation).
pub async fn after_bet(
    conn: &mut AnyConnection,
    player_id: i64,
    stake: Kurus,
    class: GameClass,
    from_bonus: Kurus,
) -> Result<(), BonusError> {
    let mut live = store::live(conn, player_id).await?;
    if live.is_empty() {
        return Ok(());
    }
    let now = now_ms();
    expire_due(conn, &mut live, now).await?;
    if let Some(max) = live.iter().filter(|b| b.state == ACTIVE).map(|b| b.max_bet).min()
        && stake.minor() > max
    {
        return Err(BonusError::MaxBet { max: Kurus::from_minor(max).unwrap_or(Kurus::ZERO) });
    }
    take(&mut live, from_bonus.minor());
    if let Some(first) = live.iter_mut().find(|b| b.state == ACTIVE) {
        first.wagered = first.wagered.saturating_add(class.counted(stake)).min(first.wager_required);
    }
    for b in live.iter_mut() {
        if b.state == ACTIVE && b.wagered >= b.wager_required {
            complete(conn, b, now).await?;
        } else if b.state == ACTIVE && b.balance == 0 && from_bonus.is_positive() {
            b.state = SPENT.into();
        }
        store::save(conn, b).await?;
    }
    Ok(())
}

/// After bonus money came back into the pocket (a win's bonus part, a rolled-back stake's).
/// `key` is the move's own idempotency key, for the transfer made when no bonus takes it.
pub async fn after_credit(conn: &mut AnyConnection, player_id: i64, amount: Kurus, key: &str) -> Result<(), BonusError> {
    if !amount.is_positive() {
        return Ok(());
    }
    let mut live = store::live(conn, player_id).await?;
    let now = now_ms();
    expire_due(conn, &mut live, now).await?;
    let target = match live.iter().position(|b| b.state == ACTIVE) {
        Some(i) => Some(i),
        None => live.iter().rposition(|b| b.state == SPENT),
    };
    if let Some(i) = target {
        let b = &mut live[i];
        b.balance = b.balance.saturating_add(amount.minor());
        b.state = ACTIVE.into();
        store::save(conn, b).await?;
        return Ok(());
    }
    // No bonus takes it: it follows the bonus it came from, the latest to end. Bonus money no
    // bonus ever accounted for (an operator's adjustment) stays where the wallet put it.
    let to = match store::latest_ended(conn, player_id).await? {
        Some(b) if b.state == COMPLETED => Account::real(player_id),
        Some(_) => Account::BonusCost,
        None => return Ok(()),
    };
    let cause = format!("bonus:settle:{key}");
    move_money(conn, &cause, Transfer::new(Account::bonus(player_id), to, amount, TransferKind::Bonus, cause.clone())).await?;
    Ok(())
}

/// After bonus money left the pocket other than by a stake (a win's bonus part rolled back).
pub async fn after_debit(conn: &mut AnyConnection, player_id: i64, amount: Kurus) -> Result<(), BonusError> {
    if !amount.is_positive() {
        return Ok(());
    }
    let mut live = store::live(conn, player_id).await?;
    take(&mut live, amount.minor());
    for b in live.iter_mut() {
        store::save(conn, b).await?;
    }
    Ok(())
}

/// Takes kuruş from the bonuses' balances, oldest first.
fn take(live: &mut [BonusRow], amount: i64) {
    let mut left = amount;
    for b in live.iter_mut() {
        let part = left.min(b.balance);
        b.balance -= part;
        left -= part;
    }
}

/// Expires the live bonuses past their date (their money back to the bonus-cost account) and
/// drops them from `live`.
pub(super) async fn expire_due(conn: &mut AnyConnection, live: &mut Vec<BonusRow>, now: i64) -> Result<(), BonusError> {
    for b in live.iter_mut().filter(|b| b.expires_at <= now) {
        end(conn, b, EXPIRED, now).await?;
    }
    live.retain(|b| b.is_live());
    Ok(())
}

/// Ends a live bonus as expired or forfeited: what is left of it goes back to the bonus-cost
/// account. Saves the row.
pub(super) async fn end(conn: &mut AnyConnection, b: &mut BonusRow, state: &str, now: i64) -> Result<(), BonusError> {
    debug_assert!(state == EXPIRED || state == FORFEITED);
    if b.balance > 0 {
        let key = format!("bonus:{}:{state}", b.id);
        let amount = Kurus::from_minor(b.balance).map_err(WalletError::from)?;
        move_money(conn, &key, Transfer::new(Account::bonus(b.player_id), Account::BonusCost, amount, TransferKind::Bonus, key.clone()))
            .await?;
    }
    b.balance = 0;
    b.state = state.into();
    b.ended_at = Some(now);
    store::save(conn, b).await?;
    Ok(())
}

/// Completes a bonus whose requirement is met: what is left of it becomes real money. The caller
/// saves the row.
async fn complete(conn: &mut AnyConnection, b: &mut BonusRow, now: i64) -> Result<(), BonusError> {
    if b.balance > 0 {
        let key = format!("bonus:{}:completed", b.id);
        let amount = Kurus::from_minor(b.balance).map_err(WalletError::from)?;
        move_money(
            conn,
            &key,
            Transfer::new(Account::bonus(b.player_id), Account::real(b.player_id), amount, TransferKind::Bonus, key.clone()),
        )
        .await?;
    }
    b.balance = 0;
    b.state = COMPLETED.into();
    b.ended_at = Some(now);
    Ok(())
}

async fn move_money(conn: &mut AnyConnection, key: &str, transfer: Transfer) -> Result<(), WalletError> {
    wallet::commit_in(conn, &Batch { key: key.to_string(), transfers: vec![transfer] }).await?;
    Ok(())
}
