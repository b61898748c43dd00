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
        (limit.max > 0 && limit.window_secs > 0).then_some(limit)
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
            sms_resend_secs: 60,
        }
    }
}

impl Limits {
    pub fn from_env() -> anyhow::Result<Limits> {
        let mut l = Limits::default();
        let read = |name: &str, into: &mut Limit| -> anyhow::Result<()> {
            if let Ok(v) = std::env::var(name) {
                *into = Limit::parse(&v).ok_or_else(|| anyhow::anyhow!("{name} must look like MAX/SECONDS, e.g. 5/900"))?;
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
        if let Ok(v) = std::env::var("KASA_SMS_RESEND_SECS") {
            l.sms_resend_secs = v.parse().map_err(|_| anyhow::anyhow!("KASA_SMS_RESEND_SECS must be a number of seconds"))?;
        }
        Ok(l)
    }
}

/// How many hits `bucket` had in the window.
pub async fn count(db: &Db, bucket: &str, limit: Limit) -> Result<i64, AppError> {
    let since = now_ms() - limit.window_secs * 1000;
    Ok(sqlx::query_scalar("SELECT COUNT(*) FROM rate_events WHERE bucket = $1 AND at > $2")
        .bind(bucket)
        .bind(since)
        .fetch_one(&db.pool)
        .await?)
}

/// Refuses (429 with `key`) when `bucket` is at its limit.
pub async fn check(db: &Db, bucket: &str, limit: Limit, key: &'static str) -> Result<(), AppError> {
    if count(db, bucket, limit).await? >= limit.max {
        tracing::warn!(bucket = bucket.split(':').next().unwrap_or(""), "rate limit reached");
        return Err(AppError::TooManyRequests(key));
    }
    Ok(())
}

/// Counts one hit of `bucket` (and now and then forgets hits older than a day).
pub async fn record(db: &Db, bucket: &str) -> Result<(), AppError> {
    let now = now_ms();
    sqlx::query("INSERT INTO rate_events (bucket, at) VALUES ($1, $2)").bind(bucket).bind(now).execute(&db.pool).await?;
    if rand::random::<u8>() < 3 {
        sqlx::query("DELETE FROM rate_events WHERE at < $1").bind(now - 86_400_000).execute(&db.pool).await?;
    }
    Ok(())
}

/// Checks the limit, then counts this hit.
pub async fn hit(db: &Db, bucket: &str, limit: Limit, key: &'static str) -> Result<(), AppError> {
    check(db, bucket, limit, key).await?;
    record(db, bucket).await
}

/// Forgets the hits of `bucket` (a successful login clears its failures).
pub async fn clear(db: &Db, bucket: &str) -> Result<(), AppError> {
    sqlx::query("DELETE FROM rate_events WHERE bucket = $1").bind(bucket).execute(&db.pool).await?;
    Ok(())
}
