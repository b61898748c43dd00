//! The router: the `/api/` calls (each area on its sub-state), the OpenAPI document, the app and media.

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

use crate::accounts::AccountsState;
use crate::cms::CmsState;
use crate::error::AppError;
use crate::i18n::{self, Locale};
pub use crate::state::AppState;
use crate::{accounts, bonus, cms, http, hub, notify, openapi, profile, web};

/// The whole site: API, OpenAPI document, app and media.
pub fn build_router(state: AppState) -> Router {
    let edge = state.edge;
    let (api, doc) = OpenApiRouter::with_openapi(openapi::ApiDoc::openapi())
        .merge(cms::router().with_state(CmsState::from_ref(&state)))
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
