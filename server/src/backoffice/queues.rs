//! The queues that need a staff decision and their SQL: pending withdrawals (with what a reviewer
//! weighs: identity, risk notes, the player's last 30 days), deposits that wait for an operator,
//! identity documents to review; and the decisions, each with its audit row in its transaction.
//!
//! Four-eyes: a withdrawal over `KASA_FOUR_EYES_OVER` needs two approvals by two different staff
//! members. Approvals of one request are counted under a lock on the request (the row on
//! PostgreSQL, the write lock on SQLite), so two arriving at once count as one each, and the second
//! one decides; the same member twice is refused.

use std::collections::HashMap;

use axum::http::StatusCode;
use serde::Serialize;
use sqlx::{AnyConnection, Row};
use utoipa::ToSchema;

use super::staff::{CurrentStaff, told};
use crate::audit;
use crate::db::{Db, now_ms};
use crate::error::AppError;
use crate::kyc::{self, CheckState, DocState};
use crate::money::Kurus;
use crate::payments::{self, DecisionError, Kind, RequestStatus};

const DAY_MS: i64 = 86_400_000;

/// A queue's size and its oldest item's time.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QueueSize {
    pub count: i64,
    pub oldest_at: Option<i64>,
}

/// The three queues' sizes.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Queues {
    pub withdrawals: QueueSize,
    pub deposits: QueueSize,
    pub documents: QueueSize,
}

fn size(r: &sqlx::any::AnyRow, at: usize) -> Result<QueueSize, sqlx::Error> {
    Ok(QueueSize { count: r.try_get(at)?, oldest_at: r.try_get(at + 1)? })
}

pub async fn sizes(db: &Db) -> Result<Queues, sqlx::Error> {
    let r = sqlx::query(
        "SELECT \
           (SELECT COUNT(*) FROM payment_requests WHERE kind = 2 AND status = 'pending'), \
           (SELECT MIN(created_at) FROM payment_requests WHERE kind = 2 AND status = 'pending'), \
           (SELECT COUNT(*) FROM payment_requests r JOIN payment_methods m ON m.id = r.method_id \
              WHERE r.kind = 1 AND r.status = 'pending' AND m.adapter <> 'card'), \
           (SELECT MIN(r.created_at) FROM payment_requests r JOIN payment_methods m ON m.id = r.method_id \
              WHERE r.kind = 1 AND r.status = 'pending' AND m.adapter <> 'card'), \
           (SELECT COUNT(*) FROM kyc_documents WHERE state = 'pending'), \
           (SELECT MIN(uploaded_at) FROM kyc_documents WHERE state = 'pending')",
    )
    .fetch_one(&db.pool)
    .await?;
    Ok(Queues { withdrawals: size(&r, 0)?, deposits: size(&r, 2)?, documents: size(&r, 4)? })
}

/// One approval of a request.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Approval {
    pub staff_id: i64,
    pub username: String,
    pub at: i64,
}

/// A pending withdrawal with what a reviewer weighs.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Withdrawal {
    pub id: i64,
    pub reference: String,
    pub player_id: i64,
    pub username: String,
    pub amount: f64,
    pub method: String,
    #[schema(value_type = Object)]
    pub detail: serde_json::Value,
    pub created_at: i64,
    pub identity: CheckState,
    pub approvals: Vec<Approval>,
    pub approvals_needed: i64,
    /// What a reviewer should look at, in words.
    pub risk: Vec<String>,
    pub deposited30d: f64,
    pub staked30d: f64,
    pub won30d: f64,
}

/// A pending deposit that waits for an operator (bank transfer, e-wallet).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Deposit {
    pub id: i64,
    pub reference: String,
    pub player_id: i64,
    pub username: String,
    pub amount: f64,
    pub method: String,
    pub created_at: i64,
}

/// How many approvals a request needs: two different members over the four-eyes amount, a
/// deposit as a withdrawal (a deposit approved by hand credits money nobody has seen arrive).
pub fn approvals_needed(amount: Kurus, four_eyes_over: Kurus) -> i64 {
    if amount > four_eyes_over { 2 } else { 1 }
}

/// A card deposit is decided by its gateway's callback (money seen to arrive), never by staff.
fn decided_by_staff(prepared: &payments::PreparedDecision) -> Result<(), AppError> {
    if prepared.before.kind == Kind::Deposit && prepared.before.adapter == "card" {
        return Err(told(StatusCode::CONFLICT, "A card deposit is decided by its payment page's gateway, not by staff."));
    }
    Ok(())
}

async fn usernames(db: &Db, ids: &[i64]) -> Result<HashMap<i64, (String, i64)>, sqlx::Error> {
    let mut out = HashMap::new();
    for chunk in ids.chunks(500) {
        let sql = format!("SELECT id, username, created_at FROM players WHERE id IN ({})", crate::db::value_rows(chunk.len(), 1, 1));
        let mut q = sqlx::query(sqlx::AssertSqlSafe(sql));
        for id in chunk {
            q = q.bind(*id);
        }
        for r in q.fetch_all(&db.pool).await? {
            out.insert(r.try_get::<i64, _>(0)?, (r.try_get(1)?, r.try_get(2)?));
        }
    }
    Ok(out)
}

async fn approvals_of_pending(db: &Db) -> Result<HashMap<i64, Vec<Approval>>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT a.request_id, a.staff_id, s.username, a.at FROM payment_approvals a \
         JOIN staff s ON s.id = a.staff_id JOIN payment_requests r ON r.id = a.request_id \
         WHERE r.status = 'pending' ORDER BY a.at",
    )
    .fetch_all(&db.pool)
    .await?;
    let mut out: HashMap<i64, Vec<Approval>> = HashMap::new();
    for r in rows {
        out.entry(r.try_get(0)?).or_default().push(Approval { staff_id: r.try_get(1)?, username: r.try_get(2)?, at: r.try_get(3)? });
    }
    Ok(out)
}

/// A player's identity check and last 30 days (deposits confirmed, stakes, wins), in kuruş.
struct Profile {
    identity: CheckState,
    deposited: i64,
    staked: i64,
    won: i64,
}

async fn profile(db: &Db, player_id: i64, now: i64) -> Result<Profile, sqlx::Error> {
    let seen = kyc::seen(&mut *db.pool.acquire().await?, player_id, kyc::DocKind::Identity).await?;
    let since = now - 30 * DAY_MS;
    let r = sqlx::query(
        "SELECT \
           (SELECT CAST(COALESCE(SUM(amount), 0) AS BIGINT) FROM payment_requests WHERE player_id = $1 AND kind = 1 AND status = 'confirmed' AND created_at > $2), \
           (SELECT CAST(COALESCE(SUM(amount), 0) AS BIGINT) FROM provider_txs WHERE player_id = $1 AND kind = 'bet' AND rolled_back_by IS NULL AND created_at > $2), \
           (SELECT CAST(COALESCE(SUM(amount), 0) AS BIGINT) FROM provider_txs WHERE player_id = $1 AND kind = 'win' AND rolled_back_by IS NULL AND created_at > $2)",
    )
    .bind(player_id)
    .bind(since)
    .fetch_one(&db.pool)
    .await?;
    Ok(Profile { identity: kyc::check(&seen, now), deposited: r.try_get(0)?, staked: r.try_get(1)?, won: r.try_get(2)? })
}

/// The risk notes of a withdrawal, in words.
fn risk_notes(amount: i64, p: &Profile, account_age_ms: i64) -> Vec<String> {
    let mut notes = Vec::new();
    if p.identity != CheckState::Approved {
        notes.push("Identity not approved".to_string());
    }
    if amount > p.deposited {
        notes.push("Asks more than deposited in 30 days".to_string());
    }
    if p.staked < p.deposited {
        notes.push("Staked less than deposited in 30 days".to_string());
    }
    if account_age_ms < 7 * DAY_MS {
        notes.push("Account younger than 7 days".to_string());
    }
    notes
}

fn lira(kurus: i64) -> f64 {
    Kurus::from_minor(kurus).unwrap_or(Kurus::ZERO).to_lira()
}

/// Pending withdrawals, oldest first.
pub async fn withdrawals(db: &Db, four_eyes_over: Kurus) -> Result<Vec<Withdrawal>, AppError> {
    let mut pending: Vec<payments::Request> =
        payments::list(db, Some("pending"), 500).await?.into_iter().filter(|r| r.kind == Kind::Withdraw).collect();
    pending.sort_by_key(|r| r.id);
    let ids: Vec<i64> = pending.iter().map(|r| r.player_id).collect();
    let names = usernames(db, &ids).await?;
    let mut approvals = approvals_of_pending(db).await?;
    let now = now_ms();
    let mut profiles: HashMap<i64, Profile> = HashMap::new();
    let mut out = Vec::with_capacity(pending.len());
    for r in pending {
        if let std::collections::hash_map::Entry::Vacant(slot) = profiles.entry(r.player_id) {
            slot.insert(profile(db, r.player_id, now).await?);
        }
        let p = &profiles[&r.player_id];
        let (username, created) = names.get(&r.player_id).cloned().unwrap_or_default();
        out.push(Withdrawal {
            id: r.id,
            reference: r.reference.clone(),
            player_id: r.player_id,
            username,
            amount: r.amount.to_lira(),
            method: r.method_title.clone(),
            detail: r.detail.clone(),
            created_at: r.created_at,
            identity: p.identity,
            approvals: approvals.remove(&r.id).unwrap_or_default(),
            approvals_needed: approvals_needed(r.amount, four_eyes_over),
            risk: risk_notes(r.amount.minor(), p, now - created),
            deposited30d: lira(p.deposited),
            staked30d: lira(p.staked),
            won30d: lira(p.won),
        });
    }
    Ok(out)
}

/// Pending deposits an operator confirms (not the card page's, which its gateway decides).
pub async fn deposits(db: &Db) -> Result<Vec<Deposit>, AppError> {
    let mut pending: Vec<payments::Request> =
        payments::list(db, Some("pending"), 500).await?.into_iter().filter(|r| r.kind == Kind::Deposit && r.adapter != "card").collect();
    pending.sort_by_key(|r| r.id);
    let names = usernames(db, &pending.iter().map(|r| r.player_id).collect::<Vec<_>>()).await?;
    Ok(pending
        .into_iter()
        .map(|r| Deposit {
            id: r.id,
            reference: r.reference.clone(),
            player_id: r.player_id,
            username: names.get(&r.player_id).map(|n| n.0.clone()).unwrap_or_default(),
            amount: r.amount.to_lira(),
            method: r.method_title.clone(),
            created_at: r.created_at,
        })
        .collect())
}

fn decision_error(e: DecisionError) -> AppError {
    match e {
        DecisionError::NotFound(_) => AppError::NotFound("error.not_found"),
        DecisionError::NotPending(id, now) => told(StatusCode::CONFLICT, &format!("Request #{id} is not pending any more ({now}).")),
        DecisionError::NoReason => told(StatusCode::UNPROCESSABLE_ENTITY, "Give a reason: the player reads it."),
        DecisionError::Database(e) => AppError::Database(e),
        other => AppError::Internal(anyhow::anyhow!("{other}")),
    }
}

/// Where a request stands after an approval.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Approved {
    pub id: i64,
    /// `pending` (waiting for a second approval) or `confirmed`.
    pub status: String,
    pub approvals: i64,
    pub approvals_needed: i64,
}

async fn lock_pending(tx: &mut AnyConnection, id: i64) -> Result<bool, sqlx::Error> {
    let row = if crate::db::is_postgres(tx) {
        sqlx::query("SELECT id FROM payment_requests WHERE id = $1 AND status = 'pending' FOR UPDATE")
            .bind(id)
            .fetch_optional(&mut *tx)
            .await?
    } else {
        sqlx::query("SELECT id FROM payment_requests WHERE id = $1 AND status = 'pending'").bind(id).fetch_optional(&mut *tx).await?
    };
    Ok(row.is_some())
}

/// A staff member approves a pending request: their approval is recorded; when it is the last one
/// needed, the request is decided in the same transaction.
pub async fn approve(db: &Db, me: &CurrentStaff, id: i64, four_eyes_over: Kurus) -> Result<Approved, AppError> {
    let prepared = payments::prepare_decision(db, id, RequestStatus::Confirmed).await.map_err(decision_error)?;
    decided_by_staff(&prepared)?;
    let needed = approvals_needed(prepared.before.amount, four_eyes_over);
    let mut tx = db.begin_write().await?;
    if !lock_pending(&mut tx, id).await? {
        return Err(told(StatusCode::CONFLICT, &format!("Request #{id} is not pending any more.")));
    }
    let given: Vec<i64> =
        sqlx::query_scalar("SELECT staff_id FROM payment_approvals WHERE request_id = $1").bind(id).fetch_all(&mut *tx).await?;
    if given.contains(&me.id) {
        return Err(told(StatusCode::CONFLICT, "You approved this request already: another staff member gives the second approval."));
    }
    sqlx::query("INSERT INTO payment_approvals (request_id, staff_id, at) VALUES ($1, $2, $3)")
        .bind(id)
        .bind(me.id)
        .bind(now_ms())
        .execute(&mut *tx)
        .await?;
    let approvals = given.len() as i64 + 1;
    let what = if prepared.before.kind == Kind::Withdraw { "withdrawal" } else { "deposit" };
    let mut status = "pending";
    if approvals >= needed {
        payments::decide_in(&mut tx, &prepared, RequestStatus::Confirmed, &format!("staff:{}", me.username), None)
            .await
            .map_err(decision_error)?;
        status = "confirmed";
    }
    let entry = me
        .entry(&format!("payment.approve_{what}"), format!("payment:{id}"))
        .before(serde_json::json!({ "status": "pending", "amount": prepared.before.amount.to_lira(), "player": prepared.before.player_id }))
        .after(serde_json::json!({ "status": status, "approvals": approvals, "needed": needed }));
    audit::append(&mut tx, &entry).await?;
    tx.commit().await?;
    Ok(Approved { id, status: status.to_string(), approvals, approvals_needed: needed })
}

/// A staff member rejects a pending request with a reason the player reads.
pub async fn reject(db: &Db, me: &CurrentStaff, id: i64, reason: &str) -> Result<(), AppError> {
    let reason = reason.trim();
    if reason.is_empty() || reason.chars().count() > 300 {
        return Err(told(StatusCode::UNPROCESSABLE_ENTITY, "Give a reason of at most 300 characters: the player reads it."));
    }
    let prepared = payments::prepare_decision(db, id, RequestStatus::Rejected).await.map_err(decision_error)?;
    decided_by_staff(&prepared)?;
    let mut tx = db.begin_write().await?;
    payments::decide_in(&mut tx, &prepared, RequestStatus::Rejected, &format!("staff:{}", me.username), Some(reason))
        .await
        .map_err(decision_error)?;
    let entry = me
        .entry("payment.reject", format!("payment:{id}"))
        .before(serde_json::json!({ "status": "pending", "amount": prepared.before.amount.to_lira(), "player": prepared.before.player_id }))
        .after(serde_json::json!({ "status": "rejected", "reason": reason }));
    audit::append(&mut tx, &entry).await?;
    tx.commit().await?;
    Ok(())
}

/// A document waiting for review.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DocumentItem {
    pub id: i64,
    pub player_id: i64,
    pub username: String,
    pub kind: String,
    pub doc_type: String,
    pub side: Option<String>,
    pub state: String,
    pub uploaded_at: i64,
    pub size: i64,
}

/// Pending documents, oldest first.
pub async fn documents(db: &Db) -> Result<Vec<DocumentItem>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT d.id, d.player_id, p.username, d.kind, d.doc_type, d.side, d.state, d.uploaded_at, d.size \
         FROM kyc_documents d JOIN players p ON p.id = d.player_id WHERE d.state = 'pending' ORDER BY d.id LIMIT 500",
    )
    .fetch_all(&db.pool)
    .await?;
    rows.iter()
        .map(|r| {
            Ok(DocumentItem {
                id: r.try_get(0)?,
                player_id: r.try_get(1)?,
                username: r.try_get(2)?,
                kind: r.try_get(3)?,
                doc_type: r.try_get(4)?,
                side: r.try_get(5)?,
                state: r.try_get(6)?,
                uploaded_at: r.try_get(7)?,
                size: r.try_get(8)?,
            })
        })
        .collect()
}

/// A document's file key and type (any state, unless its file was deleted by the retention).
pub async fn document_file(db: &Db, id: i64) -> Result<Option<(i64, String, String)>, sqlx::Error> {
    let row = sqlx::query("SELECT player_id, file_key, mime FROM kyc_documents WHERE id = $1 AND file_key IS NOT NULL")
        .bind(id)
        .fetch_optional(&db.pool)
        .await?;
    row.map(|r| Ok((r.try_get(0)?, r.try_get(1)?, r.try_get(2)?))).transpose()
}

/// Approves (valid until `expires`, the document's own expiry, if given; with the TC kimlik
/// `number` printed on it, and whether the reviewer found it the same person as another account
/// with that number: see [`kyc::take_number_in`]) or rejects (with one of [`kyc::REASONS`]) a
/// pending document; states only move forward. Says what taking the number did.
#[allow(clippy::too_many_arguments)]
pub async fn decide_document(
    db: &Db,
    me: &CurrentStaff,
    id: i64,
    to: DocState,
    reason: Option<&str>,
    expires: Option<&str>,
    number: Option<&str>,
    same_person: bool,
) -> Result<kyc::NumberTaken, AppError> {
    let now = now_ms();
    let number = match number {
        Some(n) => Some(
            crate::accounts::domain::PersonalNo::parse(n)
                .map_err(|_| told(StatusCode::UNPROCESSABLE_ENTITY, "The TC kimlik number is 11 digits with valid check digits."))?,
        ),
        None => None,
    };
    let expires_at = match expires.map(str::trim).filter(|e| !e.is_empty()) {
        Some(day) => {
            let date = crate::time::Date::parse_iso(day)
                .ok_or_else(|| told(StatusCode::UNPROCESSABLE_ENTITY, "The expiry date is YYYY-MM-DD."))?;
            let at = (date.days() + 1) * DAY_MS;
            if at <= now {
                return Err(told(StatusCode::UNPROCESSABLE_ENTITY, "The document has expired already: reject it as an expired document."));
            }
            Some(at)
        }
        None => None,
    };
    if to == DocState::Rejected && !reason.is_some_and(|r| kyc::REASONS.contains(&r)) {
        return Err(told(StatusCode::UNPROCESSABLE_ENTITY, &format!("The reason is one of: {}.", kyc::REASONS.join(", "))));
    }
    let mut tx = db.begin_write().await?;
    if !kyc::decide_in(&mut tx, id, to, reason, None, expires_at, now, &format!("staff:{}", me.username)).await? {
        return Err(told(StatusCode::CONFLICT, &format!("Document #{id} is not pending any more.")));
    }
    let taken = match (&number, to) {
        (Some(n), DocState::Approved) => match kyc::take_number_in(&mut tx, id, n, same_person, now).await {
            Ok(taken) => taken,
            Err(kyc::NumberError::Refused(why)) => return Err(told(StatusCode::UNPROCESSABLE_ENTITY, &why)),
            Err(kyc::NumberError::Failed(e)) => return Err(e),
        },
        _ => kyc::NumberTaken::default(),
    };
    let entry = kyc::decision_entry(me.entry("", format!("document:{id}")), to, reason, expires_at, number.is_some(), &taken);
    audit::append(&mut tx, &entry).await?;
    tx.commit().await?;
    Ok(taken)
}
