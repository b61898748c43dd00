//! Handlers of `payment/methods`, `payment/detail`, `payment/deposit`, `payment/withdraw`,
//! `payment/cancel` and `payment/transactions` (the hosted card page and its callback: [`super::page`]).

use axum::extract::{Query, State};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::domain::{Adapter, Field, Kind, RequestStatus};
use super::store;
use super::{PaymentsState, Submitted, usable_method};
use crate::auth::CurrentPlayer;
use crate::db::{Db, iso_utc, now_ms};
use crate::error::{ApiResult, AppError, AppJson, EmptyEnvelope, Envelope, FieldError};
use crate::http::history::{History, HistoryParams};
use crate::i18n::{RequestLocale, t};

pub fn router() -> OpenApiRouter<PaymentsState> {
    OpenApiRouter::new()
        .routes(routes!(methods))
        .routes(routes!(detail))
        .routes(routes!(deposit))
        .routes(routes!(withdraw))
        .routes(routes!(cancel))
        .routes(routes!(deposit_bonuses))
        .routes(routes!(resume))
        .routes(routes!(transactions))
}

fn kind(n: i64, field: &'static str) -> Result<Kind, AppError> {
    Kind::try_from(n).map_err(|_| AppError::Validation { field, key: "payments.bad_type" })
}

#[derive(Debug, Deserialize, IntoParams)]
pub struct MethodsQuery {
    /// 1 deposit, 2 withdraw.
    #[serde(rename = "type")]
    #[param(rename = "type")]
    pub kind: i64,
}

/// A payment method in the Deposit and Withdraw pages' lists.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MethodItem {
    pub id: i64,
    /// 1 deposit, 2 withdraw.
    #[serde(rename = "type")]
    pub kind: i64,
    /// In the request's language.
    pub title: String,
    pub logo: String,
    /// Lira.
    pub min: f64,
    /// Lira.
    pub max: f64,
    /// bank, card or ewallet.
    pub adapter: &'static str,
}

/// The enabled payment methods of a type (not in the spec).
#[utoipa::path(get, path = "/payment/methods", tag = "payments", params(MethodsQuery),
    responses((status = 200, body = Envelope<Vec<MethodItem>>), (status = 422, body = Envelope<FieldError>)),
    security(("bearer" = [])))]
async fn methods(
    State(db): State<Db>,
    _me: CurrentPlayer,
    RequestLocale(locale): RequestLocale,
    Query(q): Query<MethodsQuery>,
) -> ApiResult<Vec<MethodItem>> {
    let kind = kind(q.kind, "type")?;
    let list = store::enabled_methods(&db, kind).await?;
    Ok(Envelope::ok(
        list.iter()
            .map(|m| MethodItem {
                id: m.id,
                kind: m.kind as i64,
                title: m.title(&locale),
                logo: m.logo.clone(),
                min: m.min.to_lira(),
                max: m.max.to_lira(),
                adapter: m.adapter.as_str(),
            })
            .collect(),
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct DetailBody {
    pub id: i64,
    /// 1 deposit, 2 withdraw.
    #[serde(rename = "type")]
    pub kind: i64,
}

/// A method's form: its server-described fields (key, objectType, option, mask). An unknown or
/// disabled method fails with a message.
#[utoipa::path(post, path = "/payment/detail", tag = "payments", request_body = DetailBody,
    responses((status = 200, body = Envelope<Vec<Field>>), (status = 404, description = "Unknown or disabled method", body = EmptyEnvelope),
        (status = 422, body = Envelope<FieldError>)),
    security(("bearer" = [])))]
async fn detail(State(db): State<Db>, _me: CurrentPlayer, AppJson(body): AppJson<DetailBody>) -> ApiResult<Vec<Field>> {
    let method = usable_method(&db, body.id, kind(body.kind, "type")?).await?;
    Ok(Envelope::ok(method.fields))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct PayBody {
    /// The method's id.
    pub id: i64,
    /// 'pay'.
    #[serde(default)]
    #[allow(dead_code)]
    pub target: Option<String>,
    /// `{key: value}` per field: text for String fields, numbers for numeric ones and dropdowns.
    #[schema(value_type = Object)]
    pub detail: Box<serde_json::value::RawValue>,
    /// A deposit's opted-in deposit bonus (a slug of `payment/depositbonuses`), credited with the
    /// deposit's confirmation.
    #[serde(default)]
    pub bonus: Option<String>,
}

/// The form's values. A number with more decimals than a double keeps (`100.000000000000000001`)
/// is passed on as the text the request wrote, so the amount check sees every digit and refuses it
/// instead of reading the rounded double.
fn detail_map(body: &PayBody) -> Result<serde_json::Map<String, serde_json::Value>, AppError> {
    let bad = || AppError::Validation { field: "detail", key: "payments.bad_detail" };
    let raw: std::collections::BTreeMap<String, Box<serde_json::value::RawValue>> =
        serde_json::from_str(body.detail.get()).map_err(|_| bad())?;
    raw.into_iter()
        .map(|(key, text)| {
            let value: serde_json::Value = serde_json::from_str(text.get()).map_err(|_| bad())?;
            let too_precise = |t: &str| matches!(crate::money::Kurus::from_decimal(t), Err(crate::money::MoneyError::TooPrecise(_)));
            let exact = match &value {
                serde_json::Value::Number(n) => !too_precise(text.get()) || too_precise(&n.to_string()),
                _ => true,
            };
            Ok((key, if exact { value } else { serde_json::Value::String(text.get().to_string()) }))
        })
        .collect()
}

/// What a deposit answers: the request (bank transfer, e-wallet) or the hosted payment page's link (card).
#[derive(Debug, Serialize, ToSchema)]
#[serde(untagged)]
pub enum Deposited {
    /// A bank-transfer or e-wallet deposit: the pending request (the message says where to pay).
    Request(Submitted),
    /// A card deposit: the absolute link (`http...`) of the hosted payment page `/pay/{token}`, to
    /// open in a new window; valid for 30 minutes.
    Link(String),
}

/// The site's base address for links: `KASA_PUBLIC_URL`, else `http://` and the request's `Host`.
fn base_url(state: &PaymentsState, headers: &axum::http::HeaderMap) -> String {
    if let Some(url) = &state.gateway.public_url {
        return url.clone();
    }
    let host = headers
        .get(axum::http::header::HOST)
        .and_then(|h| h.to_str().ok())
        .filter(|h| !h.is_empty() && h.bytes().all(|b| b.is_ascii_alphanumeric() || b"-.:[]".contains(&b)))
        .unwrap_or("127.0.0.1:8080");
    let https = headers.get("x-forwarded-proto").and_then(|v| v.to_str().ok()).is_some_and(|v| v.eq_ignore_ascii_case("https"));
    format!("{}://{host}", if https { "https" } else { "http" })
}

/// A deposit: by bank transfer or e-wallet a pending request, answered with where to send the money
/// (IBAN or account and a reference); the operator confirms it. By card: a pending request answered
/// with the link (data, a string starting with http) of the hosted payment page, where the player
/// pays within 30 minutes.
#[utoipa::path(post, path = "/payment/deposit", tag = "payments", request_body = PayBody,
    responses((status = 200, body = Envelope<Deposited>), (status = 400, description = "Card payments are not available (no callback secret configured)", body = EmptyEnvelope),
        (status = 404, description = "Unknown or disabled method", body = EmptyEnvelope),
        (status = 422, description = "A field is invalid; the message names it", body = Envelope<FieldError>)),
    security(("bearer" = [])))]
async fn deposit(
    State(state): State<PaymentsState>,
    me: CurrentPlayer,
    headers: axum::http::HeaderMap,
    AppJson(body): AppJson<PayBody>,
) -> ApiResult<Deposited> {
    let db = &state.db;
    let method = usable_method(db, body.id, Kind::Deposit).await?;
    if method.adapter == Adapter::Card && !state.gateway.enabled() {
        return Err(AppError::BadRequest("payments.card_unavailable"));
    }
    let valid = super::validate(&method, &detail_map(&body)?)?;
    let bonus = match body.bonus.as_deref().filter(|s| !s.is_empty()) {
        Some(slug) => {
            let first = super::first_deposit(db, me.player_id).await?;
            Some(crate::bonus::deposit::choose(db, me.player_id, first, slug, valid.amount, now_ms()).await?.key)
        }
        None => None,
    };
    if method.adapter == Adapter::Card {
        let detail = serde_json::to_value(&valid.values).unwrap_or_default();
        let (_, token) = super::card::start(db, me.player_id, method.id, valid.amount, &detail, bonus.as_deref()).await?;
        let link = format!("{}/pay/{token}", base_url(&state, &headers));
        let message = t("payments.card_continue").replace("{amount}", &crate::i18n::money(valid.amount));
        return Ok(Envelope::ok_with_message(Deposited::Link(link), message));
    }
    let (submitted, message) = super::deposit(db, me.player_id, &method, &valid, bonus.as_deref()).await?;
    Ok(Envelope::ok_with_message(Deposited::Request(submitted), message))
}

/// Opens again the page of the caller's own card deposit that waits for payment: a new link
/// (the old one stops working), valid until the deposit's deadline.
#[utoipa::path(post, path = "/payment/resume", tag = "payments", request_body = CancelBody,
    responses((status = 200, body = Envelope<String>), (status = 409, description = "Not a card deposit of the caller's waiting for payment", body = EmptyEnvelope)),
    security(("bearer" = [])))]
async fn resume(
    State(state): State<PaymentsState>,
    me: CurrentPlayer,
    headers: axum::http::HeaderMap,
    AppJson(body): AppJson<CancelBody>,
) -> ApiResult<String> {
    let token = super::card::resume(&state.db, me.player_id, body.id).await?.ok_or(AppError::Conflict("payments.not_waiting"))?;
    Ok(Envelope::ok(format!("{}/pay/{token}", base_url(&state, &headers))))
}

/// The deposit bonuses the caller may opt into with a deposit now (the welcome bonus with a first
/// deposit, a weekday's on its day), with their terms in the request's language.
#[utoipa::path(get, path = "/payment/depositbonuses", tag = "payments",
    responses((status = 200, body = Envelope<Vec<crate::bonus::deposit::DepositOffer>>)), security(("bearer" = [])))]
async fn deposit_bonuses(State(db): State<Db>, me: CurrentPlayer) -> ApiResult<Vec<crate::bonus::deposit::DepositOffer>> {
    let first = super::first_deposit(&db, me.player_id).await?;
    let locale = crate::i18n::Locale::current();
    Ok(Envelope::ok(crate::bonus::deposit::offers(&db, me.player_id, first, now_ms(), locale.code()).await?))
}

/// A withdrawal: the amount is held at once and waits for the operator's approval; it cannot be
/// taken back by the player.
#[utoipa::path(post, path = "/payment/withdraw", tag = "payments", request_body = PayBody,
    responses((status = 200, body = Envelope<Submitted>), (status = 400, description = "The balance is short", body = EmptyEnvelope),
        (status = 404, description = "Unknown or disabled method", body = EmptyEnvelope),
        (status = 422, description = "A field is invalid; the message names it", body = Envelope<FieldError>)),
    security(("bearer" = [])))]
async fn withdraw(
    State(db): State<Db>,
    State(kyc): State<crate::kyc::Rules>,
    me: CurrentPlayer,
    AppJson(body): AppJson<PayBody>,
) -> ApiResult<Submitted> {
    let method = usable_method(&db, body.id, Kind::Withdraw).await?;
    let valid = super::validate(&method, &detail_map(&body)?)?;
    let (submitted, message) = super::withdraw(&db, &kyc, me.player_id, &method, &valid).await?;
    Ok(Envelope::ok_with_message(submitted, message))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct CancelBody {
    /// The request's id.
    pub id: i64,
}

/// Cancels the caller's own pending deposit (a card deposit while it waits for payment too; a withdrawal cannot be cancelled).
#[utoipa::path(post, path = "/payment/cancel", tag = "payments", request_body = CancelBody,
    responses((status = 200, body = EmptyEnvelope), (status = 409, description = "Not a pending deposit of the caller's", body = EmptyEnvelope)),
    security(("bearer" = [])))]
async fn cancel(State(db): State<Db>, me: CurrentPlayer, AppJson(body): AppJson<CancelBody>) -> ApiResult<()> {
    super::cancel(&db, me.player_id, body.id).await?;
    Ok(Envelope { success: true, message: Some(t("payments.cancelled")), data: None })
}

#[derive(Debug, Deserialize, IntoParams)]
pub struct TransactionsQuery {
    /// 1 deposits, 2 withdrawals; all when missing or 0.
    pub kind: Option<i64>,
}

/// A deposit or withdrawal in Financial Activities.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TransactionItem {
    pub id: i64,
    /// Transaction kind: Deposit 1, Withdraw 2.
    pub kind: i64,
    pub method_id: i64,
    /// The method's title in the request's language.
    pub method: String,
    /// Lira.
    pub amount: f64,
    /// Status: Confirmed 1, Pending 2, Rejected 4, Cancelled 5.
    pub status: i64,
    /// Process state: Processing 1, Completed 2, Cancelled 3, Expired 4.
    pub process_state: i64,
    pub reference: String,
    /// UTC, ISO 8601.
    pub created_at: String,
    /// UTC, ISO 8601; null while pending.
    pub decided_at: Option<String>,
    /// The operator's reason for a rejection.
    pub reason: Option<String>,
    /// The player may cancel it (a pending deposit).
    pub cancellable: bool,
    /// A card deposit waiting for the player to pay on its page (not money on its way): the
    /// page can be opened again (`payment/resume`) until `expiresAt`.
    pub awaiting_payment: bool,
    /// UTC, ISO 8601: when a card deposit waiting for payment expires.
    pub expires_at: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TransactionPage {
    pub items: Vec<TransactionItem>,
    /// How many match the filter in all.
    pub total: i64,
}

/// The caller's deposits and withdrawals, newest first (not in the spec).
#[utoipa::path(get, path = "/payment/transactions", tag = "payments", params(TransactionsQuery, HistoryParams),
    responses((status = 200, body = Envelope<TransactionPage>), (status = 422, body = Envelope<FieldError>)),
    security(("bearer" = [])))]
async fn transactions(
    State(db): State<Db>,
    me: CurrentPlayer,
    RequestLocale(locale): RequestLocale,
    Query(q): Query<TransactionsQuery>,
    History { days, page }: History,
) -> ApiResult<TransactionPage> {
    let kind = match q.kind.unwrap_or(0) {
        0 => None,
        n => Some(kind(n, "kind")?),
    };
    let (requests, total) = store::of_player(&db, me.player_id, kind, days, page).await?;
    let waiting: Vec<i64> = requests.iter().filter(|r| r.status == RequestStatus::Pending && r.adapter == "card").map(|r| r.id).collect();
    let deadlines = super::card::deadlines(&db, &waiting).await?;
    let mut items = Vec::with_capacity(requests.len());
    for r in requests {
        let title = r.method_title_in(&locale);
        let (status, process_state) = r.status.spec_codes();
        items.push(TransactionItem {
            id: r.id,
            kind: r.kind as i64,
            method_id: r.method_id,
            method: title,
            amount: r.amount.to_lira(),
            status,
            process_state,
            reference: r.reference,
            created_at: iso_utc(r.created_at),
            decided_at: r.decided_at.map(iso_utc),
            reason: r.reason,
            cancellable: r.status == RequestStatus::Pending && r.kind == Kind::Deposit,
            awaiting_payment: deadlines.contains_key(&r.id),
            expires_at: deadlines.get(&r.id).copied().map(iso_utc),
        });
    }
    Ok(Envelope::ok(TransactionPage { items, total }))
}
