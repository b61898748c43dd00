//! The application state and the router: the `/api/` calls, the OpenAPI document, the app and media.

use axum::Router;
use axum::extract::{DefaultBodyLimit, FromRef, Request};
use axum::http::{HeaderValue, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use tower_http::compression::CompressionLayer;
use tower_http::set_header::SetResponseHeaderLayer;
use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;

use std::sync::Arc;

use crate::accounts::AccountsState;
use crate::auth::password::Hashing;
use crate::config::{Edge, Settings};
use crate::db::Db;
use crate::error::AppError;
use crate::hub::{Hub, HubTimings};
use crate::i18n::{self, Locale};
use crate::outbox::{self, OutboxSender, Sender};
use crate::ratelimit::Limits;
use crate::{accounts, bonus, cms, http, hub, notify, openapi, profile, web};

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
    /// This node's name (its journal cursor); `HOSTNAME:PORT` when `None`.
    pub node_id: Option<String>,
    /// This node's `cms/grouped` answers, rebuilt when the content changes.
    pub content: Arc<cms::ContentCache>,
}

impl AppState {
    /// A state with the default senders (the outbox table) and the default limits.
    pub fn new(db: Db) -> AppState {
        let outbox: Arc<dyn Sender> = Arc::new(OutboxSender { db: db.clone() });
        AppState::with(db, outbox.clone(), outbox, Limits::default(), Edge::default())
    }

    /// A state configured by the node's settings (senders, limits, the edge, its name).
    pub fn from_settings(db: Db, settings: &Settings) -> anyhow::Result<AppState> {
        let (sms, mail) = outbox::senders(&db, settings)?;
        let mut state = AppState::with(db, sms, mail, settings.limits.clone(), settings.edge);
        state.node_id = settings.node_id.clone();
        Ok(state)
    }

    fn with(db: Db, sms: Arc<dyn Sender>, mail: Arc<dyn Sender>, limits: Limits, edge: Edge) -> AppState {
        let hashing = Arc::new(Hashing::new(edge.hash_threads, edge.hash_queue));
        let content = Arc::new(cms::ContentCache::new(db.clone()));
        AppState { db, sms, mail, limits, hub: Arc::new(Hub::new(HubTimings::default())), edge, hashing, content, node_id: None }
    }

    /// Changes the edge settings (and the password hashing bound that follows from them).
    pub fn set_edge(&mut self, edge: Edge) {
        self.hashing = Arc::new(Hashing::new(edge.hash_threads, edge.hash_queue));
        self.edge = edge;
    }
}

impl FromRef<AppState> for AccountsState {
    fn from_ref(s: &AppState) -> AccountsState {
        AccountsState { db: s.db.clone(), sms: s.sms.clone(), mail: s.mail.clone(), limits: s.limits.clone(), hashing: s.hashing.clone() }
    }
}

impl FromRef<AppState> for Db {
    fn from_ref(s: &AppState) -> Db {
        s.db.clone()
    }
}

/// `cms/grouped` takes the content cache alone.
impl FromRef<AppState> for Arc<cms::ContentCache> {
    fn from_ref(s: &AppState) -> Arc<cms::ContentCache> {
        s.content.clone()
    }
}

/// The whole site: API, OpenAPI document, app and media.
pub fn build_router(state: AppState) -> Router {
    let edge = state.edge;
    // The node's journal tailer (started with this hub) tells the content cache of content changes.
    hub::tail::listen_internal(&state.hub, state.content.clone());
    let (api, doc) = OpenApiRouter::with_openapi(openapi::ApiDoc::openapi())
        .merge(cms::router())
        .merge(accounts::router().with_state(AccountsState::from_ref(&state)))
        .merge(profile::router())
        .merge(bonus::router().with_state(state.db.clone()))
        .merge(notify::router().with_state(state.db.clone()))
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
