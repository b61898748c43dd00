//! Sessions: each login is a row (time, IP, device, fingerprint, end); the token is 256 random bits,
//! shown once to the client and stored only as its SHA-256.

use axum::extract::{FromRef, FromRequestParts};
use axum::http::request::Parts;
use sqlx::Row;

use crate::db::{Db, now_ms};
use crate::error::AppError;
use crate::journal;

/// A session unused this long ends by itself.
pub const IDLE_TIMEOUT_MS: i64 = 7 * 24 * 3600 * 1000;
/// `last_seen_at` is written at most this often (the balance is polled every 3 s).
const TOUCH_EVERY_MS: i64 = 60_000;

/// Why a session ended.
#[derive(Debug, Clone, Copy)]
pub enum EndReason {
    Logout,
    PasswordChange,
    Recovery,
    Operator,
    /// A time-out or a self-exclusion began.
    Closed,
    /// The player's session time limit was reached.
    TimeLimit,
}

impl EndReason {
    pub fn as_str(self) -> &'static str {
        match self {
            EndReason::Logout => "logout",
            EndReason::PasswordChange => "password_change",
            EndReason::Recovery => "recovery",
            EndReason::Operator => "operator",
            EndReason::Closed => "closed",
            EndReason::TimeLimit => "time_limit",
        }
    }
}

pub use crate::crypto::{new_token, token_hash};

/// Where a login came from.
#[derive(Debug, Clone, Default)]
pub struct Origin {
    pub ip: Option<String>,
    pub user_agent: Option<String>,
    pub fingerprint: Option<String>,
}

/// Starts a session for a player; returns (session id, token).
pub async fn start(conn: &mut sqlx::AnyConnection, player_id: i64, origin: &Origin) -> Result<(i64, String), AppError> {
    let token = new_token();
    let now = now_ms();
    // The session time limit the player set (player protection's `player_limits`, minutes): the
    // amount in force, a raise of it counting only once confirmed.
    let limit: Option<i64> =
        sqlx::query_scalar("SELECT amount FROM player_limits WHERE player_id = $1 AND kind = 'session' AND amount IS NOT NULL")
            .bind(player_id)
            .fetch_optional(&mut *conn)
            .await?;
    let expires_at = limit.map(|minutes| now + minutes * 60_000);
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO sessions (player_id, token_hash, created_at, last_seen_at, ip, user_agent, fingerprint, expires_at) \
         VALUES ($1, $2, $3, $3, $4, $5, $6, $7) RETURNING id",
    )
    .bind(player_id)
    .bind(token_hash(&token))
    .bind(now)
    .bind(origin.ip.clone())
    .bind(origin.user_agent.clone())
    .bind(origin.fingerprint.clone())
    .bind(expires_at)
    .fetch_one(&mut *conn)
    .await?;
    Ok((id, token))
}

/// A lower session time limit reaches the player's open sessions at once: each ends at most
/// `limit_ms` after its login.
pub async fn limit_open(conn: &mut sqlx::AnyConnection, player_id: i64, limit_ms: i64) -> Result<(), AppError> {
    sqlx::query(
        "UPDATE sessions SET expires_at = CASE WHEN expires_at IS NULL OR expires_at > created_at + $2 THEN created_at + $2 ELSE expires_at END \
         WHERE player_id = $1 AND ended_at IS NULL",
    )
    .bind(player_id)
    .bind(limit_ms)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// A session's login time and the end its time limit sets (if any).
pub async fn times(conn: &mut sqlx::AnyConnection, session_id: i64) -> Result<(i64, Option<i64>), AppError> {
    Ok(sqlx::query_as("SELECT created_at, expires_at FROM sessions WHERE id = $1").bind(session_id).fetch_one(&mut *conn).await?)
}

/// Ends one session; its hub connections get `exit` and close.
pub async fn end(db: &Db, session_id: i64, reason: EndReason) -> Result<(), AppError> {
    let mut tx = db.begin_write().await?;
    let player: Option<i64> =
        sqlx::query_scalar("UPDATE sessions SET ended_at = $1, end_reason = $2 WHERE id = $3 AND ended_at IS NULL RETURNING player_id")
            .bind(now_ms())
            .bind(reason.as_str())
            .bind(session_id)
            .fetch_optional(&mut *tx)
            .await?;
    if let Some(player_id) = player {
        journal::publish(&mut tx, Some(player_id), Some(session_id), journal::EXIT, reason.as_str()).await?;
    }
    tx.commit().await?;
    forget(session_id);
    Ok(())
}

/// Ends every open session of a player except `keep` (their hub connections get `exit` and close);
/// returns how many ended.
pub async fn end_all(conn: &mut sqlx::AnyConnection, player_id: i64, keep: Option<i64>, reason: EndReason) -> Result<u64, AppError> {
    let ids: Vec<i64> = sqlx::query_scalar(
        "UPDATE sessions SET ended_at = $1, end_reason = $2 WHERE player_id = $3 AND ended_at IS NULL AND id <> $4 RETURNING id",
    )
    .bind(now_ms())
    .bind(reason.as_str())
    .bind(player_id)
    .bind(keep.unwrap_or(-1))
    .fetch_all(&mut *conn)
    .await?;
    for id in &ids {
        journal::publish(conn, Some(player_id), Some(*id), journal::EXIT, reason.as_str()).await?;
        // Forgotten again on every node when the journal delivers the exit, after the commit.
        forget(*id);
    }
    Ok(ids.len() as u64)
}

/// How long this node trusts a session it found live without asking the database again. A session
/// ended on this node is forgotten at once; one ended elsewhere when the journal's `exit` arrives.
const REMEMBER: std::time::Duration = std::time::Duration::from_secs(2);
/// Sessions remembered at most (beyond it, the expired ones are dropped; then all).
const REMEMBER_MAX: usize = 100_000;

struct Remembered {
    me: CurrentPlayer,
    until: std::time::Instant,
}

fn remembered() -> std::sync::MutexGuard<'static, std::collections::HashMap<String, Remembered>> {
    static SESSIONS: std::sync::LazyLock<std::sync::Mutex<std::collections::HashMap<String, Remembered>>> =
        std::sync::LazyLock::new(Default::default);
    SESSIONS.lock().unwrap_or_else(|e| e.into_inner())
}

/// Stops trusting a remembered session (it ended).
pub fn forget(session_id: i64) {
    remembered().retain(|_, r| r.me.session_id != session_id);
}

fn remember(hash: String, me: CurrentPlayer) {
    let mut map = remembered();
    if map.len() >= REMEMBER_MAX {
        let now = std::time::Instant::now();
        map.retain(|_, r| r.until > now);
        if map.len() >= REMEMBER_MAX {
            map.clear();
        }
    }
    map.insert(hash, Remembered { me, until: std::time::Instant::now() + REMEMBER });
}

/// The logged-in caller: a live session found by its token.
#[derive(Debug, Clone, Copy)]
pub struct CurrentPlayer {
    pub player_id: i64,
    pub session_id: i64,
}

/// The live session of a token, if any.
pub async fn lookup(db: &Db, token: &str) -> Result<Option<CurrentPlayer>, AppError> {
    let hash = token_hash(token);
    if let Some(r) = remembered().get(&hash)
        && r.until > std::time::Instant::now()
    {
        return Ok(Some(r.me));
    }
    let now = now_ms();
    let row = sqlx::query("SELECT id, player_id, last_seen_at, expires_at FROM sessions WHERE token_hash = $1 AND ended_at IS NULL")
        .bind(&hash)
        .fetch_optional(&db.pool)
        .await?;
    let Some(row) = row else { return Ok(None) };
    let (session_id, player_id, last_seen): (i64, i64, i64) = (row.try_get(0)?, row.try_get(1)?, row.try_get(2)?);
    let expires_at: Option<i64> = row.try_get(3)?;
    if expires_at.is_some_and(|at| now >= at) {
        // The session time limit: ended here, and on every node through the journal.
        end(db, session_id, EndReason::TimeLimit).await?;
        return Ok(None);
    }
    if now - last_seen > IDLE_TIMEOUT_MS {
        sqlx::query("UPDATE sessions SET ended_at = $1, end_reason = 'expired' WHERE id = $2 AND ended_at IS NULL")
            .bind(now)
            .bind(session_id)
            .execute(&db.pool)
            .await?;
        return Ok(None);
    }
    if now - last_seen > TOUCH_EVERY_MS {
        sqlx::query("UPDATE sessions SET last_seen_at = $1 WHERE id = $2").bind(now).bind(session_id).execute(&db.pool).await?;
    }
    let me = CurrentPlayer { player_id, session_id };
    remember(hash, me);
    Ok(Some(me))
}

/// Whether a session is still live (not ended).
pub async fn is_live(db: &Db, session_id: i64) -> Result<bool, AppError> {
    let n: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM sessions WHERE id = $1 AND ended_at IS NULL").bind(session_id).fetch_one(&db.pool).await?;
    Ok(n > 0)
}

/// The bearer token of a request, if it sent one.
pub fn bearer(parts: &Parts) -> Option<&str> {
    parts
        .headers
        .get(axum::http::header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer ").or_else(|| v.strip_prefix("bearer ")))
        .map(str::trim)
        .filter(|t| !t.is_empty() && t.len() <= 256)
}

impl<S> FromRequestParts<S> for CurrentPlayer
where
    Db: FromRef<S>,
    S: Send + Sync,
{
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let token = bearer(parts).ok_or(AppError::Unauthorized)?;
        lookup(&Db::from_ref(state), token).await?.ok_or(AppError::Unauthorized)
    }
}

/// `kasa admin player logout`: the operator ends every session of a player.
pub async fn end_all_by_operator(db: &Db, player_id: i64) -> anyhow::Result<u64> {
    let mut tx = db.begin_write().await?;
    let n = end_all(&mut tx, player_id, None, EndReason::Operator).await.map_err(|e| anyhow::anyhow!("{e}"))?;
    tx.commit().await?;
    Ok(n)
}

/// Ends the sessions whose time limit is reached (each on every node through the journal), every
/// `every`: a session at its limit ends even while nothing asks for it.
pub async fn sweep_time_limits(db: Db, every: std::time::Duration) {
    crate::time::repeat(every, || async {
        let due: Result<Vec<i64>, sqlx::Error> =
            sqlx::query_scalar("SELECT id FROM sessions WHERE expires_at <= $1 AND ended_at IS NULL ORDER BY id LIMIT 500")
                .bind(now_ms())
                .fetch_all(&db.pool)
                .await;
        match due {
            Ok(ids) => {
                for id in ids {
                    if let Err(e) = end(&db, id, EndReason::TimeLimit).await {
                        tracing::warn!(session = id, error = %e, "ending a session at its time limit failed");
                    }
                }
            }
            Err(e) => tracing::warn!(error = %e, "reading sessions at their time limit failed"),
        }
    })
    .await
}
