//! The application state and the router: the `/api/` calls, the OpenAPI document, the app and media.

use axum::Router;
use axum::extract::{DefaultBodyLimit, Request};
use axum::http::{HeaderValue, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use tower_http::compression::CompressionLayer;
use tower_http::set_header::SetResponseHeaderLayer;
use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;

use std::sync::Arc;

use crate::auth::password::Hashing;
use crate::config::Edge;
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
    /// Request size and time limits, hub caps.
    pub edge: Edge,
    /// Bounded password hashing.
    pub hashing: Arc<Hashing>,
}

impl AppState {
    /// A state with the default senders (the outbox table) and the default limits.
    pub fn new(db: Db) -> AppState {
        let outbox: Arc<dyn Sender> = Arc::new(OutboxSender { db: db.clone() });
        AppState::with(db, outbox.clone(), outbox, Limits::default(), Edge::default())
    }

    /// A state configured from the environment (senders, limits, the edge).
    pub fn from_env(db: Db) -> anyhow::Result<AppState> {
        let (sms, mail) = outbox::senders_from_env(&db)?;
        Ok(AppState::with(db, sms, mail, Limits::from_env()?, Edge::from_env()?))
    }

    fn with(db: Db, sms: Arc<dyn Sender>, mail: Arc<dyn Sender>, limits: Limits, edge: Edge) -> AppState {
        let hashing = Arc::new(Hashing::new(edge.hash_threads, edge.hash_queue));
        AppState { db, sms, mail, limits, hub: Arc::new(Hub::new(HubTimings::default())), edge, hashing }
    }

    /// Changes the edge settings (and the password hashing bound that follows from them).
    pub fn set_edge(&mut self, edge: Edge) {
        self.hashing = Arc::new(Hashing::new(edge.hash_threads, edge.hash_queue));
        self.edge = edge;
    }
}

/// The whole site: API, OpenAPI document, app and media.
pub fn build_router(state: AppState) -> Router {
    let edge = state.edge;
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
        .layer(DefaultBodyLimit::max(edge.body_limit))
        .layer(middleware::from_fn(move |req: Request, next: Next| deadline(edge.request_timeout, req, next)))
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

/// Ends a request that takes longer than `limit` (a body sent too slowly, a stuck call) with 408;
/// the unread body makes the server close the connection.
async fn deadline(limit: std::time::Duration, req: Request, next: Next) -> Response {
    match tokio::time::timeout(limit, next.run(req)).await {
        Ok(resp) => resp,
        Err(_) => {
            tracing::warn!("request timed out");
            AppError::Timeout.into_response()
        }
    }
}

async fn api_not_found() -> Response {
    AppError::NotFound("error.api_not_found").into_response()
}

async fn api_method_not_allowed() -> Response {
    AppError::MethodNotAllowed.into_response()
}
