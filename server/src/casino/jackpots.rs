//! The jackpots' calls: `casino/jackpots`, the studio's High Cash and Clover Chance with their live
//! levels (what the bootstrap's egtJackpotCards carry, for the lobby to refresh while the player
//! watches), and `casino/eqyptquest`, the Amusnet jackpot's current levels from the configured
//! source (`KASA_AMUSNET_JACKPOT_URL`), read at most every 10 seconds; without a source it answers
//! `success: false` and the app shows nothing for it.

use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::State;
use axum::http::StatusCode;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::cms::bootstrap::EgtJackpotCard;
use crate::db::Db;
use crate::error::{ApiResult, AppError, EmptyEnvelope, Envelope};

/// How long the Amusnet source's answer is kept.
const AMUSNET_FRESH: Duration = Duration::from_secs(10);
/// How long the source may take.
const AMUSNET_TIMEOUT: Duration = Duration::from_secs(5);

#[derive(Clone)]
pub struct JackpotState {
    pub db: Db,
    /// The Amusnet jackpot's source: an http(s) URL answering JSON with currentLevelI..IV.
    pub amusnet_url: Option<Arc<str>>,
    /// The source's last answer (or failure) and when it came; one fetch at a time.
    amusnet: Arc<tokio::sync::Mutex<Option<Fetched>>>,
    client: reqwest::Client,
}

impl JackpotState {
    pub fn new(db: Db, amusnet_url: Option<Arc<str>>) -> JackpotState {
        let client =
            reqwest::Client::builder().timeout(AMUSNET_TIMEOUT).redirect(reqwest::redirect::Policy::none()).build().unwrap_or_default();
        JackpotState { db, amusnet_url, amusnet: Arc::new(tokio::sync::Mutex::new(None)), client }
    }
}

/// When the source was last read, and what it gave (None: a failure).
type Fetched = (Instant, Option<AmusnetJackpot>);

/// The most the source's answer may be.
const AMUSNET_MAX_BYTES: usize = 64 * 1024;

pub fn router() -> OpenApiRouter<JackpotState> {
    OpenApiRouter::new().routes(routes!(jackpots)).routes(routes!(eqyptquest))
}

/// The studio's jackpots now: High Cash, then Clover Chance, levels I to IV (amounts in lira).
#[utoipa::path(get, path = "/casino/jackpots", tag = "casino",
    responses((status = 200, body = Envelope<Vec<EgtJackpotCard>>)))]
async fn jackpots(State(s): State<JackpotState>) -> ApiResult<Vec<serde_json::Value>> {
    Ok(Envelope::ok(crate::studio::jackpots::live_cards(&s.db).await?))
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

/// The Amusnet jackpot is not available: no source (503), or it failed (502).
fn unavailable(status: StatusCode) -> AppError {
    AppError::Refusal { status, key: "jackpot.amusnet_unavailable", data: None }
}

/// The Amusnet jackpot's current levels (the app shows them unless currentLevelI is 14000).
/// Without a configured source: 503, `success: false`; a source that fails or answers something
/// else: 502.
#[utoipa::path(get, path = "/casino/eqyptquest", tag = "casino",
    responses((status = 200, body = Envelope<AmusnetJackpot>),
        (status = 502, description = "The configured source failed", body = EmptyEnvelope),
        (status = 503, description = "No Amusnet jackpot source is configured", body = EmptyEnvelope)))]
async fn eqyptquest(State(s): State<JackpotState>) -> ApiResult<AmusnetJackpot> {
    let Some(url) = s.amusnet_url.clone() else {
        return Err(unavailable(StatusCode::SERVICE_UNAVAILABLE));
    };
    // One fetch at a time; an answer, or a failure, is kept for AMUSNET_FRESH.
    let mut cached = s.amusnet.lock().await;
    let levels = match cached.as_ref() {
        Some((at, levels)) if at.elapsed() < AMUSNET_FRESH => levels.clone(),
        _ => {
            let fetched = async {
                let resp = s.client.get(&*url).send().await.ok()?.error_for_status().ok()?;
                let bytes = resp.bytes().await.ok()?;
                if bytes.len() > AMUSNET_MAX_BYTES {
                    return None;
                }
                AmusnetJackpot::parse(&serde_json::from_slice(&bytes).ok()?)
            }
            .await;
            if fetched.is_none() {
                tracing::warn!("the Amusnet jackpot source failed or answered something else");
            }
            *cached = Some((Instant::now(), fetched.clone()));
            fetched
        }
    };
    levels.map(Envelope::ok).ok_or_else(|| unavailable(StatusCode::BAD_GATEWAY))
}
