//! Rate limits shared by every node: hits are rows in `rate_events`, counted over a sliding window.

use crate::db::{Db, now_ms};
use crate::error::AppError;

/// At most `max` hits per `window_secs` seconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limit {
    pub max: i64,
    pub window_secs: i64,
}

impl Limit {
    /// Reads `MAX/SECONDS` (e.g. `5/900`).
    pub fn parse(raw: &str) -> Option<Limit> {
        let (max, window) = raw.trim().split_once('/')?;
        let limit = Limit { max: max.trim().parse().ok()?, window_secs: window.trim().parse().ok()? };
        // Hits older than a day are pruned, so no window may be longer.
        (limit.max > 0 && (1..=86_400).contains(&limit.window_secs)).then_some(limit)
    }
}

/// Every limit of the site, configurable through `KASA_LIMIT_*` variables as `MAX/SECONDS`.
#[derive(Debug, Clone)]
pub struct Limits {
    /// Failed logins per username (`KASA_LIMIT_LOGIN_USER`, default 5 per 15 minutes).
    pub login_user: Limit,
    /// Failed logins per IP (`KASA_LIMIT_LOGIN_IP`, default 20 per 15 minutes).
    pub login_ip: Limit,
    /// Registrations per IP (`KASA_LIMIT_REGISTER_IP`, default 10 per hour: a household may share an IP).
    pub register_ip: Limit,
    /// Registration attempts per phone (`KASA_LIMIT_REGISTER_PHONE`, default 5 per hour).
    pub register_phone: Limit,
    /// SMS codes per phone (`KASA_LIMIT_SMS_PHONE`, default 5 per hour).
    pub sms_phone: Limit,
    /// SMS codes per IP (`KASA_LIMIT_SMS_IP`, default 10 per hour).
    pub sms_ip: Limit,
    /// Password-reset e-mails per IP (`KASA_LIMIT_RESET_IP`, default 10 per hour).
    pub reset_ip: Limit,
    /// One-time code checks per username or player (`KASA_LIMIT_CODE_USER`, default 10 per 15 minutes).
    pub code_user: Limit,
    /// One-time code checks per IP (`KASA_LIMIT_CODE_IP`, default 30 per 15 minutes).
    pub code_ip: Limit,
    /// Unauthenticated writes (the fingerprint log) per IP (`KASA_LIMIT_WRITE_IP`, default 30 per hour).
    pub write_ip: Limit,
    /// Seconds before a new SMS to the same phone (`KASA_SMS_RESEND_SECS`, default 60).
    pub sms_resend_secs: i64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            login_user: Limit { max: 5, window_secs: 900 },
            login_ip: Limit { max: 20, window_secs: 900 },
            register_ip: Limit { max: 10, window_secs: 3600 },
            register_phone: Limit { max: 5, window_secs: 3600 },
            sms_phone: Limit { max: 5, window_secs: 3600 },
            sms_ip: Limit { max: 10, window_secs: 3600 },
            reset_ip: Limit { max: 10, window_secs: 3600 },
            code_user: Limit { max: 10, window_secs: 900 },
            code_ip: Limit { max: 30, window_secs: 900 },
            write_ip: Limit { max: 30, window_secs: 3600 },
            sms_resend_secs: 60,
        }
    }
}

impl Limits {
    /// The resend rule as a limit: one SMS per phone per `sms_resend_secs` (none when it is 0).
    pub fn sms_resend(&self) -> Option<Limit> {
        (self.sms_resend_secs > 0).then_some(Limit { max: 1, window_secs: self.sms_resend_secs })
    }

    pub fn from_env() -> anyhow::Result<Limits> {
        let mut l = Limits::default();
        let read = |name: &str, into: &mut Limit| -> anyhow::Result<()> {
            if let Ok(v) = std::env::var(name) {
                *into = Limit::parse(&v)
                    .ok_or_else(|| anyhow::anyhow!("{name} must look like MAX/SECONDS (at most 86400 seconds), e.g. 5/900"))?;
            }
            Ok(())
        };
        read("KASA_LIMIT_LOGIN_USER", &mut l.login_user)?;
        read("KASA_LIMIT_LOGIN_IP", &mut l.login_ip)?;
        read("KASA_LIMIT_REGISTER_IP", &mut l.register_ip)?;
        read("KASA_LIMIT_REGISTER_PHONE", &mut l.register_phone)?;
        read("KASA_LIMIT_SMS_PHONE", &mut l.sms_phone)?;
        read("KASA_LIMIT_SMS_IP", &mut l.sms_ip)?;
        read("KASA_LIMIT_RESET_IP", &mut l.reset_ip)?;
        read("KASA_LIMIT_CODE_USER", &mut l.code_user)?;
        read("KASA_LIMIT_CODE_IP", &mut l.code_ip)?;
        read("KASA_LIMIT_WRITE_IP", &mut l.write_ip)?;
        if let Ok(v) = std::env::var("KASA_SMS_RESEND_SECS") {
            l.sms_resend_secs = v
                .parse()
                .ok()
                .filter(|s| (0..=86_400).contains(s))
                .ok_or_else(|| anyhow::anyhow!("KASA_SMS_RESEND_SECS must be a number of seconds (0 to 86400)"))?;
        }
        Ok(l)
    }
}

/// One recorded hit; [`release`] takes it back (a success that should not count).
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
            tracing::warn!(bucket = bucket.split(':').next().unwrap_or(""), "rate limit reached");
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
