//! Handlers of `/admin/api/`: sign-in, the queues and their decisions, players, staff, the audit
//! log and the banners. Every call but sign-in needs a staff session (`Authorization: Bearer`, a
//! token of `staff_sessions`, never a player's) and checks its permission before anything else.

use std::sync::Arc;

use axum::body::Body;
use axum::extract::{FromRef, FromRequestParts, Path, Query, State};
use axum::http::request::Parts;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use sqlx::Row;
use utoipa::ToSchema;
use utoipa::openapi::security::{Http, HttpAuthScheme, SecurityScheme};
use utoipa::openapi::{Server, path::Operation};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::Permission;
use super::content::{self, BannerItem};
use super::players::{self, PlayerHit, PlayerPage};
use super::queues::{self, Approved, Deposit, DocumentItem, Queues, Withdrawal};
use super::staff::{self, CurrentStaff, SignIn, StaffRow, StaffView, told};
use crate::audit::{self, Record, Verified};
use crate::auth::password::Hashing;
use crate::auth::session::bearer;
use crate::db::Db;
use crate::error::{ApiResult, AppError, AppJson, EmptyEnvelope, Envelope};
use crate::http::client::{ClientInfo, TrustProxy};
use crate::kyc::DocState;
use crate::kyc::files::DocumentStore;
use crate::money::{JsonLira, Kurus};
use crate::protection::Closing;

/// The security scheme of the back office's calls.
pub const STAFF: &str = "staff";

/// What the back office's handlers use.
#[derive(Clone)]
pub struct BackofficeState {
    pub db: Db,
    pub hashing: Arc<Hashing>,
    pub trust_proxy: TrustProxy,
    pub documents: Arc<dyn DocumentStore>,
    /// A withdrawal over this needs two approvals (`KASA_FOUR_EYES_OVER`).
    pub four_eyes_over: Kurus,
    /// What a closure does besides (unstarted sportsbook bets refunded).
    pub on_close: Arc<dyn Closing>,
    /// Sign-in attempts from one address (the players' login limit per address).
    pub login_ip: crate::ratelimit::Limit,
}

impl FromRef<BackofficeState> for TrustProxy {
    fn from_ref(s: &BackofficeState) -> TrustProxy {
        s.trust_proxy
    }
}

fn ip_of(client: &ClientInfo) -> String {
    client.ip.map(|ip| ip.to_string()).unwrap_or_default()
}

impl FromRequestParts<BackofficeState> for CurrentStaff {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &BackofficeState) -> Result<Self, Self::Rejection> {
        let token = bearer(parts).ok_or(AppError::Unauthorized)?.to_string();
        let Ok(client) = ClientInfo::from_request_parts(parts, state).await;
        staff::lookup(&state.db, &token, &ip_of(&client)).await?.ok_or(AppError::Unauthorized)
    }
}

pub fn router() -> OpenApiRouter<BackofficeState> {
    OpenApiRouter::new()
        .routes(routes!(login))
        .routes(routes!(enrol))
        .routes(routes!(logout))
        .routes(routes!(me))
        .routes(routes!(queue_sizes))
        .routes(routes!(withdrawals))
        .routes(routes!(deposits))
        .routes(routes!(approve_payment))
        .routes(routes!(reject_payment))
        .routes(routes!(documents))
        .routes(routes!(document_file))
        .routes(routes!(approve_document))
        .routes(routes!(reject_document))
        .routes(routes!(search_players))
        .routes(routes!(player_page))
        .routes(routes!(add_note))
        .routes(routes!(notify_player))
        .routes(routes!(end_sessions))
        .routes(routes!(exclude_player))
        .routes(routes!(ask_adjustment))
        .routes(routes!(adjustments))
        .routes(routes!(approve_adjustment))
        .routes(routes!(reject_adjustment))
        .routes(routes!(list_staff, create_staff))
        .routes(routes!(confirm_staff))
        .routes(routes!(disable_staff))
        .routes(routes!(audit_rows))
        .routes(routes!(audit_export))
        .routes(routes!(audit_verify))
        .routes(routes!(grant_bonus))
        .routes(routes!(report))
        .routes(routes!(content_files, save_content_files))
        .routes(routes!(sports_events))
        .routes(routes!(sports_event))
        .routes(routes!(market_action))
        .routes(routes!(market_result))
        .routes(routes!(boost_selection))
        .routes(routes!(banners))
        .routes(routes!(save_banner))
}

/// Adds the back office's calls to the site's document: their paths are absolute (server `/`),
/// the `staff` scheme is theirs, and a 401 answers every call that needs it.
pub fn document_into(doc: &mut utoipa::openapi::OpenApi, mut admin: utoipa::openapi::OpenApi) {
    for item in admin.paths.paths.values_mut() {
        item.servers = Some(vec![Server::new("/")]);
        for op in crate::openapi::operations(item) {
            if needs_staff(op) {
                crate::openapi::answer(op, "401", "No staff session: the token is missing, unknown, ended, idle or a player's.");
                crate::openapi::answer(op, "403", "The staff member's roles do not give this call's permission; nothing changed.");
            }
        }
    }
    let scheme = Http::builder()
        .scheme(HttpAuthScheme::Bearer)
        .description(Some("A staff session token of /admin/api/auth/login (8 hours at most, 30 minutes idle); never a player's."))
        .build();
    doc.merge(admin);
    doc.components.get_or_insert_default().add_security_scheme(STAFF, SecurityScheme::Http(scheme));
}

fn needs_staff(op: &Operation) -> bool {
    op.security
        .as_ref()
        .is_some_and(|reqs| reqs.contains(&utoipa::openapi::security::SecurityRequirement::new(STAFF, Vec::<String>::new())))
}

/// Sign-in attempts per address, on every node (beside each account's own lock).
async fn limit_address(state: &BackofficeState, client: &ClientInfo) -> Result<(), AppError> {
    let bucket = crate::ratelimit::ip_bucket("staff-login", client.ip);
    crate::ratelimit::take(&state.db, &bucket, state.login_ip, "error.too_many").await.map(|_| ())
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct LoginBody {
    pub username: String,
    pub password: String,
    /// The authenticator's 6-digit code (once enrolled).
    pub code: Option<String>,
}

/// Signs a staff member in: `enrol` (no authenticator yet: its secret and otpauth URI), `code`
/// (a code is needed) or `ok` (the session).
#[utoipa::path(post, path = "/admin/api/auth/login", tag = "admin", request_body = LoginBody,
    responses((status = 200, body = Envelope<SignIn>),
        (status = 401, description = "Wrong username, password or code (one message for all)", body = EmptyEnvelope),
        (status = 429, description = "Locked after repeated failures (data.lockedUntil), or too many attempts from the address", body = EmptyEnvelope)))]
async fn login(State(state): State<BackofficeState>, client: ClientInfo, AppJson(body): AppJson<LoginBody>) -> ApiResult<SignIn> {
    limit_address(&state, &client).await?;
    let done = staff::sign_in(&state.db, &state.hashing, &body.username, &body.password, body.code.as_deref(), &ip_of(&client)).await?;
    Ok(Envelope::ok(done))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct EnrolBody {
    pub username: String,
    pub password: String,
    pub code: String,
}

/// Confirms the authenticator with its first code and signs in.
#[utoipa::path(post, path = "/admin/api/auth/enrol", tag = "admin", request_body = EnrolBody,
    responses((status = 200, body = Envelope<SignIn>),
        (status = 401, description = "Wrong username, password or code", body = EmptyEnvelope),
        (status = 409, description = "Enrolled already, or no enrolment started", body = EmptyEnvelope)))]
async fn enrol(State(state): State<BackofficeState>, client: ClientInfo, AppJson(body): AppJson<EnrolBody>) -> ApiResult<SignIn> {
    limit_address(&state, &client).await?;
    Ok(Envelope::ok(staff::enrol(&state.db, &state.hashing, &body.username, &body.password, &body.code, &ip_of(&client)).await?))
}

/// Signs out (the session ends).
#[utoipa::path(post, path = "/admin/api/auth/logout", tag = "admin",
    responses((status = 200, body = EmptyEnvelope)), security(("staff" = [])))]
async fn logout(State(state): State<BackofficeState>, me: CurrentStaff) -> ApiResult<()> {
    staff::sign_out(&state.db, &me).await?;
    Ok(Envelope::ok(()))
}

/// The signed-in member: roles and permissions.
#[utoipa::path(get, path = "/admin/api/me", tag = "admin",
    responses((status = 200, body = Envelope<StaffView>)), security(("staff" = [])))]
async fn me(me: CurrentStaff) -> ApiResult<StaffView> {
    Ok(Envelope::ok(me.view()))
}

/// The queues' sizes and their oldest items (each queue's own permission shows it; the counts are
/// for everyone signed in).
#[utoipa::path(get, path = "/admin/api/queues", tag = "admin",
    responses((status = 200, body = Envelope<Queues>)), security(("staff" = [])))]
async fn queue_sizes(State(state): State<BackofficeState>, _me: CurrentStaff) -> ApiResult<Queues> {
    Ok(Envelope::ok(queues::sizes(&state.db).await?))
}

/// Pending withdrawals, oldest first, with what a reviewer weighs.
#[utoipa::path(get, path = "/admin/api/withdrawals", tag = "admin",
    responses((status = 200, body = Envelope<Vec<Withdrawal>>)), security(("staff" = [])))]
async fn withdrawals(State(state): State<BackofficeState>, me: CurrentStaff) -> ApiResult<Vec<Withdrawal>> {
    me.require(Permission::PaymentsRead)?;
    Ok(Envelope::ok(queues::withdrawals(&state.db, state.four_eyes_over).await?))
}

/// Pending deposits that wait for an operator, oldest first.
#[utoipa::path(get, path = "/admin/api/deposits", tag = "admin",
    responses((status = 200, body = Envelope<Vec<Deposit>>)), security(("staff" = [])))]
async fn deposits(State(state): State<BackofficeState>, me: CurrentStaff) -> ApiResult<Vec<Deposit>> {
    me.require(Permission::PaymentsRead)?;
    Ok(Envelope::ok(queues::deposits(&state.db).await?))
}

/// Approves a pending request: a withdrawal over the four-eyes amount stays pending until a second
/// member approves it.
#[utoipa::path(post, path = "/admin/api/payments/{id}/approve", tag = "admin", params(("id" = i64, Path)),
    responses((status = 200, body = Envelope<Approved>),
        (status = 409, description = "Not pending, or approved by this member already", body = EmptyEnvelope)),
    security(("staff" = [])))]
async fn approve_payment(State(state): State<BackofficeState>, me: CurrentStaff, Path(id): Path<i64>) -> ApiResult<Approved> {
    me.require(Permission::PaymentsDecide)?;
    Ok(Envelope::ok(queues::approve(&state.db, &me, id, state.four_eyes_over).await?))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ReasonBody {
    pub reason: String,
}

/// Rejects a pending request with a reason the player reads.
#[utoipa::path(post, path = "/admin/api/payments/{id}/reject", tag = "admin", params(("id" = i64, Path)), request_body = ReasonBody,
    responses((status = 200, body = EmptyEnvelope), (status = 409, description = "Not pending", body = EmptyEnvelope)),
    security(("staff" = [])))]
async fn reject_payment(
    State(state): State<BackofficeState>,
    me: CurrentStaff,
    Path(id): Path<i64>,
    AppJson(body): AppJson<ReasonBody>,
) -> ApiResult<()> {
    me.require(Permission::PaymentsDecide)?;
    queues::reject(&state.db, &me, id, &body.reason).await?;
    Ok(Envelope::ok(()))
}

/// Identity documents waiting for review, oldest first.
#[utoipa::path(get, path = "/admin/api/documents", tag = "admin",
    responses((status = 200, body = Envelope<Vec<DocumentItem>>)), security(("staff" = [])))]
async fn documents(State(state): State<BackofficeState>, me: CurrentStaff) -> ApiResult<Vec<DocumentItem>> {
    me.require(Permission::KycRead)?;
    Ok(Envelope::ok(queues::documents(&state.db).await?))
}

/// A document's file (JPEG, PNG or PDF), for a member with the right; each view is recorded.
#[utoipa::path(get, path = "/admin/api/documents/{id}/file", tag = "admin", params(("id" = i64, Path)),
    responses((status = 200, description = "The file", content_type = "application/octet-stream"),
        (status = 404, description = "No such document, or its file was deleted", body = EmptyEnvelope)),
    security(("staff" = [])))]
async fn document_file(State(state): State<BackofficeState>, me: CurrentStaff, Path(id): Path<i64>) -> Result<Response, AppError> {
    me.require(Permission::KycRead)?;
    let (player_id, key, mime) = queues::document_file(&state.db, id).await?.ok_or(AppError::NotFound("error.not_found"))?;
    let bytes = state.documents.get(&key).await?;
    audit::append_alone(&state.db, &me.entry("kyc.view", format!("document:{id}")).after(serde_json::json!({ "player": player_id })))
        .await?;
    let mut response = Response::new(Body::from(bytes));
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_str(&mime).unwrap_or(HeaderValue::from_static("application/octet-stream")));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(header::CONTENT_DISPOSITION, HeaderValue::from_static("inline"));
    // A file a player made: opened on its own it runs nothing and reaches nothing (a PDF that is
    // something else under its first bytes stays inert).
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static("sandbox; default-src 'none'; img-src 'self' blob: data:; style-src 'unsafe-inline'"),
    );
    Ok(response)
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ApproveDocumentBody {
    /// The document's own expiry, YYYY-MM-DD, if it has one.
    pub expires: Option<String>,
    /// The TC kimlik number printed on an identity document: checked against the account's, kept
    /// on an account without one, and tying the account to the person: a time-out or exclusion on
    /// any account tied to the number, now or later, closes the others too.
    pub number: Option<String>,
    /// The number is on another account too, and the reviewer compared the documents: the same
    /// person. Without it such an approval is refused (422), naming the other account.
    #[serde(default, rename = "samePerson")]
    pub same_person: bool,
}

/// Approves a pending document.
#[utoipa::path(post, path = "/admin/api/documents/{id}/approve", tag = "admin", params(("id" = i64, Path)), request_body = ApproveDocumentBody,
    responses((status = 200, body = EmptyEnvelope), (status = 409, description = "Not pending", body = EmptyEnvelope)),
    security(("staff" = [])))]
async fn approve_document(
    State(state): State<BackofficeState>,
    me: CurrentStaff,
    Path(id): Path<i64>,
    AppJson(body): AppJson<ApproveDocumentBody>,
) -> ApiResult<()> {
    me.require(Permission::KycDecide)?;
    let number = body.number.as_deref().map(str::trim).filter(|n| !n.is_empty());
    let taken =
        queues::decide_document(&state.db, &me, id, DocState::Approved, None, body.expires.as_deref(), number, body.same_person).await?;
    let mut notes = Vec::new();
    if let Some(other) = taken.also_on {
        notes.push(format!("The TC kimlik number is on account #{other} too: one person, two accounts."));
    }
    if taken.closed.is_some() {
        notes.push("A closure of this person runs on another account: this account is closed with it.".to_string());
    }
    if !taken.closed_others.is_empty() {
        let accounts: Vec<String> = taken.closed_others.iter().map(|id| format!("#{id}")).collect();
        notes.push(format!("A closure of this person runs: their account {} is closed with it.", accounts.join(", ")));
    }
    let message = (!notes.is_empty()).then(|| format!("Approved. {}", notes.join(" ")));
    Ok(Envelope { success: true, message, data: Some(()) })
}

/// Rejects a pending document with one of the reasons the player reads.
#[utoipa::path(post, path = "/admin/api/documents/{id}/reject", tag = "admin", params(("id" = i64, Path)), request_body = ReasonBody,
    responses((status = 200, body = EmptyEnvelope), (status = 409, description = "Not pending", body = EmptyEnvelope)),
    security(("staff" = [])))]
async fn reject_document(
    State(state): State<BackofficeState>,
    me: CurrentStaff,
    Path(id): Path<i64>,
    AppJson(body): AppJson<ReasonBody>,
) -> ApiResult<()> {
    me.require(Permission::KycDecide)?;
    queues::decide_document(&state.db, &me, id, DocState::Rejected, Some(body.reason.trim()), None, None, false).await?;
    Ok(Envelope::ok(()))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct SearchQuery {
    /// A username, e-mail, phone, TC kimlik number or id.
    pub q: Option<String>,
}

/// Finds players (recorded in the audit log).
#[utoipa::path(get, path = "/admin/api/players", tag = "admin", params(SearchQuery),
    responses((status = 200, body = Envelope<Vec<PlayerHit>>)), security(("staff" = [])))]
async fn search_players(State(state): State<BackofficeState>, me: CurrentStaff, Query(q): Query<SearchQuery>) -> ApiResult<Vec<PlayerHit>> {
    me.require(Permission::PlayersRead)?;
    Ok(Envelope::ok(players::search_recorded(&state.db, &me, q.q.as_deref().unwrap_or_default()).await?))
}

/// A player's page (each view recorded in the audit log).
#[utoipa::path(get, path = "/admin/api/players/{id}", tag = "admin", params(("id" = i64, Path)),
    responses((status = 200, body = Envelope<PlayerPage>), (status = 404, description = "No such player", body = EmptyEnvelope)),
    security(("staff" = [])))]
async fn player_page(State(state): State<BackofficeState>, me: CurrentStaff, Path(id): Path<i64>) -> ApiResult<PlayerPage> {
    me.require(Permission::PlayersRead)?;
    Ok(Envelope::ok(players::page_recorded(&state.db, &me, id).await?.ok_or(AppError::NotFound("error.not_found"))?))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct NoteBody {
    pub text: String,
}

/// The id of what a call created.
#[derive(Debug, Serialize, ToSchema)]
pub struct Created {
    pub id: i64,
}

/// Adds a note to a player.
#[utoipa::path(post, path = "/admin/api/players/{id}/notes", tag = "admin", params(("id" = i64, Path)), request_body = NoteBody,
    responses((status = 200, body = Envelope<Created>)), security(("staff" = [])))]
async fn add_note(
    State(state): State<BackofficeState>,
    me: CurrentStaff,
    Path(id): Path<i64>,
    AppJson(body): AppJson<NoteBody>,
) -> ApiResult<Created> {
    me.require(Permission::PlayersNote)?;
    Ok(Envelope::ok(Created { id: players::add_note(&state.db, &me, id, &body.text).await? }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct NotifyBody {
    pub title: String,
    pub body: String,
}

/// Sends a player a notification.
#[utoipa::path(post, path = "/admin/api/players/{id}/notify", tag = "admin", params(("id" = i64, Path)), request_body = NotifyBody,
    responses((status = 200, body = EmptyEnvelope)), security(("staff" = [])))]
async fn notify_player(
    State(state): State<BackofficeState>,
    me: CurrentStaff,
    Path(id): Path<i64>,
    AppJson(body): AppJson<NotifyBody>,
) -> ApiResult<()> {
    me.require(Permission::PlayersNotify)?;
    players::notify(&state.db, &me, id, &body.title, &body.body).await?;
    Ok(Envelope::ok(()))
}

/// How many sessions ended.
#[derive(Debug, Serialize, ToSchema)]
pub struct Ended {
    pub ended: u64,
}

/// Ends every session of a player.
#[utoipa::path(post, path = "/admin/api/players/{id}/sessions/end", tag = "admin", params(("id" = i64, Path)),
    responses((status = 200, body = Envelope<Ended>)), security(("staff" = [])))]
async fn end_sessions(State(state): State<BackofficeState>, me: CurrentStaff, Path(id): Path<i64>) -> ApiResult<Ended> {
    me.require(Permission::PlayersSessions)?;
    Ok(Envelope::ok(Ended { ended: players::end_sessions(&state.db, &me, id).await? }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ExcludeBody {
    /// Time-out: 24h, 7d, 1m, 6w; self-exclusion: 6m, 1y, 5y, permanent.
    pub period: String,
}

/// When a closure ends (`null`: never).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Until {
    pub ends_at: Option<i64>,
}

/// Sets a time-out or a self-exclusion (none can be lifted early).
#[utoipa::path(post, path = "/admin/api/players/{id}/exclude", tag = "admin", params(("id" = i64, Path)), request_body = ExcludeBody,
    responses((status = 200, body = Envelope<Until>)), security(("staff" = [])))]
async fn exclude_player(
    State(state): State<BackofficeState>,
    me: CurrentStaff,
    Path(id): Path<i64>,
    AppJson(body): AppJson<ExcludeBody>,
) -> ApiResult<Until> {
    me.require(Permission::PlayersExclude)?;
    Ok(Envelope::ok(Until { ends_at: players::exclude(&state.db, &me, id, &body.period, state.on_close.as_ref()).await? }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct AdjustBody {
    /// Lira; negative takes money away.
    #[schema(value_type = f64)]
    pub amount: JsonLira,
    pub reason: String,
}

/// Asks for a balance adjustment; another finance member applies it.
#[utoipa::path(post, path = "/admin/api/players/{id}/adjust", tag = "admin", params(("id" = i64, Path)), request_body = AdjustBody,
    responses((status = 200, body = Envelope<Created>)), security(("staff" = [])))]
async fn ask_adjustment(
    State(state): State<BackofficeState>,
    me: CurrentStaff,
    Path(id): Path<i64>,
    AppJson(body): AppJson<AdjustBody>,
) -> ApiResult<Created> {
    me.require(Permission::PlayersAdjust)?;
    let amount =
        body.amount.kurus().map_err(|_| told(StatusCode::UNPROCESSABLE_ENTITY, "The amount is lira with at most two decimals."))?;
    Ok(Envelope::ok(Created { id: players::ask_adjustment(&state.db, &me, id, amount, &body.reason).await? }))
}

/// A pending adjustment.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdjustmentItem {
    pub id: i64,
    pub player_id: i64,
    pub username: String,
    pub amount: f64,
    pub reason: String,
    pub asked_by: String,
    pub created_at: i64,
}

/// Pending balance adjustments, oldest first.
#[utoipa::path(get, path = "/admin/api/adjustments", tag = "admin",
    responses((status = 200, body = Envelope<Vec<AdjustmentItem>>)), security(("staff" = [])))]
async fn adjustments(State(state): State<BackofficeState>, me: CurrentStaff) -> ApiResult<Vec<AdjustmentItem>> {
    me.require(Permission::PlayersAdjust)?;
    let rows = sqlx::query(
        "SELECT a.id, a.player_id, p.username, a.amount, a.reason, s.username, a.created_at FROM balance_adjustments a \
         JOIN players p ON p.id = a.player_id JOIN staff s ON s.id = a.created_by WHERE a.status = 'pending' ORDER BY a.id LIMIT 500",
    )
    .fetch_all(&state.db.pool)
    .await?;
    let items = rows
        .iter()
        .map(|r| {
            Ok(AdjustmentItem {
                id: r.try_get(0)?,
                player_id: r.try_get(1)?,
                username: r.try_get(2)?,
                amount: Kurus::from_minor(r.try_get(3)?).unwrap_or(Kurus::ZERO).to_lira(),
                reason: r.try_get(4)?,
                asked_by: r.try_get(5)?,
                created_at: r.try_get(6)?,
            })
        })
        .collect::<Result<Vec<_>, sqlx::Error>>()?;
    Ok(Envelope::ok(items))
}

/// Applies a pending adjustment (never by the member who asked for it).
#[utoipa::path(post, path = "/admin/api/adjustments/{id}/approve", tag = "admin", params(("id" = i64, Path)),
    responses((status = 200, body = EmptyEnvelope), (status = 409, description = "Not pending, or asked by this member", body = EmptyEnvelope)),
    security(("staff" = [])))]
async fn approve_adjustment(State(state): State<BackofficeState>, me: CurrentStaff, Path(id): Path<i64>) -> ApiResult<()> {
    me.require(Permission::PlayersAdjust)?;
    players::decide_adjustment(&state.db, &me, id, true).await?;
    Ok(Envelope::ok(()))
}

/// Rejects a pending adjustment.
#[utoipa::path(post, path = "/admin/api/adjustments/{id}/reject", tag = "admin", params(("id" = i64, Path)),
    responses((status = 200, body = EmptyEnvelope), (status = 409, description = "Not pending, or asked by this member", body = EmptyEnvelope)),
    security(("staff" = [])))]
async fn reject_adjustment(State(state): State<BackofficeState>, me: CurrentStaff, Path(id): Path<i64>) -> ApiResult<()> {
    me.require(Permission::PlayersAdjust)?;
    players::decide_adjustment(&state.db, &me, id, false).await?;
    Ok(Envelope::ok(()))
}

/// Every staff member.
#[utoipa::path(get, path = "/admin/api/staff", tag = "admin",
    responses((status = 200, body = Envelope<Vec<StaffRow>>)), security(("staff" = [])))]
async fn list_staff(State(state): State<BackofficeState>, me: CurrentStaff) -> ApiResult<Vec<StaffRow>> {
    me.require(Permission::StaffManage)?;
    Ok(Envelope::ok(staff::list(&state.db).await?))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct CreateStaffBody {
    pub username: String,
    pub password: String,
    pub roles: Vec<super::Role>,
}

/// Creates a staff member (they enrol their authenticator at their first sign-in).
#[utoipa::path(post, path = "/admin/api/staff", tag = "admin", request_body = CreateStaffBody,
    responses((status = 200, body = Envelope<Created>), (status = 409, description = "The username is taken", body = EmptyEnvelope)),
    security(("staff" = [])))]
async fn create_staff(
    State(state): State<BackofficeState>,
    me: CurrentStaff,
    AppJson(body): AppJson<CreateStaffBody>,
) -> ApiResult<Created> {
    me.require(Permission::StaffManage)?;
    let by = me.entry("staff.create", "");
    Ok(Envelope::ok(Created { id: staff::create(&state.db, &state.hashing, &body.username, &body.password, &body.roles, by).await? }))
}

/// Confirms a staff member another administrator created (only then can they sign in).
#[utoipa::path(post, path = "/admin/api/staff/{id}/confirm", tag = "admin", params(("id" = i64, Path)),
    responses((status = 200, body = EmptyEnvelope),
        (status = 409, description = "Created by this member, or already confirmed or disabled", body = EmptyEnvelope)),
    security(("staff" = [])))]
async fn confirm_staff(State(state): State<BackofficeState>, me: CurrentStaff, Path(id): Path<i64>) -> ApiResult<()> {
    me.require(Permission::StaffManage)?;
    staff::confirm(&state.db, id, &me).await?;
    Ok(Envelope::ok(()))
}

/// Disables a staff member at once (their sessions end on every node).
#[utoipa::path(post, path = "/admin/api/staff/{id}/disable", tag = "admin", params(("id" = i64, Path)),
    responses((status = 200, body = EmptyEnvelope)), security(("staff" = [])))]
async fn disable_staff(State(state): State<BackofficeState>, me: CurrentStaff, Path(id): Path<i64>) -> ApiResult<()> {
    me.require(Permission::StaffManage)?;
    staff::disable(&state.db, id, &me).await?;
    Ok(Envelope::ok(()))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct AuditQuery {
    /// Text in the actor, action or target.
    pub q: Option<String>,
    /// At most this many rows (1 to 5000, default 200).
    pub limit: Option<i64>,
}

/// The audit log, newest first.
#[utoipa::path(get, path = "/admin/api/audit", tag = "admin", params(AuditQuery),
    responses((status = 200, body = Envelope<Vec<Record>>)), security(("staff" = [])))]
async fn audit_rows(State(state): State<BackofficeState>, me: CurrentStaff, Query(q): Query<AuditQuery>) -> ApiResult<Vec<Record>> {
    me.require(Permission::AuditRead)?;
    Ok(Envelope::ok(audit::search(&state.db, q.q.as_deref(), q.limit.unwrap_or(200).clamp(1, 5000)).await?))
}

/// The audit log as CSV (the search's rows, up to 50,000); the export itself is recorded.
#[utoipa::path(get, path = "/admin/api/audit/export", tag = "admin", params(AuditQuery),
    responses((status = 200, description = "CSV", content_type = "text/csv")), security(("staff" = [])))]
async fn audit_export(State(state): State<BackofficeState>, me: CurrentStaff, Query(q): Query<AuditQuery>) -> Result<Response, AppError> {
    me.require(Permission::AuditRead)?;
    let rows = audit::search(&state.db, q.q.as_deref(), q.limit.unwrap_or(50_000).clamp(1, 50_000)).await?;
    audit::append_alone(&state.db, &me.entry("audit.export", "audit").after(serde_json::json!({ "rows": rows.len(), "q": q.q }))).await?;
    Ok((
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8"),
            (header::CONTENT_DISPOSITION, "attachment; filename=\"kasa-audit.csv\""),
            (header::CACHE_CONTROL, "no-store"),
        ],
        audit::to_csv(&rows),
    )
        .into_response())
}

/// Walks the audit chain: how many rows hold, and the first broken one.
#[utoipa::path(get, path = "/admin/api/audit/verify", tag = "admin",
    responses((status = 200, body = Envelope<Verified>)), security(("staff" = [])))]
async fn audit_verify(State(state): State<BackofficeState>, me: CurrentStaff) -> ApiResult<Verified> {
    me.require(Permission::AuditRead)?;
    Ok(Envelope::ok(audit::verify(&state.db).await?))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct BonusBody {
    /// The promotion whose bonus is given (not a deposit bonus).
    pub promotion: String,
}

/// Gives a player a promotion's bonus (once per promotion; never to a closed account).
#[utoipa::path(post, path = "/admin/api/players/{id}/bonus", tag = "admin", params(("id" = i64, Path)), request_body = BonusBody,
    responses((status = 200, body = Envelope<Created>), (status = 409, description = "Given already, a deposit bonus, or a closed account", body = EmptyEnvelope)),
    security(("staff" = [])))]
async fn grant_bonus(
    State(state): State<BackofficeState>,
    me: CurrentStaff,
    Path(id): Path<i64>,
    AppJson(body): AppJson<BonusBody>,
) -> ApiResult<Created> {
    me.require(Permission::PlayersBonus)?;
    let username: Option<String> =
        sqlx::query_scalar("SELECT username FROM players WHERE id = $1").bind(id).fetch_optional(&state.db.pool).await?;
    let username = username.ok_or(AppError::NotFound("error.not_found"))?;
    let entry = me.entry("player.bonus", format!("player:{id}"));
    let bonus = crate::bonus::grant_by_staff(&state.db, &username, body.promotion.trim(), Some(&entry))
        .await
        .map_err(|e| told(StatusCode::CONFLICT, &e.to_string()))?;
    Ok(Envelope::ok(Created { id: bonus.id }))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct ReportQuery {
    /// The first of Turkey's days, YYYY-MM-DD.
    pub from: String,
    /// The last, YYYY-MM-DD (at most 92 days after the first).
    pub to: String,
}

/// The ledger's report for a range of days and each day in it.
#[utoipa::path(get, path = "/admin/api/reports", tag = "admin", params(ReportQuery),
    responses((status = 200, body = Envelope<super::reports::Report>), (status = 422, description = "A bad range", body = EmptyEnvelope)),
    security(("staff" = [])))]
async fn report(State(state): State<BackofficeState>, me: CurrentStaff, Query(q): Query<ReportQuery>) -> ApiResult<super::reports::Report> {
    me.require(Permission::ReportsRead)?;
    Ok(Envelope::ok(super::reports::report(&state.db, &q.from, &q.to).await?))
}

/// The site content's editable files (site options, banners, popup, promotions, pages per
/// language, translations) in `content/`'s format.
#[utoipa::path(get, path = "/admin/api/content/files", tag = "admin",
    responses((status = 200, body = Envelope<Vec<content::ContentFile>>)), security(("staff" = [])))]
async fn content_files(State(state): State<BackofficeState>, me: CurrentStaff) -> ApiResult<Vec<content::ContentFile>> {
    me.require(Permission::ContentEdit)?;
    Ok(Envelope::ok(content::files(&state.db).await?))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ContentFilesBody {
    pub files: Vec<content::ContentFile>,
}

/// The names of the files a save changed.
#[derive(Debug, Serialize, ToSchema)]
pub struct Saved {
    pub changed: Vec<String>,
}

/// Saves changed content files: all checked first (a bad one changes nothing), then every node
/// shows them at once.
#[utoipa::path(put, path = "/admin/api/content/files", tag = "admin", request_body = ContentFilesBody,
    responses((status = 200, body = Envelope<Saved>), (status = 422, description = "A file is not editable or not valid; nothing saved", body = EmptyEnvelope)),
    security(("staff" = [])))]
async fn save_content_files(
    State(state): State<BackofficeState>,
    me: CurrentStaff,
    AppJson(body): AppJson<ContentFilesBody>,
) -> ApiResult<Saved> {
    me.require(Permission::ContentEdit)?;
    Ok(Envelope::ok(Saved { changed: content::save(&state.db, &me, &body.files).await? }))
}

/// The sportsbook's events live and to come, with their open stakes.
#[utoipa::path(get, path = "/admin/api/sports/events", tag = "admin",
    responses((status = 200, body = Envelope<Vec<super::sports::EventRow>>)), security(("staff" = [])))]
async fn sports_events(State(state): State<BackofficeState>, me: CurrentStaff) -> ApiResult<Vec<super::sports::EventRow>> {
    me.require(Permission::SportsRead)?;
    Ok(Envelope::ok(super::sports::events(&state.db).await?))
}

/// An event's markets with each selection's exposure, and its bets.
#[utoipa::path(get, path = "/admin/api/sports/events/{id}", tag = "admin", params(("id" = i64, Path)),
    responses((status = 200, body = Envelope<super::sports::EventPage>), (status = 404, description = "No such event", body = EmptyEnvelope)),
    security(("staff" = [])))]
async fn sports_event(State(state): State<BackofficeState>, me: CurrentStaff, Path(id): Path<i64>) -> ApiResult<super::sports::EventPage> {
    me.require(Permission::SportsRead)?;
    Ok(Envelope::ok(super::sports::event(&state.db, id).await?.ok_or(AppError::NotFound("error.not_found"))?))
}

/// The sportsbook's refusals (a market in no state to move, an unknown selection) as 409s naming why.
fn refused(e: anyhow::Error) -> AppError {
    told(StatusCode::CONFLICT, &format!("{e:#}"))
}

/// Suspends, reopens or voids a market (`action`: suspend, reopen, void).
#[utoipa::path(post, path = "/admin/api/sports/markets/{id}/{action}", tag = "admin", params(("id" = i64, Path), ("action" = String, Path)),
    responses((status = 200, body = EmptyEnvelope), (status = 409, description = "The market cannot move so", body = EmptyEnvelope)),
    security(("staff" = [])))]
async fn market_action(State(state): State<BackofficeState>, me: CurrentStaff, Path((id, action)): Path<(i64, String)>) -> ApiResult<()> {
    me.require(Permission::SportsManage)?;
    let entry = me.entry(&format!("sports.{action}"), format!("market:{id}"));
    match action.as_str() {
        "suspend" => crate::sports::admin::suspend(&state.db, id, Some(&entry)).await.map(|_| ()),
        "reopen" => crate::sports::admin::reopen(&state.db, id, Some(&entry)).await.map(|_| ()),
        "void" => crate::sports::admin::void(&state.db, id, Some(&entry)).await.map(|_| ()),
        _ => return Err(AppError::NotFound("error.not_found")),
    }
    .map_err(refused)?;
    Ok(Envelope::ok(()))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ResultBody {
    /// The winning selections' keys (a correction names them again).
    pub winners: Vec<String>,
}

/// Enters or corrects a market's result; its bets are settled again.
#[utoipa::path(post, path = "/admin/api/sports/markets/{id}/result", tag = "admin", params(("id" = i64, Path)), request_body = ResultBody,
    responses((status = 200, body = EmptyEnvelope), (status = 409, description = "Not a result this market takes", body = EmptyEnvelope)),
    security(("staff" = [])))]
async fn market_result(
    State(state): State<BackofficeState>,
    me: CurrentStaff,
    Path(id): Path<i64>,
    AppJson(body): AppJson<ResultBody>,
) -> ApiResult<()> {
    me.require(Permission::SportsManage)?;
    let entry = me.entry("sports.result", format!("market:{id}")).after(serde_json::json!({ "winners": body.winners }));
    crate::sports::admin::result(&state.db, id, &body.winners, Some(&entry)).await.map_err(refused)?;
    Ok(Envelope::ok(()))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct BoostBody {
    /// The High Rate price (beating the price), or null to remove it.
    pub price: Option<f64>,
}

/// Sets or removes a selection's High Rate price.
#[utoipa::path(post, path = "/admin/api/sports/selections/{id}/boost", tag = "admin", params(("id" = i64, Path)), request_body = BoostBody,
    responses((status = 200, body = EmptyEnvelope), (status = 409, description = "The price does not beat the selection's", body = EmptyEnvelope)),
    security(("staff" = [])))]
async fn boost_selection(
    State(state): State<BackofficeState>,
    me: CurrentStaff,
    Path(id): Path<i64>,
    AppJson(body): AppJson<BoostBody>,
) -> ApiResult<()> {
    me.require(Permission::SportsManage)?;
    let entry = me.entry("sports.boost", format!("selection:{id}")).after(serde_json::json!({ "price": body.price }));
    crate::sports::admin::boost(&state.db, id, body.price, Some(&entry)).await.map_err(refused)?;
    Ok(Envelope::ok(()))
}

/// Every banner.
#[utoipa::path(get, path = "/admin/api/banners", tag = "admin",
    responses((status = 200, body = Envelope<Vec<BannerItem>>)), security(("staff" = [])))]
async fn banners(State(state): State<BackofficeState>, me: CurrentStaff) -> ApiResult<Vec<BannerItem>> {
    me.require(Permission::ContentEdit)?;
    Ok(Envelope::ok(content::banners(&state.db).await?))
}

/// Saves a banner; every node shows it at once (the content is rebuilt through the journal).
#[utoipa::path(put, path = "/admin/api/banners/{id}", tag = "admin", params(("id" = i64, Path)), request_body = BannerItem,
    responses((status = 200, body = EmptyEnvelope), (status = 404, description = "No such banner", body = EmptyEnvelope)),
    security(("staff" = [])))]
async fn save_banner(
    State(state): State<BackofficeState>,
    me: CurrentStaff,
    Path(id): Path<i64>,
    AppJson(body): AppJson<BannerItem>,
) -> ApiResult<()> {
    me.require(Permission::ContentEdit)?;
    content::save_banner(&state.db, &me, id, &body).await?;
    Ok(Envelope::ok(()))
}
