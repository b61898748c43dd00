//! Handlers of the content area: `cms/grouped`, `cms/content/{id}`, `cms/coveryjs`, `cms/fingerprintlog`.

use std::sync::Arc;

use axum::extract::{Path, Request, State};
use axum::http::header;
use axum::response::Response;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::CmsState;
use super::{ContentCache, fingerprint, store};
use crate::db::Db;
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

/// The bootstrap data of the spec (section 3).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Bootstrap {
    pub casino_category_list: Vec<store::CasinoCategory>,
    pub language: Vec<store::Language>,
    pub translation_list: Vec<store::Translation>,
    pub site_option: Vec<store::SiteOption>,
    pub domain_status: store::DomainStatus,
    /// Lira.
    pub trial_bonus_amount: f64,
    pub popup: Option<store::Popup>,
    #[schema(value_type = Vec<EgtJackpotCard>)]
    pub egt_jackpot_cards: Vec<serde_json::Value>,
    /// Amusnet jackpot cards, as the content keeps them.
    #[schema(value_type = Vec<Object>)]
    pub jackpot_cards: Vec<serde_json::Value>,
    pub slider_list: Vec<store::Banner>,
    pub category_list: Vec<store::ContentCategory>,
}

/// An EGT jackpot card of the bootstrap: the studio's High Cash and Clover Chance with their live
/// levels, then the other cards of content/jackpots.json as kept; this type documents the shape the
/// app reads.
#[derive(Debug, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EgtJackpotCard {
    pub instance_name: String,
    pub level_stats: Vec<JackpotLevel>,
}

/// One level of a jackpot card.
#[derive(Debug, ToSchema)]
pub struct JackpotLevel {
    /// I, II, III or IV.
    #[schema(nullable = false)]
    pub level: Option<String>,
    #[schema(nullable = false)]
    pub name: Option<String>,
    /// Lira.
    pub amount: f64,
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

/// The bootstrap data in a content locale, read from the database.
pub async fn bootstrap(db: &Db, locale: &str) -> sqlx::Result<Bootstrap> {
    let (casino, language, translations, options, domains, trial, popup, egt, amusnet, sliders, categories) = tokio::try_join!(
        store::casino_categories(db, locale),
        store::languages(db),
        store::translations(db, locale),
        store::site_options_in(db, locale),
        store::domain_status(db),
        store::trial_bonus_kurus(db),
        store::active_popup(db, locale),
        store::jackpot_cards(db, "egt"),
        store::jackpot_cards(db, "amusnet"),
        store::sliders(db, locale),
        store::content_categories(db, locale),
    )?;
    // The studio's jackpots live, then the content's other cards.
    let mut egt_cards = store::live_jackpot_cards(db).await?;
    let live: Vec<serde_json::Value> = egt_cards.iter().map(|c| c["instanceName"].clone()).collect();
    egt_cards.extend(egt.into_iter().filter(|c| !live.contains(&c["instanceName"])));
    Ok(Bootstrap {
        casino_category_list: casino,
        language,
        translation_list: translations,
        site_option: options,
        domain_status: domains,
        trial_bonus_amount: trial as f64 / 100.0,
        popup,
        egt_jackpot_cards: egt_cards,
        jackpot_cards: amusnet,
        slider_list: sliders,
        category_list: categories,
    })
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

/// Cleans HTML for display: no script, style, event handler or `javascript:` URL survives.
pub fn sanitize_html(html: &str) -> String {
    ammonia::Builder::default().add_generic_attributes(["class"]).link_rel(Some("noopener noreferrer")).clean(html).to_string()
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

#[cfg(test)]
mod tests {
    use super::sanitize_html;

    #[test]
    fn sanitising_removes_scripts_handlers_and_javascript_urls() {
        let dirty = r#"<h2 onclick="x()">Hi</h2><script>alert(1)</script><a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)><p style="color:red">ok</p>"#;
        let clean = sanitize_html(dirty);
        assert!(!clean.contains("script"), "{clean}");
        assert!(!clean.contains("onclick") && !clean.contains("onerror"), "{clean}");
        assert!(!clean.contains("javascript:"), "{clean}");
        assert!(clean.contains("<h2>Hi</h2>") && clean.contains("ok"), "{clean}");
    }
}
