//! Handlers of the accounts area (`auth/*`, `user/balance`, `customer/*`): thin, the rules are in
//! `service`.

use axum::extract::{Query, State};
use axum::http::HeaderMap;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::AccountsState;
use super::service::{self, LoginData, PhoneState, RegisterForm, Terms, say};
use super::store;
use crate::auth::CurrentPlayer;
use crate::auth::session::{self, EndReason, Origin};
use crate::error::{ApiResult, AppJson, EmptyEnvelope, Envelope, FieldError};
use crate::http::client::ClientInfo;
use crate::http::history::PageBody;
use crate::wallet;

pub fn router() -> OpenApiRouter<AccountsState> {
    OpenApiRouter::new()
        .routes(routes!(form))
        .routes(routes!(register))
        .routes(routes!(login))
        .routes(routes!(logout))
        .routes(routes!(balance))
        .routes(routes!(update_phone))
        .routes(routes!(send_reset_password))
        .routes(routes!(check_reset_code))
        .routes(routes!(change_password_with_code))
        .routes(routes!(change_password))
        .routes(routes!(sessions))
}

fn origin(client: ClientInfo, headers: &HeaderMap) -> Origin {
    let fingerprint = headers
        .get("x-fingerprint")
        .and_then(|v| v.to_str().ok())
        .map(|v| v.chars().filter(|c| c.is_ascii_alphanumeric() || *c == '-').take(128).collect::<String>())
        .filter(|v| !v.is_empty());
    Origin { ip: client.ip.map(|ip| ip.to_string()), user_agent: client.user_agent, fingerprint }
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
pub struct FormQuery {
    /// Affiliate reference (kept by the app and sent with the registration).
    #[allow(dead_code)]
    pub ref_id: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RegisterFormData {
    pub countries: Vec<store::Country>,
    /// The form beside the fast one is the short form (no ID number, birth date or country): the
    /// site option `register-form` set to `short`. Otherwise it is the full form.
    pub short_form: bool,
    /// The terms the player accepts (a required checkbox linking their content page).
    pub terms: Terms,
}

/// What the registration form needs: the countries (Türkiye, id 1, is the default), which form the
/// site offers beside the fast one, and the terms to accept.
#[utoipa::path(get, path = "/auth/form", tag = "auth", params(FormQuery), responses((status = 200, body = Envelope<RegisterFormData>)))]
async fn form(State(state): State<AccountsState>, Query(_q): Query<FormQuery>) -> ApiResult<RegisterFormData> {
    Ok(Envelope::ok(RegisterFormData {
        countries: store::countries(&state.db).await?,
        short_form: service::short_form(&state).await?,
        terms: service::terms(&state).await?,
    }))
}

/// The registration payload as the app sends it (spec section 3): the fast form sends
/// `isFast: true`, the full form `PersonalNo`, `country` and the birth date (the short form, when the
/// site offers it, neither). Every form sends `acceptTerms: true`. A missing or invalid field is a
/// 422 naming it. (The handler reads the body leniently, as `RegisterForm`: numbers may
/// also come as text; this type documents what to send.)
#[derive(Debug, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RegisterPayload {
    pub name: String,
    pub surname: String,
    pub username: String,
    pub email: String,
    /// Digits with the country code, e.g. 905321234567.
    pub phone: String,
    pub password: String,
    pub password2: String,
    /// The player confirms being 18 or older and accepts the terms (`auth/form`'s `terms`); without
    /// it the registration is refused (422 naming `acceptTerms`) and recorded with its time and the
    /// terms' version when it passes.
    pub accept_terms: bool,
    #[schema(nullable = false)]
    pub is_fast: Option<bool>,
    /// The Turkish ID number (full form).
    #[serde(rename = "PersonalNo")]
    #[schema(nullable = false)]
    pub personal_no: Option<String>,
    /// A country id of `auth/form` (full form).
    #[schema(nullable = false)]
    pub country: Option<i64>,
    /// 1 (lira), the only currency.
    #[schema(nullable = false)]
    pub currency_id: Option<i64>,
    /// Year-month-day (full form), also sent as its three parts.
    #[schema(nullable = false)]
    pub birth_date: Option<String>,
    #[schema(nullable = false)]
    pub birth_date_day: Option<String>,
    #[schema(nullable = false)]
    pub birth_date_month: Option<String>,
    #[schema(nullable = false)]
    pub birth_date_year: Option<String>,
    /// Whether the trial bonus is wanted: a boolean (fast form) or 1/0 (full form).
    #[schema(nullable = false)]
    pub trial_bonus: Option<TrialBonusWish>,
    /// Affiliate reference, or `partner`, `subid` and `source`.
    #[schema(nullable = false)]
    pub ref_id: Option<i64>,
    #[schema(nullable = false)]
    pub partner: Option<String>,
    #[schema(nullable = false)]
    pub subid: Option<String>,
    #[schema(nullable = false)]
    pub source: Option<String>,
}

/// `trialBonus` of the registration: a flag, or a number where above 0 asks for the bonus.
#[derive(Debug, ToSchema)]
#[serde(untagged)]
pub enum TrialBonusWish {
    Flag(bool),
    Amount(f64),
}

/// Registers a player (fast form with `isFast: true`, full form, or the short form) and logs them in.
#[utoipa::path(post, path = "/auth/register", tag = "auth", request_body = RegisterPayload,
    responses((status = 200, body = Envelope<LoginData>), (status = 409, description = "A unique value is taken (the field is named)", body = Envelope<FieldError>),
        (status = 422, body = Envelope<FieldError>), (status = 429, body = EmptyEnvelope), (status = 503, body = EmptyEnvelope)))]
async fn register(
    State(state): State<AccountsState>,
    client: ClientInfo,
    headers: HeaderMap,
    AppJson(body): AppJson<RegisterForm>,
) -> ApiResult<LoginData> {
    let data = service::register(&state, body, origin(client, &headers)).await?;
    Ok(Envelope { success: true, message: say("register.ok"), data: Some(data) })
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct LoginBody {
    #[serde(default)]
    pub username: String,
    #[serde(default)]
    pub password: String,
    /// After a fixed-term self-exclusion has ended: the player asks to reopen the account (it
    /// reopens 24 hours later).
    #[serde(default)]
    pub reopen: bool,
}

/// Logs a player in: a new session and its token. A closed account (a time-out or a
/// self-exclusion) is answered 403 with its end in the message and in `data`.
#[utoipa::path(post, path = "/auth/login", tag = "auth", request_body = LoginBody,
    responses((status = 200, body = Envelope<LoginData>), (status = 400, description = "Wrong username or password, or a body that is not JSON of the call's shape", body = EmptyEnvelope),
        (status = 403, description = "The account is closed for a time (data: closure, until, reopen)", body = EmptyEnvelope),
        (status = 422, body = Envelope<FieldError>), (status = 429, body = EmptyEnvelope), (status = 503, body = EmptyEnvelope)))]
async fn login(
    State(state): State<AccountsState>,
    client: ClientInfo,
    headers: HeaderMap,
    AppJson(body): AppJson<LoginBody>,
) -> ApiResult<LoginData> {
    let data = service::login(&state, &body.username, &body.password, body.reopen, origin(client, &headers)).await?;
    Ok(Envelope::ok(data))
}

/// Ends the caller's session.
#[utoipa::path(get, path = "/auth/logout", tag = "auth", responses((status = 200, body = EmptyEnvelope)), security(("bearer" = [])))]
async fn logout(State(state): State<AccountsState>, me: CurrentPlayer) -> ApiResult<()> {
    session::end(&state.db, me.session_id, EndReason::Logout).await?;
    Ok(Envelope { success: true, message: say("logout.ok"), data: None })
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BalanceData {
    /// Real plus bonus money, lira: the header's balance.
    pub balance: f64,
    pub real_balance: f64,
    pub bonus_balance: f64,
}

/// The caller's balance (polled by the app every 3 s while logged in).
#[utoipa::path(get, path = "/user/balance", tag = "wallet", responses((status = 200, body = Envelope<BalanceData>)), security(("bearer" = [])))]
async fn balance(State(state): State<AccountsState>, me: CurrentPlayer) -> ApiResult<BalanceData> {
    let b = wallet::balances(&state.db, me.player_id).await?;
    Ok(Envelope::ok(BalanceData { balance: b.total()?.to_lira(), real_balance: b.real.to_lira(), bonus_balance: b.bonus.to_lira() }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct PhoneBody {
    /// 1 sends a code, 2 checks it.
    pub step: i64,
    #[serde(default)]
    pub phone: String,
    pub code: Option<String>,
}

/// Phone verification: step 1 sends a 6-digit SMS code, step 2 checks it.
#[utoipa::path(post, path = "/customer/updatephone", tag = "customer", request_body = PhoneBody,
    responses((status = 200, body = Envelope<PhoneState>), (status = 400, description = "Already verified, a wrong or expired code, or a body that is not JSON of the call's shape", body = EmptyEnvelope),
        (status = 409, body = EmptyEnvelope), (status = 422, body = Envelope<FieldError>), (status = 429, body = EmptyEnvelope)),
    security(("bearer" = [])))]
async fn update_phone(
    State(state): State<AccountsState>,
    me: CurrentPlayer,
    client: ClientInfo,
    headers: HeaderMap,
    AppJson(body): AppJson<PhoneBody>,
) -> ApiResult<PhoneState> {
    let origin = origin(client, &headers);
    let (data, message) = service::update_phone(&state, me, body.step, &body.phone, body.code.as_deref(), &origin).await?;
    Ok(Envelope::ok_with_message(data, message))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ResetBody {
    #[serde(default)]
    pub username: String,
}

/// Sends a password-reset code to the player's e-mail. The answer never tells whether the user exists.
#[utoipa::path(post, path = "/auth/sendresetpassword", tag = "auth", request_body = ResetBody,
    responses((status = 200, body = EmptyEnvelope), (status = 422, body = Envelope<FieldError>)))]
async fn send_reset_password(
    State(state): State<AccountsState>,
    client: ClientInfo,
    headers: HeaderMap,
    AppJson(body): AppJson<ResetBody>,
) -> ApiResult<()> {
    service::send_reset(&state, &body.username, &origin(client, &headers)).await?;
    Ok(Envelope { success: true, message: say("reset.sent"), data: None })
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct CheckCodeBody {
    #[serde(default)]
    pub username: String,
    #[serde(default)]
    pub code: String,
}

/// Checks a reset code (a wrong one counts toward the attempt limit).
#[utoipa::path(post, path = "/auth/checkresetcode", tag = "auth", request_body = CheckCodeBody,
    responses((status = 200, body = EmptyEnvelope), (status = 400, description = "A wrong or expired code, or a body that is not JSON of the call's shape", body = EmptyEnvelope),
        (status = 422, body = Envelope<FieldError>), (status = 429, body = EmptyEnvelope)))]
async fn check_reset_code(
    State(state): State<AccountsState>,
    client: ClientInfo,
    headers: HeaderMap,
    AppJson(body): AppJson<CheckCodeBody>,
) -> ApiResult<()> {
    service::check_reset_code(&state, &body.username, &body.code, &origin(client, &headers)).await?;
    Ok(Envelope { success: true, message: say("reset.code_ok"), data: None })
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ResetPasswordBody {
    #[serde(default)]
    pub username: String,
    #[serde(default)]
    pub code: String,
    #[serde(default)]
    pub password: String,
    #[serde(default)]
    pub password2: String,
}

/// Sets a new password with a reset code; every session of the player ends.
#[utoipa::path(post, path = "/auth/changepasswordwithcode", tag = "auth", request_body = ResetPasswordBody,
    responses((status = 200, body = EmptyEnvelope), (status = 400, description = "A wrong or expired code, or a body that is not JSON of the call's shape", body = EmptyEnvelope),
        (status = 422, body = Envelope<FieldError>), (status = 429, body = EmptyEnvelope), (status = 503, body = EmptyEnvelope)))]
async fn change_password_with_code(
    State(state): State<AccountsState>,
    client: ClientInfo,
    headers: HeaderMap,
    AppJson(b): AppJson<ResetPasswordBody>,
) -> ApiResult<()> {
    service::change_password_with_code(&state, &b.username, &b.code, (&b.password, &b.password2), &origin(client, &headers)).await?;
    Ok(Envelope { success: true, message: say("reset.done"), data: None })
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChangePasswordBody {
    #[serde(default)]
    pub old_password: String,
    #[serde(default)]
    pub password: String,
    #[serde(default)]
    pub confirm_password: String,
}

/// Changes the password; the other sessions of the player end, this one stays.
#[utoipa::path(post, path = "/customer/changepassword", tag = "customer", request_body = ChangePasswordBody,
    responses((status = 200, body = EmptyEnvelope), (status = 422, body = Envelope<FieldError>), (status = 503, body = EmptyEnvelope)),
    security(("bearer" = [])))]
async fn change_password(State(state): State<AccountsState>, me: CurrentPlayer, AppJson(b): AppJson<ChangePasswordBody>) -> ApiResult<()> {
    service::change_password(&state, me, &b.old_password, &b.password, &b.confirm_password).await?;
    Ok(Envelope { success: true, message: say("password.changed"), data: None })
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SessionPage {
    pub total: i64,
    pub items: Vec<store::SessionEntry>,
}

/// The player's logins, newest first: time, IP, device, fingerprint, end.
#[utoipa::path(post, path = "/customer/sessions", tag = "customer", request_body = PageBody, responses((status = 200, body = Envelope<SessionPage>)),
    security(("bearer" = [])))]
async fn sessions(State(state): State<AccountsState>, me: CurrentPlayer, AppJson(b): AppJson<PageBody>) -> ApiResult<SessionPage> {
    let (total, items) = store::sessions(&state.db, me.player_id, me.session_id, b.paging(20)).await?;
    Ok(Envelope::ok(SessionPage { total, items }))
}
