//! Rate limits shared by every node: hits are rows in `rate_events`, counted over a sliding window.

pub use crate::config::{Limit, Limits};
use crate::db::{Db, now_ms};
use crate::error::AppError;

/// The bucket of `prefix` for one client address (`unknown` when the address is not known).
pub fn ip_bucket(prefix: &str, ip: Option<impl std::fmt::Display>) -> String {
    match ip {
        Some(ip) => format!("{prefix}:ip:{ip}"),
        None => format!("{prefix}:ip:unknown"),
    }
}

/// One recorded hit; [`release_all`] takes it back (a success that should not count).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hit {
    id: i64,
}

/// Counts this hit and records it in one atomic step, or refuses (429 with `key`) when `bucket` is
/// at its limit. The bucket's row is locked first (a row lock on PostgreSQL, the write lock on
/// SQLite), so parallel hits on one bucket are counted one after another, on every node.
pub async fn take(db: &Db, bucket: &str, limit: Limit, key: &'static str) -> Result<Hit, AppError> {
    let now = now_ms();
    let mut tx = db.begin_write().await?;
    sqlx::query(
        "INSERT INTO rate_buckets (bucket, touched_at) VALUES ($1, $2) \
         ON CONFLICT (bucket) DO UPDATE SET touched_at = excluded.touched_at",
    )
    .bind(bucket)
    .bind(now)
    .execute(&mut *tx)
    .await?;
    let id: Option<i64> = sqlx::query_scalar(
        "INSERT INTO rate_events (bucket, at) SELECT $1, $2 \
         WHERE (SELECT COUNT(*) FROM rate_events WHERE bucket = $1 AND at > $3) < $4 RETURNING id",
    )
    .bind(bucket)
    .bind(now)
    .bind(now - limit.window_secs * 1000)
    .bind(limit.max)
    .fetch_optional(&mut *tx)
    .await?;
    tx.commit().await?;
    if rand::random::<u8>() < 2 {
        prune(db, now).await?;
    }
    match id {
        Some(id) => Ok(Hit { id }),
        None => {
            let limit_name = bucket.split(':').next().unwrap_or("").to_string();
            tracing::warn!(bucket = %limit_name, "rate limit reached");
            metrics::counter!("kasa_rate_limit_refusals_total", "limit" => limit_name).increment(1);
            Err(AppError::TooManyRequests(key))
        }
    }
}

/// Takes a hit of each bucket in turn; when one refuses, the hits already taken are released.
pub async fn take_all(db: &Db, buckets: &[(&str, Limit, &'static str)]) -> Result<Vec<Hit>, AppError> {
    let mut hits = Vec::with_capacity(buckets.len());
    for &(bucket, limit, key) in buckets {
        match take(db, bucket, limit, key).await {
            Ok(hit) => hits.push(hit),
            Err(e) => {
                release_all(db, &hits).await?;
                return Err(e);
            }
        }
    }
    Ok(hits)
}

/// Takes back hits (the request they counted turned out to be a success that should not count).
pub async fn release_all(db: &Db, hits: &[Hit]) -> Result<(), AppError> {
    for hit in hits {
        sqlx::query("DELETE FROM rate_events WHERE id = $1").bind(hit.id).execute(&db.pool).await?;
    }
    Ok(())
}

/// Forgets the hits of `bucket` (a successful login clears its failures).
pub async fn clear(db: &Db, bucket: &str) -> Result<(), AppError> {
    sqlx::query("DELETE FROM rate_events WHERE bucket = $1").bind(bucket).execute(&db.pool).await?;
    Ok(())
}

/// Forgets hits and buckets older than a day (no limit's window is that long).
async fn prune(db: &Db, now: i64) -> Result<(), AppError> {
    let day_ago = now - 86_400_000;
    sqlx::query("DELETE FROM rate_events WHERE at < $1").bind(day_ago).execute(&db.pool).await?;
    sqlx::query("DELETE FROM rate_buckets WHERE touched_at < $1").bind(day_ago).execute(&db.pool).await?;
    Ok(())
}
