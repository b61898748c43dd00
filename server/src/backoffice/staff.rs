//! Staff accounts and their sign-in: a password (argon2id) and a TOTP code (RFC 6238, any
//! authenticator app, enrolled on the first sign-in; each code accepted once), a lock after
//! repeated failures, sessions of at most 8 hours that end after 30 minutes idle. A session is
//! read from the database on every call, so disabling a member ends their sessions on every node
//! at once. The TOTP secret is sealed under the node key (`KASA_SEED_KEY`).

use axum::http::StatusCode;
use serde::Serialize;
use sqlx::Row;
use totp_rs::{Builder, Secret, Totp};
use utoipa::ToSchema;

use super::{Permission, Role, parse_roles, permissions_of};
use crate::audit::{self, Entry};
use crate::auth::password::Hashing;
use crate::crypto::{new_token, token_hash};
use crate::db::{Db, now_ms};
use crate::error::AppError;

/// A staff session lasts at most this long.
pub const SESSION_MAX_MS: i64 = 8 * 3600 * 1000;
/// A staff session without a call for this long ends.
pub const IDLE_MS: i64 = 30 * 60 * 1000;
/// Failed sign-ins (password or code) in a row that lock the account.
pub const MAX_FAILURES: i64 = 5;
/// How long such a lock lasts.
pub const LOCK_MS: i64 = 15 * 60 * 1000;
/// The issuer the authenticator app shows.
const ISSUER: &str = "Kasa";

/// A staff member as the app sees them.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct StaffView {
    pub id: i64,
    pub username: String,
    pub roles: Vec<Role>,
    pub permissions: Vec<Permission>,
}

/// The signed-in staff member of a call (from their session).
#[derive(Debug, Clone)]
pub struct CurrentStaff {
    pub id: i64,
    pub username: String,
    pub roles: Vec<Role>,
    pub session_id: i64,
    pub ip: String,
}

impl CurrentStaff {
    pub fn can(&self, p: Permission) -> bool {
        self.roles.iter().any(|r| r.permissions().contains(&p))
    }

    /// 403 unless a role gives `p`; nothing is changed by a refused call.
    pub fn require(&self, p: Permission) -> Result<(), AppError> {
        if self.can(p) {
            return Ok(());
        }
        Err(AppError::Told {
            status: StatusCode::FORBIDDEN,
            message: format!("Your roles do not allow this ({}).", p.as_str()),
            data: Some(serde_json::json!({ "permission": p.as_str() })),
        })
    }

    /// An audit row by this member.
    pub fn entry(&self, action: &str, target: impl Into<String>) -> Entry {
        Entry::new(action, target).by(Some(self.id), &self.username, &self.ip)
    }

    pub fn view(&self) -> StaffView {
        StaffView { id: self.id, username: self.username.clone(), roles: self.roles.clone(), permissions: permissions_of(&self.roles) }
    }
}

/// A staff username: 3 to 32 lower-case letters, digits, dots, dashes or underscores.
pub fn parse_username(raw: &str) -> Result<String, AppError> {
    let u = raw.trim().to_ascii_lowercase();
    let ok = (3..=32).contains(&u.len()) && u.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || matches!(c, '.' | '-' | '_'));
    if ok {
        Ok(u)
    } else {
        Err(told(StatusCode::UNPROCESSABLE_ENTITY, "A username is 3 to 32 letters, digits, dots, dashes or underscores."))
    }
}

/// A staff password: at least 12 characters.
pub fn check_password(raw: &str) -> Result<(), AppError> {
    if raw.chars().count() >= 12 && raw.len() <= 256 {
        Ok(())
    } else {
        Err(told(StatusCode::UNPROCESSABLE_ENTITY, "A staff password has at least 12 characters."))
    }
}

pub(super) fn told(status: StatusCode, message: &str) -> AppError {
    AppError::Told { status, message: message.to_string(), data: None }
}

fn wrong() -> AppError {
    told(StatusCode::UNAUTHORIZED, "Wrong username, password or code.")
}

/// Creates a staff member (`by`: who, for the audit log; no `staff_id` the operator's shell). A
/// member created by another member waits for a second administrator's confirmation before they
/// can sign in (`confirm`); one made from the shell is confirmed at once.
pub async fn create(db: &Db, hashing: &Hashing, username: &str, password: &str, roles: &[Role], by: Entry) -> Result<i64, AppError> {
    let username = parse_username(username)?;
    check_password(password)?;
    if roles.is_empty() {
        return Err(told(StatusCode::UNPROCESSABLE_ENTITY, "Give the staff member at least one role."));
    }
    let hash = hashing.hash(password.to_string()).await?;
    let list = roles.iter().map(|r| r.as_str()).collect::<Vec<_>>().join(",");
    let now = now_ms();
    let confirmed_at = if by.staff_id.is_none() { Some(now) } else { None };
    let mut tx = db.begin_write().await?;
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO staff (username, password_hash, roles, created_at, created_by, confirmed_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
    )
    .bind(&username)
    .bind(&hash)
    .bind(&list)
    .bind(now)
    .bind(by.staff_id)
    .bind(confirmed_at)
    .fetch_one(&mut *tx)
        .await
        .map_err(|e| match &e {
            sqlx::Error::Database(d) if d.is_unique_violation() => told(StatusCode::CONFLICT, "That username is taken."),
            _ => AppError::Database(e),
        })?;
    let entry = Entry { action: "staff.create".into(), target: format!("staff:{id}"), ..by }
        .after(serde_json::json!({ "username": username, "roles": list, "confirmed": confirmed_at.is_some() }));
    audit::append(&mut tx, &entry).await?;
    tx.commit().await?;
    Ok(id)
}

/// Confirms a member another administrator created: only then can they sign in. Their creator
/// cannot confirm them, nor can anyone confirm themselves; a member already confirmed or disabled
/// is refused (two confirmations at once: one succeeds).
pub async fn confirm(db: &Db, id: i64, by: &CurrentStaff) -> Result<(), AppError> {
    let mut tx = db.begin_write().await?;
    let row = sqlx::query("SELECT created_by, confirmed_at, disabled_at FROM staff WHERE id = $1")
        .bind(id)
        .fetch_optional(&mut *tx)
        .await?
        .ok_or(AppError::NotFound("error.not_found"))?;
    let created_by: Option<i64> = row.try_get(0)?;
    if id == by.id || created_by == Some(by.id) {
        return Err(told(StatusCode::CONFLICT, "Another administrator confirms a member you created."));
    }
    let n =
        sqlx::query("UPDATE staff SET confirmed_at = $1, confirmed_by = $2 WHERE id = $3 AND confirmed_at IS NULL AND disabled_at IS NULL")
            .bind(now_ms())
            .bind(by.id)
            .bind(id)
            .execute(&mut *tx)
            .await?;
    if n.rows_affected() == 0 {
        return Err(told(StatusCode::CONFLICT, "This member is already confirmed or disabled."));
    }
    audit::append(&mut tx, &by.entry("staff.confirm", format!("staff:{id}"))).await?;
    tx.commit().await?;
    Ok(())
}

/// Disables a member at once: every session of theirs ends (on every node: sessions are read
/// from the database on each call). The last active administrator stays: the active members' rows
/// are locked first, so two administrators disabling each other at once leave one of them.
pub async fn disable(db: &Db, id: i64, by: &CurrentStaff) -> Result<(), AppError> {
    if id == by.id {
        return Err(told(StatusCode::CONFLICT, "You cannot disable yourself."));
    }
    let now = now_ms();
    let mut tx = db.begin_write().await?;
    let admins = active_admins(&mut tx).await?;
    if !admins.contains(&by.id) {
        // Disabled (or no longer an administrator) by a request that ran while this one waited.
        return Err(told(StatusCode::CONFLICT, "You are no longer an active administrator."));
    }
    if admins.contains(&id) && admins.len() <= 1 {
        return Err(told(StatusCode::CONFLICT, "The last active administrator cannot be disabled."));
    }
    let n =
        sqlx::query("UPDATE staff SET disabled_at = $1 WHERE id = $2 AND disabled_at IS NULL").bind(now).bind(id).execute(&mut *tx).await?;
    if n.rows_affected() == 0 {
        return Err(AppError::NotFound("error.not_found"));
    }
    let ended = sqlx::query("UPDATE staff_sessions SET ended_at = $1 WHERE staff_id = $2 AND ended_at IS NULL")
        .bind(now)
        .bind(id)
        .execute(&mut *tx)
        .await?
        .rows_affected();
    audit::append(&mut tx, &by.entry("staff.disable", format!("staff:{id}")).after(serde_json::json!({ "sessionsEnded": ended }))).await?;
    tx.commit().await?;
    Ok(())
}

/// The ids of the active (confirmed, not disabled) administrators, their rows locked in id order on
/// PostgreSQL (SQLite's write transaction holds the whole database): a disabling that waited for
/// another reads what that one left.
async fn active_admins(tx: &mut sqlx::AnyConnection) -> Result<Vec<i64>, sqlx::Error> {
    let lock = if crate::db::is_postgres(tx) { " FOR UPDATE" } else { "" };
    let sql = format!("SELECT id, roles FROM staff WHERE disabled_at IS NULL AND confirmed_at IS NOT NULL ORDER BY id{lock}");
    let rows = sqlx::query(sqlx::AssertSqlSafe(sql)).fetch_all(&mut *tx).await?;
    let mut admins = Vec::new();
    for r in rows {
        if parse_roles(&r.try_get::<String, _>(1)?).contains(&Role::Admin) {
            admins.push(r.try_get(0)?);
        }
    }
    Ok(admins)
}

/// A row of the staff list.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffRow {
    pub id: i64,
    pub username: String,
    pub roles: Vec<Role>,
    pub enrolled: bool,
    /// False until a second administrator confirms a member created in the back office.
    pub confirmed: bool,
    /// Who created them (`None`: the operator's shell).
    pub created_by: Option<i64>,
    pub disabled_at: Option<i64>,
    pub created_at: i64,
}

pub async fn list(db: &Db) -> Result<Vec<StaffRow>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT id, username, roles, CASE WHEN totp_secret IS NULL THEN 0 ELSE 1 END, disabled_at, created_at, \
         CASE WHEN confirmed_at IS NULL THEN 0 ELSE 1 END, created_by FROM staff ORDER BY id",
    )
    .fetch_all(&db.pool)
    .await?;
    rows.iter()
        .map(|r| {
            Ok(StaffRow {
                id: r.try_get(0)?,
                username: r.try_get(1)?,
                roles: parse_roles(&r.try_get::<String, _>(2)?),
                enrolled: r.try_get::<i64, _>(3)? == 1,
                confirmed: r.try_get::<i64, _>(6)? == 1,
                created_by: r.try_get(7)?,
                disabled_at: r.try_get(4)?,
                created_at: r.try_get(5)?,
            })
        })
        .collect()
}

/// How a sign-in went.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(tag = "status", rename_all = "lowercase")]
pub enum SignIn {
    /// The password is right and no authenticator is enrolled yet: add `uri` (or `secret`) to one
    /// and confirm with a code (`auth/enrol`).
    Enrol { secret: String, uri: String },
    /// The password is right; a code is needed.
    Code,
    /// Signed in.
    Ok {
        token: String,
        #[serde(rename = "expiresAt")]
        expires_at: i64,
        staff: StaffView,
    },
}

struct Account {
    id: i64,
    username: String,
    roles: Vec<Role>,
    totp_secret: Option<String>,
    totp_pending: Option<String>,
    totp_step: i64,
}

fn totp(secret: Vec<u8>, username: &str) -> Result<Totp, AppError> {
    Builder::new()
        .with_secret(secret)
        .with_account_name(username.to_string())
        .with_issuer(Some(ISSUER))
        .build()
        .map_err(|e| AppError::Internal(anyhow::anyhow!("TOTP: {e:?}")))
}

fn commitment(id: i64) -> String {
    format!("staff-totp:{id}")
}

fn open_secret(db: &Db, id: i64, sealed: &str) -> Result<Vec<u8>, AppError> {
    let b32 = db.seed_key.open(sealed, &commitment(id)).map_err(|e| AppError::Internal(anyhow::anyhow!("the TOTP secret: {e}")))?;
    Secret::try_from_base32(&b32).map(|s| s.as_ref().to_vec()).map_err(|e| AppError::Internal(anyhow::anyhow!("the TOTP secret: {e:?}")))
}

/// The step a code matches now (±1 step of clock drift), if any.
fn matching_step(totp: &Totp, code: &str) -> Option<i64> {
    let code: String = code.chars().filter(|c| !c.is_whitespace()).collect();
    if code.len() != 6 || !code.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let now = u64::try_from(now_ms() / 1000).ok()?;
    totp.check(&code, now).and_then(|s| i64::try_from(s).ok())
}

/// Checks the password (and the lock), counting a failure; the account when right.
async fn authenticate(db: &Db, hashing: &Hashing, username: &str, password: &str, ip: &str) -> Result<Account, AppError> {
    let username = username.trim().to_ascii_lowercase();
    let row = sqlx::query(
        "SELECT id, username, password_hash, roles, totp_secret, totp_pending, totp_step, locked_until, disabled_at, confirmed_at \
         FROM staff WHERE username = $1",
    )
    .bind(&username)
    .fetch_optional(&db.pool)
    .await?;
    let Some(row) = row else {
        // As long as a wrong password, so a stranger cannot tell who is staff.
        let _ = hashing.verify(password.to_string(), hashing.dummy_hash().await?).await?;
        audit::append_alone(db, &Entry::new("staff.signin_failed", format!("username:{}", clip(&username))).by(None, "-", ip)).await?;
        return Err(wrong());
    };
    let id: i64 = row.try_get(0)?;
    let locked_until: Option<i64> = row.try_get(7)?;
    let disabled: Option<i64> = row.try_get(8)?;
    let right = hashing.verify(password.to_string(), row.try_get(2)?).await?;
    if !right || disabled.is_some() {
        fail(db, id, &username, ip, if disabled.is_some() { "disabled" } else { "password" }).await?;
        return Err(wrong());
    }
    // The lock is told only to whoever has the password: a stranger cannot tell a locked account
    // (or a staff member) from a wrong password.
    if let Some(until) = locked_until.filter(|u| *u > now_ms()) {
        audit::append_alone(db, &Entry::new("staff.signin_locked", format!("staff:{id}")).by(Some(id), &username, ip)).await?;
        return Err(AppError::Told {
            status: StatusCode::TOO_MANY_REQUESTS,
            message: format!("Too many failed sign-ins: try again after {} UTC.", &crate::time::iso_utc(until)[11..16]),
            data: Some(serde_json::json!({ "lockedUntil": until })),
        });
    }
    if row.try_get::<Option<i64>, _>(9)?.is_none() {
        audit::append_alone(db, &Entry::new("staff.signin_unconfirmed", format!("staff:{id}")).by(Some(id), &username, ip)).await?;
        return Err(told(StatusCode::FORBIDDEN, "Your account waits for a second administrator's confirmation."));
    }
    Ok(Account {
        id,
        username: row.try_get(1)?,
        roles: parse_roles(&row.try_get::<String, _>(3)?),
        totp_secret: row.try_get(4)?,
        totp_pending: row.try_get(5)?,
        totp_step: row.try_get(6)?,
    })
}

fn clip(s: &str) -> String {
    s.chars().take(40).collect()
}

/// Records a failed sign-in. A wrong code after the right password counts (the fifth in a row
/// locks the account: the lock guards the second factor); a wrong password does not, so nobody
/// can lock every staff member out by guessing their usernames (password guesses are limited per
/// address, and are useless without the authenticator).
async fn fail(db: &Db, id: i64, username: &str, ip: &str, why: &str) -> Result<(), AppError> {
    let now = now_ms();
    let mut tx = db.begin_write().await?;
    let counted = !matches!(why, "password" | "disabled");
    let failures: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
        "UPDATE staff SET failures = failures + {} WHERE id = $1 RETURNING failures",
        i64::from(counted)
    )))
    .bind(id)
    .fetch_one(&mut *tx)
    .await?;
    let locked = failures >= MAX_FAILURES;
    if locked {
        sqlx::query("UPDATE staff SET failures = 0, locked_until = $1 WHERE id = $2")
            .bind(now + LOCK_MS)
            .bind(id)
            .execute(&mut *tx)
            .await?;
    }
    let entry = Entry::new("staff.signin_failed", format!("staff:{id}"))
        .by(Some(id), username, ip)
        .after(serde_json::json!({ "why": why, "failures": failures, "locked": locked }));
    audit::append(&mut tx, &entry).await?;
    tx.commit().await?;
    Ok(())
}

/// Signs in with the password and, once enrolled, a code.
pub async fn sign_in(db: &Db, hashing: &Hashing, username: &str, password: &str, code: Option<&str>, ip: &str) -> Result<SignIn, AppError> {
    let account = authenticate(db, hashing, username, password, ip).await?;
    let Some(sealed) = &account.totp_secret else {
        return enrolment(db, &account).await;
    };
    let Some(code) = code.filter(|c| !c.trim().is_empty()) else {
        return Ok(SignIn::Code);
    };
    let secret = open_secret(db, account.id, sealed)?;
    let step = matching_step(&totp(secret, &account.username)?, code);
    accept(db, &account, step, None, ip).await
}

/// A new secret for enrolment at every sign-in that offers one (sealed, kept pending until a code
/// confirms it): whoever saw an earlier offer (the colleague who set the first password, say)
/// holds a secret that no longer counts once the member signs in themselves.
async fn enrolment(db: &Db, account: &Account) -> Result<SignIn, AppError> {
    let bytes: [u8; 20] = rand::random();
    let b32 = Secret::from(bytes.to_vec()).to_base32();
    let sealed = db
        .seed_key
        .seal(&b32, &commitment(account.id))
        .map_err(|e| AppError::Internal(anyhow::anyhow!("sealing a TOTP secret needs KASA_SEED_KEY: {e}")))?;
    sqlx::query("UPDATE staff SET totp_pending = $1 WHERE id = $2 AND totp_secret IS NULL")
        .bind(&sealed)
        .bind(account.id)
        .execute(&db.pool)
        .await?;
    let secret = bytes.to_vec();
    let t = totp(secret, &account.username)?;
    let uri = t.to_url().map_err(|e| AppError::Internal(anyhow::anyhow!("TOTP uri: {e:?}")))?;
    Ok(SignIn::Enrol { secret: t.secret().to_base32(), uri })
}

/// Confirms the authenticator with a first code and signs in.
pub async fn enrol(db: &Db, hashing: &Hashing, username: &str, password: &str, code: &str, ip: &str) -> Result<SignIn, AppError> {
    let account = authenticate(db, hashing, username, password, ip).await?;
    if account.totp_secret.is_some() {
        return Err(told(StatusCode::CONFLICT, "An authenticator is enrolled already: sign in with its code."));
    }
    let sealed = account.totp_pending.clone().ok_or_else(|| told(StatusCode::CONFLICT, "Sign in first to get the code to enrol."))?;
    let step = matching_step(&totp(open_secret(db, account.id, &sealed)?, &account.username)?, code);
    accept(db, &account, step, Some(&sealed), ip).await
}

/// A code's step accepted (once: the stored step moves forward only, in the same statement), the
/// failures reset, a session started and recorded; or the code refused and counted.
async fn accept(db: &Db, account: &Account, step: Option<i64>, enrolling: Option<&str>, ip: &str) -> Result<SignIn, AppError> {
    let Some(step) = step.filter(|s| *s > account.totp_step) else {
        fail(db, account.id, &account.username, ip, "code").await?;
        return Err(wrong());
    };
    let now = now_ms();
    let mut tx = db.begin_write().await?;
    let moved = match enrolling {
        Some(sealed) => sqlx::query(
            "UPDATE staff SET totp_secret = $1, totp_pending = NULL, totp_step = $2, failures = 0, locked_until = NULL \
             WHERE id = $3 AND totp_secret IS NULL AND totp_pending = $1",
        )
        .bind(sealed)
        .bind(step)
        .bind(account.id),
        None => sqlx::query("UPDATE staff SET totp_step = $1, failures = 0, locked_until = NULL WHERE id = $2 AND totp_step < $1")
            .bind(step)
            .bind(account.id),
    }
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if moved == 0 {
        // Another sign-in used this code (or enrolled) first.
        drop(tx);
        fail(db, account.id, &account.username, ip, "code").await?;
        return Err(wrong());
    }
    let token = new_token();
    let expires_at = now + SESSION_MAX_MS;
    let session_id: i64 = sqlx::query_scalar(
        "INSERT INTO staff_sessions (staff_id, token_hash, ip, created_at, seen_at, expires_at) VALUES ($1, $2, $3, $4, $4, $5) RETURNING id",
    )
    .bind(account.id)
    .bind(token_hash(&token))
    .bind(ip)
    .bind(now)
    .bind(expires_at)
    .fetch_one(&mut *tx)
    .await?;
    let action = if enrolling.is_some() { "staff.enrol" } else { "staff.signin" };
    let entry = Entry::new(action, format!("staff:{}", account.id))
        .by(Some(account.id), &account.username, ip)
        .after(serde_json::json!({ "session": session_id }));
    audit::append(&mut tx, &entry).await?;
    tx.commit().await?;
    let staff = StaffView {
        id: account.id,
        username: account.username.clone(),
        roles: account.roles.clone(),
        permissions: permissions_of(&account.roles),
    };
    Ok(SignIn::Ok { token, expires_at, staff })
}

/// The member of a live session (touching it), or `None`: unknown, ended, past 8 hours, idle for
/// 30 minutes, or the member disabled (the session is ended then).
pub async fn lookup(db: &Db, token: &str, ip: &str) -> Result<Option<CurrentStaff>, AppError> {
    let row = sqlx::query(
        "SELECT s.id, s.staff_id, s.seen_at, s.expires_at, st.username, st.roles, st.disabled_at \
         FROM staff_sessions s JOIN staff st ON st.id = s.staff_id WHERE s.token_hash = $1 AND s.ended_at IS NULL",
    )
    .bind(token_hash(token))
    .fetch_optional(&db.pool)
    .await?;
    let Some(row) = row else { return Ok(None) };
    let session_id: i64 = row.try_get(0)?;
    let seen_at: i64 = row.try_get(2)?;
    let expires_at: i64 = row.try_get(3)?;
    let disabled: Option<i64> = row.try_get(6)?;
    let now = now_ms();
    if disabled.is_some() || now >= expires_at || now - seen_at >= IDLE_MS {
        sqlx::query("UPDATE staff_sessions SET ended_at = $1 WHERE id = $2 AND ended_at IS NULL")
            .bind(now)
            .bind(session_id)
            .execute(&db.pool)
            .await?;
        return Ok(None);
    }
    // The idle clock, moved at most every 10 seconds (a busy screen is not a write per call).
    if now - seen_at >= 10_000 {
        sqlx::query("UPDATE staff_sessions SET seen_at = $1 WHERE id = $2").bind(now).bind(session_id).execute(&db.pool).await?;
    }
    Ok(Some(CurrentStaff {
        id: row.try_get(1)?,
        username: row.try_get(4)?,
        roles: parse_roles(&row.try_get::<String, _>(5)?),
        session_id,
        ip: ip.to_string(),
    }))
}

/// Signs out: the session ends.
pub async fn sign_out(db: &Db, me: &CurrentStaff) -> Result<(), AppError> {
    let mut tx = db.begin_write().await?;
    sqlx::query("UPDATE staff_sessions SET ended_at = $1 WHERE id = $2 AND ended_at IS NULL")
        .bind(now_ms())
        .bind(me.session_id)
        .execute(&mut *tx)
        .await?;
    audit::append(&mut tx, &me.entry("staff.signout", format!("staff:{}", me.id))).await?;
    tx.commit().await?;
    Ok(())
}
