//! The studio games' JSON API under `/games/api/` (outside `/api/`, listed in the OpenAPI document
//! with their own server `/`): `session` (a launch token for a game session), `spin`, `play`, `seed`
//! (rotate), `rounds` and `verify`. Answers are the site's envelope `{success, message, data}`,
//! messages in the request's language (`x-locale`). `spin` (slots), `play` (table games), `seed`
//! and `rounds` take the game session token as `Authorization: Bearer`.

use axum::extract::{Query, State};
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::openapi::security::{Http, HttpAuthScheme, SecurityScheme};
use utoipa::openapi::server::Server;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::engine::{self, GameInfo, Replay, SpinOutcome, Stake, TableOutcome};
use super::store::{self, LaunchState, Seed};
use super::views::{CurrentGame, Fair, ShortBalance, no_seed_key};
use super::{Played, RoundOutcome};
use crate::db::{Db, iso_utc};
use crate::error::{ApiResult, AppError, AppJson, EmptyEnvelope, Envelope, FieldError};
use crate::wallet;

/// The security scheme of the calls that take a game session token.
pub const GAME_SESSION: &str = "gameSession";

pub fn router() -> OpenApiRouter<Db> {
    OpenApiRouter::new()
        .routes(routes!(session))
        .routes(routes!(spin))
        .routes(routes!(play))
        .routes(routes!(seed))
        .routes(routes!(rounds))
        .routes(routes!(verify))
        .routes(routes!(published_info))
        .merge(super::blackjack::router())
}

/// Adds the games' calls to the site's document: their paths are absolute (server `/`, not
/// `/api`), and the `gameSession` bearer scheme.
pub fn document_into(doc: &mut utoipa::openapi::OpenApi, mut games: utoipa::openapi::OpenApi) {
    for item in games.paths.paths.values_mut() {
        item.servers = Some(vec![Server::new("/")]);
    }
    let scheme = Http::builder()
        .scheme(HttpAuthScheme::Bearer)
        .description(Some("The sessionToken of /games/api/session (12 hours, one player and game); an unknown or expired one answers 401."))
        .build();
    doc.merge(games);
    doc.components.get_or_insert_default().add_security_scheme(GAME_SESSION, SecurityScheme::Http(scheme));
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct SessionBody {
    /// The launch token of the game's URL.
    pub token: String,
}

/// A game session.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Session {
    /// The game session token: `Authorization: Bearer` of spin, seed and rounds (12 hours).
    pub session_token: String,
    pub game: GameInfo,
    /// Lira: real plus bonus money.
    pub balance: f64,
    /// Always TRY.
    pub currency: &'static str,
    pub fair: Fair,
}

async fn balance_lira(db: &Db, player_id: i64) -> Result<f64, AppError> {
    let b = wallet::balances(db, player_id).await?;
    Ok(b.total()?.to_lira())
}

/// Uses the launch token of the game's URL (once; it lives 5 minutes) and opens a game session for
/// its player and game. An unknown, expired or used token: 401 with a message.
#[utoipa::path(post, path = "/games/api/session", tag = "games", request_body = SessionBody,
    responses((status = 200, body = Envelope<Session>),
        (status = 401, description = "The launch token is unknown, expired or used", body = EmptyEnvelope),
        (status = 503, description = "The node has no KASA_SEED_KEY: the studio does not play", body = EmptyEnvelope)))]
async fn session(State(db): State<Db>, AppJson(body): AppJson<SessionBody>) -> ApiResult<Session> {
    no_seed_key(&db)?;
    let (game, token) = store::start_session(&db, body.token.trim()).await?.map_err(|state| {
        let key = match state {
            LaunchState::Expired => "studio.launch_expired",
            LaunchState::Used => "studio.launch_used",
            _ => "studio.launch_unknown",
        };
        AppError::Refusal { status: StatusCode::UNAUTHORIZED, key, data: None }
    })?;
    let info = engine::info(&game.game_code).ok_or(AppError::NotFound("casino.unknown_game"))?;
    let seed = store::active_seed(&db, game.player_id).await?;
    let balance = balance_lira(&db, game.player_id).await?;
    Ok(Envelope::ok(Session { session_token: token, game: info, balance, currency: "TRY", fair: Fair::from(&seed) }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct SpinBody {
    /// Kuruş: one of the game's betLevels.
    pub bet: i64,
}

/// A played round.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SpinResult {
    pub round_id: String,
    /// Kuruş.
    pub bet: i64,
    /// Kuruş: the whole round's win (free spins included).
    pub win: i64,
    pub outcome: SpinOutcome,
    /// The jackpot levels the spin won, paid besides `win` (usually none).
    pub jackpots: Vec<super::jackpots::JackpotWin>,
    /// Lira: real plus bonus money after the round (jackpots included).
    pub balance: f64,
    /// The state of the next round.
    pub fair: Fair,
}

/// Plays one round: the bet is taken (real money first, then bonus money), the outcome comes from
/// the committed server seed, the client seed and the next nonce, the win is paid. A bet above the
/// balance: 400 'Yetersiz bakiye' / 'Not enough balance' and nothing moves.
#[utoipa::path(post, path = "/games/api/spin", tag = "games", request_body = SpinBody,
    responses((status = 200, body = Envelope<SpinResult>),
        (status = 400, description = "Not enough balance (data: the balance), or a body that is not JSON", body = Envelope<ShortBalance>),
        (status = 401, description = "No live game session", body = EmptyEnvelope),
        (status = 422, description = "The bet is not one of the game's levels", body = Envelope<FieldError>)),
    security(("gameSession" = [])))]
async fn spin(State(db): State<Db>, CurrentGame(game): CurrentGame, AppJson(body): AppJson<SpinBody>) -> ApiResult<SpinResult> {
    let s = super::spin(&db, &game, body.bet).await?;
    let fair = next_fair(&s);
    let outcome = match s.outcome {
        RoundOutcome::Slot(o) => SpinOutcome::Lines(o),
        RoundOutcome::Ways(o) => SpinOutcome::Ways(o),
        RoundOutcome::Table(_) => return Err(AppError::Internal(anyhow::anyhow!("a slot round without a slot outcome"))),
    };
    Ok(Envelope::ok(SpinResult {
        round_id: s.round_id,
        bet: s.bet.minor(),
        win: s.win.minor(),
        outcome,
        jackpots: s.jackpots,
        balance: s.balance.to_lira(),
        fair,
    }))
}

/// The state of the round after `s`.
fn next_fair(s: &Played) -> Fair {
    Fair::from(&Seed { nonce: s.seed.nonce + 1, ..s.seed.clone() })
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct PlayBody {
    /// The round's stakes (roulette up to 60, keno exactly one, the wheel up to 5).
    pub stakes: Vec<Stake>,
}

/// A played table round.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlayResult {
    pub round_id: String,
    /// Kuruş: the stakes' total.
    pub bet: i64,
    /// Kuruş: the round's total return.
    pub win: i64,
    pub outcome: TableOutcome,
    /// Lira: real plus bonus money after the round.
    pub balance: f64,
    /// The state of the next round.
    pub fair: Fair,
}

/// Plays one round of a table game (roulette, keno, the lucky wheel): the stakes are checked
/// (each a bet of the game, whole lira within the table's limits), their total is taken, the draw
/// comes from the committed server seed, the client seed and the next nonce, and the winnings are
/// paid. Stakes above the balance: 400 with the balance and nothing moves.
#[utoipa::path(post, path = "/games/api/play", tag = "games", request_body = PlayBody,
    responses((status = 200, body = Envelope<PlayResult>),
        (status = 400, description = "Not enough balance (data: the balance), or a body that is not JSON", body = Envelope<ShortBalance>),
        (status = 401, description = "No live game session", body = EmptyEnvelope),
        (status = 404, description = "The session's game is not a table game", body = EmptyEnvelope),
        (status = 422, description = "A stake is not a bet of the game, or outside the table's limits", body = Envelope<FieldError>)),
    security(("gameSession" = [])))]
async fn play(State(db): State<Db>, CurrentGame(game): CurrentGame, AppJson(body): AppJson<PlayBody>) -> ApiResult<PlayResult> {
    let s = super::play_table(&db, &game, &body.stakes).await?;
    let RoundOutcome::Table(outcome) = s.outcome.clone() else {
        return Err(AppError::Internal(anyhow::anyhow!("a table round without a table outcome")));
    };
    Ok(Envelope::ok(PlayResult {
        round_id: s.round_id.clone(),
        bet: s.bet.minor(),
        win: s.win.minor(),
        outcome,
        balance: s.balance.to_lira(),
        fair: next_fair(&s),
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SeedBody {
    /// The client seed of the new seed (1 to 64 printable characters); random when empty or missing.
    #[serde(default)]
    pub client_seed: Option<String>,
    /// The `fair.nextServerSeedHash` the player was shown: the server seed this client seed is
    /// chosen for. When it is no longer the pending one (another seed change came first): 409 with
    /// the current `fair`, and nothing changes.
    #[serde(default)]
    pub next_server_seed_hash: Option<String>,
}

/// The seed a rotation revealed.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RevealedSeed {
    pub server_seed: String,
    pub server_seed_hash: String,
    pub client_seed: String,
    /// The last nonce played on it; null when no round was.
    pub last_nonce: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Rotated {
    /// The server seed that was in use, now revealed (never the new one).
    pub revealed: RevealedSeed,
    /// The new state: its serverSeedHash is the nextServerSeedHash shown before, and its own
    /// nextServerSeedHash the commitment of the seed after it.
    pub fair: Fair,
}

/// Changes the seed between rounds: reveals the server seed in use (every round played on it can
/// now be verified) and makes the next server seed — whose hash (`fair.nextServerSeedHash`) was
/// shown before the player chose — the one in use, with the given client seed, from nonce 0; a new
/// next seed is made and its hash answered. Refused while a blackjack round is open.
#[utoipa::path(post, path = "/games/api/seed", tag = "games", request_body = SeedBody,
    responses((status = 200, body = Envelope<Rotated>), (status = 401, description = "No live game session", body = EmptyEnvelope),
        (status = 409, description = "A blackjack round is open, or the next server seed named is no longer the pending one (data: the current fair state)", body = Envelope<Fair>),
        (status = 422, description = "The client seed is not 1 to 64 printable characters, or the hash is not 64 hex digits", body = Envelope<FieldError>),
        (status = 503, description = "The node has no KASA_SEED_KEY: the studio does not play", body = EmptyEnvelope)),
    security(("gameSession" = [])))]
async fn seed(State(db): State<Db>, CurrentGame(game): CurrentGame, AppJson(body): AppJson<SeedBody>) -> ApiResult<Rotated> {
    let invalid = |field, key| AppError::Validation { field, key };
    let client_seed = match body.client_seed.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        Some(s) if store::valid_client_seed(s) => s.to_string(),
        Some(_) => return Err(invalid("clientSeed", "studio.bad_client_seed")),
        None => store::random_client_seed(),
    };
    let expected = body.next_server_seed_hash.as_deref().map(str::trim).filter(|s| !s.is_empty());
    if expected.is_some_and(|h| h.len() != 64 || !h.bytes().all(|b| b.is_ascii_hexdigit())) {
        return Err(invalid("nextServerSeedHash", "studio.bad_seed_hash"));
    }
    let (old, new) = match store::rotate(&db, game.player_id, &client_seed, expected).await? {
        store::Rotation::Rotated(old, new) => (old, new),
        store::Rotation::RoundOpen => return Err(AppError::Conflict("studio.seed_round_open")),
        store::Rotation::NextChanged(now) => {
            let data = serde_json::to_value(Fair::from(&now)).ok();
            return Err(AppError::Refusal { status: StatusCode::CONFLICT, key: "studio.seed_next_changed", data });
        }
    };
    Ok(Envelope::ok(Rotated {
        revealed: RevealedSeed {
            server_seed: old.seed.server_seed,
            server_seed_hash: old.seed.server_seed_hash,
            client_seed: old.seed.client_seed,
            last_nonce: old.last_nonce,
        },
        fair: Fair::from(&new),
    }))
}

#[derive(Debug, Deserialize, IntoParams)]
pub struct RoundsQuery {
    /// 20 when missing, at most 100.
    pub take: Option<i64>,
}

/// A round of this game, with what verifies it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlayedRound {
    pub round_id: String,
    /// Kuruş.
    pub bet: i64,
    /// Kuruş.
    pub win: i64,
    pub nonce: i64,
    pub client_seed: String,
    pub server_seed_hash: String,
    /// Only once the seed was rotated; null before.
    pub server_seed: Option<String>,
    #[schema(value_type = RoundOutcome)]
    pub outcome: serde_json::Value,
    /// UTC, ISO 8601.
    pub created_at: String,
}

/// The player's recent rounds of the session's game, newest first.
#[utoipa::path(get, path = "/games/api/rounds", tag = "games", params(RoundsQuery),
    responses((status = 200, body = Envelope<Vec<PlayedRound>>), (status = 401, description = "No live game session", body = EmptyEnvelope)),
    security(("gameSession" = [])))]
async fn rounds(State(db): State<Db>, CurrentGame(game): CurrentGame, Query(q): Query<RoundsQuery>) -> ApiResult<Vec<PlayedRound>> {
    let list = store::recent_rounds(&db, game.player_id, &game.game_code, q.take.unwrap_or(20).clamp(1, 100)).await?;
    Ok(Envelope::ok(
        list.into_iter()
            .map(|r| PlayedRound {
                round_id: r.round_id,
                bet: r.bet,
                win: r.win,
                nonce: r.nonce,
                client_seed: r.client_seed,
                server_seed_hash: r.server_seed_hash,
                server_seed: r.server_seed,
                outcome: r.outcome,
                created_at: iso_utc(r.created_at),
            })
            .collect(),
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VerifyBody {
    /// The game's code.
    pub code: String,
    pub server_seed: String,
    pub client_seed: String,
    pub nonce: u64,
    /// Slots: the round's total bet in kuruş, to tell which jackpot level (if any) it won.
    #[serde(default)]
    pub bet: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Verified {
    /// SHA-256 (hex) of the given server seed: compare it with the commitment shown before.
    pub server_seed_hash: String,
    /// A slot's whole outcome, a table game's draw, or blackjack's shoe.
    pub outcome: Replay,
    /// Slots: the jackpots' draw after the round (null for other games).
    pub jackpots: Option<Vec<engine::JackpotDraw>>,
}

/// Replays a round from a revealed server seed, the client seed and the nonce (no login needed).
#[utoipa::path(post, path = "/games/api/verify", tag = "games", request_body = VerifyBody,
    responses((status = 200, body = Envelope<Verified>), (status = 404, description = "Unknown game", body = EmptyEnvelope),
        (status = 422, description = "A seed is empty or too long", body = Envelope<FieldError>)))]
async fn verify(AppJson(body): AppJson<VerifyBody>) -> ApiResult<Verified> {
    if body.server_seed.is_empty() || body.server_seed.len() > 128 {
        return Err(AppError::Validation { field: "serverSeed", key: "studio.bad_seed" });
    }
    if body.client_seed.is_empty() || body.client_seed.len() > 64 {
        return Err(AppError::Validation { field: "clientSeed", key: "studio.bad_client_seed" });
    }
    let outcome =
        engine::verify(&body.code, &body.server_seed, &body.client_seed, body.nonce).ok_or(AppError::NotFound("casino.unknown_game"))?;
    let jackpots = engine::verify_jackpots(&body.code, &body.server_seed, &body.client_seed, body.nonce, body.bet);
    Ok(Envelope::ok(Verified { server_seed_hash: engine::seed_hash(&body.server_seed), outcome, jackpots }))
}

/// Every studio game's published info (no login needed): each game's code, name, kind and
/// complete parameters (reel strips of every slot, base and free, paylines, paytables, the ways
/// slot's strips and height weights, the table games' pockets, segments, pay tables and decks,
/// blackjack's rules, the crash formula) and the jackpots' odds: with a revealed server seed, the
/// client seed and the nonce, any round can be recomputed from these alone (the site's `/fair` page
/// does so in the browser).
#[utoipa::path(get, path = "/games/api/info", tag = "games", responses((status = 200, body = Envelope<engine::Published>)))]
async fn published_info() -> ApiResult<engine::Published> {
    Ok(Envelope::ok(engine::published()))
}
