//! The built-in sportsbook's calls (issue 17): the events of a sport (pre-match or live) with
//! their main market, and one event with every market, in the caller's language; placing a slip,
//! My Bets and cash-out; the bettor's balance, the visitors' sportsbook and the live stream. What
//! they read is in [`super::views`].

use std::sync::Arc;

use axum::extract::{FromRef, FromRequestParts, Path, Query, State};
use axum::http::request::Parts;
use axum::response::IntoResponse;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::Sportsbooks;
use super::betting::{self, OddsChoice, Slip, Wanted};
use super::book::Sport;
use super::slip::{Cover, Kind};
use super::views::{self, BetView, EventView};
use crate::db::Db;
use crate::error::AppJson;
use crate::error::{ApiResult, AppError, EmptyEnvelope, Envelope};
use crate::i18n::RequestLocale;
use crate::i18n::t;
use crate::money::{JsonLira, Kurus};

/// What the sportsbook's calls need: the database, and the sportsbooks whose tokens they accept.
#[derive(Clone, Debug)]
pub struct SportsState {
    pub db: Db,
    pub books: Arc<Sportsbooks>,
    pub live: Arc<super::live::Live>,
}

impl FromRef<SportsState> for Db {
    fn from_ref(s: &SportsState) -> Db {
        s.db.clone()
    }
}

pub fn router() -> OpenApiRouter<SportsState> {
    OpenApiRouter::new()
        .routes(routes!(events))
        .routes(routes!(event))
        .routes(routes!(place_bet, my_bets))
        .routes(routes!(cash_out))
        .routes(routes!(balance))
        .routes(routes!(site))
        .routes(routes!(rules))
        .routes(routes!(stream))
}

/// What a visitor's sports pages frame (no token: they browse and build a slip; placing a bet
/// asks them to log in).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VisitorBook {
    /// The Betsy sportsbook's page (the built-in one is `/sportsbook/`); empty when none.
    pub betsy_url: String,
    pub betsy_cid: String,
}

/// The sportsbook of the sports pages for visitors: the login data's betsyUrl and betsyCid
/// without a token.
#[utoipa::path(get, path = "/sportsbook/site", tag = "sportsbook", responses((status = 200, body = Envelope<VisitorBook>)))]
async fn site(State(state): State<SportsState>) -> ApiResult<VisitorBook> {
    let f = state.books.visitor_fields();
    Ok(Envelope::ok(VisitorBook { betsy_url: f.betsy_url, betsy_cid: f.betsy_cid }))
}

/// A sport's live delay, as the slip states it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LiveDelay {
    pub sport: String,
    /// How long a live bet waits before the book accepts it.
    pub seconds: i64,
}

/// The book's rules where they bite (issue 30: the slip states them before a refusal does).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BookRules {
    /// Lira: the least stake of a bet.
    pub min_stake: f64,
    /// Lira: the most stake of a bet.
    pub max_stake: f64,
    /// Lira: the most a player stakes on High Rate prices in all.
    pub max_stake_high_rate: f64,
    /// Lira: the most one bet can return.
    pub max_payout: f64,
    pub live_delays: Vec<LiveDelay>,
}

/// The stake limits, the maximum payout and each sport's live delay.
#[utoipa::path(get, path = "/sportsbook/rules", tag = "sportsbook", responses((status = 200, body = Envelope<BookRules>)))]
async fn rules() -> ApiResult<BookRules> {
    use super::betting::{MAX_PAYOUT, MAX_STAKE, MAX_STAKE_HIGH_RATE, MIN_STAKE, live_delay_ms};
    let live_delays =
        super::book::Sport::ALL.iter().map(|&s| LiveDelay { sport: s.as_str().to_string(), seconds: live_delay_ms(s) / 1000 }).collect();
    Ok(Envelope::ok(BookRules {
        min_stake: lira(MIN_STAKE),
        max_stake: lira(MAX_STAKE),
        max_stake_high_rate: lira(MAX_STAKE_HIGH_RATE),
        max_payout: lira(MAX_PAYOUT),
        live_delays,
    }))
}

/// Live prices: a server-sent event `changes` (JSON, [`super::live::Changes`]) whenever events'
/// scores or states or markets' prices or states change, about once a second while they do.
#[utoipa::path(get, path = "/sportsbook/stream", tag = "sportsbook",
    responses((status = 200, description = "text/event-stream of `changes` events", content_type = "text/event-stream", body = super::live::Changes)))]
async fn stream(State(state): State<SportsState>) -> impl IntoResponse {
    use axum::response::sse::{Event, KeepAlive, Sse};
    use tokio::sync::broadcast::error::RecvError;
    let rx = state.live.subscribe(&state.db);
    let events = futures_util::stream::unfold(rx, |mut rx| async move {
        loop {
            match rx.recv().await {
                Ok(json) => return Some((Ok::<_, std::convert::Infallible>(Event::default().event("changes").data(&*json)), rx)),
                Err(RecvError::Lagged(_)) => continue,
                Err(RecvError::Closed) => return None,
            }
        }
    });
    Sse::new(events).keep_alive(KeepAlive::default())
}

/// The player betting: the sportsbook token the login data gave (`Authorization: Bearer
/// betsy.…`), as a framed sportsbook is called, while the session it came with is live; or the
/// site's own session.
#[derive(Debug, Clone, Copy)]
pub struct Bettor {
    pub player_id: i64,
}

impl FromRequestParts<SportsState> for Bettor {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &SportsState) -> Result<Self, Self::Rejection> {
        let token = crate::auth::session::bearer(parts).ok_or(AppError::Unauthorized)?;
        // A Betsy token only: a Betco token is for the other book (/spor/betco), never this one.
        // It is good while the site session it was issued with is live (checked in the database).
        if let Some((_, usercode)) = state.books.verify(token, crate::db::now_ms()).filter(|(book, _)| book == "betsy") {
            let code: i64 = usercode.parse().map_err(|_| AppError::Unauthorized)?;
            let player_id = code - crate::auth::USERCODE_BASE;
            let live = crate::accounts::sportsbooks::session_player(&state.db, token).await?;
            return match live {
                Some(p) if p == player_id => Ok(Bettor { player_id }),
                _ => Err(AppError::Unauthorized),
            };
        }
        let me = crate::auth::session::lookup(&state.db, token).await?.ok_or(AppError::Unauthorized)?;
        Ok(Bettor { player_id: me.player_id })
    }
}

/// The bettor's balance.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BookBalance {
    /// Lira: real plus bonus money, as the site's header shows.
    pub balance: f64,
    pub real_balance: f64,
    pub bonus_balance: f64,
}

/// The bettor's balance, for the sportsbook's own header.
#[utoipa::path(get, path = "/sportsbook/balance", tag = "sportsbook",
    responses((status = 200, body = Envelope<BookBalance>)), security(("bearer" = [])))]
async fn balance(State(db): State<Db>, me: Bettor) -> ApiResult<BookBalance> {
    let b = crate::wallet::balances(&db, me.player_id).await?;
    Ok(Envelope::ok(BookBalance { balance: b.total()?.to_lira(), real_balance: b.real.to_lira(), bonus_balance: b.bonus.to_lira() }))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(rename_all = "camelCase")]
pub struct EventsQuery {
    /// football, basketball, tennis or volleyball; all when missing.
    pub sport: Option<String>,
    /// true: the live events; false or missing: the ones to come.
    pub live: Option<bool>,
    /// true: only the events with High Rate prices (the /fcg pages), with those markets.
    pub high_rate: Option<bool>,
}

/// The events of a sport to come (the next 100 by kick-off) or live, each with its main market.
#[utoipa::path(get, path = "/sportsbook/events", tag = "sportsbook", params(EventsQuery),
    responses((status = 200, body = Envelope<Vec<EventView>>), (status = 400, description = "Unknown sport", body = EmptyEnvelope)))]
async fn events(State(db): State<Db>, RequestLocale(locale): RequestLocale, Query(q): Query<EventsQuery>) -> ApiResult<Vec<EventView>> {
    let sport = match q.sport.as_deref().filter(|s| !s.is_empty()) {
        Some(s) => Some(Sport::parse(s).ok_or(AppError::BadRequest("sportsbook.unknown_sport"))?),
        None => None,
    };
    Ok(Envelope::ok(views::events(&db, sport, q.live.unwrap_or(false), q.high_rate.unwrap_or(false), &locale).await?))
}

/// One event with every market.
#[utoipa::path(get, path = "/sportsbook/events/{id}", tag = "sportsbook", params(("id" = i64, Path, description = "the event's id")),
    responses((status = 200, body = Envelope<EventView>), (status = 404, body = EmptyEnvelope)))]
async fn event(State(db): State<Db>, RequestLocale(locale): RequestLocale, Path(id): Path<String>) -> ApiResult<EventView> {
    let id: i64 = id.parse().map_err(|_| AppError::NotFound("sportsbook.no_event"))?;
    let view = views::event(&db, id, &locale).await?.ok_or(AppError::NotFound("sportsbook.no_event"))?;
    Ok(Envelope::ok(view))
}

/// A leg of a slip.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LegBody {
    pub selection_id: i64,
    /// The price the slip showed (decimal odds).
    pub price: f64,
}

/// A slip to place.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BetBody {
    pub legs: Vec<LegBody>,
    /// single, combo, system, trixie, yankee or canadian.
    pub kind: String,
    /// A system's combo size (2 for 2/3).
    pub size: Option<u8>,
    /// Lira on each single, combo, or combo of a system: at most two decimals (read exactly, never rounded).
    #[schema(value_type = f64)]
    pub stake: JsonLira,
    /// any, higher or none: which price changes the player accepts.
    pub odds_choice: String,
    /// The High Rate prices (the /fcg pages).
    #[serde(default)]
    pub high_rate: bool,
}

/// A placed bet.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlacedBet {
    pub id: i64,
    /// pending (a live bet waiting its delay) or open.
    pub state: String,
    /// Lira.
    pub stake: f64,
    /// Lira, if every leg wins.
    pub potential: f64,
}

/// What a refused slip answers (`data` on a price change).
#[derive(Debug, Serialize, ToSchema)]
pub struct PriceChanges {
    pub prices: Vec<betting::PriceNow>,
}

fn lira(k: i64) -> f64 {
    Kurus::from_minor(k).map(Kurus::to_lira).unwrap_or(0.0)
}

fn parse_kind(body: &BetBody) -> Option<Kind> {
    Some(match body.kind.as_str() {
        "single" => Kind::Single,
        "combo" => Kind::Combo,
        "system" => Kind::System { size: body.size? },
        "trixie" => Kind::Cover { cover: Cover::Trixie },
        "yankee" => Kind::Cover { cover: Cover::Yankee },
        "canadian" => Kind::Cover { cover: Cover::Canadian },
        _ => return None,
    })
}

/// Places a slip. A price that moved against the player's choice answers 409 with the prices now.
#[utoipa::path(post, path = "/sportsbook/bets", tag = "sportsbook", request_body = BetBody,
    responses((status = 200, body = Envelope<Vec<PlacedBet>>),
        (status = 400, description = "A bad slip, a stake limit, not enough money", body = EmptyEnvelope),
        (status = 409, description = "A selection not offered now, or the prices changed (data: the prices now)", body = Envelope<PriceChanges>)),
    security(("bearer" = [])))]
async fn place_bet(State(db): State<Db>, me: Bettor, AppJson(body): AppJson<BetBody>) -> ApiResult<Vec<PlacedBet>> {
    let kind = parse_kind(&body).ok_or(AppError::BadRequest("sportsbook.bad_slip"))?;
    let stake = body.stake.kurus().map_err(|_| AppError::BadRequest("sportsbook.bad_amount"))?;
    let choice = OddsChoice::parse(&body.odds_choice).ok_or(AppError::BadRequest("sportsbook.bad_slip"))?;
    if body.legs.len() > 12 || body.legs.iter().any(|l| !(1.0..=1000.0).contains(&l.price)) {
        return Err(AppError::BadRequest("sportsbook.bad_slip"));
    }
    let slip = Slip {
        legs: body.legs.iter().map(|l| Wanted { selection_id: l.selection_id, price: (l.price * 100.0).round() as i64 }).collect(),
        kind,
        stake_each: stake.minor(),
        choice,
        high_rate: body.high_rate,
    };
    let placed = betting::place(&db, me.player_id, &slip, crate::db::now_ms()).await?;
    let data: Vec<PlacedBet> =
        placed.into_iter().map(|p| PlacedBet { id: p.id, state: p.state, stake: lira(p.stake), potential: lira(p.potential) }).collect();
    let key = if data.iter().any(|b| b.state == "pending") { "sportsbook.pending" } else { "sportsbook.placed" };
    Ok(Envelope::ok_with_message(data, t(key)))
}

/// The player's bets, newest first (the 50 latest).
#[utoipa::path(get, path = "/sportsbook/bets", tag = "sportsbook",
    responses((status = 200, body = Envelope<Vec<BetView>>)), security(("bearer" = [])))]
async fn my_bets(State(db): State<Db>, me: Bettor) -> ApiResult<Vec<BetView>> {
    Ok(Envelope::ok(views::bets_of(&db, me.player_id).await?))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct CashOutBody {
    /// The value the player was shown (lira, at most two decimals); a lower value now is refused with the new one.
    #[schema(value_type = f64)]
    pub amount: JsonLira,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CashedOut {
    /// Lira paid.
    pub amount: f64,
}

/// Cashes an open bet out for its value now (at least the one shown).
#[utoipa::path(post, path = "/sportsbook/bets/{id}/cashout", tag = "sportsbook", request_body = CashOutBody,
    params(("id" = i64, Path, description = "the bet's id")),
    responses((status = 200, body = Envelope<CashedOut>), (status = 404, body = EmptyEnvelope),
        (status = 409, description = "Not available now, or the value fell (data.value: the value now)", body = EmptyEnvelope)),
    security(("bearer" = [])))]
async fn cash_out(State(db): State<Db>, me: Bettor, Path(id): Path<String>, AppJson(body): AppJson<CashOutBody>) -> ApiResult<CashedOut> {
    let id = id.parse::<i64>().map_err(|_| AppError::NotFound("sportsbook.no_bet"))?;
    let seen = body.amount.kurus().map_err(|_| AppError::BadRequest("sportsbook.bad_amount"))?;
    let value = betting::cash_out(&db, me.player_id, id, seen.minor()).await?;
    let paid = Kurus::from_minor(value).map(crate::i18n::money).unwrap_or_default();
    Ok(Envelope::ok_with_message(CashedOut { amount: lira(value) }, t("sportsbook.cashed_out").replace("{amount}", &paid)))
}
