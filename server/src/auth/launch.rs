//! Game launch tokens and game sessions, for every provider (the tables `game_launch_tokens` and
//! `game_sessions`): a token issued for a player and a game, stored only as its SHA-256. The
//! studio's is single use and short, and turns into a game session its game page plays on; Hub88's
//! names the player in its wallet calls for as long as it lasts.

use sqlx::Row;

use super::session::{new_token, token_hash};
use crate::db::{Db, now_ms};

/// What a launch token is now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LaunchState {
    /// Usable: the player and game it is bound to.
    Valid {
        player_id: i64,
        game_code: String,
    },
    Expired,
    Used,
    Unknown,
}

/// A game session: who plays which game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameSession {
    pub player_id: i64,
    pub game_code: String,
}

/// Could be a token we issued (checked before a lookup).
fn plausible(token: &str) -> bool {
    (20..=256).contains(&token.len()) && token.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// Whether the site session a launch token or game session row was issued in (`site_session_id`,
/// bound as `$N` = now) still lives: not ended, not past its time limit. A row with none (issued
/// before sessions were bound) is not held back.
fn site_session_live(now: &str) -> String {
    format!(
        "(site_session_id IS NULL OR EXISTS (SELECT 1 FROM sessions s WHERE s.id = site_session_id \
           AND s.ended_at IS NULL AND (s.expires_at IS NULL OR s.expires_at > {now})))"
    )
}

/// Issues a launch token of `provider` for a player and a game, good for `ttl_ms`, and only while
/// the site session `site_session` lives (a logout, the session time limit or a closure end it).
pub async fn issue(
    db: &Db,
    player_id: i64,
    site_session: Option<i64>,
    provider: &str,
    game_code: &str,
    mobile: bool,
    ttl_ms: i64,
) -> Result<String, sqlx::Error> {
    let token = new_token();
    let now = now_ms();
    sqlx::query(
        "INSERT INTO game_launch_tokens (token_hash, player_id, provider, game_code, platform, created_at, expires_at, site_session_id) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(token_hash(&token))
    .bind(player_id)
    .bind(provider)
    .bind(game_code)
    .bind(if mobile { "mobile" } else { "desktop" })
    .bind(now)
    .bind(now + ttl_ms)
    .bind(site_session)
    .execute(&db.pool)
    .await?;
    Ok(token)
}

/// The player a token of `provider` was issued for, and whether it has expired (used or not).
pub async fn holder(db: &Db, provider: &str, token: &str) -> Result<Option<(i64, bool)>, sqlx::Error> {
    let now = now_ms();
    let sql = format!(
        "SELECT player_id, expires_at, CASE WHEN {} THEN 1 ELSE 0 END FROM game_launch_tokens WHERE token_hash = $1 AND provider = $2",
        site_session_live("$3")
    );
    let row = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(token_hash(token)).bind(provider).bind(now).fetch_optional(&db.pool).await?;
    Ok(match row {
        // Past its time, or its site session ended: expired.
        Some(r) => Some((r.try_get(0)?, r.try_get::<i64, _>(1)? <= now || r.try_get::<i64, _>(2)? == 0)),
        None => None,
    })
}

/// The state of a launch token of `provider`, without using it.
pub async fn peek(db: &Db, provider: &str, token: &str) -> Result<LaunchState, sqlx::Error> {
    if !plausible(token) {
        return Ok(LaunchState::Unknown);
    }
    let row =
        sqlx::query("SELECT player_id, game_code, expires_at, used_at FROM game_launch_tokens WHERE token_hash = $1 AND provider = $2")
            .bind(token_hash(token))
            .bind(provider)
            .fetch_optional(&db.pool)
            .await?;
    let Some(row) = row else { return Ok(LaunchState::Unknown) };
    let (player_id, game_code, expires_at, used_at): (i64, String, i64, Option<i64>) =
        (row.try_get(0)?, row.try_get(1)?, row.try_get(2)?, row.try_get(3)?);
    Ok(if used_at.is_some() {
        LaunchState::Used
    } else if expires_at <= now_ms() {
        LaunchState::Expired
    } else {
        LaunchState::Valid { player_id, game_code }
    })
}

/// Uses a launch token of `provider` (once: of racing uses, one wins) and opens a game session of
/// `session_ttl_ms` for its player and game; the session token, or why the launch token cannot be
/// used.
pub async fn start_session(
    db: &Db,
    provider: &str,
    token: &str,
    session_ttl_ms: i64,
) -> Result<Result<(GameSession, String), LaunchState>, sqlx::Error> {
    if !plausible(token) {
        return Ok(Err(LaunchState::Unknown));
    }
    let now = now_ms();
    let mut tx = db.begin_write().await?;
    let sql = format!(
        "UPDATE game_launch_tokens SET used_at = $1 WHERE token_hash = $2 AND provider = $3 AND used_at IS NULL AND expires_at > $1 \
         AND {} RETURNING player_id, game_code, site_session_id",
        site_session_live("$1")
    );
    let row = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(now).bind(token_hash(token)).bind(provider).fetch_optional(&mut *tx).await?;
    let Some(row) = row else {
        tx.rollback().await?;
        return Ok(Err(match peek(db, provider, token).await? {
            LaunchState::Valid { .. } => LaunchState::Used,
            other => other,
        }));
    };
    let session = GameSession { player_id: row.try_get(0)?, game_code: row.try_get(1)? };
    let site_session: Option<i64> = row.try_get(2)?;
    let session_token = new_token();
    sqlx::query(
        "INSERT INTO game_sessions (token_hash, player_id, provider, game_code, created_at, expires_at, site_session_id) \
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(token_hash(&session_token))
    .bind(session.player_id)
    .bind(provider)
    .bind(&session.game_code)
    .bind(now)
    .bind(now + session_ttl_ms)
    .bind(site_session)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(Ok((session, session_token)))
}

/// The live game session of a token.
pub async fn session(db: &Db, token: &str) -> Result<Option<GameSession>, sqlx::Error> {
    if !plausible(token) {
        return Ok(None);
    }
    let sql =
        format!("SELECT player_id, game_code FROM game_sessions WHERE token_hash = $1 AND expires_at > $2 AND {}", site_session_live("$2"));
    let row = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(token_hash(token)).bind(now_ms()).fetch_optional(&db.pool).await?;
    row.map(|r| Ok(GameSession { player_id: r.try_get(0)?, game_code: r.try_get(1)? })).transpose()
}

/// Deletes launch tokens and game sessions that expired more than a day ago (the rounds keep what
/// they need); answers how many rows went.
pub async fn purge_expired(db: &Db) -> Result<u64, sqlx::Error> {
    let before = now_ms() - 86_400_000;
    let tokens = sqlx::query("DELETE FROM game_launch_tokens WHERE expires_at < $1").bind(before).execute(&db.pool).await?;
    let sessions = sqlx::query("DELETE FROM game_sessions WHERE expires_at < $1").bind(before).execute(&db.pool).await?;
    Ok(tokens.rows_affected() + sessions.rows_affected())
}
