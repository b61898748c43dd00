//! Hub88, built to its public Operator API: the launch through Hub88's
//! `{base}/operator/generic/v2/game/url`, the game list sync through `/operator/generic/v2/game/list`
//! (`kasa admin providers sync hub88`), and the seamless wallet Hub88 calls under
//! `/callbacks/hub88/`: `user/info`, `user/balance`, `transaction/bet`, `transaction/win` and
//! `transaction/rollback`.
//!
//! Every message is signed: the header `X-Hub88-Signature` is the base64 RSA-SHA256 (PKCS#1 v1.5)
//! signature of the raw body. Hub88's calls are checked with its public key
//! (`KASA_HUB88_PUBLIC_KEY`) before anything else (`RS_ERROR_INVALID_SIGNATURE`); our answers and
//! our calls to Hub88 are signed with our private key (`KASA_HUB88_PRIVATE_KEY`). Answers are always
//! HTTP 200 with a `status` (`RS_OK`, `RS_ERROR_*`) and the request's `request_uuid`.
//!
//! The `token` Hub88 sends is the one we gave at launch: random, stored hashed in
//! `game_launch_tokens` (provider `hub88`), bound to the player and the launched game, valid for
//! 12 hours on `user/info`, `user/balance` and bets; wins and rollbacks never check its expiry (a
//! round may end after the session). The `user` is the player's id.
//!
//! Amounts are integers in 1/100000 of the currency: a kuruş is 1000 of them, and an amount that is
//! not a whole number of kuruş is refused (`RS_ERROR_WRONG_TYPES`). The currency is TRY only
//! (`RS_ERROR_WRONG_CURRENCY`). Money moves through [`crate::rounds`] with the provider `hub88`
//! (its house account): a `transaction_uuid` made before with the same content answers the first
//! answer, with other content `RS_ERROR_DUPLICATE_TRANSACTION`; a rollback of a transaction never
//! seen is recorded (a tombstone) and answered `RS_OK`, and the bet arriving after it is refused
//! with `RS_ERROR_DUPLICATE_TRANSACTION` (its `transaction_uuid` is taken); a win must name the bet
//! it pays (`reference_transaction_uuid`): no reference, or one that is not a bet of the same player
//! in the same round that stands, is `RS_ERROR_TRANSACTION_DOES_NOT_EXIST` and moves nothing; a
//! rollback of a bet whose round has a win that stands is refused with `RS_ERROR_UNKNOWN` (Hub88
//! rolls back bets that failed; refunding a paid round's stake would leave the player the stake and
//! the win); a short balance is `RS_ERROR_NOT_ENOUGH_MONEY` with the balance.
//!
//! The configuration is the node's, in the application state ([`Hub88::from_settings`], from
//! `KASA_HUB88_*`); without it the adapter answers "not configured" and the callbacks 404.

use std::sync::Arc;

use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use base64::Engine as _;
use rsa::pkcs1::{DecodeRsaPrivateKey, DecodeRsaPublicKey};
use rsa::pkcs1v15::{Signature, SigningKey, VerifyingKey};
use rsa::pkcs8::{DecodePrivateKey, DecodePublicKey};
use rsa::signature::{SignatureEncoding, Signer, Verifier};
use rsa::{RsaPrivateKey, RsaPublicKey};
use serde::Deserialize;
use serde_json::{Value, json};
use sha2::Sha256;
use sqlx::Row;

use super::catalogue::{CatalogueFile, GameEntry, ImportReport, ProviderEntry};
use super::provider::{Launch, LaunchError, LaunchRequest, Platform, Provider, ProviderSettings};
use crate::auth::launch;
use crate::config::Hub88Settings;
use crate::db::Db;
use crate::money::Kurus;
use crate::protection::gate::Refusal;
use crate::rounds::{self, Answer, CallError, Move, Rollback};

/// Hub88's provider code (its house account `house:provider:hub88`).
pub const PROVIDER: &str = "hub88";
/// The signature header of every message.
pub const SIGNATURE_HEADER: &str = "x-hub88-signature";
/// The only currency.
pub const CURRENCY: &str = "TRY";
/// Hub88's units (1/100000 of the currency) in a kuruş.
pub const UNITS_PER_KURUS: i64 = 1000;
/// How long a Hub88 token opens info, balance and bet calls.
pub const TOKEN_TTL_MS: i64 = 12 * 3600 * 1000;

/// A configured Hub88: where it is, who we are to it, and the keys.
pub struct Hub88 {
    /// Hub88's API base (`KASA_HUB88_BASE_URL`), without a trailing `/`.
    pub base_url: String,
    /// Our operator id at Hub88 (`KASA_HUB88_OPERATOR_ID`).
    pub operator_id: i64,
    /// Where a game sends the player back (`KASA_PUBLIC_URL`), when known.
    pub public_url: Option<String>,
    signing: SigningKey<Sha256>,
    verifying: VerifyingKey<Sha256>,
    http: reqwest::Client,
}

impl std::fmt::Debug for Hub88 {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Hub88").field("base_url", &self.base_url).field("operator_id", &self.operator_id).finish_non_exhaustive()
    }
}

impl Hub88 {
    /// Reads the settings' keys (PEM: PKCS#8 or PKCS#1); a bad key is an error naming its variable.
    pub fn new(settings: &Hub88Settings, public_url: Option<String>) -> anyhow::Result<Hub88> {
        let private = RsaPrivateKey::from_pkcs8_pem(&settings.private_key)
            .or_else(|_| RsaPrivateKey::from_pkcs1_pem(&settings.private_key))
            .map_err(|_| anyhow::anyhow!("KASA_HUB88_PRIVATE_KEY is not an RSA private key in PEM (PKCS#8 or PKCS#1)"))?;
        let public = RsaPublicKey::from_public_key_pem(&settings.public_key)
            .or_else(|_| RsaPublicKey::from_pkcs1_pem(&settings.public_key))
            .map_err(|_| anyhow::anyhow!("KASA_HUB88_PUBLIC_KEY is not an RSA public key in PEM (SPKI or PKCS#1)"))?;
        Ok(Hub88 {
            base_url: settings.base_url.trim_end_matches('/').to_string(),
            operator_id: settings.operator_id,
            public_url,
            signing: SigningKey::new(private),
            verifying: VerifyingKey::new(public),
            http: reqwest::Client::builder().timeout(std::time::Duration::from_secs(15)).build()?,
        })
    }

    /// Hub88 as the node's settings configure it; `None` when `KASA_HUB88_*` are unset.
    pub fn from_settings(settings: &crate::config::Settings) -> anyhow::Result<Option<Hub88>> {
        settings.hub88.as_ref().map(|h| Hub88::new(h, settings.public_url.clone())).transpose()
    }

    /// The base64 signature of a body with our key.
    pub fn sign(&self, body: &[u8]) -> String {
        base64::engine::general_purpose::STANDARD.encode(self.signing.sign(body).to_bytes())
    }

    /// Whether a base64 signature of a body is Hub88's.
    pub fn verify(&self, body: &[u8], signature: &str) -> bool {
        let Ok(raw) = base64::engine::general_purpose::STANDARD.decode(signature.trim()) else { return false };
        let Ok(signature) = Signature::try_from(raw.as_slice()) else { return false };
        self.verifying.verify(body, &signature).is_ok()
    }

    /// POSTs a signed JSON body to Hub88's `path`; its JSON answer.
    async fn call(&self, path: &str, body: &Value) -> anyhow::Result<Value> {
        let bytes = serde_json::to_vec(body)?;
        let url = format!("{}{path}", self.base_url);
        let resp = self
            .http
            .post(&url)
            .header(header::CONTENT_TYPE, "application/json")
            .header(SIGNATURE_HEADER, self.sign(&bytes))
            .body(bytes)
            .send()
            .await
            .map_err(|e| anyhow::anyhow!("Hub88 {path}: {e}"))?;
        let status = resp.status();
        let text = resp.text().await.map_err(|e| anyhow::anyhow!("Hub88 {path}: {e}"))?;
        if !status.is_success() {
            anyhow::bail!("Hub88 {path} answered {status}: {}", text.chars().take(300).collect::<String>());
        }
        serde_json::from_str(&text).map_err(|e| anyhow::anyhow!("Hub88 {path} answered no JSON: {e}"))
    }
}

/// The adapter: launches through Hub88's `game/url`.
pub struct Hub88Provider;

#[async_trait::async_trait]
impl Provider for Hub88Provider {
    fn code(&self) -> &'static str {
        PROVIDER
    }

    fn name(&self) -> &'static str {
        "Hub88"
    }

    async fn launch(&self, db: &Db, settings: &ProviderSettings, request: &LaunchRequest<'_>) -> Result<Launch, LaunchError> {
        let hub88 = settings.hub88.as_ref().ok_or(LaunchError::NotConfigured(PROVIDER))?;
        let row = sqlx::query(
            "SELECT g.enabled, p.enabled, g.extra FROM games g JOIN providers p ON p.id = g.provider_id WHERE p.code = $1 AND g.code = $2",
        )
        .bind(PROVIDER)
        .bind(request.game_code)
        .fetch_optional(&db.pool)
        .await?;
        let Some(row) = row else { return Err(LaunchError::UnknownGame) };
        if row.try_get::<i64, _>(0)? == 0 || row.try_get::<i64, _>(1)? == 0 {
            return Err(LaunchError::UnknownGame);
        }
        let extra: Option<String> = row.try_get(2)?;
        let hub88_code = hub88_game_code(request.game_code, extra.as_deref());
        let token = issue_token_in(db, request.player_id, request.site_session, request.game_code, request.platform).await?;
        let site = hub88.public_url.clone().unwrap_or_default();
        let body = json!({
            "user": request.player_id.to_string(),
            "token": token,
            "sub_partner_id": null,
            "platform": if request.platform == Platform::Mobile { "GPL_MOBILE" } else { "GPL_DESKTOP" },
            "operator_id": hub88.operator_id,
            "meta": {},
            "lobby_url": format!("{site}/"),
            "lang": request.locale.code(),
            "ip": "0.0.0.0",
            "game_code": hub88_code,
            "deposit_url": format!("{site}/"),
            "currency": CURRENCY,
            "country": "TR",
        });
        let answer = hub88.call("/operator/generic/v2/game/url", &body).await.map_err(|e| {
            tracing::warn!(error = %e, "Hub88 launch failed");
            LaunchError::NotConfigured(PROVIDER)
        })?;
        match answer["url"].as_str() {
            Some(url) if url.starts_with("https://") || url.starts_with("http://") => Ok(Launch::Url(url.to_string())),
            _ => {
                tracing::warn!(%answer, "Hub88 game/url answered no URL");
                Err(LaunchError::NotConfigured(PROVIDER))
            }
        }
    }
}

/// Hub88's own code of a catalogue game: `extra.gameCode` when the sync kept it, else the code.
fn hub88_game_code(code: &str, extra: Option<&str>) -> String {
    extra
        .and_then(|e| serde_json::from_str::<Value>(e).ok())
        .and_then(|e| e["gameCode"].as_str().map(str::to_string))
        .unwrap_or_else(|| code.to_string())
}

/// Issues a Hub88 token for a player and a game: stored hashed, 12 hours.
pub async fn issue_token(db: &Db, player_id: i64, game_code: &str, platform: Platform) -> Result<String, sqlx::Error> {
    issue_token_in(db, player_id, None, game_code, platform).await
}

/// [`issue_token`] bound to the site session the player launched from: once it ends (a logout,
/// the session time limit, a time-out), the token opens no info, balance or bet call (wins and
/// rollbacks of its rounds still land).
pub async fn issue_token_in(
    db: &Db,
    player_id: i64,
    site_session: Option<i64>,
    game_code: &str,
    platform: Platform,
) -> Result<String, sqlx::Error> {
    launch::issue(db, player_id, site_session, PROVIDER, game_code, platform == Platform::Mobile, TOKEN_TTL_MS).await
}

/// Fetches Hub88's game list and adds or updates its games in the catalogue (the catalogue's
/// version moves, so every node's lobby reloads). A game code that is not a catalogue code
/// (lower-case letters, digits, `-`, `_`) is stored folded, with Hub88's own in `extra.gameCode`.
pub async fn sync_games(db: &Db, hub88: &Hub88) -> anyhow::Result<ImportReport> {
    let list = hub88.call("/operator/generic/v2/game/list", &json!({ "operator_id": hub88.operator_id })).await?;
    let Some(list) = list.as_array() else { anyhow::bail!("Hub88 game/list answered no list") };
    let mut games = Vec::new();
    for g in list {
        let Some(code) = g["game_code"].as_str().filter(|c| !c.trim().is_empty()) else { continue };
        let ours = catalogue_code(code);
        let platforms: Vec<String> = g["platforms"]
            .as_array()
            .map(|p| {
                p.iter()
                    .filter_map(|p| match p.as_str() {
                        Some("GPL_DESKTOP") => Some("desktop".to_string()),
                        Some("GPL_MOBILE") => Some("mobile".to_string()),
                        _ => None,
                    })
                    .collect()
            })
            .filter(|p: &Vec<String>| !p.is_empty())
            .unwrap_or_else(|| vec!["desktop".into(), "mobile".into()]);
        let category = g["category"].as_str().unwrap_or_default();
        let added_at = g["release_date"].as_str().filter(|d| d.len() >= 10 && d.as_bytes()[4] == b'-').map(|d| d[..10].to_string());
        games.push(GameEntry {
            provider: PROVIDER.into(),
            code: ours,
            name: g["name"].as_str().unwrap_or(code).trim().chars().take(200).collect(),
            names: None,
            image_url: g["url_thumb"].as_str().unwrap_or_default().to_string(),
            live: category.to_ascii_lowercase().contains("live"),
            platforms,
            popularity: 0,
            added_at,
            categories: Vec::new(),
            enabled: g["enabled"].as_bool().unwrap_or(true),
            extra: Some(json!({ "gameCode": code, "product": g["product"], "category": category })),
        });
    }
    let known: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM providers WHERE code = $1").bind(PROVIDER).fetch_one(&db.pool).await?;
    let providers = if known == 0 {
        vec![ProviderEntry { code: PROVIDER.into(), name: "Hub88".into(), logo: String::new(), sort: 0, enabled: true }]
    } else {
        Vec::new()
    };
    super::catalogue::import(db, &CatalogueFile { categories: Vec::new(), providers, games }).await
}

/// A Hub88 game code as a catalogue code.
fn catalogue_code(code: &str) -> String {
    let folded: String = code
        .trim()
        .chars()
        .map(|c| c.to_ascii_lowercase())
        .map(|c| if c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_' { c } else { '-' })
        .take(64)
        .collect();
    folded
}

/// What the wallet calls need: the database, and Hub88 when the node has it.
#[derive(Clone, Debug)]
pub struct Hub88State {
    pub db: Db,
    pub hub88: Option<Arc<Hub88>>,
}

/// `/callbacks/hub88/{user/info, user/balance, transaction/bet, transaction/win, transaction/rollback}`.
pub fn router() -> Router<Hub88State> {
    Router::new().route("/callbacks/hub88/{kind}/{action}", post(callback))
}

/// A wallet status.
pub mod status {
    pub const OK: &str = "RS_OK";
    pub const UNKNOWN: &str = "RS_ERROR_UNKNOWN";
    pub const INVALID_TOKEN: &str = "RS_ERROR_INVALID_TOKEN";
    pub const INVALID_GAME: &str = "RS_ERROR_INVALID_GAME";
    pub const WRONG_CURRENCY: &str = "RS_ERROR_WRONG_CURRENCY";
    pub const NOT_ENOUGH_MONEY: &str = "RS_ERROR_NOT_ENOUGH_MONEY";
    /// The player can place no new bet: a time-out or a self-exclusion runs.
    pub const USER_DISABLED: &str = "RS_ERROR_USER_DISABLED";
    /// The bet would cross a loss or wager limit the player set.
    pub const LIMIT_REACHED: &str = "RS_ERROR_LIMIT_REACHED";
    pub const INVALID_SIGNATURE: &str = "RS_ERROR_INVALID_SIGNATURE";
    pub const TOKEN_EXPIRED: &str = "RS_ERROR_TOKEN_EXPIRED";
    pub const WRONG_SYNTAX: &str = "RS_ERROR_WRONG_SYNTAX";
    pub const WRONG_TYPES: &str = "RS_ERROR_WRONG_TYPES";
    pub const DUPLICATE_TRANSACTION: &str = "RS_ERROR_DUPLICATE_TRANSACTION";
    pub const TRANSACTION_DOES_NOT_EXIST: &str = "RS_ERROR_TRANSACTION_DOES_NOT_EXIST";
}

/// A wallet call's body (every call's fields; each call reads its own).
#[derive(Debug, Deserialize)]
struct Body {
    request_uuid: Option<String>,
    token: Option<String>,
    user: Option<String>,
    game_code: Option<String>,
    transaction_uuid: Option<String>,
    reference_transaction_uuid: Option<String>,
    round: Option<String>,
    amount: Option<i64>,
    currency: Option<String>,
}

/// An answer to Hub88: its fields, signed.
struct Reply {
    status: &'static str,
    request_uuid: String,
    user: Option<String>,
    balance: Option<Kurus>,
}

impl Reply {
    fn error(status: &'static str, request_uuid: &str) -> Reply {
        Reply { status, request_uuid: request_uuid.to_string(), user: None, balance: None }
    }

    fn into_response(self, hub88: &Hub88) -> Response {
        let mut body = json!({ "status": self.status, "request_uuid": self.request_uuid });
        if let Some(user) = self.user {
            body["user"] = json!(user);
            body["currency"] = json!(CURRENCY);
        }
        if let Some(balance) = self.balance {
            body["balance"] = json!(balance.minor() * UNITS_PER_KURUS);
        }
        let bytes = serde_json::to_vec(&body).unwrap_or_default();
        let signature = hub88.sign(&bytes);
        let mut resp = (StatusCode::OK, [(header::CONTENT_TYPE, "application/json")], bytes).into_response();
        if let Ok(v) = HeaderValue::from_str(&signature) {
            resp.headers_mut().insert(SIGNATURE_HEADER, v);
        }
        resp
    }
}

async fn callback(
    State(state): State<Hub88State>,
    Path((kind, action)): Path<(String, String)>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let Some(hub88) = state.hub88 else {
        return (StatusCode::NOT_FOUND, [(header::CONTENT_TYPE, "application/json")], r#"{"error":"Hub88 is not configured"}"#)
            .into_response();
    };
    let call = match (kind.as_str(), action.as_str()) {
        ("user", "info") => Call::Info,
        ("user", "balance") => Call::Balance,
        ("transaction", "bet") => Call::Bet,
        ("transaction", "win") => Call::Win,
        ("transaction", "rollback") => Call::Rollback,
        _ => return (StatusCode::NOT_FOUND, [(header::CONTENT_TYPE, "application/json")], r#"{"error":"no such call"}"#).into_response(),
    };
    let request_uuid =
        serde_json::from_slice::<Value>(&body).ok().and_then(|v| v["request_uuid"].as_str().map(str::to_string)).unwrap_or_default();
    let signature = headers.get(SIGNATURE_HEADER).and_then(|v| v.to_str().ok()).unwrap_or_default();
    if !hub88.verify(&body, signature) {
        return Reply::error(status::INVALID_SIGNATURE, &request_uuid).into_response(&hub88);
    }
    let reply = match serde_json::from_slice::<Body>(&body) {
        Ok(parsed) => match handle(&state.db, call, &parsed).await {
            Ok(reply) => reply,
            Err(e) => {
                tracing::error!(error = %e, "Hub88 wallet call failed");
                Reply::error(status::UNKNOWN, &request_uuid)
            }
        },
        Err(e) if e.classify() == serde_json::error::Category::Data => Reply::error(status::WRONG_TYPES, &request_uuid),
        Err(_) => Reply::error(status::WRONG_SYNTAX, &request_uuid),
    };
    let outcome = if reply.status == status::OK { "ok" } else { reply.status };
    metrics::counter!("kasa_provider_callbacks_total", "provider" => "hub88", "outcome" => outcome).increment(1);
    reply.into_response(&hub88)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Call {
    Info,
    Balance,
    Bet,
    Win,
    Rollback,
}

async fn handle(db: &Db, call: Call, b: &Body) -> Result<Reply, CallError> {
    let uuid = b.request_uuid.clone().unwrap_or_default();
    let fail = |status: &'static str| Ok(Reply::error(status, &uuid));
    let (Some(token), Some(user)) = (b.token.as_deref(), b.user.as_deref()) else { return fail(status::WRONG_SYNTAX) };
    if uuid.is_empty() {
        return fail(status::WRONG_SYNTAX);
    }
    let Some((player_id, expired)) = launch::holder(db, PROVIDER, token).await? else { return fail(status::INVALID_TOKEN) };
    if user != player_id.to_string() {
        return fail(status::INVALID_TOKEN);
    }
    if expired && matches!(call, Call::Info | Call::Balance | Call::Bet) {
        return fail(status::TOKEN_EXPIRED);
    }
    let with_balance = |status: &'static str, balance: Kurus| Reply {
        status,
        request_uuid: uuid.clone(),
        user: Some(user.to_string()),
        balance: Some(balance),
    };
    if b.currency.as_deref().is_some_and(|c| c != CURRENCY) {
        return Ok(with_balance(status::WRONG_CURRENCY, rounds::balance(db, player_id).await?.balance()));
    }
    if matches!(call, Call::Info | Call::Balance) {
        return Ok(with_balance(status::OK, rounds::balance(db, player_id).await?.balance()));
    }
    // A money call: its fields, its amount in kuruş.
    let (Some(game_code), Some(tx_id), Some(round), Some(amount), Some(_)) =
        (b.game_code.as_deref(), b.transaction_uuid.as_deref(), b.round.as_deref(), b.amount, b.currency.as_deref())
    else {
        return fail(status::WRONG_SYNTAX);
    };
    if game_code.trim().is_empty() {
        return fail(status::INVALID_GAME);
    }
    if amount < 0 || amount % UNITS_PER_KURUS != 0 {
        return fail(status::WRONG_TYPES);
    }
    let Ok(kurus) = Kurus::from_minor(amount / UNITS_PER_KURUS) else { return fail(status::WRONG_TYPES) };
    let done = match call {
        Call::Bet => {
            let mv = Move {
                provider: PROVIDER.into(),
                player_id,
                game_code: game_code.into(),
                round_id: round.into(),
                tx_id: tx_id.into(),
                amount: kurus,
            };
            rounds::bet(db, &mv).await
        }
        Call::Win => {
            // A win pays the bet it names: a bet of this player in this round that stands.
            let Some(reference) = b.reference_transaction_uuid.as_deref().filter(|r| !r.trim().is_empty()) else {
                return Ok(with_balance(status::TRANSACTION_DOES_NOT_EXIST, rounds::balance(db, player_id).await?.balance()));
            };
            let mv = Move {
                provider: PROVIDER.into(),
                player_id,
                game_code: game_code.into(),
                round_id: round.into(),
                tx_id: tx_id.into(),
                amount: kurus,
            };
            rounds::win_for(db, &mv, reference).await
        }
        _ => {
            let Some(reference) = b.reference_transaction_uuid.as_deref() else { return fail(status::WRONG_SYNTAX) };
            let rb = Rollback {
                provider: PROVIDER.into(),
                player_id,
                game_code: game_code.into(),
                round_id: round.into(),
                tx_id: tx_id.into(),
                rolls_back: reference.into(),
            };
            rounds::rollback(db, &rb).await
        }
    };
    let status = match done {
        Ok(Answer { balance, .. }) => return Ok(with_balance(status::OK, Kurus::from_minor(balance).unwrap_or(Kurus::ZERO))),
        Err(CallError::NotEnoughMoney { balance }) => return Ok(with_balance(status::NOT_ENOUGH_MONEY, balance)),
        Err(CallError::Duplicate(_) | CallError::RolledBack(_)) => status::DUPLICATE_TRANSACTION,
        Err(CallError::Foreign(_) | CallError::NoSuchBet(_)) => status::TRANSACTION_DOES_NOT_EXIST,
        // Hub88 rolls back bets that failed; a bet whose round was paid did not, and refunding it
        // would leave the player the stake and the win: refused, for Hub88's flagged activity.
        Err(CallError::RoundSettled(_)) => status::UNKNOWN,
        Err(CallError::Invalid(_)) => status::WRONG_SYNTAX,
        Err(CallError::Protection(Refusal::Closed)) => status::USER_DISABLED,
        Err(CallError::Protection(Refusal::Over { .. })) => status::LIMIT_REACHED,
        Err(e) => return Err(e),
    };
    Ok(with_balance(status, rounds::balance(db, player_id).await?.balance()))
}

#[cfg(test)]
mod tests {
    use super::{catalogue_code, hub88_game_code};

    #[test]
    fn hub88_codes_fold_into_catalogue_codes_and_back() {
        assert_eq!(catalogue_code("clt_DragonRising"), "clt_dragonrising");
        assert_eq!(catalogue_code("evo:live blackjack"), "evo-live-blackjack");
        assert_eq!(hub88_game_code("evo-live-blackjack", Some(r#"{"gameCode":"evo:live blackjack"}"#)), "evo:live blackjack");
        assert_eq!(hub88_game_code("hub-crash", None), "hub-crash");
    }
}
