//! SQL of notifications: a player's list (own and broadcast) and read marks.

use sqlx::Row;

use super::{Notification, iso_utc};
use crate::db::{Db, now_ms};
use crate::http::history::Paging;

/// A player's notifications, newest first: their own and the broadcasts since they registered.
/// Each in `locale` when the site wrote it in every language.
pub async fn list(db: &Db, player_id: i64, page: Paging, locale: &str) -> Result<Vec<Notification>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT n.id, n.title, n.note, n.type, n.created_at, CASE WHEN r.player_id IS NULL THEN 0 ELSE 1 END, n.texts \
         FROM notifications n \
         LEFT JOIN notification_reads r ON r.notification_id = n.id AND r.player_id = $1 \
         WHERE n.player_id = $1 \
            OR (n.player_id IS NULL AND n.created_at >= (SELECT created_at FROM players WHERE id = $1)) \
         ORDER BY n.id DESC LIMIT $2 OFFSET $3",
    )
    .bind(player_id)
    .bind(page.take)
    .bind(page.skip)
    .fetch_all(&db.pool)
    .await?;
    rows.iter()
        .map(|r| {
            let texts: Option<serde_json::Value> = r.try_get::<Option<String>, _>(6)?.and_then(|t| serde_json::from_str(&t).ok());
            let (title, note) = match texts.as_ref().and_then(|t| super::in_locale(t, locale)) {
                Some(words) => words,
                None => (r.try_get(1)?, r.try_get(2)?),
            };
            Ok(Notification {
                id: r.try_get(0)?,
                title,
                note,
                kind: r.try_get(3)?,
                time_stamp: iso_utc(r.try_get(4)?),
                is_read: r.try_get::<i64, _>(5)? != 0,
                texts: None,
            })
        })
        .collect()
}

/// Marks the caller's notifications read, all or nothing: when any id is not theirs (another
/// player's, unknown), nothing is marked and those ids are returned, so the caller can say so.
pub async fn mark_read(db: &Db, player_id: i64, ids: &[i64]) -> Result<(u64, Vec<i64>), sqlx::Error> {
    let mut tx = db.begin_write().await?;
    let mut marked = 0;
    let mut refused = Vec::new();
    for &id in ids {
        let visible: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM notifications WHERE id = $1 AND (player_id = $2 OR player_id IS NULL)")
            .bind(id)
            .bind(player_id)
            .fetch_one(&mut *tx)
            .await?;
        if visible == 0 {
            refused.push(id);
            continue;
        }
        let r =
            sqlx::query("INSERT INTO notification_reads (notification_id, player_id, read_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING")
                .bind(id)
                .bind(player_id)
                .bind(now_ms())
                .execute(&mut *tx)
                .await?;
        marked += r.rows_affected();
    }
    if !refused.is_empty() {
        tx.rollback().await?;
        return Ok((0, refused));
    }
    tx.commit().await?;
    Ok((marked, refused))
}
