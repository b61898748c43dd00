//! The money of bonus instances: a bonus pocket that is always the sum of the player's live
//! bonuses' balances, kept so by every move that touches it, inside that move's transaction.
//!
//! - A stake (after the wallet took real money first, then bonus money) is refused above the
//!   smallest maximum bet of the active bonuses; the bonus part is taken from the bonuses oldest
//!   first; the stake, weighted by its game's contribution (the sportsbook's share is the bonus's
//!   own term), counts towards the oldest active bonus's requirement, recorded per stake
//!   (`bonus_wagers`) as pending. A bonus whose money is all staked and lost is spent.
//! - Only stakes that stood complete a bonus: a stake stands when its round is settled (a win,
//!   zero or more, see [`rounds_settled`]); a stake refunded (rolled back, a live bet refused after
//!   its delay, a voided bet, see [`stakes_refunded`]) takes its contribution back in the refund's
//!   transaction. A bonus whose stood stakes meet the requirement is completed: what is left of it
//!   moves to real money. A bonus that has ended keeps what it counted.
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

/// A stake as the rounds know it: its provider, its transaction id and its round.
#[derive(Debug, Clone, Copy)]
pub struct Stake<'a> {
    pub provider: &'a str,
    pub tx_id: &'a str,
    pub round_id: &'a str,
}

/// After a stake's wallet move: checks the maximum bet, takes the bonus part from the bonuses and
/// counts the stake towards wagering, pending until its round settles (see the module's
/// documentation).
pub async fn after_bet(
    conn: &mut AnyConnection,
    player_id: i64,
    stake: Kurus,
    class: GameClass,
    from_bonus: Kurus,
    at: Stake<'_>,
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
        let counted = class.counted(stake, first.sports_percent);
        if counted > 0 {
            first.wagered = first.wagered.saturating_add(counted);
            sqlx::query(
                "INSERT INTO bonus_wagers (provider, tx_id, round_id, player_id, bonus_id, counted, state, created_at, updated_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7, $7)",
            )
            .bind(at.provider)
            .bind(at.tx_id)
            .bind(at.round_id)
            .bind(player_id)
            .bind(first.id)
            .bind(counted)
            .bind(now)
            .execute(&mut *conn)
            .await?;
        }
    }
    for b in live.iter_mut() {
        if b.state == ACTIVE && b.stood >= b.wager_required {
            complete(conn, b, now).await?;
        } else if b.state == ACTIVE && b.balance == 0 && from_bonus.is_positive() {
            b.state = SPENT.into();
        }
        store::save(conn, b).await?;
    }
    Ok(())
}

/// What a change of stakes' state did to each bonus: `(bonus, player, pending kuruş, stood kuruş)`.
type Counted = std::collections::BTreeMap<i64, (i64, i64, i64)>;

fn tally(rows: Vec<(i64, i64, i64, String)>) -> Counted {
    let mut by_bonus = Counted::new();
    for (bonus_id, player_id, counted, state) in rows {
        let e = by_bonus.entry(bonus_id).or_insert((player_id, 0, 0));
        if state == "stood" {
            e.2 += counted;
        } else {
            e.1 += counted;
        }
    }
    by_bonus
}

/// The stakes of settled rounds stood (each round got its win, zero or more): their
/// contributions count towards completion, and a bonus whose stood stakes meet its requirement
/// completes. Inside the settlement's transaction.
pub async fn rounds_settled(conn: &mut AnyConnection, provider: &str, round_ids: &[&str]) -> Result<(), BonusError> {
    let now = now_ms();
    let mut stood = Vec::new();
    for chunk in round_ids.chunks(crate::db::STATEMENT_PARAMS) {
        let sql = format!(
            "UPDATE bonus_wagers SET state = 'stood', updated_at = $2 WHERE provider = $1 AND state = 'pending' AND round_id IN {} \
             RETURNING bonus_id, player_id, counted, state",
            crate::db::value_rows(1, chunk.len(), 3)
        );
        let mut q = sqlx::query_as::<_, (i64, i64, i64, String)>(sqlx::AssertSqlSafe(sql)).bind(provider).bind(now);
        for r in chunk {
            q = q.bind(*r);
        }
        stood.extend(q.fetch_all(&mut *conn).await?);
    }
    for (bonus_id, (player_id, _, amount)) in tally(stood) {
        let b = bonus_of(conn, player_id, bonus_id, now).await?;
        let Some(mut b) = b else { continue };
        b.stood = b.stood.saturating_add(amount);
        if b.state == ACTIVE && b.stood >= b.wager_required {
            complete(conn, &mut b, now).await?;
        }
        store::save(conn, &b).await?;
    }
    Ok(())
}

/// A round whose only standing win was rolled back is open again: its stakes that stood are
/// pending again (a live bonus no longer counts them towards completion).
pub async fn round_reopened(conn: &mut AnyConnection, provider: &str, round_id: &str) -> Result<(), BonusError> {
    let now = now_ms();
    let rows: Vec<(i64, i64, i64, String)> = sqlx::query_as(
        "UPDATE bonus_wagers SET state = 'pending', updated_at = $3 WHERE provider = $1 AND round_id = $2 AND state = 'stood' \
         RETURNING bonus_id, player_id, counted, state",
    )
    .bind(provider)
    .bind(round_id)
    .bind(now)
    .fetch_all(&mut *conn)
    .await?;
    for (bonus_id, (player_id, amount, _)) in tally(rows) {
        if let Some(mut b) = bonus_of(conn, player_id, bonus_id, now).await? {
            b.stood = (b.stood - amount).max(0);
            store::save(conn, &b).await?;
        }
    }
    Ok(())
}

/// Stakes given back (rolled back, a live sportsbook bet refused after its delay, a voided bet):
/// each takes its contribution back from its bonus, inside the refund's transaction. A bonus that
/// has ended keeps what it counted. Stakes never counted, or taken back before, change nothing.
pub async fn stakes_refunded(conn: &mut AnyConnection, provider: &str, tx_ids: &[&str]) -> Result<(), BonusError> {
    let now = now_ms();
    let mut rows = Vec::new();
    for chunk in tx_ids.chunks(crate::db::STATEMENT_PARAMS) {
        let list = crate::db::value_rows(1, chunk.len(), 2);
        let sql = format!(
            "SELECT bonus_id, player_id, counted, state FROM bonus_wagers WHERE provider = $1 AND state <> 'reversed' AND tx_id IN {list}"
        );
        let mut q = sqlx::query_as::<_, (i64, i64, i64, String)>(sqlx::AssertSqlSafe(sql)).bind(provider);
        for t in chunk {
            q = q.bind(*t);
        }
        let found = q.fetch_all(&mut *conn).await?;
        if found.is_empty() {
            continue;
        }
        rows.extend(found);
        let sql = format!(
            "UPDATE bonus_wagers SET state = 'reversed', updated_at = $2 WHERE provider = $1 AND tx_id IN {}",
            crate::db::value_rows(1, chunk.len(), 3)
        );
        let mut q = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(provider).bind(now);
        for t in chunk {
            q = q.bind(*t);
        }
        q.execute(&mut *conn).await?;
    }
    for (bonus_id, (player_id, pending, stood)) in tally(rows) {
        if let Some(mut b) = bonus_of(conn, player_id, bonus_id, now).await? {
            b.wagered = (b.wagered - pending - stood).max(0);
            b.stood = (b.stood - stood).max(0);
            store::save(conn, &b).await?;
        }
    }
    Ok(())
}

/// One of the player's live bonuses, after the player's balance rows were locked and the due
/// bonuses expired; `None` when it has ended.
async fn bonus_of(conn: &mut AnyConnection, player_id: i64, bonus_id: i64, now: i64) -> Result<Option<BonusRow>, BonusError> {
    wallet::lock_player(conn, player_id).await?;
    let mut live = store::live(conn, player_id).await?;
    expire_due(conn, &mut live, now).await?;
    Ok(live.into_iter().find(|b| b.id == bonus_id))
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
