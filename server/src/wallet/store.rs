//! SQL of the wallet: the balance rows and the append-only ledger, written once for both engines.

use sqlx::{AnyConnection, Row};

use super::{Balances, Kind, Kurus, Movement, Pocket};
use crate::db::now_ms;

/// One ledger entry as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub id: i64,
    pub player_id: i64,
    pub pocket: Pocket,
    pub kind: Kind,
    pub amount: Kurus,
    pub balance_after: Kurus,
    pub cause: String,
    pub reason: Option<String>,
    pub idempotency_key: String,
    pub created_at: i64,
}

macro_rules! entry_columns {
    () => {
        "id, player_id, pocket, kind, amount, balance_after, cause, reason, idempotency_key, created_at"
    };
}

fn entry_from_row(row: &sqlx::any::AnyRow) -> Result<Entry, sqlx::Error> {
    let pocket: String = row.try_get("pocket")?;
    let kind: String = row.try_get("kind")?;
    let decode = |column: &str, e: String| sqlx::Error::ColumnDecode { index: column.to_string(), source: e.into() };
    Ok(Entry {
        id: row.try_get("id")?,
        player_id: row.try_get("player_id")?,
        pocket: pocket.parse().map_err(|e| decode("pocket", e))?,
        kind: kind.parse().map_err(|e| decode("kind", e))?,
        amount: Kurus(row.try_get("amount")?),
        balance_after: Kurus(row.try_get("balance_after")?),
        cause: row.try_get("cause")?,
        reason: row.try_get("reason")?,
        idempotency_key: row.try_get("idempotency_key")?,
        created_at: row.try_get("created_at")?,
    })
}

/// Creates the wallet row if missing. On SQLite, as a write, it also takes the write lock.
pub(super) async fn ensure_wallet(conn: &mut AnyConnection, player_id: i64) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO wallets (player_id, real_kurus, bonus_kurus, updated_at) VALUES ($1, 0, 0, $2) ON CONFLICT (player_id) DO NOTHING",
    )
    .bind(player_id)
    .bind(now_ms())
    .execute(conn)
    .await?;
    Ok(())
}

/// The entry posted under `key`, if any.
pub(super) async fn find_by_key(conn: &mut AnyConnection, key: &str) -> Result<Option<Entry>, sqlx::Error> {
    const SQL: &str = concat!("SELECT ", entry_columns!(), " FROM ledger_entries WHERE idempotency_key = $1");
    let row = sqlx::query(SQL).bind(key).fetch_optional(conn).await?;
    row.as_ref().map(entry_from_row).transpose()
}

/// Adds `amount` to the pocket unless that would take it below zero; the new balance, or `None`
/// when refused (or when the wallet does not exist).
pub(super) async fn apply(conn: &mut AnyConnection, player_id: i64, pocket: Pocket, amount: Kurus) -> Result<Option<Kurus>, sqlx::Error> {
    let sql = match pocket {
        Pocket::Real => {
            "UPDATE wallets SET real_kurus = real_kurus + $1, updated_at = $2 WHERE player_id = $3 AND real_kurus + $1 >= 0 RETURNING real_kurus"
        }
        Pocket::Bonus => {
            "UPDATE wallets SET bonus_kurus = bonus_kurus + $1, updated_at = $2 WHERE player_id = $3 AND bonus_kurus + $1 >= 0 RETURNING bonus_kurus"
        }
    };
    let row = sqlx::query(sql).bind(amount.0).bind(now_ms()).bind(player_id).fetch_optional(conn).await?;
    row.map(|r| r.try_get::<i64, _>(0).map(Kurus)).transpose()
}

/// Appends the movement's entry; its id.
pub(super) async fn insert_entry(conn: &mut AnyConnection, m: &Movement, balance_after: Kurus) -> Result<i64, sqlx::Error> {
    let row = sqlx::query(
        "INSERT INTO ledger_entries (player_id, pocket, kind, amount, balance_after, cause, reason, idempotency_key, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id",
    )
    .bind(m.player_id)
    .bind(m.pocket.as_str())
    .bind(m.kind.as_str())
    .bind(m.amount.0)
    .bind(balance_after.0)
    .bind(&m.cause)
    .bind(m.reason.as_deref())
    .bind(&m.idempotency_key)
    .bind(now_ms())
    .fetch_one(conn)
    .await?;
    row.try_get(0)
}

/// The player's balances, `None` when there is no wallet row.
pub(super) async fn balances(conn: &mut AnyConnection, player_id: i64) -> Result<Option<Balances>, sqlx::Error> {
    let row = sqlx::query("SELECT real_kurus, bonus_kurus FROM wallets WHERE player_id = $1").bind(player_id).fetch_optional(conn).await?;
    row.map(|r| Ok(Balances { real: Kurus(r.try_get(0)?), bonus: Kurus(r.try_get(1)?) })).transpose()
}

/// A page of the player's entries, newest first.
pub(super) async fn entries(
    conn: &mut AnyConnection,
    player_id: i64,
    before_id: Option<i64>,
    limit: i64,
) -> Result<Vec<Entry>, sqlx::Error> {
    const SQL: &str =
        concat!("SELECT ", entry_columns!(), " FROM ledger_entries WHERE player_id = $1 AND id < $2 ORDER BY id DESC LIMIT $3");
    let rows = sqlx::query(SQL).bind(player_id).bind(before_id.unwrap_or(i64::MAX)).bind(limit.max(0)).fetch_all(conn).await?;
    rows.iter().map(entry_from_row).collect()
}

/// Per player and pocket: the sum and count of entries and the last entry's balance_after.
pub(super) struct PocketTotals {
    pub player_id: i64,
    pub pocket: Pocket,
    pub sum: Kurus,
    pub count: i64,
    pub last_balance_after: Kurus,
}

pub(super) async fn pocket_totals(conn: &mut AnyConnection) -> Result<Vec<PocketTotals>, sqlx::Error> {
    // SUM of a BIGINT is NUMERIC on PostgreSQL, which the Any driver cannot decode: cast it back.
    let rows = sqlx::query(
        "SELECT s.player_id, s.pocket, s.total, s.n, e.balance_after FROM \
           (SELECT player_id, pocket, CAST(SUM(amount) AS BIGINT) AS total, COUNT(*) AS n, MAX(id) AS last_id \
              FROM ledger_entries GROUP BY player_id, pocket) s \
         JOIN ledger_entries e ON e.id = s.last_id \
         ORDER BY s.player_id, s.pocket",
    )
    .fetch_all(conn)
    .await?;
    rows.iter()
        .map(|r| {
            let pocket: String = r.try_get(1)?;
            Ok(PocketTotals {
                player_id: r.try_get(0)?,
                pocket: pocket.parse().map_err(|e: String| sqlx::Error::ColumnDecode { index: "pocket".into(), source: e.into() })?,
                sum: Kurus(r.try_get(2)?),
                count: r.try_get(3)?,
                last_balance_after: Kurus(r.try_get(4)?),
            })
        })
        .collect()
}

/// Every wallet row: (player_id, balances), by player.
pub(super) async fn all_wallets(conn: &mut AnyConnection) -> Result<Vec<(i64, Balances)>, sqlx::Error> {
    let rows = sqlx::query("SELECT player_id, real_kurus, bonus_kurus FROM wallets ORDER BY player_id").fetch_all(conn).await?;
    rows.iter().map(|r| Ok((r.try_get(0)?, Balances { real: Kurus(r.try_get(1)?), bonus: Kurus(r.try_get(2)?) }))).collect()
}

/// A player's username, for messages.
pub(super) async fn username(conn: &mut AnyConnection, player_id: i64) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar("SELECT username FROM players WHERE id = $1").bind(player_id).fetch_optional(conn).await
}

/// A player's id by username (case-insensitive, as players.username_key holds it).
pub(super) async fn player_id_by_username(conn: &mut AnyConnection, username: &str) -> Result<Option<(i64, String)>, sqlx::Error> {
    let row = sqlx::query("SELECT id, username FROM players WHERE username_key = $1")
        .bind(username.trim().to_lowercase())
        .fetch_optional(conn)
        .await?;
    row.map(|r| Ok((r.try_get(0)?, r.try_get(1)?))).transpose()
}
