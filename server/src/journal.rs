//! The durable event journal: rows written with the change that causes them (a notification, a
//! balance change, a session's end), tailed by every node to push them to its hub connections.
//! On PostgreSQL a NOTIFY on `kasa_events` wakes the nodes at commit; on SQLite they poll.
//!
//! An internal event (its command starts with `internal.`) is for the nodes themselves, such as
//! "the site content changed": each node's tailer acts on it and never pushes it to a player.

use sqlx::Row;

use crate::db::{Db, now_ms};

pub const NOTIFICATION: &str = "Notification";
pub const BALANCE: &str = "Balance";
pub const EXIT: &str = "exit";
/// Internal: the site content changed; every node rebuilds what it keeps of it in memory.
pub const CONTENT_CHANGED: &str = "internal.content";
/// The PostgreSQL channel the writers notify.
pub const CHANNEL: &str = "kasa_events";

/// Whether an event is for the nodes only, never for a player's socket.
pub fn is_internal(command: &str) -> bool {
    command.starts_with("internal.")
}

/// Acts on the internal events a node's journal tailer reads (such as the content cache on
/// [`CONTENT_CHANGED`]); the tailer hands them to its node's listeners instead of any player.
pub trait InternalListener: Send + Sync {
    fn internal_event(&self, ev: &Event);

    /// The tailer (re)started. A new node's tailer starts at the journal's end, so an event written
    /// just before is never delivered: whatever was read before this moment must be read again.
    fn tailer_started(&self) {}
}

/// Appends an event (inside the caller's transaction).
pub async fn publish(
    conn: &mut sqlx::AnyConnection,
    player_id: Option<i64>,
    session_id: Option<i64>,
    command: &str,
    message: &str,
) -> Result<i64, sqlx::Error> {
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO events (player_id, session_id, command, message, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id",
    )
    .bind(player_id)
    .bind(session_id)
    .bind(command)
    .bind(message)
    .bind(now_ms())
    .fetch_one(&mut *conn)
    .await?;
    if crate::db::is_postgres(conn) {
        // Delivered at commit, so listeners never see an event before it is readable.
        sqlx::query("SELECT pg_notify('kasa_events', '')").execute(&mut *conn).await?;
    }
    Ok(id)
}

/// One journal row.
#[derive(Debug, Clone)]
pub struct Event {
    pub id: i64,
    pub player_id: Option<i64>,
    pub session_id: Option<i64>,
    pub command: String,
    pub message: String,
    /// Epoch ms when it was written.
    pub created_at: i64,
}

/// Events after `after`, oldest first.
pub async fn read_after(db: &Db, after: i64, limit: i64) -> Result<Vec<Event>, sqlx::Error> {
    let rows = sqlx::query("SELECT id, player_id, session_id, command, message, created_at FROM events WHERE id > $1 ORDER BY id LIMIT $2")
        .bind(after)
        .bind(limit)
        .fetch_all(&db.pool)
        .await?;
    rows.iter()
        .map(|r| {
            Ok(Event {
                id: r.try_get(0)?,
                player_id: r.try_get(1)?,
                session_id: r.try_get(2)?,
                command: r.try_get(3)?,
                message: r.try_get(4)?,
                created_at: r.try_get(5)?,
            })
        })
        .collect()
}

pub async fn max_id(db: &Db) -> Result<i64, sqlx::Error> {
    Ok(sqlx::query_scalar::<_, Option<i64>>("SELECT MAX(id) FROM events").fetch_one(&db.pool).await?.unwrap_or(0))
}

/// Where `node` stopped reading last time, if it ran before.
pub async fn cursor(db: &Db, node: &str) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar("SELECT last_id FROM journal_cursors WHERE node = $1").bind(node).fetch_optional(&db.pool).await
}

pub async fn save_cursor(db: &Db, node: &str, last_id: i64) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO journal_cursors (node, last_id, updated_at) VALUES ($1, $2, $3) \
         ON CONFLICT (node) DO UPDATE SET last_id = excluded.last_id, updated_at = excluded.updated_at",
    )
    .bind(node)
    .bind(last_id)
    .bind(now_ms())
    .execute(&db.pool)
    .await?;
    Ok(())
}

/// PostgreSQL: the current snapshot's xmin (the oldest transaction still running) and xmax (the
/// next transaction id to be given out).
pub async fn snapshot_bounds(db: &Db) -> Result<(i64, i64), sqlx::Error> {
    let (xmin, xmax): (String, String) =
        sqlx::query_as("SELECT pg_snapshot_xmin(pg_current_snapshot())::text, pg_snapshot_xmax(pg_current_snapshot())::text")
            .fetch_one(&db.pool)
            .await?;
    let parse = |s: &str| s.parse::<i64>().map_err(|e| sqlx::Error::Decode(Box::new(e)));
    Ok((parse(&xmin)?, parse(&xmax)?))
}

/// Forgets events older than a day (by the `events_created` index) (every node has long pushed them).
pub async fn prune(db: &Db) -> Result<u64, sqlx::Error> {
    let r = sqlx::query("DELETE FROM events WHERE created_at < $1").bind(now_ms() - 86_400_000).execute(&db.pool).await?;
    Ok(r.rows_affected())
}
