//! Game providers: every provider is an adapter behind one trait, [`Provider`]: its code and
//! name, and launching a game for a player on a platform in a language (a URL, or the HTML of a
//! page for SoftGamings). Their wallet calls (balance, bet, win, rollback) all go through
//! [`crate::rounds`]. The studio (`kasa`) is the adapter that works with no outside contract; the
//! outside providers answer "not configured" until their adapters are built; Hub88's is
//! [`super::hub88`], "not configured" until `KASA_HUB88_*` are set (the node's
//! [`ProviderSettings`], in the application state). [`provider`] finds an adapter by its code.
//!
//! `POST casino/kasalaunchurl {code, isMobile}` launches a studio game: a launch token (random,
//! stored hashed, bound to the player and the game, 5 minutes, single use) in the URL
//! `/games/{code}/?token=..&lang=..` (the request's language).

use std::sync::Arc;

use axum::extract::State;
use serde::Deserialize;
use sqlx::Row;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::hub88::Hub88;
use crate::auth::CurrentPlayer;
use crate::config::Settings;
use crate::db::Db;
use crate::error::{ApiResult, AppError, AppJson, EmptyEnvelope, Envelope};
use crate::i18n::Locale;
use crate::studio;

/// The outside providers' settings of the node (part of the application state): Hub88's, when
/// `KASA_HUB88_*` are set.
#[derive(Clone, Debug, Default)]
pub struct ProviderSettings {
    pub hub88: Option<Arc<Hub88>>,
}

impl ProviderSettings {
    /// The providers configured by the node's settings.
    pub fn from_settings(settings: &Settings) -> anyhow::Result<ProviderSettings> {
        Ok(ProviderSettings { hub88: Hub88::from_settings(settings)?.map(Arc::new) })
    }
}

/// Where a game is played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Platform {
    Desktop,
    Mobile,
}

/// A game to launch for a player.
#[derive(Debug, Clone)]
pub struct LaunchRequest<'a> {
    pub player_id: i64,
    /// The provider's game code.
    pub game_code: &'a str,
    pub platform: Platform,
    pub locale: Locale,
    /// The site session the player launches from: the game lives only while it does.
    pub site_session: Option<i64>,
}

/// How a provider's game opens.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Launch {
    /// The URL to open in the game frame.
    Url(String),
    /// A page to write into the frame (SoftGamings answers HTML).
    Html(String),
}

/// Why a game could not be launched.
#[derive(Debug, thiserror::Error)]
pub enum LaunchError {
    /// The provider has no configuration (no contract, or not built yet).
    #[error("provider {0} is not configured")]
    NotConfigured(&'static str),
    /// No such game, or it is disabled.
    #[error("unknown or disabled game")]
    UnknownGame,
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

impl From<LaunchError> for AppError {
    fn from(e: LaunchError) -> AppError {
        match e {
            LaunchError::NotConfigured(_) => AppError::BadRequest("casino.provider_unavailable"),
            LaunchError::UnknownGame => AppError::BadRequest("casino.unknown_game"),
            LaunchError::Database(db) => AppError::Database(db),
        }
    }
}

/// A game provider's adapter.
#[async_trait::async_trait]
pub trait Provider: Send + Sync {
    /// Its code: the catalogue's `providers.code`, its house account `house:provider:CODE`.
    fn code(&self) -> &'static str;
    fn name(&self) -> &'static str;
    /// Launches a game for a player, with the node's provider settings.
    async fn launch(&self, db: &Db, settings: &ProviderSettings, request: &LaunchRequest<'_>) -> Result<Launch, LaunchError>;
}

/// The studio: its games are played under `/games/`.
pub struct Kasa;

#[async_trait::async_trait]
impl Provider for Kasa {
    fn code(&self) -> &'static str {
        studio::PROVIDER
    }

    fn name(&self) -> &'static str {
        "Kasa Studio"
    }

    async fn launch(&self, db: &Db, _: &ProviderSettings, request: &LaunchRequest<'_>) -> Result<Launch, LaunchError> {
        let code = request.game_code;
        if studio::engine::info(code).is_none() || disabled_in_catalogue(db, self.code(), code).await? {
            return Err(LaunchError::UnknownGame);
        }
        // Single use, 5 minutes, while the site session lives (its game session too).
        let mobile = request.platform == Platform::Mobile;
        let (player, site) = (request.player_id, request.site_session);
        let token = crate::auth::launch::issue(db, player, site, self.code(), code, mobile, studio::store::LAUNCH_TTL_MS).await?;
        Ok(Launch::Url(format!("/games/{code}/?token={token}&lang={}", request.locale.code())))
    }
}

/// Whether the catalogue lists the game (or its provider) as disabled; a game it does not list
/// is not disabled by it.
async fn disabled_in_catalogue(db: &Db, provider: &str, code: &str) -> Result<bool, sqlx::Error> {
    let row =
        sqlx::query("SELECT g.enabled, p.enabled FROM games g JOIN providers p ON p.id = g.provider_id WHERE p.code = $1 AND g.code = $2")
            .bind(provider)
            .bind(code)
            .fetch_optional(&db.pool)
            .await?;
    Ok(match row {
        Some(r) => r.try_get::<i64, _>(0)? == 0 || r.try_get::<i64, _>(1)? == 0,
        None => false,
    })
}

/// An outside provider whose adapter is not configured yet.
pub struct Unconfigured {
    code: &'static str,
    name: &'static str,
}

#[async_trait::async_trait]
impl Provider for Unconfigured {
    fn code(&self) -> &'static str {
        self.code
    }

    fn name(&self) -> &'static str {
        self.name
    }

    async fn launch(&self, _db: &Db, _: &ProviderSettings, _request: &LaunchRequest<'_>) -> Result<Launch, LaunchError> {
        Err(LaunchError::NotConfigured(self.code))
    }
}

static PROVIDERS: [&dyn Provider; 7] = [
    &Kasa,
    &Unconfigured { code: "softgamings", name: "SoftGamings" },
    &super::hub88::Hub88Provider,
    &Unconfigured { code: "egt-digital", name: "EGT Digital" },
    &Unconfigured { code: "amusnet", name: "Amusnet" },
    &Unconfigured { code: "everymatrix", name: "EveryMatrix" },
    &Unconfigured { code: "digitain", name: "Digitain" },
];

/// Every provider adapter.
pub fn providers() -> &'static [&'static dyn Provider] {
    &PROVIDERS
}

/// The adapter of a provider code.
pub fn provider(code: &str) -> Option<&'static dyn Provider> {
    PROVIDERS.iter().copied().find(|p| p.code() == code)
}

/// `casino/kasalaunchurl`.
pub fn router<S>() -> OpenApiRouter<S>
where
    Db: axum::extract::FromRef<S>,
    S: Clone + Send + Sync + 'static,
{
    OpenApiRouter::new().routes(routes!(kasa_launch_url))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct KasaLaunchBody {
    /// The studio game's code (gameCode).
    pub code: String,
    #[serde(default)]
    pub is_mobile: bool,
}

/// Launches a studio game: data is its URL `/games/{code}/?token=..&lang=..` (relative to the
/// site) with a launch token bound to the player and the game, valid for 5 minutes and once. An
/// unknown or disabled game: 400 with a message.
#[utoipa::path(post, path = "/casino/kasalaunchurl", tag = "casino", request_body = KasaLaunchBody,
    responses((status = 200, body = Envelope<String>),
        (status = 400, description = "An unknown or disabled game, or a body that is not JSON", body = EmptyEnvelope)),
    security(("bearer" = [])))]
async fn kasa_launch_url(State(db): State<Db>, me: CurrentPlayer, AppJson(body): AppJson<KasaLaunchBody>) -> ApiResult<String> {
    let request = LaunchRequest {
        player_id: me.player_id,
        game_code: body.code.trim(),
        platform: if body.is_mobile { Platform::Mobile } else { Platform::Desktop },
        locale: Locale::current(),
        site_session: Some(me.session_id),
    };
    let kasa = provider(studio::PROVIDER).ok_or(AppError::BadRequest("casino.provider_unavailable"))?;
    // The studio needs no outside settings.
    match kasa.launch(&db, &ProviderSettings::default(), &request).await? {
        Launch::Url(url) => Ok(Envelope::ok(url)),
        Launch::Html(html) => Ok(Envelope::ok(html)),
    }
}

#[cfg(test)]
mod tests {
    use super::{provider, providers};

    #[test]
    fn every_provider_of_the_catalogue_has_an_adapter_and_codes_are_unique() {
        let catalogue: serde_json::Value = serde_json::from_str(include_str!("../../../content/games.json")).unwrap();
        for p in catalogue["providers"].as_array().unwrap() {
            let code = p["code"].as_str().unwrap();
            assert!(provider(code).is_some_and(|a| a.code() == code), "no adapter for {code}");
        }
        let mut codes: Vec<&str> = providers().iter().map(|p| p.code()).collect();
        codes.sort_unstable();
        codes.dedup();
        assert_eq!(codes.len(), providers().len());
    }
}
