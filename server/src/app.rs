//! The application state and the router: the `/api/` calls, the OpenAPI document, the app and media.

use axum::Router;
use axum::extract::Request;
use axum::http::{HeaderValue, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use tower_http::compression::CompressionLayer;
use tower_http::set_header::SetResponseHeaderLayer;
use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;

use std::sync::Arc;

use crate::db::Db;
use crate::error::AppError;
use crate::hub::{Hub, HubTimings};
use crate::i18n::{self, Locale};
use crate::outbox::{self, OutboxSender, Sender};
use crate::ratelimit::Limits;
use crate::{accounts, bonus, cms, http, hub, notify, openapi, web};

/// What every handler can reach.
#[derive(Clone, Debug)]
pub struct AppState {
    pub db: Db,
    /// Sends SMS codes (the outbox by default).
    pub sms: Arc<dyn Sender>,
    /// Sends e-mail (the outbox by default).
    pub mail: Arc<dyn Sender>,
    pub limits: Limits,
    /// This node's real-time connections.
    pub hub: Arc<Hub>,
}

impl AppState {
    /// A state with the default senders (the outbox table) and the default limits.
    pub fn new(db: Db) -> AppState {
        let outbox: Arc<dyn Sender> = Arc::new(OutboxSender { db: db.clone() });
        AppState { db, sms: outbox.clone(), mail: outbox, limits: Limits::default(), hub: Arc::new(Hub::new(HubTimings::default())) }
    }

    /// A state configured from the environment (senders, limits).
    pub fn from_env(db: Db) -> anyhow::Result<AppState> {
        let (sms, mail) = outbox::senders_from_env(&db)?;
        Ok(AppState { db, sms, mail, limits: Limits::from_env()?, hub: Arc::new(Hub::new(HubTimings::default())) })
    }
}

/// The whole site: API, OpenAPI document, app and media.
pub fn build_router(state: AppState) -> Router {
    let (api, doc) = OpenApiRouter::with_openapi(openapi::ApiDoc::openapi())
        .merge(cms::router())
        .merge(accounts::router())
        .merge(bonus::router())
        .merge(notify::router())
        .split_for_parts();
    let doc_json = doc.to_pretty_json().unwrap_or_default();
    let api = api
        .route("/openapi.json", get(move || async move { ([(header::CONTENT_TYPE, "application/json")], doc_json) }))
        .fallback(api_not_found)
        .method_not_allowed_fallback(api_method_not_allowed)
        .layer(SetResponseHeaderLayer::overriding(header::CACHE_CONTROL, HeaderValue::from_static("no-store")));
    Router::new()
        .nest("/api", api)
        .route("/hub/frnotify", get(hub::socket::upgrade))
        .fallback(web::fallback)
        .layer(middleware::from_fn(locale_scope))
        .layer(CompressionLayer::new())
        .layer(http::trace::layer())
        .with_state(state)
}

/// Runs each request with its `x-locale` so errors come out in the player's language.
async fn locale_scope(req: Request, next: Next) -> Response {
    let locale = req.headers().get("x-locale").and_then(|v| v.to_str().ok()).map(Locale::parse).unwrap_or_default();
    i18n::scope(locale, next.run(req)).await
}

async fn api_not_found() -> Response {
    AppError::NotFound("error.api_not_found").into_response()
}

async fn api_method_not_allowed() -> Response {
    AppError::MethodNotAllowed.into_response()
}
