//! The built-in sportsbook's read calls (issue 17): the events of a sport (pre-match or live)
//! with their main market, and one event with every market, in the caller's language.

use std::sync::Arc;

use axum::extract::{FromRef, FromRequestParts, Path, Query, State};
use axum::http::request::Parts;
use axum::response::IntoResponse;
use serde::{Deserialize, Serialize};
use sqlx::Row;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::Sportsbooks;
use super::betting::{self, OddsChoice, Slip, Wanted};
use super::book::Sport;
use super::feed::{self, Play};
use super::slip::{Cover, Kind};
use crate::db::Db;
use crate::error::AppJson;
use crate::error::{ApiResult, AppError, EmptyEnvelope, Envelope};
use crate::i18n::RequestLocale;
use crate::i18n::t;
use crate::money::{JsonLira, Kurus};
use crate::time::iso_utc;

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

/// A selection and its price.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SelectionView {
    pub id: i64,
    pub key: String,
    /// Decimal odds (two decimals).
    pub price: f64,
    /// False when the book takes no bets on it now.
    pub offered: bool,
    /// won, lost or void once settled.
    pub result: Option<String>,
    /// The High Rate price, when the book boosts it (the /fcg pages).
    pub boosted: Option<f64>,
}

/// A market of an event.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MarketView {
    pub id: i64,
    /// 1x2, double_chance, total_2.5, btts, handicap_-1, ht_ft, goals_band, correct_score,
    /// winner, handicap, total, set_handicap, total_sets.
    pub key: String,
    pub line: Option<f64>,
    /// inactive, active, suspended, settled or cancelled.
    pub state: String,
    pub selections: Vec<SelectionView>,
}

/// An event of the book.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EventView {
    pub id: i64,
    pub sport: String,
    pub competition: String,
    /// The competition's name in the caller's language.
    pub competition_name: String,
    pub home: String,
    pub away: String,
    /// ISO 8601, UTC.
    pub starts_at: String,
    /// scheduled, live, finished or cancelled.
    pub state: String,
    /// Football: the minute; basketball: minutes played; tennis and volleyball: sets played.
    pub clock: f64,
    /// Goals, points or sets.
    pub score: [u32; 2],
    /// The main market (1x2 or winner) in lists, every market for one event.
    pub markets: Vec<MarketView>,
}

fn competition_name(key: &str, locale: &str) -> String {
    feed::competition(key).map_or_else(|| key.to_string(), |c| if locale == "en" { c.name_en } else { c.name_tr }.to_string())
}

/// Which markets of an event a list shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Which {
    Main,
    All,
    Boosted,
}

/// The selection columns [`selection_view`] reads, in order.
pub(super) const SELECTION_COLUMNS: &str = "s.id, s.key, s.price, s.offered, s.result, s.boosted";

/// A selection from a row holding [`SELECTION_COLUMNS`] from column `at` on.
pub(super) fn selection_view(r: &sqlx::any::AnyRow, at: usize) -> Result<SelectionView, sqlx::Error> {
    Ok(SelectionView {
        id: r.try_get(at)?,
        key: r.try_get(at + 1)?,
        price: r.try_get::<i64, _>(at + 2)? as f64 / 100.0,
        offered: r.try_get::<i64, _>(at + 3)? != 0,
        result: r.try_get(at + 4)?,
        boosted: r.try_get::<Option<i64>, _>(at + 5)?.map(|b| b as f64 / 100.0),
    })
}

/// The markets (those `which` picks) of the events, with their selections: two reads for a
/// list, however many events it shows (it is polled by every open frame).
async fn markets_of(db: &Db, event_ids: &[i64], which: Which) -> Result<Vec<(i64, MarketView)>, AppError> {
    let filter = match which {
        Which::Main => " AND m.key IN ('1x2', 'winner')",
        Which::All => "",
        Which::Boosted => " AND EXISTS (SELECT 1 FROM sb_selections b WHERE b.market_id = m.id AND b.boosted IS NOT NULL)",
    };
    let mut out: Vec<(i64, MarketView)> = Vec::new();
    for part in event_ids.chunks(crate::db::STATEMENT_PARAMS) {
        let list = crate::db::value_rows(1, part.len(), 1);
        let sql =
            format!("SELECT m.event_id, m.id, m.key, m.line, m.state FROM sb_markets m WHERE m.event_id IN {list}{filter} ORDER BY m.id");
        let mut q = sqlx::query(sqlx::AssertSqlSafe(sql));
        for id in part {
            q = q.bind(id);
        }
        let first = out.len();
        for m in q.fetch_all(&db.pool).await? {
            let line = m.try_get::<Option<i64>, _>(3)?.map(|tenths| tenths as f64 / 10.0);
            out.push((
                m.try_get(0)?,
                MarketView { id: m.try_get(1)?, key: m.try_get(2)?, line, state: m.try_get(4)?, selections: Vec::new() },
            ));
        }
        let index: std::collections::HashMap<i64, usize> = out[first..].iter().enumerate().map(|(i, (_, m))| (m.id, first + i)).collect();
        let sql = format!(
            "SELECT s.market_id, {SELECTION_COLUMNS} FROM sb_selections s JOIN sb_markets m ON m.id = s.market_id \
             WHERE m.event_id IN {list}{filter} ORDER BY s.id"
        );
        let mut q = sqlx::query(sqlx::AssertSqlSafe(sql));
        for id in part {
            q = q.bind(id);
        }
        for r in q.fetch_all(&db.pool).await? {
            if let Some(&i) = index.get(&r.try_get::<i64, _>(0)?) {
                out[i].1.selections.push(selection_view(&r, 1)?);
            }
        }
    }
    // The callers keep each event's markets in the order of their ids, per event.
    out.sort_by_key(|(event, m)| (event_ids.iter().position(|e| e == event), m.id));
    Ok(out)
}

fn event_view(r: &sqlx::any::AnyRow, locale: &str) -> Result<EventView, AppError> {
    let play: Play = serde_json::from_str(&r.try_get::<String, _>(7)?).map_err(|e| AppError::Internal(e.into()))?;
    let competition: String = r.try_get(2)?;
    Ok(EventView {
        id: r.try_get(0)?,
        sport: r.try_get(1)?,
        competition_name: competition_name(&competition, locale),
        competition,
        home: r.try_get(3)?,
        away: r.try_get(4)?,
        starts_at: iso_utc(r.try_get(5)?),
        state: r.try_get(6)?,
        clock: play.clock,
        score: [play.home, play.away],
        markets: Vec::new(),
    })
}

const EVENT_COLUMNS: &str = "id, sport, competition, home, away, starts_at, state, play";

/// The events of a sport to come (the next 100 by kick-off) or live, each with its main market.
#[utoipa::path(get, path = "/sportsbook/events", tag = "sportsbook", params(EventsQuery),
    responses((status = 200, body = Envelope<Vec<EventView>>), (status = 400, description = "Unknown sport", body = EmptyEnvelope)))]
async fn events(State(db): State<Db>, RequestLocale(locale): RequestLocale, Query(q): Query<EventsQuery>) -> ApiResult<Vec<EventView>> {
    let sport = match q.sport.as_deref().filter(|s| !s.is_empty()) {
        Some(s) => Some(Sport::parse(s).ok_or(AppError::BadRequest("sportsbook.unknown_sport"))?),
        None => None,
    };
    let state = if q.live.unwrap_or(false) { "live" } else { "scheduled" };
    let high_rate = q.high_rate.unwrap_or(false);
    let boosted_only = if high_rate {
        " AND EXISTS (SELECT 1 FROM sb_markets m JOIN sb_selections s ON s.market_id = m.id WHERE m.event_id = sb_events.id AND s.boosted IS NOT NULL)"
    } else {
        ""
    };
    let sql = format!(
        "SELECT {EVENT_COLUMNS} FROM sb_events WHERE state = $1 AND ($2 = '' OR sport = $2){boosted_only} ORDER BY starts_at, id LIMIT 100"
    );
    let rows = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(state).bind(sport.map_or("", Sport::as_str)).fetch_all(&db.pool).await?;
    let mut list = rows.iter().map(|r| event_view(r, &locale)).collect::<Result<Vec<_>, _>>()?;
    let ids: Vec<i64> = list.iter().map(|e| e.id).collect();
    for (event_id, market) in markets_of(&db, &ids, if high_rate { Which::Boosted } else { Which::Main }).await? {
        if let Some(e) = list.iter_mut().find(|e| e.id == event_id) {
            e.markets.push(market);
        }
    }
    Ok(Envelope::ok(list))
}

/// One event with every market.
#[utoipa::path(get, path = "/sportsbook/events/{id}", tag = "sportsbook", params(("id" = i64, Path, description = "the event's id")),
    responses((status = 200, body = Envelope<EventView>), (status = 404, body = EmptyEnvelope)))]
async fn event(State(db): State<Db>, RequestLocale(locale): RequestLocale, Path(id): Path<String>) -> ApiResult<EventView> {
    let id: i64 = id.parse().map_err(|_| AppError::NotFound("sportsbook.no_event"))?;
    let sql = format!("SELECT {EVENT_COLUMNS} FROM sb_events WHERE id = $1");
    let row =
        sqlx::query(sqlx::AssertSqlSafe(sql)).bind(id).fetch_optional(&db.pool).await?.ok_or(AppError::NotFound("sportsbook.no_event"))?;
    let mut view = event_view(&row, &locale)?;
    view.markets = markets_of(&db, &[id], Which::All).await?.into_iter().map(|(_, m)| m).collect();
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

/// A leg of one of the player's bets.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BetLegView {
    pub event_id: i64,
    pub home: String,
    pub away: String,
    pub score: [u32; 2],
    /// The event's state: scheduled, live, finished or cancelled (a score means something once
    /// it is not scheduled).
    pub event_state: String,
    pub market: String,
    pub line: Option<f64>,
    pub selection: String,
    pub price: f64,
    /// open, won, lost or void.
    pub result: String,
}

/// One of the player's bets.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BetView {
    pub id: i64,
    /// single, combo, system, cover (JSON of the slip's kind).
    pub kind: String,
    /// pending, open, won, lost, void, cashed_out or refused.
    pub state: String,
    pub stake: f64,
    pub potential: f64,
    pub payout: f64,
    /// What it can be cashed out for now (open bets whose markets are open).
    pub cash_out: Option<f64>,
    pub placed_at: String,
    pub legs: Vec<BetLegView>,
}

/// The player's bets, newest first (the 50 latest).
#[utoipa::path(get, path = "/sportsbook/bets", tag = "sportsbook",
    responses((status = 200, body = Envelope<Vec<BetView>>)), security(("bearer" = [])))]
async fn my_bets(State(db): State<Db>, me: Bettor) -> ApiResult<Vec<BetView>> {
    let rows = sqlx::query(
        "SELECT id, kind, state, stake, potential, payout, placed_at FROM sb_bets WHERE player_id = $1 ORDER BY id DESC LIMIT 50",
    )
    .bind(me.player_id)
    .fetch_all(&db.pool)
    .await?;
    let mut out = Vec::with_capacity(rows.len());
    let mut conn = db.pool.acquire().await?;
    for r in rows {
        let id: i64 = r.try_get(0)?;
        let legs = sqlx::query(
            "SELECT e.id, e.home, e.away, e.play, m.key, m.line, s.key, l.price, l.result, e.state FROM sb_legs l \
             JOIN sb_events e ON e.id = l.event_id JOIN sb_markets m ON m.id = l.market_id JOIN sb_selections s ON s.id = l.selection_id \
             WHERE l.bet_id = $1 ORDER BY l.idx",
        )
        .bind(id)
        .fetch_all(&mut *conn)
        .await?
        .iter()
        .map(|l| {
            let play: Play = serde_json::from_str(&l.try_get::<String, _>(3)?).map_err(|e| AppError::Internal(e.into()))?;
            Ok(BetLegView {
                event_id: l.try_get(0)?,
                home: l.try_get(1)?,
                away: l.try_get(2)?,
                score: [play.home, play.away],
                event_state: l.try_get(9)?,
                market: l.try_get(4)?,
                line: l.try_get::<Option<i64>, _>(5)?.map(|x| x as f64 / 10.0),
                selection: l.try_get(6)?,
                price: l.try_get::<i64, _>(7)? as f64 / 100.0,
                result: l.try_get(8)?,
            })
        })
        .collect::<Result<Vec<_>, AppError>>()?;
        let cash_out = betting::cash_out_value(&mut conn, id).await.map_err(|e| AppError::Internal(e.into()))?.map(lira);
        out.push(BetView {
            id,
            kind: r.try_get(1)?,
            state: r.try_get(2)?,
            stake: lira(r.try_get(3)?),
            potential: lira(r.try_get(4)?),
            payout: lira(r.try_get(5)?),
            cash_out,
            placed_at: iso_utc(r.try_get(6)?),
            legs,
        });
    }
    Ok(Envelope::ok(out))
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
    let paid = Kurus::from_minor(value).map(|k| k.to_string()).unwrap_or_default();
    Ok(Envelope::ok_with_message(CashedOut { amount: lira(value) }, t("sportsbook.cashed_out").replace("{amount}", &paid)))
}
