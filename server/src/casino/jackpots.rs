//! The jackpots' calls: `casino/jackpots`, the studio's High Cash and Clover Chance with their live
//! levels (what the bootstrap's egtJackpotCards carry, for the lobby to refresh while the player
//! watches), and `casino/eqyptquest`, the Amusnet jackpot's current levels from the configured
//! source (`KASA_AMUSNET_JACKPOT_URL`), read at most every 10 seconds; without a source it answers
//! `success: false` and the app shows nothing for it.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::cms::routes::EgtJackpotCard;
use crate::db::Db;
use crate::error::{ApiResult, EmptyEnvelope, Envelope};
use crate::i18n::t;

/// How long the Amusnet source's answer is kept.
const AMUSNET_FRESH: Duration = Duration::from_secs(10);
/// How long the source may take.
const AMUSNET_TIMEOUT: Duration = Duration::from_secs(5);

#[derive(Clone)]
pub struct JackpotState {
    pub db: Db,
    /// The Amusnet jackpot's source: an http(s) URL answering JSON with currentLevelI..IV.
    pub amusnet_url: Option<Arc<str>>,
    amusnet: Arc<Mutex<Option<(Instant, AmusnetJackpot)>>>,
}

impl JackpotState {
    pub fn new(db: Db, amusnet_url: Option<Arc<str>>) -> JackpotState {
        JackpotState { db, amusnet_url, amusnet: Arc::new(Mutex::new(None)) }
    }
}

pub fn router() -> OpenApiRouter<JackpotState> {
    OpenApiRouter::new().routes(routes!(jackpots)).routes(routes!(eqyptquest))
}

/// The studio's jackpots now: High Cash, then Clover Chance, levels I to IV (amounts in lira).
#[utoipa::path(get, path = "/casino/jackpots", tag = "casino",
    responses((status = 200, body = Envelope<Vec<EgtJackpotCard>>)))]
async fn jackpots(State(s): State<JackpotState>) -> ApiResult<Vec<serde_json::Value>> {
    Ok(Envelope::ok(crate::cms::store::live_jackpot_cards(&s.db).await?))
}

/// The Amusnet jackpot's levels (lira), as its source gives them.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AmusnetJackpot {
    #[serde(rename = "currentLevelI")]
    pub current_level_i: f64,
    #[serde(rename = "currentLevelII")]
    pub current_level_ii: f64,
    #[serde(rename = "currentLevelIII")]
    pub current_level_iii: f64,
    #[serde(rename = "currentLevelIV")]
    pub current_level_iv: f64,
}

impl AmusnetJackpot {
    /// Reads the levels from the source's JSON: the object itself or its `data`.
    fn parse(v: &serde_json::Value) -> Option<AmusnetJackpot> {
        let o = if v.get("currentLevelI").is_some() { v } else { v.get("data")? };
        let level = |k: &str| o.get(k).and_then(serde_json::Value::as_f64).filter(|x| x.is_finite() && *x >= 0.0);
        Some(AmusnetJackpot {
            current_level_i: level("currentLevelI")?,
            current_level_ii: level("currentLevelII")?,
            current_level_iii: level("currentLevelIII")?,
            current_level_iv: level("currentLevelIV")?,
        })
    }
}

fn unavailable(status: StatusCode) -> Response {
    (status, Json(Envelope::<()> { success: false, message: Some(t("jackpot.amusnet_unavailable")), data: None })).into_response()
}

/// The Amusnet jackpot's current levels (the app shows them unless currentLevelI is 14000).
/// Without a configured source: 503, `success: false`; a source that fails or answers something
/// else: 502.
#[utoipa::path(get, path = "/casino/eqyptquest", tag = "casino",
    responses((status = 200, body = Envelope<AmusnetJackpot>),
        (status = 502, description = "The configured source failed", body = EmptyEnvelope),
        (status = 503, description = "No Amusnet jackpot source is configured", body = EmptyEnvelope)))]
async fn eqyptquest(State(s): State<JackpotState>) -> Result<Envelope<AmusnetJackpot>, Response> {
    let Some(url) = s.amusnet_url.clone() else {
        return Err(unavailable(StatusCode::SERVICE_UNAVAILABLE));
    };
    if let Some((at, levels)) = s.amusnet.lock().unwrap_or_else(|e| e.into_inner()).clone()
        && at.elapsed() < AMUSNET_FRESH
    {
        return Ok(Envelope::ok(levels));
    }
    let fetched = async {
        let client = reqwest::Client::builder().timeout(AMUSNET_TIMEOUT).build().ok()?;
        let body: serde_json::Value = client.get(&*url).send().await.ok()?.error_for_status().ok()?.json().await.ok()?;
        AmusnetJackpot::parse(&body)
    }
    .await;
    match fetched {
        Some(levels) => {
            *s.amusnet.lock().unwrap_or_else(|e| e.into_inner()) = Some((Instant::now(), levels.clone()));
            Ok(Envelope::ok(levels))
        }
        None => {
            tracing::warn!("the Amusnet jackpot source failed or answered something else");
            Err(unavailable(StatusCode::BAD_GATEWAY))
        }
    }
}
