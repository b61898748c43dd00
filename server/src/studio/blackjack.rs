//! Kasa Blackjack's rounds: a round spans several calls (deal, then hit, stand, double, split),
//! so its state is kept in `blackjack_hands` between them, its shoe (the first 52 cards of the
//! round's fair stream) never shown before the round ends.
//!
//! The deal takes the player's next nonce and the bet in one transaction and stores the round;
//! each action locks the round's row (and checks its version), takes a double's or a split's
//! extra stake through the wallet's round calls (transactions `{roundId}:bet`, `:bet2`, `:bet3`),
//! and when the round ends the dealer plays, the win is paid (`{roundId}:win`) and the round's
//! fairness record written. A player has at most one open round (a unique index), and cannot
//! rotate the seed while it is open (the next cards would be known).

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use sqlx::{AnyConnection, Row};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::engine::FairRng;
use super::engine::blackjack::{self, ActError, Action, CODE, Card, HandResult, MAX_BET, MIN_BET, Round};
use super::routes::{CurrentGame, Fair, ShortBalance, refuse};
use super::store::{self, GameSession, PROVIDER};
use crate::casino::rounds::{self, CallError, Move};
use crate::db::{Db, now_ms};
use crate::error::{AppError, AppJson, EmptyEnvelope, Envelope, FieldError};
use crate::money::Kurus;
use crate::wallet::{self, WalletError};

pub fn router() -> OpenApiRouter<Db> {
    OpenApiRouter::new().routes(routes!(open)).routes(routes!(deal)).routes(routes!(act))
}

/// One of the player's hands as the game shows it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HandView {
    pub cards: Vec<u8>,
    pub total: u8,
    pub soft: bool,
    /// Kuruş, a double included.
    pub bet: i64,
    pub doubled: bool,
    pub done: bool,
    pub blackjack: bool,
    pub bust: bool,
    /// Null until the round is settled.
    pub result: Option<HandResult>,
    /// Kuruş returned, the stake included.
    pub win: i64,
}

/// The dealer's side: only the up card while the round is played.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DealerView {
    pub cards: Vec<u8>,
    pub total: u8,
    pub soft: bool,
    pub blackjack: bool,
    pub bust: bool,
    /// A face-down hole card is on the table.
    pub hidden: bool,
}

/// A blackjack round as the player sees it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BlackjackView {
    pub round_id: String,
    pub hands: Vec<HandView>,
    /// The hand being played.
    pub active: u32,
    pub dealer: DealerView,
    /// What the player may do now; empty once finished.
    pub actions: Vec<Action>,
    pub finished: bool,
    /// Kuruş staked.
    pub bet: i64,
    /// Kuruş returned.
    pub win: i64,
    /// Lira: real plus bonus money.
    pub balance: f64,
    /// The state of the next round.
    pub fair: Fair,
}

/// A finished round's record (its fairness outcome): the hands, the dealer and the cards used.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BlackjackRecord {
    /// Always "blackjack".
    pub game: String,
    pub hands: Vec<HandView>,
    pub dealer: DealerView,
    /// The cards dealt, in order: a prefix of the verified shoe.
    pub cards: Vec<u8>,
}

fn hands_view(r: &Round) -> Vec<HandView> {
    r.hands
        .iter()
        .map(|h| {
            let (total, soft) = blackjack::total(&h.cards);
            HandView {
                cards: h.cards.clone(),
                total,
                soft,
                bet: h.bet,
                doubled: h.doubled,
                done: h.done,
                blackjack: h.is_blackjack(),
                bust: h.is_bust(),
                result: h.result,
                win: h.win,
            }
        })
        .collect()
}

fn dealer_view(r: &Round) -> DealerView {
    let shown: Vec<Card> = if r.finished { r.dealer.clone() } else { r.dealer[..1].to_vec() };
    let (total, soft) = blackjack::total(&shown);
    DealerView { total, soft, blackjack: r.finished && r.dealer_blackjack(), bust: total > 21, hidden: !r.finished, cards: shown }
}

fn view(round_id: &str, r: &Round, balance: Kurus, fair: Fair) -> BlackjackView {
    BlackjackView {
        round_id: round_id.to_string(),
        hands: hands_view(r),
        active: r.active as u32,
        dealer: dealer_view(r),
        actions: r.actions(),
        finished: r.finished,
        bet: r.staked(),
        win: r.returned(),
        balance: balance.to_lira(),
        fair,
    }
}

/// Why a deal or an action was refused; nothing moved.
#[derive(Debug, thiserror::Error)]
pub enum HandError {
    #[error("not enough money")]
    NotEnoughMoney { balance: Kurus },
    #[error("bad bet")]
    BadBet,
    #[error("a round is already open")]
    AlreadyOpen,
    #[error("no such open round")]
    NoRound,
    #[error(transparent)]
    Act(ActError),
    #[error("no active seed")]
    NoSeed,
    #[error(transparent)]
    Call(CallError),
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

impl From<CallError> for HandError {
    fn from(e: CallError) -> Self {
        match e {
            CallError::Database(db) => HandError::Database(db),
            CallError::Wallet(WalletError::InsufficientFunds) => HandError::NotEnoughMoney { balance: Kurus::ZERO },
            CallError::NotEnoughMoney { balance } => HandError::NotEnoughMoney { balance },
            other => HandError::Call(other),
        }
    }
}

fn mv(session: &GameSession, round_id: &str, tx: &str, amount: Kurus) -> Move {
    Move {
        provider: PROVIDER.to_string(),
        player_id: session.player_id,
        game_code: session.game_code.clone(),
        round_id: round_id.to_string(),
        tx_id: format!("{round_id}:{tx}"),
        amount,
    }
}

/// Writes a finished round's win and fairness record.
async fn finish_in(tx: &mut AnyConnection, session: &GameSession, round_id: &str, seed: &store::Seed, r: &Round) -> Result<(), HandError> {
    let win = Kurus::from_minor(r.returned()).map_err(|_| HandError::BadBet)?;
    rounds::win_in(tx, &mv(session, round_id, "win", win)).await?;
    let record = BlackjackRecord { game: "blackjack".to_string(), hands: hands_view(r), dealer: dealer_view(r), cards: r.used().to_vec() };
    store::record_fairness_json(tx, round_id, seed, &serde_json::to_value(&record).unwrap_or_default()).await?;
    Ok(())
}

/// Deals a round for `bet` kuruš.
pub async fn deal_round(db: &Db, session: &GameSession, bet: i64) -> Result<(String, Round), HandError> {
    if !(MIN_BET..=MAX_BET).contains(&bet) || bet % 100 != 0 {
        return Err(HandError::BadBet);
    }
    let amount = Kurus::from_minor(bet).map_err(|_| HandError::BadBet)?;
    wallet::open_provider_account(db, PROVIDER).await.map_err(CallError::from)?;
    store::active_seed(db, session.player_id).await?;
    let mut tx = db.begin_write().await?;
    let done = async {
        if open_round_id(&mut tx, session.player_id).await?.is_some() {
            return Err(HandError::AlreadyOpen);
        }
        let seed = store::take_nonce(&mut tx, session.player_id).await?.ok_or(HandError::NoSeed)?;
        let nonce = u64::try_from(seed.nonce).map_err(|_| sqlx::Error::RowNotFound)?;
        let round_id = format!("{}-{}", seed.id, seed.nonce);
        let round = Round::deal(blackjack::shoe(&mut FairRng::new(&seed.server_seed, &seed.client_seed, nonce)), bet);
        rounds::bet_in(&mut tx, &mv(session, &round_id, "bet", amount)).await?;
        let inserted = sqlx::query(
            "INSERT INTO blackjack_hands (round_id, player_id, game_code, seed_id, nonce, state, version, created_at, finished_at)
             VALUES ($1, $2, $3, $4, $5, $6, 1, $7, $8) ON CONFLICT DO NOTHING",
        )
        .bind(&round_id)
        .bind(session.player_id)
        .bind(&session.game_code)
        .bind(seed.id)
        .bind(seed.nonce)
        .bind(serde_json::to_string(&round).unwrap_or_default())
        .bind(now_ms())
        .bind(round.finished.then(now_ms))
        .execute(&mut *tx)
        .await?;
        if inserted.rows_affected() == 0 {
            return Err(HandError::AlreadyOpen);
        }
        if round.finished {
            finish_in(&mut tx, session, &round_id, &seed, &round).await?;
        }
        wallet::publish_balance_in(&mut tx, session.player_id).await.map_err(CallError::from)?;
        Ok((round_id, round))
    }
    .await;
    match done {
        Ok(v) => {
            tx.commit().await?;
            Ok(v)
        }
        Err(e) => {
            tx.rollback().await?;
            Err(with_balance(db, session, e).await)
        }
    }
}

/// Plays an action on the player's open round `round_id`.
pub async fn act_round(db: &Db, session: &GameSession, round_id: &str, action: Action) -> Result<Round, HandError> {
    let mut tx = db.begin_write().await?;
    let done = async {
        let lock = if crate::db::is_postgres(&tx) { " FOR UPDATE" } else { "" };
        let sql = format!(
            "SELECT state, version, seed_id, nonce FROM blackjack_hands WHERE round_id = $1 AND player_id = $2 AND game_code = $3 AND finished_at IS NULL{lock}"
        );
        let row = sqlx::query(sqlx::AssertSqlSafe(sql))
            .bind(round_id)
            .bind(session.player_id)
            .bind(&session.game_code)
            .fetch_optional(&mut *tx)
            .await?
            .ok_or(HandError::NoRound)?;
        let (state, version, seed_id, nonce): (String, i64, i64, i64) = (row.try_get(0)?, row.try_get(1)?, row.try_get(2)?, row.try_get(3)?);
        let mut round: Round = serde_json::from_str(&state).map_err(|e| sqlx::Error::Decode(Box::new(e)))?;
        let extra = round.act(action).map_err(HandError::Act)?;
        if extra > 0 {
            let n = round.hands.iter().filter(|h| h.doubled).count() + round.hands.len();
            let amount = Kurus::from_minor(extra).map_err(|_| HandError::BadBet)?;
            rounds::bet_in(&mut tx, &mv(session, round_id, &format!("bet{n}"), amount)).await?;
        }
        let updated = sqlx::query(
            "UPDATE blackjack_hands SET state = $1, version = version + 1, finished_at = $2 WHERE round_id = $3 AND version = $4 AND finished_at IS NULL",
        )
        .bind(serde_json::to_string(&round).unwrap_or_default())
        .bind(round.finished.then(now_ms))
        .bind(round_id)
        .bind(version)
        .execute(&mut *tx)
        .await?;
        if updated.rows_affected() == 0 {
            return Err(HandError::NoRound);
        }
        if round.finished {
            let seed = store::seed_by_id(&mut tx, seed_id).await?.ok_or(HandError::NoSeed)?;
            finish_in(&mut tx, session, round_id, &store::Seed { nonce, ..seed }, &round).await?;
        }
        wallet::publish_balance_in(&mut tx, session.player_id).await.map_err(CallError::from)?;
        Ok(round)
    }
    .await;
    match done {
        Ok(v) => {
            tx.commit().await?;
            Ok(v)
        }
        Err(e) => {
            tx.rollback().await?;
            Err(with_balance(db, session, e).await)
        }
    }
}

/// A refusal for money carries the player's balance.
async fn with_balance(db: &Db, session: &GameSession, e: HandError) -> HandError {
    match e {
        HandError::NotEnoughMoney { .. } => match rounds::balance(db, session.player_id).await {
            Ok(b) => HandError::NotEnoughMoney { balance: b.balance() },
            Err(e) => HandError::from(e),
        },
        e => e,
    }
}

/// The player's open round, if any (any game session of theirs).
pub async fn open_round_id(tx: &mut AnyConnection, player_id: i64) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar("SELECT round_id FROM blackjack_hands WHERE player_id = $1 AND finished_at IS NULL")
        .bind(player_id)
        .fetch_optional(&mut *tx)
        .await
}

async fn open_round(db: &Db, session: &GameSession) -> Result<Option<(String, Round)>, sqlx::Error> {
    let row = sqlx::query("SELECT round_id, state FROM blackjack_hands WHERE player_id = $1 AND game_code = $2 AND finished_at IS NULL")
        .bind(session.player_id)
        .bind(&session.game_code)
        .fetch_optional(&db.pool)
        .await?;
    let Some(row) = row else { return Ok(None) };
    let (id, state): (String, String) = (row.try_get(0)?, row.try_get(1)?);
    let round = serde_json::from_str(&state).map_err(|e| sqlx::Error::Decode(Box::new(e)))?;
    Ok(Some((id, round)))
}

async fn answer(db: &Db, session: &GameSession, round_id: &str, round: &Round) -> Result<BlackjackView, AppError> {
    let balance = wallet::balances(db, session.player_id).await?.total()?;
    let seed = store::active_seed(db, session.player_id).await?;
    Ok(view(round_id, round, balance, Fair::from(&seed)))
}

fn refused(e: HandError) -> Response {
    match e {
        HandError::NotEnoughMoney { balance } => {
            refuse(StatusCode::BAD_REQUEST, "studio.not_enough_balance", Some(serde_json::json!({ "balance": balance.to_lira() })))
        }
        HandError::BadBet => AppError::Validation { field: "bet", key: "studio.bad_bet" }.into_response(),
        HandError::AlreadyOpen => refuse(StatusCode::CONFLICT, "studio.blackjack_open", None),
        HandError::NoRound | HandError::Act(ActError::Finished) => refuse(StatusCode::CONFLICT, "studio.blackjack_no_round", None),
        HandError::Act(ActError::NotAllowed) => refuse(StatusCode::CONFLICT, "studio.blackjack_not_allowed", None),
        HandError::NoSeed => AppError::Busy.into_response(),
        HandError::Call(e) => AppError::Internal(anyhow::anyhow!(e)).into_response(),
        HandError::Database(e) => AppError::from(e).into_response(),
    }
}

fn only_blackjack(session: &GameSession) -> Result<(), Response> {
    if session.game_code == CODE { Ok(()) } else { Err(AppError::NotFound("casino.unknown_game").into_response()) }
}

/// The player's open round of the session's game (null when none): a reloaded game resumes it.
#[utoipa::path(get, path = "/games/api/blackjack", tag = "games",
    responses((status = 200, body = Envelope<Option<BlackjackView>>),
        (status = 401, description = "No live game session", body = EmptyEnvelope),
        (status = 404, description = "The session's game is not blackjack", body = EmptyEnvelope)),
    security(("gameSession" = [])))]
async fn open(State(db): State<Db>, CurrentGame(game): CurrentGame) -> Result<Envelope<Option<BlackjackView>>, Response> {
    only_blackjack(&game)?;
    let Some((id, round)) = open_round(&db, &game).await.map_err(|e| AppError::from(e).into_response())? else {
        return Ok(Envelope::ok(None));
    };
    Ok(Envelope::ok(Some(answer(&db, &game, &id, &round).await.map_err(IntoResponse::into_response)?)))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct DealBody {
    /// Kuruş: whole lira from minBet to maxBet.
    pub bet: i64,
}

/// Deals a round: the bet is taken, the cards come from the committed server seed, the client
/// seed and the next nonce. A blackjack on either side settles it at once.
#[utoipa::path(post, path = "/games/api/blackjack/deal", tag = "games", request_body = DealBody,
    responses((status = 200, body = Envelope<BlackjackView>),
        (status = 400, description = "Not enough balance (data: the balance), or a body that is not JSON", body = Envelope<ShortBalance>),
        (status = 401, description = "No live game session", body = EmptyEnvelope),
        (status = 404, description = "The session's game is not blackjack", body = EmptyEnvelope),
        (status = 409, description = "A round is already open", body = EmptyEnvelope),
        (status = 422, description = "The bet is not whole lira within the table's limits", body = Envelope<FieldError>)),
    security(("gameSession" = [])))]
async fn deal(
    State(db): State<Db>,
    CurrentGame(game): CurrentGame,
    AppJson(body): AppJson<DealBody>,
) -> Result<Envelope<BlackjackView>, Response> {
    only_blackjack(&game)?;
    let (id, round) = deal_round(&db, &game, body.bet).await.map_err(refused)?;
    Ok(Envelope::ok(answer(&db, &game, &id, &round).await.map_err(IntoResponse::into_response)?))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ActBody {
    pub round_id: String,
    pub action: Action,
}

/// Hits, stands, doubles (the bet again, one card) or splits (the bet again, two hands) the
/// active hand of the open round. When the last hand is done the dealer plays and the round is
/// paid.
#[utoipa::path(post, path = "/games/api/blackjack/act", tag = "games", request_body = ActBody,
    responses((status = 200, body = Envelope<BlackjackView>),
        (status = 400, description = "Not enough balance for a double or a split (data: the balance), or a body that is not JSON", body = Envelope<ShortBalance>),
        (status = 401, description = "No live game session", body = EmptyEnvelope),
        (status = 404, description = "The session's game is not blackjack", body = EmptyEnvelope),
        (status = 409, description = "No such open round, or the action is not allowed now", body = EmptyEnvelope)),
    security(("gameSession" = [])))]
async fn act(
    State(db): State<Db>,
    CurrentGame(game): CurrentGame,
    AppJson(body): AppJson<ActBody>,
) -> Result<Envelope<BlackjackView>, Response> {
    only_blackjack(&game)?;
    let round = act_round(&db, &game, &body.round_id, body.action).await.map_err(refused)?;
    Ok(Envelope::ok(answer(&db, &game, &body.round_id, &round).await.map_err(IntoResponse::into_response)?))
}
