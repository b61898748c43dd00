//! The router: the `/api/` calls (each area on its sub-state), the OpenAPI document, the app and
//! media, and the layers every answer passes (security headers, compression, limits, logging).

use std::sync::Arc;

use axum::Router;
use axum::extract::{DefaultBodyLimit, FromRef, Request};
use axum::http::{HeaderValue, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use tower_http::compression::CompressionLayer;
use tower_http::compression::predicate::{DefaultPredicate, NotForContentType, Predicate};
use tower_http::set_header::SetResponseHeaderLayer;
use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;

use crate::accounts::AccountsState;
use crate::cms::CmsState;
use crate::db::Db;
use crate::error::AppError;
use crate::i18n::{self, Locale};
use crate::security_headers::SecurityHeaders;
pub use crate::state::AppState;
use crate::{
    accounts, backoffice, bonus, casino, cms, http, hub, kyc, notify, openapi, payments, profile, protection, sports, studio, web,
};

/// The `/api/` calls, area by area: the one list both the router and the OpenAPI document are
/// built from. Without a state (`kasa openapi`) it holds the document only.
fn api(state: Option<&AppState>) -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(openapi::ApiDoc::openapi())
        .merge(area(cms::router(), state.map(CmsState::from_ref)))
        .merge(area(accounts::router(), state.map(AccountsState::from_ref)))
        .merge(area(profile::router(), state.cloned()))
        .merge(area(bonus::router(), state.map(|s| s.db.clone())))
        .merge(area(
            sports::router(),
            state.map(|s| sports::SportsState { db: s.db.clone(), books: s.sportsbooks.clone(), live: s.sports_live.clone() }),
        ))
        .merge(area(notify::router(), state.map(|s| s.db.clone())))
        .merge(area(protection::router(), state.map(protection::ProtectionState::from_ref)))
        .merge(area(kyc::router(), state.map(kyc::KycState::from_ref)))
        .merge(area(payments::router(), state.map(payments::PaymentsState::from_ref)))
        .merge(area(casino::router(), state.map(|s| casino::CasinoState::new(s.db.clone()))))
        .merge(area(casino::provider::router::<Db>().merge(casino::history::router()), state.map(|s| s.db.clone())))
        .merge(area(
            casino::jackpots::router(),
            state.map(|s| casino::jackpots::JackpotState::new(s.db.clone(), s.amusnet_jackpot_url.clone())),
        ))
        .merge(area(
            casino::launch::router(),
            state.map(|s| casino::launch::LaunchState {
                db: s.db.clone(),
                providers: s.providers.clone(),
                digitain_static_url: s.digitain_static_url.clone(),
            }),
        ))
}

/// The studio games' JSON API under `/games/api/`, outside `/api/` but in the same document.
fn games(state: Option<&AppState>) -> OpenApiRouter<AppState> {
    area(studio::router(), state.map(|s| s.db.clone()))
        .merge(area(studio::crash_router(), state.map(|s| studio::CrashState { db: s.db.clone(), feed: s.crash.clone() })))
}

/// The back office's API under `/admin/api/` (issue 32), outside `/api/` but in the same document.
fn admin(state: Option<&AppState>) -> OpenApiRouter<AppState> {
    area(backoffice::router(), state.map(backoffice::BackofficeState::from_ref))
}

/// The document of the `/api/` calls, the games' calls and the back office's, with the shared
/// conventions.
fn document(api: utoipa::openapi::OpenApi, games: utoipa::openapi::OpenApi, admin: utoipa::openapi::OpenApi) -> utoipa::openapi::OpenApi {
    let mut doc = api;
    studio::document_into(&mut doc, games);
    backoffice::document_into(&mut doc, admin);
    openapi::finish(doc)
}

/// An area's calls on its sub-state, or only their documentation when there is no state.
fn area<S: Clone + Send + Sync + 'static>(calls: OpenApiRouter<S>, state: Option<S>) -> OpenApiRouter<AppState> {
    match state {
        Some(state) => calls.with_state(state),
        None => OpenApiRouter::with_openapi(calls.into_openapi()),
    }
}

/// The OpenAPI document of every `/api/` call (served at `/api/openapi.json`, printed by `kasa openapi`).
pub fn api_doc() -> utoipa::openapi::OpenApi {
    document(api(None).into_openapi(), games(None).into_openapi(), admin(None).into_openapi())
}

/// The whole site: API, OpenAPI document, app and media.
pub fn build_router(state: AppState) -> Router {
    let edge = state.edge;
    let security = Arc::new(
        SecurityHeaders::new(web::index_html().as_deref(), &[cms::fingerprint::SCRIPT], state.live_chat_origin.as_deref())
            .with_frames(&state.sportsbooks.frame_origins()),
    );
    let (api, doc) = api(Some(&state)).split_for_parts();
    let (games_router, games_doc) = games(Some(&state)).split_for_parts();
    let (admin_router, admin_doc) = admin(Some(&state)).split_for_parts();
    let doc_json = openapi::to_json(&document(doc, games_doc, admin_doc)).unwrap_or_default();
    let api = api
        .route("/openapi.json", get(move || async move { ([(header::CONTENT_TYPE, "application/json")], doc_json) }))
        .fallback(api_not_found)
        .method_not_allowed_fallback(api_method_not_allowed)
        .layer(SetResponseHeaderLayer::overriding(header::CACHE_CONTROL, HeaderValue::from_static("no-store")));
    Router::new()
        .nest("/api", api)
        .route("/hub/frnotify", get(hub::socket::upgrade))
        .route("/health/live", get(crate::health::live))
        .route("/health/ready", get(ready))
        .merge(payments::page::router().with_state(payments::PaymentsState::from_ref(&state)))
        .merge(casino::hub88::router().with_state(casino::hub88::Hub88State::from_ref(&state)))
        .merge(games_router.layer(SetResponseHeaderLayer::overriding(header::CACHE_CONTROL, HeaderValue::from_static("no-store"))))
        .merge(admin_router.layer(SetResponseHeaderLayer::if_not_present(header::CACHE_CONTROL, HeaderValue::from_static("no-store"))))
        .merge(studio::page::router().with_state(state.db.clone()))
        .merge(casino::digitain::router(state.digitain_static_url.clone()))
        .fallback(web::fallback)
        .layer(DefaultBodyLimit::max(edge.body_limit))
        .layer(CompressionLayer::new().compress_when(compressible()))
        .layer(middleware::from_fn(move |req: Request, next: Next| scope(edge.request_timeout, security.clone(), req, next)))
        .layer(http::trace::layer())
        .layer(middleware::from_fn(crate::telemetry::record))
        .with_state(state)
}

/// What the compression layer compresses: its default (bodies over 32 bytes, no images but SVG, no
/// gRPC or event streams) less fonts, which WOFF2 compresses already. An answer that carries a
/// `Content-Encoding` (a precompressed file of the app, `cms/grouped`) is never compressed again.
fn compressible() -> impl Predicate {
    DefaultPredicate::new().and(NotForContentType::const_new("font/"))
}

/// Runs each request with its `x-locale`, so errors come out in the player's language; ends one
/// that takes longer than `limit` (a body sent too slowly, a stuck call) with 408, the unread body
/// making the server close the connection; and adds the security headers to every answer. One
/// layer for the three: every request passes here, the balance poll of every player included.
async fn scope(limit: std::time::Duration, security: Arc<SecurityHeaders>, req: Request, next: Next) -> Response {
    let locale = req.headers().get("x-locale").and_then(|v| v.to_str().ok()).map(Locale::parse).unwrap_or_default();
    let host = req.headers().get(header::HOST).cloned();
    let mut resp = match tokio::time::timeout(limit, i18n::scope(locale, next.run(req))).await {
        Ok(resp) => resp,
        Err(_) => {
            tracing::warn!("request timed out");
            i18n::scope(locale, async { AppError::Timeout.into_response() }).await
        }
    };
    security.apply(host.as_ref(), &mut resp);
    resp
}

async fn ready(axum::extract::State(state): axum::extract::State<AppState>) -> Response {
    crate::health::ready(&state.db, &state.draining).await
}

async fn api_not_found() -> Response {
    AppError::NotFound("error.api_not_found").into_response()
}

async fn api_method_not_allowed() -> Response {
    AppError::MethodNotAllowed.into_response()
}

#[cfg(test)]
mod tests {
    use axum::body::Body;
    use axum::http::{Request, Response, header};
    use tower::{ServiceBuilder, ServiceExt};
    use tower_http::compression::CompressionLayer;

    use super::compressible;

    /// What the compression layer sends for an answer of `content_type` (already in `encoding`)
    /// to a client that takes gzip.
    async fn compressed(content_type: &str, encoding: Option<&str>) -> Option<String> {
        let (content_type, encoding) = (content_type.to_string(), encoding.map(str::to_string));
        let answer = tower::service_fn(move |_: Request<Body>| {
            let mut resp = Response::new(Body::from(vec![b'a'; 4096]));
            resp.headers_mut().insert(header::CONTENT_TYPE, content_type.parse().unwrap());
            if let Some(e) = &encoding {
                resp.headers_mut().insert(header::CONTENT_ENCODING, e.parse().unwrap());
            }
            async move { Ok::<_, std::convert::Infallible>(resp) }
        });
        let service = ServiceBuilder::new().layer(CompressionLayer::new().compress_when(compressible())).service(answer);
        let request = Request::builder().header(header::ACCEPT_ENCODING, "gzip").body(Body::empty()).unwrap();
        let resp = service.oneshot(request).await.unwrap();
        resp.headers().get(header::CONTENT_ENCODING).map(|v| v.to_str().unwrap().to_string())
    }

    #[tokio::test]
    async fn text_is_compressed_but_images_fonts_and_compressed_answers_are_left_alone() {
        assert_eq!(compressed("application/json", None).await.as_deref(), Some("gzip"));
        assert_eq!(compressed("image/svg+xml", None).await.as_deref(), Some("gzip"));
        for kind in ["image/webp", "image/avif", "image/png", "font/woff2"] {
            assert_eq!(compressed(kind, None).await, None, "{kind}");
        }
        assert_eq!(compressed("text/javascript", Some("br")).await.as_deref(), Some("br"), "compressed twice");
    }
}
