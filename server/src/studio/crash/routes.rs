//! The crash game's calls under `/games/api/crash/` (the game session as `Authorization: Bearer`,
//! the site's envelope, messages in the language of `x-locale`): `state`, `bet`, `cashout`,
//! `verify`, and `feed`, the WebSocket of the round's live pushes ([`super::feed`]).

use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade, rejection::WebSocketUpgradeRejection};
use axum::extract::{FromRef, Query, State};
use axum::response::Response;
use futures_util::{SinkExt, StreamExt};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::feed::{CrashFeed, round_message};
use super::{Bet, CrashError};
use crate::db::{Db, iso_utc};
use crate::error::{ApiResult, AppError, AppJson, EmptyEnvelope, Envelope, FieldError};
use crate::studio::engine::crash;
use crate::studio::store;
use crate::studio::views::{CurrentGame, ShortBalance};

/// The crash calls' state: the database and this node's feed.
#[derive(Clone)]
pub struct CrashState {
    pub db: Db,
    pub feed: Arc<CrashFeed>,
}

impl FromRef<CrashState> for Db {
    fn from_ref(s: &CrashState) -> Db {
        s.db.clone()
    }
}

pub fn router() -> OpenApiRouter<CrashState> {
    OpenApiRouter::new()
        .routes(routes!(state))
        .routes(routes!(bet))
        .routes(routes!(cashout))
        .routes(routes!(verify))
        .routes(routes!(chains))
        .routes(routes!(feed))
}

/// The crash game is the session's game, or 404.
fn crash_game(game: &store::GameSession) -> Result<(), AppError> {
    if game.game_code == super::CODE { Ok(()) } else { Err(AppError::NotFound("casino.unknown_game")) }
}

/// A past round.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PastRound {
    pub round_id: i64,
    /// ×.
    pub crash_point: f64,
    pub hash: String,
}

/// The game now.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CrashStateAnswer {
    /// The round (as the feed's "round" message), or null before the first.
    #[schema(value_type = Object)]
    pub round: Option<serde_json::Value>,
    /// The last 20 crashed rounds, newest first.
    pub history: Vec<PastRound>,
    /// The player's bets in the current round.
    pub mine: Vec<Bet>,
    /// The published end of the current round's hash chain.
    pub commitment: Option<String>,
    /// Lira.
    pub balance: f64,
    /// What the game returns: auto and manual cash-outs, exactly as paid.
    pub returns: crate::studio::engine::Text,
}

/// The current round (its bets), the last crash points, the player's bets and the chain's
/// commitment.
#[utoipa::path(get, path = "/games/api/crash/state", tag = "games",
    responses((status = 200, body = Envelope<CrashStateAnswer>), (status = 401, description = "No live game session", body = EmptyEnvelope)),
    security(("gameSession" = [])))]
async fn state(State(s): State<CrashState>, CurrentGame(game): CurrentGame) -> ApiResult<CrashStateAnswer> {
    crash_game(&game)?;
    let now = s.feed.now();
    let db = &s.db;
    let round = super::current(db).await?;
    let (round_json, mine, commitment) = match &round {
        Some(r) => {
            let bets = super::bets_since(db, r.id, -1).await?;
            let mine = bets.iter().filter(|b| b.player_id == game.player_id).cloned().collect();
            (Some(round_message(r, now, &bets)), mine, super::commitment(db, r.chain_id).await?)
        }
        None => (None, vec![], None),
    };
    let history = super::history(db, now, 20)
        .await?
        .into_iter()
        .map(|(round_id, point, hash)| PastRound { round_id, crash_point: point as f64 / 100.0, hash })
        .collect();
    let balance = crate::wallet::balances(db, game.player_id).await?;
    let balance = balance.total().map_err(|e| AppError::Internal(anyhow::anyhow!(e)))?.to_lira();
    Ok(Envelope::ok(CrashStateAnswer { round: round_json, history, mine, commitment, balance, returns: super::return_note() }))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BetBody {
    /// 0 or 1 (two bets a round).
    pub slot: i64,
    /// Kuruş: 100 to 100,000.
    pub amount: i64,
    /// ×: 1.01 to 10,000 (two decimals); the server cashes out there.
    #[serde(default)]
    pub auto_cash_out: Option<f64>,
}

/// A placed bet.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BetPlaced {
    pub round_id: i64,
    pub slot: i64,
    /// Kuruş.
    pub amount: i64,
    pub auto_cash_out: Option<f64>,
    /// Lira.
    pub balance: f64,
}

/// Bets on the round being bet on (bets close at take-off; one bet a slot a round).
#[utoipa::path(post, path = "/games/api/crash/bet", tag = "games", request_body = BetBody,
    responses((status = 200, body = Envelope<BetPlaced>),
        (status = 400, description = "Not enough balance (data: the balance), or a body that is not JSON", body = Envelope<ShortBalance>),
        (status = 401, description = "No live game session", body = EmptyEnvelope),
        (status = 409, description = "Bets are closed, or the slot already holds a bet", body = EmptyEnvelope),
        (status = 422, description = "An amount or a target outside the limits", body = Envelope<FieldError>)),
    security(("gameSession" = [])))]
async fn bet(State(s): State<CrashState>, CurrentGame(game): CurrentGame, AppJson(body): AppJson<BetBody>) -> ApiResult<BetPlaced> {
    crash_game(&game)?;
    let auto = match body.auto_cash_out {
        Some(x) if x.is_finite() && x > 0.0 => Some((x * 100.0).round() as i64),
        Some(_) => return Err(CrashError::BadTarget.into()),
        None => None,
    };
    let placed = super::bet(&s.db, game.player_id, body.slot, body.amount, auto).await?;
    Ok(Envelope::ok(BetPlaced {
        round_id: placed.round_id,
        slot: placed.slot,
        amount: placed.amount,
        auto_cash_out: placed.auto_cash_out.map(|a| a as f64 / 100.0),
        balance: placed.balance.to_lira(),
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct CashoutBody {
    pub slot: i64,
}

/// A cash-out.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CashedOut {
    pub round_id: i64,
    pub slot: i64,
    /// ×.
    pub cash_out: f64,
    /// Kuruş.
    pub win: i64,
    /// Lira.
    pub balance: f64,
}

/// Cashes out a bet at the multiplier now, while the round flies.
#[utoipa::path(post, path = "/games/api/crash/cashout", tag = "games", request_body = CashoutBody,
    responses((status = 200, body = Envelope<CashedOut>),
        (status = 400, description = "A body that is not JSON", body = EmptyEnvelope),
        (status = 401, description = "No live game session", body = EmptyEnvelope),
        (status = 409, description = "Too late (the round crashed), not flying yet, or no open bet in the slot", body = EmptyEnvelope)),
    security(("gameSession" = [])))]
async fn cashout(State(s): State<CrashState>, CurrentGame(game): CurrentGame, AppJson(body): AppJson<CashoutBody>) -> ApiResult<CashedOut> {
    crash_game(&game)?;
    let c = super::cash_out(&s.db, game.player_id, body.slot).await?;
    Ok(Envelope::ok(CashedOut {
        round_id: c.round_id,
        slot: c.slot,
        cash_out: c.cash_out as f64 / 100.0,
        win: c.win,
        balance: c.balance.to_lira(),
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VerifyBody {
    /// A round's hash (64 hex characters); or give `roundId`.
    #[serde(default)]
    pub hash: Option<String>,
    /// A crashed round of any chain of the archive (`/games/api/crash/chains` names each chain's
    /// first and last round; a chain's rounds have consecutive ids).
    #[serde(default)]
    pub round_id: Option<i64>,
}

/// What a round hash gives.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VerifiedRound {
    /// ×.
    pub crash_point: f64,
    /// SHA-256 of the hash: the previous round's hash (the chain's commitment for its first round).
    pub previous_hash: String,
    /// The round's hash (the one given, or the archived round's).
    pub hash: String,
    /// The archived round, when the hash is one of a crashed round (null otherwise).
    pub round: Option<ArchivedRound>,
}

/// A crashed round as the archive holds it, checked against its chain.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ArchivedRound {
    pub round_id: i64,
    pub chain_id: i64,
    /// 1, 2, … along the chain.
    pub position: i64,
    /// The chain's commitment, published before its first round.
    pub commitment: String,
    /// Whether SHA-256 applied `position` times to the hash gives the commitment (computed here;
    /// anyone can compute it).
    pub chain_verified: bool,
    /// UTC, ISO 8601: take-off and crash.
    pub started_at: String,
    pub crashed_at: String,
}

/// The crash point of a round hash and the hash before it in the chain (no login needed). Given a
/// `roundId` (or the hash of a crashed round), the archived round too: its chain, position and
/// commitment, checked by hashing it back to the commitment. A round not yet crashed is not told
/// (404).
#[utoipa::path(post, path = "/games/api/crash/verify", tag = "games", request_body = VerifyBody,
    responses((status = 200, body = Envelope<VerifiedRound>),
        (status = 400, description = "A body that is not JSON", body = EmptyEnvelope),
        (status = 404, description = "No crashed round with that id", body = EmptyEnvelope),
        (status = 422, description = "Not 64 hex characters (or neither hash nor roundId)", body = Envelope<FieldError>)))]
async fn verify(State(s): State<CrashState>, AppJson(body): AppJson<VerifyBody>) -> ApiResult<VerifiedRound> {
    let bad_hash = AppError::Validation { field: "hash", key: "crash.bad_hash" };
    let given = match (&body.hash, body.round_id) {
        (Some(h), _) => {
            let hex_text = h.trim().to_ascii_lowercase();
            let bytes: Option<[u8; 32]> = hex::decode(&hex_text).ok().and_then(|b| b.try_into().ok());
            bytes.ok_or(bad_hash)?;
            Some(hex_text)
        }
        (None, Some(_)) => None,
        (None, None) => return Err(bad_hash),
    };
    let archived = super::crashed_round(&s.db, body.round_id, given.as_deref()).await?;
    if body.round_id.is_some()
        && (archived.is_none() || given.as_ref().is_some_and(|h| archived.as_ref().is_some_and(|(r, _)| &r.hash != h)))
    {
        return Err(AppError::NotFound("crash.no_round"));
    }
    let hash = given.unwrap_or_else(|| archived.as_ref().map(|(r, _)| r.hash.clone()).unwrap_or_default());
    let bytes: [u8; 32] =
        hex::decode(&hash).ok().and_then(|b| b.try_into().ok()).ok_or(AppError::Validation { field: "hash", key: "crash.bad_hash" })?;
    let round = match archived {
        Some((r, commitment)) => {
            let steps = usize::try_from(r.position).unwrap_or(0);
            let end = tokio::task::spawn_blocking(move || (0..steps).fold(bytes, |h, _| crash::step(&h)))
                .await
                .map_err(|e| AppError::Internal(anyhow::anyhow!(e)))?;
            Some(ArchivedRound {
                round_id: r.id,
                chain_id: r.chain_id,
                position: r.position,
                chain_verified: hex::encode(end) == commitment,
                commitment,
                started_at: iso_utc(r.start_at),
                crashed_at: iso_utc(r.crash_at),
            })
        }
        None => None,
    };
    Ok(Envelope::ok(VerifiedRound {
        crash_point: crash::crash_point(&hash) as f64 / 100.0,
        previous_hash: hex::encode(crash::step(&bytes)),
        hash,
        round,
    }))
}

#[derive(Debug, Deserialize, IntoParams)]
pub struct ChainsQuery {
    /// Chains before this chain id (the next page); the newest when missing.
    pub before: Option<i64>,
    /// 20 when missing, at most 100.
    pub take: Option<i64>,
}

/// A crashed round at either end of a chain.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChainEnd {
    pub round_id: i64,
    pub position: i64,
    /// UTC, ISO 8601.
    pub started_at: String,
    pub crashed_at: String,
}

/// A chain of the archive.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ArchivedChain {
    pub chain_id: i64,
    /// SHA-256 applied `length` times to the chain's secret start: round n's hash hashed n times.
    pub commitment: String,
    /// Rounds the chain can play.
    pub length: i64,
    /// UTC, ISO 8601: when the commitment was published (before the chain's first round).
    pub published_at: String,
    /// Its rounds crashed so far.
    pub rounds: i64,
    /// Null until its first round crashed.
    pub first_round: Option<ChainEnd>,
    pub last_round: Option<ChainEnd>,
}

/// The archive.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChainsAnswer {
    /// Newest first; the chain published for the rounds after the current chain comes first, with
    /// no rounds yet.
    pub chains: Vec<ArchivedChain>,
    /// What the game returns: auto and manual cash-outs, exactly as paid.
    pub returns: crate::studio::engine::Text,
}

/// The public archive of the crash game's hash chains (no login needed): each chain's commitment,
/// published before its first round, with its first and last crashed rounds and their dates. Any
/// of its rounds verifies by `POST /games/api/crash/verify` with its `roundId`.
#[utoipa::path(get, path = "/games/api/crash/chains", tag = "games", params(ChainsQuery),
    responses((status = 200, body = Envelope<ChainsAnswer>)))]
async fn chains(State(s): State<CrashState>, Query(q): Query<ChainsQuery>) -> ApiResult<ChainsAnswer> {
    let list = super::chains(&s.db, q.before, q.take.unwrap_or(20).clamp(1, 100)).await?;
    let end = |e: Option<(i64, i64, i64, i64)>| {
        e.map(|(round_id, position, start, crash)| ChainEnd { round_id, position, started_at: iso_utc(start), crashed_at: iso_utc(crash) })
    };
    Ok(Envelope::ok(ChainsAnswer {
        chains: list
            .into_iter()
            .map(|c| ArchivedChain {
                chain_id: c.id,
                commitment: c.commitment,
                length: c.length,
                published_at: iso_utc(c.published_at),
                rounds: c.rounds,
                first_round: end(c.first),
                last_round: end(c.last),
            })
            .collect(),
        returns: super::return_note(),
    }))
}

#[derive(Debug, Deserialize, IntoParams)]
pub struct FeedQuery {
    /// The game session token (browsers cannot set headers on a WebSocket).
    pub token: Option<String>,
}

/// The round's live pushes as a WebSocket (JSON text messages: round, tick, crash, bet, cashout);
/// the game session token as `token` or `Authorization: Bearer`.
#[utoipa::path(get, path = "/games/api/crash/feed", tag = "games", params(FeedQuery),
    responses((status = 200, description = "Switches to the WebSocket (101)", body = EmptyEnvelope),
        (status = 400, description = "Not a WebSocket request", body = EmptyEnvelope),
        (status = 401, description = "No live game session", body = EmptyEnvelope),
        (status = 429, description = "The player already holds 4 feed sockets on this node", body = EmptyEnvelope)),
    security(("gameSession" = [])))]
async fn feed(
    State(s): State<CrashState>,
    Query(q): Query<FeedQuery>,
    headers: axum::http::HeaderMap,
    ws: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Result<Response, AppError> {
    let header_token = headers
        .get(axum::http::header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(str::to_string);
    let token = q.token.or(header_token).filter(|t| !t.is_empty() && t.len() <= 256).ok_or(AppError::Unauthorized)?;
    let game = store::session(&s.db, &token).await?.filter(|g| g.game_code == super::CODE).ok_or(AppError::Unauthorized)?;
    let ws = ws.map_err(|_| AppError::BadRequest("crash.not_websocket"))?;
    let slot = s.feed.reserve(game.player_id).ok_or(AppError::TooManyRequests("hub.too_many"))?;
    let (db, feed) = (s.db.clone(), s.feed.clone());
    Ok(ws
        .read_buffer_size(4 * 1024)
        .write_buffer_size(8 * 1024)
        .max_message_size(4 * 1024)
        .on_upgrade(move |socket| run(socket, db, feed, game.player_id, slot)))
}

/// A socket silent this long (no pong, no message) is closed; pings go every third of it.
const SILENT_FOR: Duration = Duration::from_secs(45);
/// A send that takes longer than this closes the socket (a dead or stuck client).
const SEND_WITHIN: Duration = Duration::from_secs(10);

async fn current_round(db: &Db, feed: &CrashFeed) -> Option<String> {
    let r = feed.round()?;
    let bets = super::bets_since(db, r.id, -1).await.unwrap_or_default();
    Some(round_message(&r, feed.now(), &bets).to_string())
}

/// One socket: the round now, then every push of the node's feed until either side closes, the
/// client falls silent or a send stalls (its place among the player's sockets is given back then).
/// Should the socket fall behind the feed, it is sent the round as it is now and goes on.
async fn run(socket: WebSocket, db: Db, feed: Arc<CrashFeed>, player_id: i64, _slot: super::feed::SocketSlot) {
    let mut pushes = feed.subscribe();
    let (mut sink, mut stream) = socket.split();
    let send = async |sink: &mut futures_util::stream::SplitSink<WebSocket, Message>, msg: Message| {
        matches!(tokio::time::timeout(SEND_WITHIN, sink.send(msg)).await, Ok(Ok(())))
    };
    if let Some(text) = current_round(&db, &feed).await
        && !send(&mut sink, Message::Text(text.into())).await
    {
        return;
    }
    let mut ping = tokio::time::interval(SILENT_FOR / 3);
    let mut heard = tokio::time::Instant::now();
    loop {
        tokio::select! {
            push = pushes.recv() => match push {
                Ok(p) => {
                    let text = match (p.player_id, p.mine, p.text) {
                        (Some(id), Some(mine), _) if id == player_id => mine,
                        (None, _, Some(text)) => text,
                        _ => continue,
                    };
                    if !send(&mut sink, Message::Text(text)).await {
                        break;
                    }
                }
                Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => {
                    if let Some(text) = current_round(&db, &feed).await
                        && !send(&mut sink, Message::Text(text.into())).await
                    {
                        break;
                    }
                }
                Err(tokio::sync::broadcast::error::RecvError::Closed) => break,
            },
            incoming = stream.next() => match incoming {
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => break,
                Some(Ok(_)) => heard = tokio::time::Instant::now(),
            },
            _ = ping.tick() => {
                if heard.elapsed() > SILENT_FOR || !send(&mut sink, Message::Ping(Default::default())).await {
                    break;
                }
            }
        }
    }
}
