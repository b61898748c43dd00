//! Handlers of the content area: `cms/grouped`, `cms/content/{id}`, `cms/coveryjs`, `cms/fingerprintlog`.

use std::sync::Arc;

use axum::extract::{Path, Request, State};
use axum::http::header;
use axum::response::Response;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::CmsState;
use super::bootstrap::Bootstrap;
use super::sanitize::sanitize_html;
use super::{ContentCache, fingerprint, store};
use crate::error::{ApiResult, AppError, AppJson, EmptyEnvelope, Envelope, FieldError};
use crate::http::client::ClientInfo;
use crate::i18n::{RequestLocale, header_locale, t};
use crate::ratelimit;

pub fn router() -> OpenApiRouter<CmsState> {
    OpenApiRouter::new()
        .routes(routes!(grouped))
        .routes(routes!(super::promotions::promotions))
        .routes(routes!(content_page))
        .routes(routes!(coveryjs))
        .routes(routes!(fingerprint_log))
}

/// Everything the app needs to start, in the language of `x-locale` (served from the node's
/// memory; see [`super::cache`]).
#[utoipa::path(get, path = "/cms/grouped", tag = "cms",
    params(("x-locale" = Option<String>, Header, description = "tr (default) or en")),
    responses((status = 200, body = Envelope<Bootstrap>)))]
async fn grouped(State(cache): State<Arc<ContentCache>>, req: Request) -> Result<Response, AppError> {
    let answer = cache.grouped(&header_locale(req.headers())).await?;
    Ok(answer.response(req.headers().get(header::ACCEPT_ENCODING)))
}

/// One content page (title and sanitised HTML body) in the language of `x-locale`.
#[utoipa::path(get, path = "/cms/content/{id}", tag = "cms",
    params(("id" = i64, Path, description = "content id; 3 is About Us")),
    responses((status = 200, body = Envelope<store::ContentPage>), (status = 404, body = EmptyEnvelope)))]
async fn content_page(
    State(state): State<CmsState>,
    RequestLocale(requested): RequestLocale,
    Path(id): Path<String>,
) -> ApiResult<store::ContentPage> {
    let id: i64 = id.parse().map_err(|_| AppError::NotFound("cms.content_not_found"))?;
    let locale = store::content_locale(&state.db, &requested).await?;
    let mut page = store::content_page(&state.db, id, &locale).await?.ok_or(AppError::NotFound("cms.content_not_found"))?;
    page.body = sanitize_html(&page.body);
    Ok(Envelope::ok(page))
}

/// The fingerprint collector script; the app runs it and reads `window.kasaFingerprint`.
#[utoipa::path(get, path = "/cms/coveryjs", tag = "cms", responses((status = 200, body = Envelope<String>)))]
async fn coveryjs() -> Envelope<&'static str> {
    Envelope::ok(fingerprint::SCRIPT)
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FingerprintLog {
    pub visitor_id: String,
    #[schema(value_type = Object)]
    pub components: serde_json::Value,
}

/// Stores a browser fingerprint's components for fraud analysis (the app sends about 1 visit in 100).
#[utoipa::path(post, path = "/cms/fingerprintlog", tag = "cms", request_body = FingerprintLog,
    responses((status = 200, body = EmptyEnvelope), (status = 413, body = EmptyEnvelope), (status = 415, body = EmptyEnvelope),
        (status = 422, body = Envelope<FieldError>), (status = 429, body = EmptyEnvelope)))]
async fn fingerprint_log(State(state): State<CmsState>, client: ClientInfo, AppJson(body): AppJson<FingerprintLog>) -> ApiResult<()> {
    // An unauthenticated write: limited per IP, bad posts counted too.
    ratelimit::take(&state.db, &ratelimit::ip_bucket("write", client.ip), state.write_ip, "error.too_many").await?;
    let components = body.components.to_string();
    let valid_id = !body.visitor_id.is_empty()
        && body.visitor_id.len() <= 128
        && body.visitor_id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-');
    if !valid_id || !body.components.is_object() || components.len() > 16 * 1024 {
        return Err(AppError::Validation { field: "components", key: "cms.fingerprint_invalid" });
    }
    let ip = client.ip.map(|ip| ip.to_string());
    store::insert_fingerprint_log(&state.db, &body.visitor_id, &components, ip.as_deref(), client.user_agent.as_deref()).await?;
    Ok(Envelope { success: true, message: Some(t("cms.fingerprint_saved")), data: None })
}
