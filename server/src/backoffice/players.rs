//! Players as staff see them, and their SQL: search by username, e-mail, phone, TC kimlik number
//! or id; a player's page (balances by pocket, payments, transfers, sessions, limits, closures,
//! identity documents, notes); the actions on a player, each with its audit row in its
//! transaction: a note, a notification, ending sessions, a time-out or exclusion (never lifted
//! early), and balance adjustments, which one finance member asks and another applies.

use axum::http::StatusCode;
use serde::Serialize;
use sqlx::Row;
use utoipa::ToSchema;

use super::staff::{CurrentStaff, told};
use crate::audit;
use crate::auth::session::{self, EndReason};
use crate::db::{Db, now_ms};
use crate::error::AppError;
use crate::money::Kurus;
use crate::notify::{self, Audience, NotificationType};
use crate::protection::{Closing, Term, exclusion};
use crate::wallet::{self, Account, Batch, Transfer, TransferKind};

/// A search hit.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlayerHit {
    pub id: i64,
    pub username: String,
    pub email: String,
    pub phone: String,
    pub name: String,
    pub created_at: i64,
}

/// Players whose username, e-mail, phone or TC kimlik number is `q` (or starts with it), or whose
/// id it is; at most 50.
pub async fn search(db: &Db, q: &str) -> Result<Vec<PlayerHit>, sqlx::Error> {
    let q = q.trim();
    if q.is_empty() {
        return Ok(Vec::new());
    }
    let lower = q.to_lowercase();
    let digits: String = q.chars().filter(|c| c.is_ascii_digit()).collect();
    let id: i64 = if digits.len() == q.len() { q.parse().unwrap_or(-1) } else { -1 };
    // A phone is stored as its national number: 0 and the country code are dropped from a search.
    let phone = digits.trim_start_matches("90").trim_start_matches('0').to_string();
    // Too short to be a phone: NULL, which matches nothing (PostgreSQL refuses a NUL in text).
    let phone = (phone.len() >= 4).then(|| format!("%{phone}%"));
    let rows = sqlx::query(
        "SELECT id, username, email, phone, name || ' ' || surname, created_at FROM players \
         WHERE id = $1 OR username_key LIKE $2 OR email_key LIKE $2 OR personal_no = $3 OR phone LIKE $4 \
         ORDER BY id LIMIT 50",
    )
    .bind(id)
    .bind(format!("{}%", lower.replace(['%', '_'], "")))
    .bind(q)
    .bind(phone)
    .fetch_all(&db.pool)
    .await?;
    rows.iter()
        .map(|r| {
            Ok(PlayerHit {
                id: r.try_get(0)?,
                username: r.try_get(1)?,
                email: r.try_get(2)?,
                phone: r.try_get(3)?,
                name: r.try_get(4)?,
                created_at: r.try_get(5)?,
            })
        })
        .collect()
}

/// A player's page: sections of rows, each a JSON object, so the screen lists them as tables.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlayerPage {
    #[schema(value_type = Object)]
    pub player: serde_json::Value,
    #[schema(value_type = Object)]
    pub balances: serde_json::Value,
    #[schema(value_type = Vec<Object>)]
    pub payments: Vec<serde_json::Value>,
    #[schema(value_type = Vec<Object>)]
    pub transfers: Vec<serde_json::Value>,
    #[schema(value_type = Vec<Object>)]
    pub sessions: Vec<serde_json::Value>,
    #[schema(value_type = Vec<Object>)]
    pub limits: Vec<serde_json::Value>,
    #[schema(value_type = Vec<Object>)]
    pub exclusions: Vec<serde_json::Value>,
    #[schema(value_type = Vec<Object>)]
    pub documents: Vec<serde_json::Value>,
    #[schema(value_type = Vec<Object>)]
    pub bonuses: Vec<serde_json::Value>,
    #[schema(value_type = Vec<Object>)]
    pub adjustments: Vec<serde_json::Value>,
    #[schema(value_type = Vec<Object>)]
    pub notes: Vec<serde_json::Value>,
}

fn lira(kurus: i64) -> f64 {
    Kurus::from_minor(kurus).unwrap_or(Kurus::ZERO).to_lira()
}

/// Rows of a query as JSON objects: `columns` name them; a column named `amount…` is kuruş shown
/// as lira.
async fn rows(db: &Db, sql: &'static str, player_id: i64, columns: &[&str]) -> Result<Vec<serde_json::Value>, sqlx::Error> {
    let found = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(player_id).fetch_all(&db.pool).await?;
    found
        .iter()
        .map(|r| {
            let mut object = serde_json::Map::new();
            for (i, name) in columns.iter().enumerate() {
                let value = if let Ok(v) = r.try_get::<Option<i64>, _>(i) {
                    match v {
                        Some(v) if name.starts_with("amount") => serde_json::json!(lira(v)),
                        Some(v) => serde_json::json!(v),
                        None => serde_json::Value::Null,
                    }
                } else if let Ok(v) = r.try_get::<Option<String>, _>(i) {
                    v.map(serde_json::Value::String).unwrap_or(serde_json::Value::Null)
                } else if let Ok(v) = r.try_get::<Option<bool>, _>(i) {
                    v.map(serde_json::Value::Bool).unwrap_or(serde_json::Value::Null)
                } else {
                    serde_json::Value::Null
                };
                object.insert((*name).to_string(), value);
            }
            Ok(serde_json::Value::Object(object))
        })
        .collect()
}

/// `search`, recorded in the audit log: who looked for whom (the answers are personal data).
pub async fn search_recorded(db: &Db, me: &CurrentStaff, q: &str) -> Result<Vec<PlayerHit>, AppError> {
    let hits = search(db, q).await?;
    if !q.trim().is_empty() {
        let query: String = q.trim().chars().take(60).collect();
        let entry = me.entry("player.search", format!("query:{query}")).after(serde_json::json!({ "hits": hits.len() }));
        audit::append_alone(db, &entry).await?;
    }
    Ok(hits)
}

/// `page`, recorded in the audit log: who read a player's identity, phone and money.
pub async fn page_recorded(db: &Db, me: &CurrentStaff, player_id: i64) -> Result<Option<PlayerPage>, AppError> {
    let found = page(db, player_id).await?;
    if found.is_some() {
        audit::append_alone(db, &me.entry("player.view", format!("player:{player_id}"))).await?;
    }
    Ok(found)
}

/// A player's page, or `None` when there is no such player.
pub async fn page(db: &Db, player_id: i64) -> Result<Option<PlayerPage>, AppError> {
    let player = rows(
        db,
        "SELECT id, username, email, phone, phone_verified, name, surname, birth_date, personal_no, created_at FROM players WHERE id = $1",
        player_id,
        &["id", "username", "email", "phone", "phoneVerified", "name", "surname", "birthDate", "personalNo", "createdAt"],
    )
    .await?;
    let Some(player) = player.into_iter().next() else { return Ok(None) };
    let b = wallet::balances(db, player_id).await?;
    let balances = serde_json::json!({ "real": b.real.to_lira(), "bonus": b.bonus.to_lira(), "held": b.held.to_lira() });
    let payments = rows(
        db,
        "SELECT r.id, CASE r.kind WHEN 1 THEN 'deposit' ELSE 'withdrawal' END, r.amount, r.status, m.code, r.reference, r.created_at, r.decided_by, r.reason \
         FROM payment_requests r JOIN payment_methods m ON m.id = r.method_id WHERE r.player_id = $1 ORDER BY r.id DESC LIMIT 50",
        player_id,
        &["id", "kind", "amount", "status", "method", "reference", "createdAt", "decidedBy", "reason"],
    )
    .await?;
    let transfers = wallet::transfers_of(db, player_id, None, 50)
        .await?
        .into_iter()
        .map(|t| {
            serde_json::json!({
                "id": t.id, "kind": t.kind.as_str(), "amount": t.amount.to_lira(),
                "from": t.debit.to_string(), "to": t.credit.to_string(), "phase": format!("{:?}", t.phase).to_lowercase(),
            })
        })
        .collect();
    let sessions = rows(
        db,
        "SELECT id, created_at, last_seen_at, ended_at, end_reason, ip FROM sessions WHERE player_id = $1 ORDER BY id DESC LIMIT 20",
        player_id,
        &["id", "createdAt", "lastSeenAt", "endedAt", "endReason", "ip"],
    )
    .await?;
    let limits = rows(
        db,
        "SELECT kind, period, amount, pending, pending_since, updated_at FROM player_limits WHERE player_id = $1 ORDER BY kind, period",
        player_id,
        &["kind", "period", "amount", "pending", "pendingSince", "updatedAt"],
    )
    .await?;
    let exclusions = rows(
        db,
        "SELECT id, kind, starts_at, ends_at, set_by, reopen_asked_at FROM exclusions WHERE player_id = $1 ORDER BY id DESC",
        player_id,
        &["id", "kind", "startsAt", "endsAt", "setBy", "reopenAskedAt"],
    )
    .await?;
    let documents = rows(
        db,
        "SELECT id, kind, doc_type, side, state, reason, uploaded_at, decided_by, expires_at FROM kyc_documents WHERE player_id = $1 ORDER BY id DESC",
        player_id,
        &["id", "kind", "docType", "side", "state", "reason", "uploadedAt", "decidedBy", "expiresAt"],
    )
    .await?;
    let bonuses = rows(
        db,
        "SELECT id, promotion, state, amount, balance, wager_required, wagered, created_at, expires_at FROM bonuses WHERE player_id = $1 ORDER BY id DESC LIMIT 20",
        player_id,
        &["id", "promotion", "state", "amount", "amountLeft", "amountToWager", "amountWagered", "createdAt", "expiresAt"],
    )
    .await?;
    let adjustments = rows(
        db,
        "SELECT a.id, a.amount, a.reason, a.status, c.username, a.created_at, d.username, a.decided_at FROM balance_adjustments a \
         JOIN staff c ON c.id = a.created_by LEFT JOIN staff d ON d.id = a.decided_by WHERE a.player_id = $1 ORDER BY a.id DESC LIMIT 20",
        player_id,
        &["id", "amount", "reason", "status", "askedBy", "createdAt", "decidedBy", "decidedAt"],
    )
    .await?;
    let notes = rows(
        db,
        "SELECT n.id, s.username, n.body, n.created_at FROM player_notes n JOIN staff s ON s.id = n.staff_id WHERE n.player_id = $1 ORDER BY n.id DESC",
        player_id,
        &["id", "staff", "text", "createdAt"],
    )
    .await?;
    Ok(Some(PlayerPage { player, balances, payments, transfers, sessions, limits, exclusions, documents, bonuses, adjustments, notes }))
}

async fn exists(db: &Db, player_id: i64) -> Result<(), AppError> {
    let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM players WHERE id = $1").bind(player_id).fetch_one(&db.pool).await?;
    if n == 0 { Err(AppError::NotFound("error.not_found")) } else { Ok(()) }
}

fn text(raw: &str, max: usize, what: &str) -> Result<String, AppError> {
    let t = raw.trim();
    if t.is_empty() || t.chars().count() > max {
        return Err(told(StatusCode::UNPROCESSABLE_ENTITY, &format!("The {what} is 1 to {max} characters.")));
    }
    Ok(t.to_string())
}

/// Adds a staff note to a player.
pub async fn add_note(db: &Db, me: &CurrentStaff, player_id: i64, body: &str) -> Result<i64, AppError> {
    let body = text(body, 2000, "note")?;
    exists(db, player_id).await?;
    let mut tx = db.begin_write().await?;
    let id: i64 =
        sqlx::query_scalar("INSERT INTO player_notes (player_id, staff_id, body, created_at) VALUES ($1, $2, $3, $4) RETURNING id")
            .bind(player_id)
            .bind(me.id)
            .bind(&body)
            .bind(now_ms())
            .fetch_one(&mut *tx)
            .await?;
    audit::append(&mut tx, &me.entry("player.note", format!("player:{player_id}")).after(serde_json::json!({ "note": id, "text": body })))
        .await?;
    tx.commit().await?;
    Ok(id)
}

/// Sends the player a notification (live, through the journal).
pub async fn notify(db: &Db, me: &CurrentStaff, player_id: i64, title: &str, body: &str) -> Result<(), AppError> {
    let title = text(title, 200, "title")?;
    let body = text(body, 2000, "message")?;
    exists(db, player_id).await?;
    let mut tx = db.begin_write().await?;
    let n = notify::create(&mut tx, Audience::Player(player_id), NotificationType::System, &title, &body).await?;
    audit::append(
        &mut tx,
        &me.entry("player.notify", format!("player:{player_id}")).after(serde_json::json!({ "notification": n.id, "title": title })),
    )
    .await?;
    tx.commit().await?;
    Ok(())
}

/// Ends every session of the player (on every node, through the journal).
pub async fn end_sessions(db: &Db, me: &CurrentStaff, player_id: i64) -> Result<u64, AppError> {
    exists(db, player_id).await?;
    let mut tx = db.begin_write().await?;
    let n = session::end_all(&mut tx, player_id, None, EndReason::Operator).await?;
    audit::append(&mut tx, &me.entry("player.end_sessions", format!("player:{player_id}")).after(serde_json::json!({ "ended": n })))
        .await?;
    tx.commit().await?;
    Ok(n)
}

/// Sets a time-out or a self-exclusion for the player; never lifts one.
pub async fn exclude(db: &Db, me: &CurrentStaff, player_id: i64, term: &str, then: &dyn Closing) -> Result<Option<i64>, AppError> {
    let term = Term::parse(term).ok_or_else(|| {
        told(StatusCode::UNPROCESSABLE_ENTITY, "The period is 24h, 7d, 1m or 6w (time-out), 6m, 1y, 5y or permanent (exclusion).")
    })?;
    exists(db, player_id).await?;
    let entry = me.entry("player.exclude", format!("player:{player_id}"));
    exclusion::close(db, player_id, term, &format!("staff:{}", me.username), then, Some(&entry)).await
}

/// A finance member asks for a balance adjustment (lira, may be negative, with a reason); it
/// applies only when another finance member approves it.
pub async fn ask_adjustment(db: &Db, me: &CurrentStaff, player_id: i64, amount: Kurus, reason: &str) -> Result<i64, AppError> {
    let reason = text(reason, 300, "reason")?;
    if amount.is_zero() {
        return Err(told(StatusCode::UNPROCESSABLE_ENTITY, "The amount cannot be zero."));
    }
    exists(db, player_id).await?;
    let mut tx = db.begin_write().await?;
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO balance_adjustments (player_id, amount, reason, status, created_by, created_at) VALUES ($1, $2, $3, 'pending', $4, $5) RETURNING id",
    )
    .bind(player_id)
    .bind(amount.minor())
    .bind(&reason)
    .bind(me.id)
    .bind(now_ms())
    .fetch_one(&mut *tx)
    .await?;
    let entry = me
        .entry("adjustment.ask", format!("adjustment:{id}"))
        .after(serde_json::json!({ "player": player_id, "amount": amount.to_lira(), "reason": reason, "status": "pending" }));
    audit::append(&mut tx, &entry).await?;
    tx.commit().await?;
    Ok(id)
}

/// Applies (or rejects) a pending adjustment: never by the member who asked for it; once only,
/// whoever else decides at the same moment.
pub async fn decide_adjustment(db: &Db, me: &CurrentStaff, id: i64, apply: bool) -> Result<(), AppError> {
    let row = sqlx::query("SELECT player_id, amount, reason, created_by FROM balance_adjustments WHERE id = $1 AND status = 'pending'")
        .bind(id)
        .fetch_optional(&db.pool)
        .await?
        .ok_or_else(|| told(StatusCode::CONFLICT, &format!("Adjustment #{id} is not pending.")))?;
    let (player_id, amount, reason, created_by): (i64, i64, String, i64) =
        (row.try_get(0)?, row.try_get(1)?, row.try_get(2)?, row.try_get(3)?);
    if created_by == me.id {
        return Err(told(StatusCode::CONFLICT, "You asked for this adjustment: another finance member decides it."));
    }
    let amount = Kurus::from_minor(amount).map_err(|e| AppError::Internal(anyhow::anyhow!("{e}")))?;
    let (debit, credit) = if amount.is_positive() {
        (Account::Adjustments, Account::real(player_id))
    } else {
        (Account::real(player_id), Account::Adjustments)
    };
    let transfer =
        Transfer { reason: Some(reason.clone()), ..Transfer::new(debit, credit, amount.abs(), TransferKind::Adjustment, "operator") };
    if apply {
        wallet::open_house_accounts(db, std::slice::from_ref(&transfer)).await?;
    }
    let mut tx = db.begin_write().await?;
    let status = if apply { "applied" } else { "rejected" };
    let moved =
        sqlx::query("UPDATE balance_adjustments SET status = $1, decided_by = $2, decided_at = $3 WHERE id = $4 AND status = 'pending'")
            .bind(status)
            .bind(me.id)
            .bind(now_ms())
            .bind(id)
            .execute(&mut *tx)
            .await?
            .rows_affected();
    if moved == 0 {
        return Err(told(StatusCode::CONFLICT, &format!("Adjustment #{id} is not pending.")));
    }
    if apply {
        match wallet::commit_in(&mut tx, &Batch { key: format!("adjustment:{id}"), transfers: vec![transfer] }).await {
            Ok(_) => {}
            Err(wallet::WalletError::InsufficientFunds) => {
                return Err(told(StatusCode::CONFLICT, "The player's real balance is lower than this deduction."));
            }
            Err(e) => return Err(e.into()),
        }
    }
    let entry = me
        .entry(&format!("adjustment.{}", if apply { "apply" } else { "reject" }), format!("adjustment:{id}"))
        .before(serde_json::json!({ "status": "pending", "player": player_id, "amount": amount.to_lira() }))
        .after(serde_json::json!({ "status": status }));
    audit::append(&mut tx, &entry).await?;
    tx.commit().await?;
    Ok(())
}
