//! Debts: what a correction took back that the player no longer held (a corrected sportsbook
//! result after the winner withdrew or spent the winnings). The reversal takes what each pocket
//! still holds; the rest of the real money is debited to the player's receivable account
//! `house:receivable:ID` (so the provider's books are corrected in full and no balance row goes
//! below zero), and the debt's row (`player_debts`) keeps the amount at hand. Every later credit
//! to the player's real pocket (a deposit, a win, a refund, an adjustment, a completed bonus, a
//! voided withdrawal) repays it first, in the same transaction, by a `Debt` transfer from the real
//! pocket to the receivable account. While a debt is outstanding the real pocket holds nothing
//! spendable (a debt is recorded only once it is empty, and each credit repays first), so nothing
//! can be withdrawn before it is repaid.
//!
//! A debt's row is written only under its player's real balance row's lock (taken first by every
//! path that records or repays), so the rows of the one order stay the one order.

use std::collections::BTreeMap;

use serde::Serialize;
use sqlx::{AnyConnection, Row};

use super::store::{self, Applied, Phase, kurus};
use super::{Account, Kurus, Transfer, TransferKind, WalletError};
use crate::db::{Db, STATEMENT_PARAMS, now_ms, value_rows};

/// A player's debt as the operator sees it (`kasa admin wallet debts`), kuruş.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Debt {
    pub player_id: i64,
    /// Filled in by the caller (the wallet never reads the players).
    pub username: Option<String>,
    /// Still owed.
    pub outstanding: i64,
    /// Owed in all.
    pub recorded: i64,
    /// Repaid in all.
    pub repaid: i64,
    /// Epoch ms: the first debt, the last change.
    pub since: i64,
    pub updated_at: i64,
}

/// The outstanding debts, largest first (with `all`, the repaid ones too).
pub async fn debts(db: &Db, all: bool) -> Result<Vec<Debt>, WalletError> {
    let rows = sqlx::query(
        "SELECT d.player_id, d.outstanding, d.recorded, d.repaid, d.created_at, d.updated_at \
         FROM player_debts d WHERE d.outstanding > 0 OR $1 = 1 \
         ORDER BY d.outstanding DESC, d.player_id",
    )
    .bind(i64::from(all))
    .fetch_all(&db.pool)
    .await?;
    let mut out = Vec::with_capacity(rows.len());
    for r in &rows {
        out.push(Debt {
            player_id: r.try_get(0)?,
            username: None,
            outstanding: r.try_get(1)?,
            recorded: r.try_get(2)?,
            repaid: r.try_get(3)?,
            since: r.try_get(4)?,
            updated_at: r.try_get(5)?,
        });
    }
    Ok(out)
}

/// The player's outstanding debt and the id of their receivable account, when they owe anything.
pub(super) async fn owed(conn: &mut AnyConnection, player_id: i64) -> Result<Option<(i64, Kurus)>, WalletError> {
    let row: Option<(i64, i64)> =
        sqlx::query_as("SELECT account_id, outstanding FROM player_debts WHERE player_id = $1 AND outstanding > 0")
            .bind(player_id)
            .fetch_optional(conn)
            .await?;
    row.map(|(account, amount)| Ok((account, kurus(amount)?))).transpose()
}

/// [`owed`] for many players at once (those who owe nothing are left out).
pub(super) async fn owed_by_many(conn: &mut AnyConnection, players: &[i64]) -> Result<BTreeMap<i64, (i64, Kurus)>, WalletError> {
    let mut out = BTreeMap::new();
    for chunk in players.chunks(STATEMENT_PARAMS) {
        let sql = format!(
            "SELECT player_id, account_id, outstanding FROM player_debts WHERE outstanding > 0 AND player_id IN {}",
            value_rows(1, chunk.len(), 1)
        );
        let mut q = sqlx::query(sqlx::AssertSqlSafe(sql));
        for p in chunk {
            q = q.bind(p);
        }
        for r in q.fetch_all(&mut *conn).await? {
            out.insert(r.try_get::<i64, _>(0)?, (r.try_get::<i64, _>(1)?, kurus(r.try_get(2)?)?));
        }
    }
    Ok(out)
}

/// Opens the player's receivable account if it is new, and gives its id. Inside the money
/// transaction, unlike other house accounts: only a path holding the player's real balance row
/// opens it, so no two transactions can wait for each other over its key.
pub(super) async fn receivable_account(conn: &mut AnyConnection, player_id: i64) -> Result<i64, WalletError> {
    Ok(store::open_house_account(conn, &Account::Receivable(player_id)).await?)
}

/// Records a new debt of the player (after the shortfall's transfer to the receivable account) and
/// tells the player, in the same transaction.
pub(super) async fn record(conn: &mut AnyConnection, player_id: i64, account_id: i64, amount: Kurus) -> Result<(), WalletError> {
    let now = now_ms();
    sqlx::query(
        "INSERT INTO player_debts (player_id, account_id, outstanding, recorded, repaid, created_at, updated_at) \
         VALUES ($1, $2, $3, $3, 0, $4, $4) ON CONFLICT (player_id) DO UPDATE SET \
         outstanding = player_debts.outstanding + excluded.outstanding, recorded = player_debts.recorded + excluded.recorded, \
         updated_at = excluded.updated_at",
    )
    .bind(player_id)
    .bind(account_id)
    .bind(amount.minor())
    .bind(now)
    .execute(&mut *conn)
    .await?;
    let message = crate::notify::Message::new(
        crate::i18n::Words::new("notify.debt_title"),
        crate::i18n::Words::new("notify.debt_note").with("{amount}", amount),
    );
    crate::notify::send(conn, crate::notify::Audience::Player(player_id), crate::notify::NotificationType::System, &message, false).await?;
    tracing::warn!(player_id, amount = amount.minor(), "a correction left a player owing the house");
    Ok(())
}

/// Repays `amount` of the player's debt from their real pocket (whose row the caller locked and
/// credited at least that much in this transaction), under the caller's batch key.
pub(super) async fn repay(
    conn: &mut AnyConnection,
    key: &str,
    player_id: i64,
    (real_id, receivable_id): (i64, i64),
    amount: Kurus,
) -> Result<Applied, WalletError> {
    if !store::change_posted(conn, real_id, amount.negated()).await? {
        return Err(WalletError::InsufficientFunds);
    }
    let repaid = sqlx::query(
        "UPDATE player_debts SET outstanding = outstanding - $1, repaid = repaid + $1, updated_at = $2 \
         WHERE player_id = $3 AND outstanding >= $1",
    )
    .bind(amount.minor())
    .bind(now_ms())
    .bind(player_id)
    .execute(&mut *conn)
    .await?;
    if repaid.rows_affected() != 1 {
        return Err(WalletError::Invalid("a repayment is at most the debt"));
    }
    let transfer = repayment(player_id, amount);
    Ok(store::insert_transfer(conn, key, (real_id, receivable_id), &transfer, Phase::Single, None).await?)
}

/// The transfer that repays `amount` of a player's debt.
pub(super) fn repayment(player_id: i64, amount: Kurus) -> Transfer {
    Transfer::new(Account::real(player_id), Account::Receivable(player_id), amount, TransferKind::Debt, format!("debt:{player_id}:repaid"))
}

/// Marks many repayments in the debts' rows (the transfers are the caller's), `(player, amount)`.
pub(super) async fn repaid_many(conn: &mut AnyConnection, repaid: &[(i64, Kurus)]) -> Result<(), WalletError> {
    let now = now_ms();
    for &(player_id, amount) in repaid {
        let done = sqlx::query(
            "UPDATE player_debts SET outstanding = outstanding - $1, repaid = repaid + $1, updated_at = $2 \
             WHERE player_id = $3 AND outstanding >= $1",
        )
        .bind(amount.minor())
        .bind(now)
        .bind(player_id)
        .execute(&mut *conn)
        .await?;
        if done.rows_affected() != 1 {
            return Err(WalletError::Invalid("a repayment is at most the debt"));
        }
    }
    Ok(())
}

/// What the check finds wrong with the debts: a debt's row that is not its receivable account's
/// balance, or a receivable account with money and no debt's row. Each `(player, row, ledger)`.
pub(super) async fn mismatches(conn: &mut AnyConnection) -> Result<Vec<(i64, Option<Kurus>, Kurus)>, WalletError> {
    // The receivable's balance as owed: its debits (shortfalls) minus its credits (repayments).
    let rows = sqlx::query(
        "SELECT a.code, d.outstanding, d.recorded, d.repaid, \
           CAST(COALESCE((SELECT SUM(amount) FROM transfers WHERE debit_account = a.id AND phase = 'single'), 0) AS BIGINT), \
           CAST(COALESCE((SELECT SUM(amount) FROM transfers WHERE credit_account = a.id AND phase = 'single'), 0) AS BIGINT) \
         FROM accounts a LEFT JOIN player_debts d ON d.account_id = a.id WHERE a.code LIKE 'house:receivable:%' ORDER BY a.id",
    )
    .fetch_all(&mut *conn)
    .await?;
    let mut out = Vec::new();
    for r in &rows {
        let code: String = r.try_get(0)?;
        let Some(Account::Receivable(player_id)) = Account::parse(&code) else { continue };
        let (outstanding, recorded, repaid): (Option<i64>, Option<i64>, Option<i64>) = (r.try_get(1)?, r.try_get(2)?, r.try_get(3)?);
        let (debits, credits): (i64, i64) = (r.try_get(4)?, r.try_get(5)?);
        let ledger = kurus(debits - credits)?;
        let agrees = match (outstanding, recorded, repaid) {
            (Some(o), Some(rec), Some(rep)) => o == debits - credits && rec == debits && rep == credits,
            _ => debits == 0 && credits == 0,
        };
        if !agrees {
            out.push((player_id, outstanding.map(kurus).transpose()?, ledger));
        }
    }
    // A debt row whose account is not its player's receivable.
    let orphans: Vec<(i64, i64)> = sqlx::query_as(
        "SELECT d.player_id, d.outstanding FROM player_debts d LEFT JOIN accounts a ON a.id = d.account_id \
         WHERE a.id IS NULL OR a.code <> 'house:receivable:' || CAST(d.player_id AS TEXT)",
    )
    .fetch_all(&mut *conn)
    .await?;
    for (player_id, outstanding) in orphans {
        out.push((player_id, Some(kurus(outstanding)?), Kurus::ZERO));
    }
    Ok(out)
}
