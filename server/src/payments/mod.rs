//! Payments: deposit and withdrawal methods as data, players' requests validated against their
//! method's fields and limits, and the decisions on them; money moves only through the wallet.
//!
//! A withdrawal holds its amount at once (a pending transfer from the player's real pocket to the
//! method's house account), posted when the operator approves it and voided when they reject it; the
//! player cannot take it back. A bank-transfer or e-wallet deposit is a pending request that moves no
//! money until the operator approves it (a transfer from the method's house account to the player's
//! real pocket); the player may cancel it while it is pending.
//!
//! A card deposit goes through the built-in hosted gateway ([`card`], [`page`]): `payment/deposit`
//! answers the link of its page `/pay/{token}` (a random token, stored hashed, valid 30 minutes);
//! paying there makes the simulated gateway send its HMAC-SHA256-signed notification to the public
//! callback `POST /callbacks/payments/card`, which confirms the deposit through the same decision as
//! an operator's approval; cancelling on the page cancels it; an unpaid one expires at its deadline
//! (the sweep of every `kasa serve` node each minute, or when its page or callback is used late)
//! with a Deposit notification.
//!
//! Every decision (operator, gateway, expiry, player) is one conditional
//! `UPDATE ... WHERE status = 'pending'` in the same transaction as its money (under the wallet's
//! idempotency key `payment:ID:credit|post|void`) and notification, so of concurrent decisions
//! exactly one wins and a replayed callback credits nothing more.

pub mod admin;
pub mod card;
pub mod cli;
pub mod domain;
pub mod page;
pub mod routes;
pub mod store;

pub use card::Gateway;
pub use domain::{Iban, IbanError, Kind, RequestStatus};
pub use routes::router;
pub use store::{Method, Request};

use anyhow::Context;
use serde::Deserialize;

use crate::db::{Db, now_ms};
use crate::error::AppError;
use crate::i18n::{Words, t};
use crate::money::Kurus;
use crate::notify::{self, Audience, NotificationType};
use crate::wallet::{self, Account, Batch, Refs, Transfer, TransferKind, WalletError};
use domain::{Adapter, Field, FieldProblem, FieldType, Problem, ValidDetail};

/// What the payment calls, the hosted page and the gateway's callback reach.
#[derive(Clone, Debug)]
pub struct PaymentsState {
    pub db: Db,
    pub gateway: std::sync::Arc<Gateway>,
    /// When a withdrawal waits for approved identity.
    pub kyc: crate::kyc::Rules,
}

impl axum::extract::FromRef<PaymentsState> for crate::kyc::Rules {
    fn from_ref(s: &PaymentsState) -> crate::kyc::Rules {
        s.kyc
    }
}

impl axum::extract::FromRef<PaymentsState> for Db {
    fn from_ref(s: &PaymentsState) -> Db {
        s.db.clone()
    }
}

/// The demo methods, committed as `content/payment_methods.json`.
const DEMO_METHODS: &str = include_str!("../../../content/payment_methods.json");

#[derive(Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
struct MethodEntry {
    id: i64,
    #[serde(rename = "type")]
    kind: Kind,
    code: String,
    adapter: Adapter,
    title: std::collections::BTreeMap<String, String>,
    logo: String,
    /// Lira.
    min: f64,
    max: f64,
    #[serde(default = "yes")]
    enabled: bool,
    fields: Vec<Field>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    payee: Option<serde_json::Value>,
}

impl From<&Method> for MethodEntry {
    fn from(m: &Method) -> MethodEntry {
        MethodEntry {
            id: m.id,
            kind: m.kind,
            code: m.code.clone(),
            adapter: m.adapter,
            title: m.titles.clone(),
            logo: m.logo.clone(),
            min: m.min.to_lira(),
            max: m.max.to_lira(),
            enabled: m.enabled,
            fields: m.fields.clone(),
            payee: m.payee.clone(),
        }
    }
}

fn yes() -> bool {
    true
}

/// Reads a methods file (`content/payment_methods.json`'s shape), refusing a method without an
/// Amount field of type Decimal, a Dropdown without options, bad limits or a bad account code.
pub fn parse_methods(json: &str) -> anyhow::Result<Vec<Method>> {
    let entries: Vec<MethodEntry> = serde_json::from_str(json).context("payment methods are not valid")?;
    entries
        .into_iter()
        .map(|e| {
            let context = format!("payment method {}", e.id);
            let (min, max) = (Kurus::from_lira(e.min).context(context.clone())?, Kurus::from_lira(e.max).context(context.clone())?);
            anyhow::ensure!(min.is_positive() && max >= min, "{context}: 0 < min <= max");
            anyhow::ensure!(
                e.fields.iter().any(|f| f.key == domain::AMOUNT && f.object_type == FieldType::Decimal),
                "{context}: needs an '{}' field of type Decimal",
                domain::AMOUNT
            );
            anyhow::ensure!(
                e.fields.iter().all(|f| (f.object_type == FieldType::Dropdown) == f.option.as_ref().is_some_and(|o| !o.is_empty())),
                "{context}: a Dropdown field, and only it, has options"
            );
            anyhow::ensure!(
                !e.code.is_empty() && e.code.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_'),
                "{context}: the code is lower-case letters, digits and _"
            );
            anyhow::ensure!(e.title.contains_key("tr"), "{context}: needs a Turkish title");
            Ok(Method {
                id: e.id,
                kind: e.kind,
                code: e.code,
                adapter: e.adapter,
                titles: e.title,
                logo: e.logo,
                min,
                max,
                enabled: e.enabled,
                fields: e.fields,
                payee: e.payee,
            })
        })
        .collect()
}

/// Loads the demo payment methods when the database has none (a database that already has
/// methods keeps the operator's); whether it loaded them.
pub async fn load_demo_if_none(db: &Db) -> anyhow::Result<bool> {
    if store::count_methods(db).await? > 0 {
        return Ok(false);
    }
    let methods = parse_methods(DEMO_METHODS)?;
    let mut tx = db.begin_write().await?;
    for (i, m) in methods.iter().enumerate() {
        store::save_method(&mut tx, m, i as i64).await?;
    }
    tx.commit().await?;
    tracing::info!(methods = methods.len(), "demo payment methods loaded");
    Ok(true)
}

/// An enabled method of the kind, or the player's clear failure.
pub async fn usable_method(db: &Db, id: i64, kind: Kind) -> Result<Method, AppError> {
    match store::method_by_id(db, id).await? {
        Some(m) if m.enabled && m.kind == kind => Ok(m),
        _ => Err(AppError::NotFound("payments.unknown_method")),
    }
}

/// Validates a detail against the method, or the player's message naming the field.
pub fn validate(method: &Method, detail: &serde_json::Map<String, serde_json::Value>) -> Result<ValidDetail, AppError> {
    domain::validate(&method.fields, method.min, method.max, detail).map_err(field_error)
}

fn field_error(p: FieldProblem) -> AppError {
    let key = match p.problem {
        Problem::Missing => "payments.field_missing",
        Problem::NotOfType => "payments.field_type",
        Problem::TooLong => "payments.field_too_long",
        Problem::Iban(IbanError::Format) => "payments.iban_format",
        Problem::Iban(IbanError::Checksum) => "payments.iban_checksum",
        Problem::TooPrecise => "payments.too_precise",
        Problem::BelowMin(_) => "payments.below_min",
        Problem::AboveMax(_) => "payments.above_max",
        Problem::NotAnOption => "payments.not_option",
    };
    let mut message = t(key).replace("{field}", &p.field);
    if let Problem::BelowMin(k) | Problem::AboveMax(k) = p.problem {
        message = message.replace("{min}", &crate::i18n::money(k)).replace("{max}", &crate::i18n::money(k));
    }
    AppError::Field { field: p.field, message }
}

/// How many deposits a player may have waiting at once (bank transfers and e-wallets for the
/// operator, card payments for the gateway): more is refused until one is decided, cancelled or
/// expired, so nobody floods the operator's queue or the gateway with open requests.
pub const MAX_PENDING_DEPOSITS: i64 = 3;

/// Inside a new deposit's transaction, before anything is written or a payment page opens: refuses
/// it when the player already has the most pending, or when player protection refuses it (the
/// account closed, or a deposit limit it would cross, naming what is left in each period).
pub(crate) async fn guard_pending_deposits(conn: &mut sqlx::AnyConnection, player_id: i64, amount: Kurus) -> Result<(), AppError> {
    if store::lock_pending_deposits(conn, player_id).await? >= MAX_PENDING_DEPOSITS {
        return Err(AppError::Conflict("payments.too_many_pending"));
    }
    if let Some(refusal) = crate::protection::gate::deposit_in(conn, player_id, amount.minor(), now_ms()).await? {
        return Err(refusal.into());
    }
    Ok(())
}

/// What a submitted request answers.
#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Submitted {
    pub id: i64,
    /// The reference to write in a transfer's description.
    pub reference: String,
    /// Lira.
    pub amount: f64,
}

fn stored(detail: &ValidDetail) -> serde_json::Value {
    serde_json::to_value(&detail.values).unwrap_or_default()
}

/// A withdrawal: the amount is held at once with the pending request and its Withdraw
/// notification, all in one transaction; a short balance writes nothing.
pub async fn withdraw(
    db: &Db,
    kyc: &crate::kyc::Rules,
    player_id: i64,
    method: &Method,
    detail: &ValidDetail,
) -> Result<(Submitted, String), AppError> {
    let house = Account::Payment(method.code.clone());
    let hold =
        Transfer { pending: true, ..Transfer::new(Account::real(player_id), house, detail.amount, TransferKind::Withdrawal, "withdraw") };
    wallet::open_house_accounts(db, std::slice::from_ref(&hold)).await?;
    let mut tx = db.begin_write().await?;
    let (id, reference) = store::insert_request(
        &mut tx,
        store::NewRequest {
            player_id,
            method_id: method.id,
            kind: Kind::Withdraw,
            amount: detail.amount,
            detail: &stored(detail),
            now: now_ms(),
            bonus: None,
        },
    )
    .await?;
    let hold = Transfer { cause: format!("payment:{id}"), refs: Refs { payment_id: Some(id.to_string()), ..Refs::default() }, ..hold };
    let held = match wallet::commit_in(&mut tx, &Batch { key: format!("payment:{id}:hold"), transfers: vec![hold] }).await {
        Err(WalletError::InsufficientFunds) => {
            drop(tx);
            return Err(short_of(db, player_id).await);
        }
        other => other?,
    };
    store::set_hold(&mut tx, id, held.transfers[0].id).await?;
    // A large withdrawal, or any once deposits passed the total, waits for approved identity
    // (issue 31); counted here, the player's balance locked, so no burst of smaller ones slips by.
    crate::kyc::guard_withdrawal_in(&mut tx, kyc, player_id).await?;
    let forfeited = crate::bonus::forfeit_all_in(&mut tx, player_id).await?;
    let message = notify::Message::new(
        Words::new("notify.withdraw_title"),
        Words::new("notify.withdraw_requested_note").with("{amount}", detail.amount).with("{reference}", &reference),
    );
    notify::send(&mut tx, Audience::Player(player_id), NotificationType::Withdraw, &message, false).await?;
    tx.commit().await?;
    tracing::info!(player_id, request = id, amount = detail.amount.minor(), "withdrawal requested");
    let mut message = t("payments.withdraw_requested").replace("{amount}", &crate::i18n::money(detail.amount));
    if forfeited > 0 {
        message = format!("{message} {}", t("bonus.forfeited_by_withdrawal"));
    }
    Ok((Submitted { id, reference, amount: detail.amount.to_lira() }, message))
}

/// Why a withdrawal is refused as too large, naming what the player can withdraw (issue 30: real
/// money only; bonus money is never withdrawable).
async fn short_of(db: &Db, player_id: i64) -> AppError {
    match wallet::balances(db, player_id).await {
        Ok(b) => AppError::Refused(t("payments.insufficient_at_most").replace("{amount}", &crate::i18n::money(b.real))),
        Err(_) => AppError::BadRequest("payments.insufficient"),
    }
}

/// A bank-transfer or e-wallet deposit: a pending request and the message telling the player where
/// to send the money; nothing moves until the operator approves it.
/// Whether no deposit of the player's has been confirmed yet (what a welcome bonus asks).
pub async fn first_deposit(db: &Db, player_id: i64) -> Result<bool, AppError> {
    let mut conn = db.pool.acquire().await?;
    Ok(!store::has_confirmed_deposit(&mut conn, player_id).await?)
}

pub async fn deposit(
    db: &Db,
    player_id: i64,
    method: &Method,
    detail: &ValidDetail,
    bonus: Option<&str>,
) -> Result<(Submitted, String), AppError> {
    let template = match method.adapter {
        Adapter::Bank => "payments.deposit_bank",
        Adapter::Ewallet => "payments.deposit_ewallet",
        Adapter::Card => return Err(AppError::BadRequest("payments.card_unavailable")),
    };
    let mut tx = db.begin_write().await?;
    guard_pending_deposits(&mut tx, player_id, detail.amount).await?;
    let (id, reference) = store::insert_request(
        &mut tx,
        store::NewRequest {
            player_id,
            method_id: method.id,
            kind: Kind::Deposit,
            amount: detail.amount,
            detail: &stored(detail),
            now: now_ms(),
            bonus,
        },
    )
    .await?;
    tx.commit().await?;
    tracing::info!(player_id, request = id, amount = detail.amount.minor(), "deposit requested");
    let payee = |k: &str| method.payee.as_ref().and_then(|p| p.get(k)).and_then(|v| v.as_str()).unwrap_or_default().to_string();
    let account = Iban::parse(&payee("account")).map(|i| i.to_string()).unwrap_or_else(|_| payee("account"));
    let wallet_name = method
        .fields
        .iter()
        .find(|f| f.object_type == FieldType::Dropdown)
        .and_then(|f| {
            let chosen = detail.values.get(&f.key)?;
            f.option.as_ref()?.iter().find(|o| &o.id == chosen).map(|o| o.name.clone())
        })
        .unwrap_or_default();
    let message = t(template)
        .replace("{amount}", &crate::i18n::money(detail.amount))
        .replace("{name}", &payee("name"))
        .replace("{account}", &account)
        .replace("{reference}", &reference)
        .replace("{wallet}", &wallet_name);
    Ok((Submitted { id, reference, amount: detail.amount.to_lira() }, message))
}

/// The player cancels their own pending bank-transfer or e-wallet deposit (never a withdrawal:
/// that waits for the operator). Nothing was credited, so nothing moves.
pub async fn cancel(db: &Db, player_id: i64, id: i64) -> Result<Request, AppError> {
    let mut tx = db.begin_write().await?;
    let only = store::Only { player_id, kind: Kind::Deposit };
    let done = store::decide(&mut tx, id, RequestStatus::Cancelled, "player", None, now_ms(), Some(only)).await?;
    let Some(request) = done else {
        return Err(AppError::Conflict("payments.not_cancellable"));
    };
    tx.commit().await?;
    tracing::info!(player_id, request = id, "deposit cancelled by the player");
    Ok(request)
}

/// Why an operator's decision was refused; nothing changed.
#[derive(Debug, thiserror::Error)]
pub enum DecisionError {
    #[error("there is no payment request {0}")]
    NotFound(i64),
    #[error("payment request {0} is not pending: it is {1}")]
    NotPending(i64, &'static str),
    #[error("a rejection needs a reason (--reason TEXT): it is recorded and told to the player")]
    NoReason,
    #[error(transparent)]
    Wallet(#[from] WalletError),
    #[error(transparent)]
    Database(#[from] sqlx::Error),
    /// The deposit bonus the player opted into could not be credited.
    #[error("the deposit bonus: {0}")]
    Bonus(#[from] AppError),
}

/// The operator approves a pending request: a deposit is credited (from the method's house account
/// to the player's real pocket), a withdrawal's hold is posted; the player is notified; all in one
/// transaction with the decision, which only one of concurrent decisions makes.
pub async fn approve(db: &Db, id: i64) -> Result<Request, DecisionError> {
    decide(db, id, RequestStatus::Confirmed, "operator", None).await
}

/// The operator rejects a pending request with a reason: a withdrawal's hold is voided (the amount
/// is the player's again), a deposit moves nothing; the player is notified.
pub async fn reject(db: &Db, id: i64, reason: &str) -> Result<Request, DecisionError> {
    let reason = reason.trim();
    if reason.is_empty() {
        return Err(DecisionError::NoReason);
    }
    decide(db, id, RequestStatus::Rejected, "operator", Some(reason)).await
}

/// Decides a pending request (`by`: the operator, the card gateway's callback, the expiry sweep):
/// the decision, its money and the player's notification in one transaction.
pub(crate) async fn decide(db: &Db, id: i64, to: RequestStatus, by: &str, reason: Option<&str>) -> Result<Request, DecisionError> {
    let prepared = prepare_decision(db, id, to).await?;
    let mut tx = db.begin_write().await?;
    let request = decide_in(&mut tx, &prepared, to, by, reason).await?;
    tx.commit().await?;
    tracing::info!(request = id, status = to.as_str(), by, "payment request decided");
    Ok(request)
}

/// What a decision reads and opens before its transaction: the request as it was, the house
/// account a deposit comes from, the deposit bonus it chose.
pub struct PreparedDecision {
    pub before: Request,
    credit: Transfer,
    deposit_bonus: Option<crate::bonus::deposit::Prepared>,
}

/// The steps of a decision outside its transaction (see [`decide_in`]).
pub async fn prepare_decision(db: &Db, id: i64, to: RequestStatus) -> Result<PreparedDecision, DecisionError> {
    let before = store::request_by_id(db, id).await?.ok_or(DecisionError::NotFound(id))?;
    if before.status != RequestStatus::Pending {
        return Err(DecisionError::NotPending(id, before.status.as_str()));
    }
    let credit = Transfer {
        refs: Refs { payment_id: Some(id.to_string()), ..Refs::default() },
        ..Transfer::new(
            Account::Payment(before.method_code.clone()),
            Account::real(before.player_id),
            before.amount,
            TransferKind::Deposit,
            format!("payment:{id}"),
        )
    };
    let mut deposit_bonus = None;
    if before.kind == Kind::Deposit && to == RequestStatus::Confirmed {
        wallet::open_house_accounts(db, std::slice::from_ref(&credit)).await?;
        if let Some(key) = &before.bonus {
            deposit_bonus = crate::bonus::deposit::prepare(db, before.player_id, key).await?;
        }
    }
    Ok(PreparedDecision { before, credit, deposit_bonus })
}

/// Decides a prepared request inside the caller's write transaction (which may record more with
/// it, such as the back office's approvals and audit row): only one of concurrent decisions moves
/// a pending request.
pub async fn decide_in(
    tx: &mut sqlx::AnyConnection,
    prepared: &PreparedDecision,
    to: RequestStatus,
    by: &str,
    reason: Option<&str>,
) -> Result<Request, DecisionError> {
    let id = prepared.before.id;
    let Some(request) = store::decide(&mut *tx, id, to, by, reason, now_ms(), None).await? else {
        let now = store::request_on(&mut *tx, id).await?.map(|r| r.status.as_str()).unwrap_or("gone");
        return Err(DecisionError::NotPending(id, now));
    };
    let (kind, note_key) = match (request.kind, to) {
        (Kind::Deposit, RequestStatus::Confirmed) => {
            wallet::commit_in(&mut *tx, &Batch { key: format!("payment:{id}:credit"), transfers: vec![prepared.credit.clone()] }).await?;
            if let Some(chosen) = &prepared.deposit_bonus {
                // Money paid is credited whatever happened since: an account closed meanwhile (a
                // time-out, a self-exclusion) gets its deposit, never the bonus (no marketing
                // reaches it, issue 31). Refusing the bonus left the transaction usable.
                match crate::bonus::deposit::grant_for_deposit_in(&mut *tx, request.player_id, chosen, request.amount).await {
                    Err(AppError::Conflict("protection.closed")) => {
                        tracing::info!(
                            request = id,
                            player_id = request.player_id,
                            "deposit credited without its bonus: the account is closed"
                        );
                    }
                    granted => {
                        granted?;
                    }
                }
            }
            (NotificationType::Deposit, "notify.deposit_approved_note")
        }
        (Kind::Deposit, RequestStatus::Expired) => (NotificationType::Deposit, "notify.deposit_expired_note"),
        (Kind::Deposit, _) => (NotificationType::Deposit, "notify.deposit_rejected_note"),
        (Kind::Withdraw, status) => {
            let hold = request.hold_transfer_id.ok_or(WalletError::Invalid("a withdrawal request without its hold"))?;
            if status == RequestStatus::Confirmed {
                wallet::post_pending_in(&mut *tx, &format!("payment:{id}:post"), hold).await?;
                (NotificationType::Withdraw, "notify.withdraw_approved_note")
            } else {
                wallet::void_pending_in(&mut *tx, &format!("payment:{id}:void"), hold).await?;
                (NotificationType::Withdraw, "notify.withdraw_rejected_note")
            }
        }
    };
    // In every language: the player reads it in theirs, whoever decides now.
    let title = Words::new(if kind == NotificationType::Deposit { "notify.deposit_title" } else { "notify.withdraw_title" });
    let note = Words::new(note_key)
        .with("{amount}", request.amount)
        .with("{reference}", &request.reference)
        .with("{reason}", reason.unwrap_or_default());
    notify::send(&mut *tx, Audience::Player(request.player_id), kind, &notify::Message::new(title, note), false).await?;
    Ok(request)
}

/// `kasa admin payments list`: requests newest first, of one status or all.
pub async fn list(db: &Db, status: Option<&str>, limit: i64) -> anyhow::Result<Vec<Request>> {
    let status = status
        .map(|s| {
            RequestStatus::parse(&s.to_ascii_lowercase())
                .ok_or_else(|| anyhow::anyhow!("unknown status '{s}' (pending, confirmed, rejected, cancelled, expired)"))
        })
        .transpose()?;
    Ok(store::list(db, status, limit).await?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_demo_methods_parse_and_a_method_without_an_amount_field_is_refused() {
        let demo = parse_methods(DEMO_METHODS).unwrap();
        assert_eq!(demo.iter().filter(|m| m.kind == Kind::Deposit).count(), 3);
        assert_eq!(demo.iter().filter(|m| m.kind == Kind::Withdraw).count(), 2);
        let no_amount = r#"[{"id": 9, "type": 2, "code": "x", "adapter": "bank", "title": {"tr": "X"}, "logo": "", "min": 1, "max": 2,
            "fields": [{"key": "Iban", "objectType": "String"}]}]"#;
        assert!(parse_methods(no_amount).unwrap_err().to_string().contains("Amount"));
        let dropdown_without_options = no_amount
            .replace(r#""Iban", "objectType": "String""#, r#""Amount", "objectType": "Decimal"}, {"key": "W", "objectType": "Dropdown""#);
        assert!(parse_methods(&dropdown_without_options).is_err());
    }
}
