//! The outside providers' launch calls (spec section 7), each with its own fields:
//!
//! | call | provider | body |
//! |---|---|---|
//! | `casino/dtlaunchurl` | digitain | `{code}` |
//! | `casino/emlaunchurl` | everymatrix | `{code, productId}` |
//! | `casino/amusnetlaunchurl` | amusnet | `{code, isMobile}` (true/false) |
//! | `casino/egtlaunchurl` | egt-digital | `{platform (2 mobile, 1 desktop), gameCode, language, lobbyUrl}` |
//! | `casino/hub88launchurl` | hub88 | same as EGT |
//! | `casino/softgamingslaunchurl` | softgamings | `{system, pageCode, isMobile (1 or 0)}` |
//!
//! Login is required (401). A bad body is 422 naming the field (`data.field`), a body that is
//! not JSON 400. The game must be an enabled game of that provider in the catalogue, else 400
//! `casino.unknown_game`. Then the provider's adapter ([`super::provider`]) launches it: data is
//! the URL to open (Digitain's with its static host rewritten to `/launch/digitain/`, see
//! [`super::digitain`]), or for SoftGamings the page's HTML with its script. A provider without
//! configured credentials answers 400 with `success: false` and the localized message
//! `launch.provider_not_available` naming the provider: the same status and envelope as
//! `casino/kasalaunchurl` gives an unknown game. Nothing pretends to launch.

use std::sync::Arc;

use axum::extract::{FromRef, State};
use serde::Deserialize;
use serde_json::Value;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::digitain;
use super::provider::{Launch, LaunchError, LaunchRequest, Platform, ProviderSettings, provider};
use crate::auth::CurrentPlayer;
use crate::db::Db;
use crate::error::{ApiResult, AppError, AppJson, EmptyEnvelope, Envelope};
use crate::i18n::{self, Locale};

/// What the launch calls need: the database, the providers' settings and Digitain's static host
/// (to rewrite its URLs).
#[derive(Clone, Debug)]
pub struct LaunchState {
    pub db: Db,
    pub providers: ProviderSettings,
    /// `KASA_DIGITAIN_STATIC_URL`: the origin Digitain's game files come from.
    pub digitain_static_url: Option<Arc<str>>,
}

impl FromRef<LaunchState> for Db {
    fn from_ref(s: &LaunchState) -> Db {
        s.db.clone()
    }
}

/// The six launch calls.
pub fn router() -> OpenApiRouter<LaunchState> {
    OpenApiRouter::new()
        .routes(routes!(dt_launch_url))
        .routes(routes!(em_launch_url))
        .routes(routes!(amusnet_launch_url))
        .routes(routes!(egt_launch_url))
        .routes(routes!(hub88_launch_url))
        .routes(routes!(softgamings_launch_url))
}

/// The catalogue codes of the providers the calls launch.
pub const DIGITAIN: &str = "digitain";
pub const EVERYMATRIX: &str = "everymatrix";
pub const AMUSNET: &str = "amusnet";
pub const EGT: &str = "egt-digital";
pub const HUB88: &str = "hub88";
pub const SOFTGAMINGS: &str = "softgamings";

/// A provider that cannot launch: 400, `success: false`, the message naming it.
fn not_available(name: &str) -> AppError {
    AppError::Refused(i18n::t("launch.provider_not_available").replace("{name}", name))
}

fn invalid(field: &'static str, key: &'static str) -> AppError {
    AppError::Validation { field, key }
}

/// A game code: text (or a number) of 1 to 100 characters.
fn code_field(value: &Option<Value>, field: &'static str) -> Result<String, AppError> {
    text(value).filter(|c| c.chars().count() <= 100).ok_or_else(|| invalid(field, "launch.bad_code"))
}

/// A non-empty text or a number, as text.
fn text(value: &Option<Value>) -> Option<String> {
    match value.as_ref()? {
        Value::String(s) if !s.trim().is_empty() => Some(s.trim().to_string()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// A language code such as `tr`, `en` or `en-GB`.
fn language_field(value: &Option<Value>) -> Result<Locale, AppError> {
    let ok = |l: &str| {
        let mut parts = l.split(['-', '_']);
        let lang = parts.next().unwrap_or("");
        (2..=3).contains(&lang.len())
            && lang.chars().all(|c| c.is_ascii_alphabetic())
            && parts.all(|p| (2..=8).contains(&p.len()) && p.chars().all(|c| c.is_ascii_alphanumeric()))
    };
    match value {
        Some(Value::String(l)) if ok(l.trim()) => Ok(Locale::parse(l.trim())),
        _ => Err(invalid("language", "launch.bad_language")),
    }
}

/// Where the game's lobby button goes: a path of the site or an http(s) address.
fn lobby_url_field(value: &Option<Value>) -> Result<String, AppError> {
    match value {
        Some(Value::String(u)) => {
            let u = u.trim();
            let lower = u.to_ascii_lowercase();
            let fine = u.len() <= 2048
                && !u.chars().any(char::is_whitespace)
                && ((u.starts_with('/') && !u.starts_with("//"))
                    || lower.strip_prefix("https://").or_else(|| lower.strip_prefix("http://")).is_some_and(|h| !h.is_empty()));
            if fine { Ok(u.to_string()) } else { Err(invalid("lobbyUrl", "launch.bad_lobby_url")) }
        }
        _ => Err(invalid("lobbyUrl", "launch.bad_lobby_url")),
    }
}

/// `platform`: 1 desktop, 2 mobile (a number, or its text).
fn platform_field(value: &Option<Value>) -> Result<Platform, AppError> {
    match text(value).as_deref() {
        Some("1") => Ok(Platform::Desktop),
        Some("2") => Ok(Platform::Mobile),
        _ => Err(invalid("platform", "launch.bad_platform")),
    }
}

/// Whether the catalogue has the game, enabled, under the provider.
async fn game_listed(db: &Db, provider_code: &str, code: &str) -> Result<bool, AppError> {
    let found: Option<i64> = sqlx::query_scalar(
        "SELECT g.id FROM games g JOIN providers p ON p.id = g.provider_id \
         WHERE p.code = $1 AND g.code = $2 AND g.enabled = 1 AND p.enabled = 1",
    )
    .bind(provider_code)
    .bind(code)
    .fetch_optional(&db.pool)
    .await?;
    Ok(found.is_some())
}

/// Launches a listed game of the provider for the player through the provider's adapter.
async fn launch_for(
    state: &LaunchState,
    me: &CurrentPlayer,
    provider_code: &str,
    code: &str,
    platform: Platform,
    locale: Locale,
) -> Result<Launch, AppError> {
    if !game_listed(&state.db, provider_code, code).await? {
        return Err(AppError::BadRequest("casino.unknown_game"));
    }
    let adapter = provider(provider_code).ok_or_else(|| not_available(provider_code))?;
    let request = LaunchRequest { player_id: me.player_id, game_code: code, platform, locale, site_session: Some(me.session_id) };
    adapter.launch(&state.db, &state.providers, &request).await.map_err(|e| match e {
        LaunchError::NotConfigured(_) => not_available(adapter.name()),
        other => AppError::from(other),
    })
}

/// The URL of a launch (a provider that answers a page where a URL is expected sends it as is).
fn data(launch: Launch) -> String {
    match launch {
        Launch::Url(url) | Launch::Html(url) => url,
    }
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct DtLaunchBody {
    /// The game's code (gameCode).
    #[schema(value_type = String)]
    pub code: Option<Value>,
}

/// Launches a Digitain game: data is its URL, Digitain's static host rewritten to
/// `/launch/digitain/` (which the server proxies). Not configured: 400 with the message (the app
/// shows it and keeps the game window).
#[utoipa::path(post, path = "/casino/dtlaunchurl", tag = "casino", request_body = DtLaunchBody,
    responses((status = 200, body = Envelope<String>),
        (status = 400, description = "An unknown game, the provider not available, or a body that is not JSON", body = EmptyEnvelope),
        (status = 422, description = "A bad field, named in data.field", body = EmptyEnvelope)),
    security(("bearer" = [])))]
async fn dt_launch_url(State(state): State<LaunchState>, me: CurrentPlayer, AppJson(body): AppJson<DtLaunchBody>) -> ApiResult<String> {
    let code = code_field(&body.code, "code")?;
    let url = data(launch_for(&state, &me, DIGITAIN, &code, Platform::Desktop, Locale::current()).await?);
    Ok(Envelope::ok(match state.digitain_static_url.as_deref() {
        Some(origin) => digitain::rewrite_static_host(&url, origin),
        None => url,
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EmLaunchBody {
    /// The game's code (gameCode).
    #[schema(value_type = String)]
    pub code: Option<Value>,
    /// The game's EveryMatrix product id (text or number).
    #[schema(value_type = String)]
    pub product_id: Option<Value>,
}

/// Launches an EveryMatrix game: data is its URL. Not configured: 400 with the message (the app
/// shows it and keeps the game window).
#[utoipa::path(post, path = "/casino/emlaunchurl", tag = "casino", request_body = EmLaunchBody,
    responses((status = 200, body = Envelope<String>),
        (status = 400, description = "An unknown game, the provider not available, or a body that is not JSON", body = EmptyEnvelope),
        (status = 422, description = "A bad field, named in data.field", body = EmptyEnvelope)),
    security(("bearer" = [])))]
async fn em_launch_url(State(state): State<LaunchState>, me: CurrentPlayer, AppJson(body): AppJson<EmLaunchBody>) -> ApiResult<String> {
    let code = code_field(&body.code, "code")?;
    text(&body.product_id).filter(|p| p.len() <= 64).ok_or_else(|| invalid("productId", "launch.bad_product_id"))?;
    Ok(Envelope::ok(data(launch_for(&state, &me, EVERYMATRIX, &code, Platform::Desktop, Locale::current()).await?)))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AmusnetLaunchBody {
    /// The game's code (gameCode).
    #[schema(value_type = String)]
    pub code: Option<Value>,
    /// true on a phone.
    #[schema(value_type = bool)]
    pub is_mobile: Option<Value>,
}

/// Launches an Amusnet game: data is its URL. Not configured: 400 with the message (the app shows
/// it and closes the game).
#[utoipa::path(post, path = "/casino/amusnetlaunchurl", tag = "casino", request_body = AmusnetLaunchBody,
    responses((status = 200, body = Envelope<String>),
        (status = 400, description = "An unknown game, the provider not available, or a body that is not JSON", body = EmptyEnvelope),
        (status = 422, description = "A bad field, named in data.field", body = EmptyEnvelope)),
    security(("bearer" = [])))]
async fn amusnet_launch_url(
    State(state): State<LaunchState>,
    me: CurrentPlayer,
    AppJson(body): AppJson<AmusnetLaunchBody>,
) -> ApiResult<String> {
    let code = code_field(&body.code, "code")?;
    let platform = match body.is_mobile {
        Some(Value::Bool(true)) => Platform::Mobile,
        Some(Value::Bool(false)) => Platform::Desktop,
        _ => return Err(invalid("isMobile", "launch.bad_is_mobile")),
    };
    Ok(Envelope::ok(data(launch_for(&state, &me, AMUSNET, &code, platform, Locale::current()).await?)))
}

/// The body of `casino/egtlaunchurl` and `casino/hub88launchurl`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EgtLaunchBody {
    /// 2 mobile, 1 desktop.
    #[schema(value_type = i32)]
    pub platform: Option<Value>,
    /// The game's code.
    #[schema(value_type = String)]
    pub game_code: Option<Value>,
    /// The game's language, such as tr or en.
    #[schema(value_type = String)]
    pub language: Option<Value>,
    /// Where the game's lobby (home) button goes: a path of the site or an http(s) address.
    #[schema(value_type = String)]
    pub lobby_url: Option<Value>,
}

/// The fields of an EGT-shaped body: the code, platform and language (the lobby URL checked).
fn egt_fields(body: &EgtLaunchBody) -> Result<(String, Platform, Locale), AppError> {
    let platform = platform_field(&body.platform)?;
    let code = code_field(&body.game_code, "gameCode")?;
    let locale = language_field(&body.language)?;
    lobby_url_field(&body.lobby_url)?;
    Ok((code, platform, locale))
}

/// Launches an EGT Digital game: data is its URL. Not configured: 400 with the message (the app
/// shows it and closes the game).
#[utoipa::path(post, path = "/casino/egtlaunchurl", tag = "casino", request_body = EgtLaunchBody,
    responses((status = 200, body = Envelope<String>),
        (status = 400, description = "An unknown game, the provider not available, or a body that is not JSON", body = EmptyEnvelope),
        (status = 422, description = "A bad field, named in data.field", body = EmptyEnvelope)),
    security(("bearer" = [])))]
async fn egt_launch_url(State(state): State<LaunchState>, me: CurrentPlayer, AppJson(body): AppJson<EgtLaunchBody>) -> ApiResult<String> {
    let (code, platform, locale) = egt_fields(&body)?;
    Ok(Envelope::ok(data(launch_for(&state, &me, EGT, &code, platform, locale).await?)))
}

/// Launches a Hub88 game (the same body as EGT): data is its URL. Not configured: 400 with the
/// message (the app shows it and closes the game).
#[utoipa::path(post, path = "/casino/hub88launchurl", tag = "casino", request_body = EgtLaunchBody,
    responses((status = 200, body = Envelope<String>),
        (status = 400, description = "An unknown game, the provider not available, or a body that is not JSON", body = EmptyEnvelope),
        (status = 422, description = "A bad field, named in data.field", body = EmptyEnvelope)),
    security(("bearer" = [])))]
async fn hub88_launch_url(State(state): State<LaunchState>, me: CurrentPlayer, AppJson(body): AppJson<EgtLaunchBody>) -> ApiResult<String> {
    let (code, platform, locale) = egt_fields(&body)?;
    Ok(Envelope::ok(data(launch_for(&state, &me, HUB88, &code, platform, locale).await?)))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SoftGamingsLaunchBody {
    /// The game's SoftGamings system (text or number).
    #[schema(value_type = String)]
    pub system: Option<Value>,
    /// The game's code (gameCode).
    #[schema(value_type = String)]
    pub page_code: Option<Value>,
    /// 1 on a phone, 0 on a desktop.
    #[schema(value_type = i32)]
    pub is_mobile: Option<Value>,
}

/// Launches a SoftGamings game: data is the HTML of its page with a script, which the app writes
/// into the game window and runs. Not configured: 400 with the message (the app shows it and
/// closes the game).
#[utoipa::path(post, path = "/casino/softgamingslaunchurl", tag = "casino", request_body = SoftGamingsLaunchBody,
    responses((status = 200, body = Envelope<String>),
        (status = 400, description = "An unknown game, the provider not available, or a body that is not JSON", body = EmptyEnvelope),
        (status = 422, description = "A bad field, named in data.field", body = EmptyEnvelope)),
    security(("bearer" = [])))]
async fn softgamings_launch_url(
    State(state): State<LaunchState>,
    me: CurrentPlayer,
    AppJson(body): AppJson<SoftGamingsLaunchBody>,
) -> ApiResult<String> {
    text(&body.system).filter(|s| s.len() <= 64).ok_or_else(|| invalid("system", "launch.bad_system"))?;
    let code = code_field(&body.page_code, "pageCode")?;
    let platform = match text(&body.is_mobile).as_deref() {
        Some("1") => Platform::Mobile,
        Some("0") => Platform::Desktop,
        _ => return Err(invalid("isMobile", "launch.bad_is_mobile_number")),
    };
    Ok(Envelope::ok(data(launch_for(&state, &me, SOFTGAMINGS, &code, platform, Locale::current()).await?)))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::{lobby_url_field, platform_field, text};

    #[test]
    fn fields_take_text_or_numbers_and_lobby_urls_are_site_paths_or_http() {
        assert_eq!(text(&Some(json!(12))).as_deref(), Some("12"));
        assert_eq!(text(&Some(json!(" p1 "))).as_deref(), Some("p1"));
        assert_eq!(text(&Some(json!(""))), None);
        assert_eq!(text(&Some(json!(true))), None);
        assert!(platform_field(&Some(json!(2))).is_ok() && platform_field(&Some(json!("1"))).is_ok());
        assert!(platform_field(&Some(json!(3))).is_err());
        for ok in ["/casino", "https://kasa.bet/casino", "http://localhost:8080/"] {
            assert!(lobby_url_field(&Some(json!(ok))).is_ok(), "{ok}");
        }
        for bad in ["", "//evil.example", "javascript:alert(1)", "https://", "/a b"] {
            assert!(lobby_url_field(&Some(json!(bad))).is_err(), "{bad}");
        }
    }
}
