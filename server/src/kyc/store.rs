//! The identity checks' SQL: `kyc_documents`, and the deposits total a withdrawal rule reads.

use sqlx::{AnyConnection, Row};

use super::{DocKind, DocState, Seen};
use crate::db::Db;

/// A document row.
#[derive(Debug, Clone)]
pub struct Document {
    pub id: i64,
    pub player_id: i64,
    pub kind: String,
    pub doc_type: String,
    pub side: Option<String>,
    pub state: String,
    pub reason: Option<String>,
    pub note: Option<String>,
    pub file_key: Option<String>,
    pub mime: String,
    pub size: i64,
    pub sha256: String,
    pub uploaded_at: i64,
    pub decided_at: Option<i64>,
    pub decided_by: Option<String>,
    pub expires_at: Option<i64>,
}

fn document(r: &sqlx::any::AnyRow) -> Result<Document, sqlx::Error> {
    Ok(Document {
        id: r.try_get(0)?,
        player_id: r.try_get(1)?,
        kind: r.try_get(2)?,
        doc_type: r.try_get(3)?,
        side: r.try_get(4)?,
        state: r.try_get(5)?,
        reason: r.try_get(6)?,
        note: r.try_get(7)?,
        file_key: r.try_get(8)?,
        mime: r.try_get(9)?,
        size: r.try_get(10)?,
        sha256: r.try_get(11)?,
        uploaded_at: r.try_get(12)?,
        decided_at: r.try_get(13)?,
        decided_by: r.try_get(14)?,
        expires_at: r.try_get(15)?,
    })
}

/// Records an uploaded document, pending, unless the player has `max_pending` waiting already
/// (counted under a lock on the player's row, so parallel uploads cannot pass it together):
/// `None` then.
#[allow(clippy::too_many_arguments)]
pub async fn insert(
    max_pending: i64,
    db: &Db,
    player_id: i64,
    kind: DocKind,
    doc_type: &str,
    side: Option<&str>,
    file_key: &str,
    mime: &str,
    size: i64,
    sha256: &str,
    now: i64,
) -> Result<Option<i64>, sqlx::Error> {
    let mut tx = db.begin_write().await?;
    sqlx::query("UPDATE players SET id = id WHERE id = $1").bind(player_id).execute(&mut *tx).await?;
    let pending: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM kyc_documents WHERE player_id = $1 AND state = 'pending'")
        .bind(player_id)
        .fetch_one(&mut *tx)
        .await?;
    if pending >= max_pending {
        return Ok(None);
    }
    let id = sqlx::query_scalar(
        "INSERT INTO kyc_documents (player_id, kind, doc_type, side, state, file_key, mime, size, sha256, uploaded_at) \
         VALUES ($1, $2, $3, $4, 'pending', $5, $6, $7, $8, $9) RETURNING id",
    )
    .bind(player_id)
    .bind(kind.as_str())
    .bind(doc_type)
    .bind(side)
    .bind(file_key)
    .bind(mime)
    .bind(size)
    .bind(sha256)
    .bind(now)
    .fetch_one(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(Some(id))
}

/// A player's documents, oldest first.
pub async fn of_player(conn: &mut AnyConnection, player_id: i64) -> Result<Vec<Document>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT id, player_id, kind, doc_type, side, state, reason, note, file_key, mime, size, sha256, uploaded_at, decided_at, \
         decided_by, expires_at FROM kyc_documents WHERE player_id = $1 ORDER BY id",
    )
    .bind(player_id)
    .fetch_all(&mut *conn)
    .await?;
    rows.iter().map(document).collect()
}

/// Documents of a state (all when `None`), oldest first, at most `limit`.
pub async fn list(db: &Db, state: Option<&str>, limit: i64) -> Result<Vec<Document>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT id, player_id, kind, doc_type, side, state, reason, note, file_key, mime, size, sha256, uploaded_at, decided_at, \
         decided_by, expires_at FROM kyc_documents WHERE ($1 IS NULL OR state = $1) ORDER BY id LIMIT $2",
    )
    .bind(state)
    .bind(limit)
    .fetch_all(&db.pool)
    .await?;
    rows.iter().map(document).collect()
}

pub async fn by_id(db: &Db, id: i64) -> Result<Option<Document>, sqlx::Error> {
    let row = sqlx::query(
        "SELECT id, player_id, kind, doc_type, side, state, reason, note, file_key, mime, size, sha256, uploaded_at, decided_at, \
         decided_by, expires_at FROM kyc_documents WHERE id = $1",
    )
    .bind(id)
    .fetch_optional(&db.pool)
    .await?;
    row.as_ref().map(document).transpose()
}

/// What a kind's check reads of a player's documents, oldest first.
pub(crate) async fn seen(conn: &mut AnyConnection, player_id: i64, kind: DocKind) -> Result<Vec<Seen>, sqlx::Error> {
    let rows: Vec<(String, Option<String>, String, Option<i64>)> =
        sqlx::query_as("SELECT doc_type, side, state, expires_at FROM kyc_documents WHERE player_id = $1 AND kind = $2 ORDER BY id")
            .bind(player_id)
            .bind(kind.as_str())
            .fetch_all(&mut *conn)
            .await?;
    Ok(rows
        .into_iter()
        .filter_map(|(doc_type, side, state, expires_at)| Some(Seen { doc_type, side, state: DocState::parse(&state)?, expires_at }))
        .collect())
}

/// Decides a pending document (only a pending one: states move forward) inside the caller's
/// transaction, by `by` (the operator's shell, or a staff member); whether it was pending.
#[allow(clippy::too_many_arguments)]
pub async fn decide_in(
    conn: &mut AnyConnection,
    id: i64,
    to: DocState,
    reason: Option<&str>,
    note: Option<&str>,
    expires_at: Option<i64>,
    now: i64,
    by: &str,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE kyc_documents SET state = $1, reason = $2, note = $3, expires_at = $4, decided_at = $5, decided_by = $6 \
         WHERE id = $7 AND state = 'pending'",
    )
    .bind(to.as_str())
    .bind(reason)
    .bind(note)
    .bind(expires_at)
    .bind(now)
    .bind(by)
    .bind(id)
    .execute(&mut *conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Kuruş of the player's confirmed deposits, all time.
pub async fn deposited(conn: &mut AnyConnection, player_id: i64) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT CAST(COALESCE(SUM(amount), 0) AS BIGINT) FROM payment_requests WHERE player_id = $1 AND kind = 1 AND status = 'confirmed'",
    )
    .bind(player_id)
    .fetch_one(&mut *conn)
    .await
}

/// The player's withdrawals asked for since `since`, pending or paid (kuruş).
pub async fn withdrawn_since(conn: &mut AnyConnection, player_id: i64, since: i64) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT CAST(COALESCE(SUM(amount), 0) AS BIGINT) FROM payment_requests \
         WHERE player_id = $1 AND kind = 2 AND status IN ('pending', 'confirmed') AND created_at >= $2",
    )
    .bind(player_id)
    .bind(since)
    .fetch_one(&mut *conn)
    .await
}

/// Approved documents valid until `now` or earlier become expired; how many.
pub async fn expire(db: &Db, now: i64) -> Result<u64, sqlx::Error> {
    let done =
        sqlx::query("UPDATE kyc_documents SET state = 'expired' WHERE state = 'approved' AND expires_at IS NOT NULL AND expires_at <= $1")
            .bind(now)
            .execute(&db.pool)
            .await?;
    Ok(done.rows_affected())
}

/// Documents whose file is kept and that were uploaded before `before`: (id, file key).
pub async fn due_for_purge(db: &Db, before: i64) -> Result<Vec<(i64, String)>, sqlx::Error> {
    sqlx::query_as("SELECT id, file_key FROM kyc_documents WHERE file_key IS NOT NULL AND uploaded_at < $1 ORDER BY id LIMIT 500")
        .bind(before)
        .fetch_all(&db.pool)
        .await
}

pub async fn mark_purged(db: &Db, id: i64) -> Result<(), sqlx::Error> {
    let mut tx = db.begin_write().await?;
    sqlx::query("UPDATE kyc_documents SET file_key = NULL, purged_at = $1 WHERE id = $2")
        .bind(crate::db::now_ms())
        .bind(id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(())
}

/// A document's owner and kind (`identity`, `address`).
pub async fn owner_and_kind(conn: &mut AnyConnection, id: i64) -> Result<Option<(i64, String)>, sqlx::Error> {
    let row = sqlx::query("SELECT player_id, kind FROM kyc_documents WHERE id = $1").bind(id).fetch_optional(&mut *conn).await?;
    row.map(|r| Ok((r.try_get(0)?, r.try_get(1)?))).transpose()
}

/// The TC kimlik number on the account, if it gave one.
pub async fn personal_no(conn: &mut AnyConnection, player_id: i64) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar("SELECT personal_no FROM players WHERE id = $1").bind(player_id).fetch_one(&mut *conn).await
}

/// The account that holds this TC kimlik number, if any.
pub async fn holder_of_number(conn: &mut AnyConnection, number: &str) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar("SELECT id FROM players WHERE personal_no = $1").bind(number).fetch_optional(&mut *conn).await
}

/// Ties the account to the person whose TC kimlik number identity review read on its document,
/// whichever account holds that number as its own.
pub async fn set_verified_no(conn: &mut AnyConnection, player_id: i64, number: &str) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE players SET verified_no = $1 WHERE id = $2").bind(number).bind(player_id).execute(&mut *conn).await?;
    Ok(())
}

/// Records the TC kimlik number read from the player's approved identity document as verified (on
/// an account without one, or the same as the account's). False when another account holds it (a
/// unique-key clash: on PostgreSQL the transaction can only roll back).
pub async fn verify_personal_no(conn: &mut AnyConnection, player_id: i64, number: &str, now: i64) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE players SET personal_no = $1, personal_no_verified_at = COALESCE(personal_no_verified_at, $3) \
         WHERE id = $2 AND (personal_no IS NULL OR personal_no = $1)",
    )
    .bind(number)
    .bind(player_id)
    .bind(now)
    .execute(&mut *conn)
    .await;
    match done {
        Ok(_) => Ok(true),
        Err(sqlx::Error::Database(e)) if e.is_unique_violation() => Ok(false),
        Err(e) => Err(e),
    }
}
