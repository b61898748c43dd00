//! SQL of the accounts area: players, countries, one-time codes, sessions for the history page.

use serde::Serialize;
use sqlx::Row;
use utoipa::ToSchema;

use crate::db::{Db, now_ms};
use crate::error::AppError;
use crate::http::history::Paging;

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Country {
    pub id: i64,
    pub name: String,
}

/// The countries a player may choose (Türkiye first and default), named in the request's language.
pub async fn countries(db: &Db) -> Result<Vec<Country>, AppError> {
    let rows = sqlx::query("SELECT id, name FROM countries ORDER BY sort, name").fetch_all(&db.pool).await?;
    let list = rows.iter().map(|r| Ok(Country { id: r.try_get(0)?, name: r.try_get(1)? })).collect::<Result<_, AppError>>()?;
    in_request_language(db, list).await
}

pub async fn country(db: &Db, id: i64) -> Result<Option<Country>, AppError> {
    let row = sqlx::query("SELECT id, name FROM countries WHERE id = $1").bind(id).fetch_optional(&db.pool).await?;
    let Some(country) = row.map(|r| Ok::<_, AppError>(Country { id: r.try_get(0)?, name: r.try_get(1)? })).transpose()? else {
        return Ok(None);
    };
    Ok(in_request_language(db, vec![country]).await?.pop())
}

/// Countries named in the request's language: the content's `country.{id}` texts of that
/// language (content/translations/*.countries.json), else the table's own (Turkish) names.
async fn in_request_language(db: &Db, mut list: Vec<Country>) -> Result<Vec<Country>, AppError> {
    let locale = crate::i18n::Locale::current();
    let names = crate::cms::store::texts_by_prefix(db, locale.code(), "country.").await?;
    for c in &mut list {
        if let Some(name) = names.get(&c.id.to_string()) {
            c.name = name.clone();
        }
    }
    Ok(list)
}

/// The texts of a content page (locale, title, body), in locale order: what the terms' version is
/// derived from.
pub async fn content_texts(db: &Db, content_id: i64) -> Result<Vec<(String, String, String)>, AppError> {
    let rows = sqlx::query("SELECT locale, title, body FROM content_texts WHERE content_id = $1 ORDER BY locale")
        .bind(content_id)
        .fetch_all(&db.pool)
        .await?;
    rows.iter().map(|r| Ok((r.try_get(0)?, r.try_get(1)?, r.try_get(2)?))).collect()
}

/// Records that a player accepted a version of the terms (and confirmed being 18 or older) at `at`.
pub async fn record_terms_acceptance(conn: &mut sqlx::AnyConnection, player_id: i64, version: &str, at: i64) -> Result<(), sqlx::Error> {
    sqlx::query("INSERT INTO terms_acceptances (player_id, terms_version, accepted_at) VALUES ($1, $2, $3)")
        .bind(player_id)
        .bind(version)
        .bind(at)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// A player row, as the accounts area needs it.
#[derive(Debug, Clone)]
pub struct Player {
    pub id: i64,
    pub username: String,
    pub email: String,
    pub phone: String,
    pub phone_verified: bool,
    pub personal_no: Option<String>,
    pub name: String,
    pub surname: String,
    pub birth_date: Option<String>,
    pub country_id: Option<i64>,
    pub password_hash: String,
    pub created_at: i64,
}

const PLAYER_COLUMNS: &str =
    "id, username, email, phone, phone_verified, personal_no, name, surname, birth_date, country_id, password_hash, created_at";

fn player(r: &sqlx::any::AnyRow) -> Result<Player, sqlx::Error> {
    Ok(Player {
        id: r.try_get(0)?,
        username: r.try_get(1)?,
        email: r.try_get(2)?,
        phone: r.try_get(3)?,
        phone_verified: r.try_get::<i64, _>(4)? != 0,
        personal_no: r.try_get(5)?,
        name: r.try_get(6)?,
        surname: r.try_get(7)?,
        birth_date: r.try_get(8)?,
        country_id: r.try_get(9)?,
        password_hash: r.try_get(10)?,
        created_at: r.try_get(11)?,
    })
}

pub async fn player_by_id(db: &Db, id: i64) -> Result<Option<Player>, AppError> {
    let sql = format!("SELECT {PLAYER_COLUMNS} FROM players WHERE id = $1");
    let row = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(id).fetch_optional(&db.pool).await?;
    Ok(row.as_ref().map(player).transpose()?)
}

pub async fn player_by_username(db: &Db, username: &str) -> Result<Option<Player>, AppError> {
    let sql = format!("SELECT {PLAYER_COLUMNS} FROM players WHERE username_key = $1");
    let row = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(username.trim().to_lowercase()).fetch_optional(&db.pool).await?;
    Ok(row.as_ref().map(player).transpose()?)
}

/// Whether another player already uses this phone.
pub async fn phone_taken(db: &Db, phone: &str, except_player: i64) -> Result<bool, AppError> {
    let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM players WHERE phone = $1 AND id <> $2")
        .bind(phone)
        .bind(except_player)
        .fetch_one(&db.pool)
        .await?;
    Ok(n > 0)
}

pub async fn set_password(conn: &mut sqlx::AnyConnection, player_id: i64, hash: &str) -> Result<(), AppError> {
    sqlx::query("UPDATE players SET password_hash = $1 WHERE id = $2").bind(hash).bind(player_id).execute(&mut *conn).await?;
    Ok(())
}

/// A live one-time code.
#[derive(Debug, Clone)]
pub struct Code {
    pub id: i64,
    pub target: String,
    pub code_hash: String,
    pub created_at: i64,
    pub expires_at: i64,
    pub attempts: i64,
}

/// The newest unused code of a player for a purpose.
pub async fn latest_code(db: &Db, player_id: i64, purpose: &str) -> Result<Option<Code>, AppError> {
    let row = sqlx::query(
        "SELECT id, target, code_hash, created_at, expires_at, attempts FROM one_time_codes \
         WHERE player_id = $1 AND purpose = $2 AND used_at IS NULL ORDER BY id DESC LIMIT 1",
    )
    .bind(player_id)
    .bind(purpose)
    .fetch_optional(&db.pool)
    .await?;
    Ok(row
        .map(|r| -> Result<Code, sqlx::Error> {
            Ok(Code {
                id: r.try_get(0)?,
                target: r.try_get(1)?,
                code_hash: r.try_get(2)?,
                created_at: r.try_get(3)?,
                expires_at: r.try_get(4)?,
                attempts: r.try_get(5)?,
            })
        })
        .transpose()?)
}

/// Stores a new code, retiring the player's older unused codes of the same purpose.
pub async fn insert_code(db: &Db, player_id: i64, purpose: &str, target: &str, code_hash: &str, ttl_ms: i64) -> Result<(), AppError> {
    let now = now_ms();
    let mut tx = db.begin_write().await?;
    sqlx::query("UPDATE one_time_codes SET used_at = $1 WHERE player_id = $2 AND purpose = $3 AND used_at IS NULL")
        .bind(now)
        .bind(player_id)
        .bind(purpose)
        .execute(&mut *tx)
        .await?;
    sqlx::query(
        "INSERT INTO one_time_codes (purpose, player_id, target, code_hash, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(purpose)
    .bind(player_id)
    .bind(target)
    .bind(code_hash)
    .bind(now)
    .bind(now + ttl_ms)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(())
}

/// Counts one attempt at a live code, if it has tries left: the count after it, or None when the
/// code is spent (used, or out of tries). One conditional UPDATE, so parallel attempts cannot
/// all see a low count.
pub async fn count_attempt(db: &Db, code_id: i64, max_attempts: i64) -> Result<Option<i64>, AppError> {
    Ok(sqlx::query_scalar(
        "UPDATE one_time_codes SET attempts = attempts + 1 WHERE id = $1 AND attempts < $2 AND used_at IS NULL RETURNING attempts",
    )
    .bind(code_id)
    .bind(max_attempts)
    .fetch_optional(&db.pool)
    .await?)
}

/// Gives back the attempt a right code counted.
pub async fn give_back_attempt(db: &Db, code_id: i64) -> Result<(), AppError> {
    sqlx::query("UPDATE one_time_codes SET attempts = attempts - 1 WHERE id = $1 AND attempts > 0").bind(code_id).execute(&db.pool).await?;
    Ok(())
}

/// Marks a code used; false when it was used meanwhile (so a code works once only).
pub async fn use_code(conn: &mut sqlx::AnyConnection, code_id: i64) -> Result<bool, AppError> {
    let r = sqlx::query("UPDATE one_time_codes SET used_at = $1 WHERE id = $2 AND used_at IS NULL")
        .bind(now_ms())
        .bind(code_id)
        .execute(&mut *conn)
        .await?;
    Ok(r.rows_affected() == 1)
}

/// One login in the session history.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SessionEntry {
    pub id: i64,
    /// Epoch ms.
    pub login_at: i64,
    /// Epoch ms, null while the session lasts.
    pub ended_at: Option<i64>,
    pub end_reason: Option<String>,
    pub ip: Option<String>,
    pub device: Option<String>,
    pub fingerprint: Option<String>,
    pub current: bool,
}

pub async fn sessions(db: &Db, player_id: i64, current: i64, page: Paging) -> Result<(i64, Vec<SessionEntry>), AppError> {
    let total: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM sessions WHERE player_id = $1").bind(player_id).fetch_one(&db.pool).await?;
    let rows = sqlx::query(
        "SELECT id, created_at, ended_at, end_reason, ip, user_agent, fingerprint FROM sessions \
         WHERE player_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3",
    )
    .bind(player_id)
    .bind(page.take)
    .bind(page.skip)
    .fetch_all(&db.pool)
    .await?;
    let items = rows
        .iter()
        .map(|r| -> Result<SessionEntry, sqlx::Error> {
            let id: i64 = r.try_get(0)?;
            Ok(SessionEntry {
                id,
                login_at: r.try_get(1)?,
                ended_at: r.try_get(2)?,
                end_reason: r.try_get(3)?,
                ip: r.try_get(4)?,
                device: r.try_get(5)?,
                fingerprint: r.try_get(6)?,
                current: id == current,
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok((total, items))
}

/// Whether the player ticked the trial bonus when registering.
pub async fn wants_trial_bonus(db: &Db, player_id: i64) -> Result<bool, sqlx::Error> {
    let wanted: Option<i64> =
        sqlx::query_scalar("SELECT trial_bonus_wanted FROM players WHERE id = $1").bind(player_id).fetch_optional(&db.pool).await?;
    Ok(wanted.unwrap_or(0) != 0)
}
