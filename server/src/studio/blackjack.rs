//! Kasa Blackjack's rounds: a round spans several calls (deal, then hit, stand, double, split),
//! so its state is kept in `blackjack_hands` between them, its shoe (the first 52 cards of the
//! round's fair stream) never shown before the round ends.
//!
//! The deal takes the player's next nonce and the bet in one transaction and stores the round;
//! each action locks the round's row (and checks its version), takes a double's or a split's
//! extra stake through the wallet's round calls (transactions `{roundId}:bet`, `:bet2`, `:bet3`),
//! and when the round ends the dealer plays, the win is paid (`{roundId}:win`) and the round's
//! fairness record written. A player has at most one open round (a unique index), and cannot
//! rotate the seed while it is open (the next cards would be known). An open round's state (its
//! shoe) is stored sealed under the node's seed key, plain once the round is finished.

use axum::extract::State;
use serde::{Deserialize, Serialize};
use sqlx::{AnyConnection, Row};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::SpinError;
use super::engine::FairRng;
use super::engine::blackjack::{self, ActError, Action, CODE, Card, HandResult, MAX_BET, MIN_BET, Round};
use super::seal::{self, SeedKey};
use super::store::{self, GameSession, PROVIDER};
use super::views::{CurrentGame, Fair, ShortBalance};
use crate::db::{Db, now_ms};
use crate::error::{ApiResult, AppError, AppJson, EmptyEnvelope, Envelope, FieldError};
use crate::money::Kurus;
use crate::rounds::{self, CallError, Move, Work};
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
async fn finish_in(work: &mut Work, session: &GameSession, round_id: &str, seed: &store::Seed, r: &Round) -> Result<(), SpinError> {
    let win = Kurus::from_minor(r.returned()).map_err(|_| SpinError::BadBet)?;
    work.pay(&mv(session, round_id, "win", win)).await?;
    let record = BlackjackRecord { game: "blackjack".to_string(), hands: hands_view(r), dealer: dealer_view(r), cards: r.used().to_vec() };
    store::record_fairness(work, round_id, seed, &serde_json::to_value(&record).unwrap_or_default()).await?;
    Ok(())
}

/// Deals a round for `bet` kuruš.
pub async fn deal_round(db: &Db, session: &GameSession, bet: i64) -> Result<(String, Round), SpinError> {
    if !(MIN_BET..=MAX_BET).contains(&bet) || bet % 100 != 0 {
        return Err(SpinError::BadBet);
    }
    let amount = Kurus::from_minor(bet).map_err(|_| SpinError::BadBet)?;
    store::active_seed(db, session.player_id).await?;
    let mut work = Work::begin(db, PROVIDER).await?;
    let done = async {
        if open_round_id(work.conn(), session.player_id).await?.is_some() {
            return Err(SpinError::RoundOpen);
        }
        let seed = store::take_nonce(work.conn(), &db.seed_key, session.player_id).await?.ok_or(SpinError::NoSeed)?;
        let nonce = u64::try_from(seed.nonce).map_err(|_| sqlx::Error::RowNotFound)?;
        let round_id = format!("{}-{}", seed.id, seed.nonce);
        let round = Round::deal(blackjack::shoe(&mut FairRng::new(&seed.server_seed, &seed.client_seed, nonce)), bet);
        work.stake(&mv(session, &round_id, "bet", amount)).await?;
        let inserted = sqlx::query(
            "INSERT INTO blackjack_hands (round_id, player_id, game_code, seed_id, nonce, state, version, created_at, finished_at)
             VALUES ($1, $2, $3, $4, $5, $6, 1, $7, $8) ON CONFLICT DO NOTHING",
        )
        .bind(&round_id)
        .bind(session.player_id)
        .bind(&session.game_code)
        .bind(seed.id)
        .bind(seed.nonce)
        .bind(state_text(&db.seed_key, &round_id, &round)?)
        .bind(now_ms())
        .bind(round.finished.then(now_ms))
        .execute(work.conn())
        .await?;
        if inserted.rows_affected() == 0 {
            return Err(SpinError::RoundOpen);
        }
        if round.finished {
            finish_in(&mut work, session, &round_id, &seed, &round).await?;
        }
        Ok((round_id, round))
    }
    .await;
    conclude(work, db, session, done).await
}

/// Plays an action on the player's open round `round_id`.
pub async fn act_round(db: &Db, session: &GameSession, round_id: &str, action: Action) -> Result<Round, SpinError> {
    let mut work = Work::begin(db, PROVIDER).await?;
    let done = async {
        let lock = if crate::db::is_postgres(work.conn()) { " FOR UPDATE" } else { "" };
        let sql = format!(
            "SELECT state, version, seed_id, nonce FROM blackjack_hands WHERE round_id = $1 AND player_id = $2 AND game_code = $3 AND finished_at IS NULL{lock}"
        );
        let row = sqlx::query(sqlx::AssertSqlSafe(sql))
            .bind(round_id)
            .bind(session.player_id)
            .bind(&session.game_code)
            .fetch_optional(work.conn())
            .await?
            .ok_or(SpinError::NoRound)?;
        let (state, version, seed_id, nonce): (String, i64, i64, i64) = (row.try_get(0)?, row.try_get(1)?, row.try_get(2)?, row.try_get(3)?);
        let mut round = read_state(&db.seed_key, round_id, &state)?;
        let extra = round.act(action).map_err(act_error)?;
        if extra > 0 {
            let n = round.hands.iter().filter(|h| h.doubled).count() + round.hands.len();
            let amount = Kurus::from_minor(extra).map_err(|_| SpinError::BadBet)?;
            work.stake(&mv(session, round_id, &format!("bet{n}"), amount)).await?;
        }
        let updated = sqlx::query(
            "UPDATE blackjack_hands SET state = $1, version = version + 1, finished_at = $2 WHERE round_id = $3 AND version = $4 AND finished_at IS NULL",
        )
        .bind(state_text(&db.seed_key, round_id, &round)?)
        .bind(round.finished.then(now_ms))
        .bind(round_id)
        .bind(version)
        .execute(work.conn())
        .await?;
        if updated.rows_affected() == 0 {
            return Err(SpinError::NoRound);
        }
        if round.finished {
            let seed = store::seed_by_id(work.conn(), &db.seed_key, seed_id).await?.ok_or(SpinError::NoSeed)?;
            finish_in(&mut work, session, round_id, &store::Seed { nonce, ..seed }, &round).await?;
        }
        Ok(round)
    }
    .await;
    conclude(work, db, session, done).await
}

/// Commits a deal's or an action's work when it succeeded, else abandons it; a refusal for money
/// then carries the player's balance.
async fn conclude<T>(work: Work, db: &Db, session: &GameSession, done: Result<T, SpinError>) -> Result<T, SpinError> {
    match done {
        Ok(v) => {
            work.commit().await?;
            Ok(v)
        }
        Err(e) => {
            work.abandon().await?;
            match e {
                SpinError::NotEnoughMoney { .. } | SpinError::Call(CallError::Wallet(WalletError::InsufficientFunds)) => {
                    Err(rounds::not_enough_money(db, session.player_id).await.into())
                }
                e => Err(e),
            }
        }
    }
}

/// An action the round refused.
fn act_error(e: ActError) -> SpinError {
    match e {
        ActError::Finished => SpinError::NoRound,
        ActError::NotAllowed => SpinError::NotAllowed,
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
    let round = read_state(&db.seed_key, &id, &state)?;
    Ok(Some((id, round)))
}

/// A round's state as stored: sealed while the round is open (its shoe tells the next cards; bound
/// to the round id), plain once finished.
fn state_text(key: &SeedKey, round_id: &str, round: &Round) -> Result<String, sqlx::Error> {
    let json = serde_json::to_string(round).map_err(|e| sqlx::Error::Decode(Box::new(e)))?;
    if round.finished { Ok(json) } else { Ok(key.seal(&json, round_id)?) }
}

/// A stored round state, opened when sealed.
fn read_state(key: &SeedKey, round_id: &str, state: &str) -> Result<Round, sqlx::Error> {
    let json = if seal::is_sealed(state) { key.open(state, round_id)? } else { state.to_string() };
    serde_json::from_str(&json).map_err(|e| sqlx::Error::Decode(Box::new(e)))
}

async fn answer(db: &Db, session: &GameSession, round_id: &str, round: &Round) -> Result<BlackjackView, AppError> {
    let balance = wallet::balances(db, session.player_id).await?.total()?;
    let seed = store::active_seed(db, session.player_id).await?;
    Ok(view(round_id, round, balance, Fair::from(&seed)))
}

fn only_blackjack(session: &GameSession) -> Result<(), AppError> {
    if session.game_code == CODE { Ok(()) } else { Err(AppError::NotFound("casino.unknown_game")) }
}

/// The player's open round of the session's game (null when none): a reloaded game resumes it.
#[utoipa::path(get, path = "/games/api/blackjack", tag = "games",
    responses((status = 200, body = Envelope<Option<BlackjackView>>),
        (status = 401, description = "No live game session", body = EmptyEnvelope),
        (status = 404, description = "The session's game is not blackjack", body = EmptyEnvelope)),
    security(("gameSession" = [])))]
async fn open(State(db): State<Db>, CurrentGame(game): CurrentGame) -> ApiResult<Option<BlackjackView>> {
    only_blackjack(&game)?;
    let Some((id, round)) = open_round(&db, &game).await? else {
        return Ok(Envelope::ok(None));
    };
    Ok(Envelope::ok(Some(answer(&db, &game, &id, &round).await?)))
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
async fn deal(State(db): State<Db>, CurrentGame(game): CurrentGame, AppJson(body): AppJson<DealBody>) -> ApiResult<BlackjackView> {
    only_blackjack(&game)?;
    let (id, round) = deal_round(&db, &game, body.bet).await?;
    Ok(Envelope::ok(answer(&db, &game, &id, &round).await?))
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
async fn act(State(db): State<Db>, CurrentGame(game): CurrentGame, AppJson(body): AppJson<ActBody>) -> ApiResult<BlackjackView> {
    only_blackjack(&game)?;
    let round = act_round(&db, &game, &body.round_id, body.action).await?;
    Ok(Envelope::ok(answer(&db, &game, &body.round_id, &round).await?))
}
