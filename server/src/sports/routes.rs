//! The built-in sportsbook's read calls (issue 17): the events of a sport (pre-match or live)
//! with their main market, and one event with every market, in the caller's language.

use axum::extract::{Path, Query, State};
use serde::{Deserialize, Serialize};
use sqlx::Row;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::book::Sport;
use super::feed::{self, Play};
use crate::db::Db;
use crate::error::{ApiResult, AppError, EmptyEnvelope, Envelope};
use crate::i18n::RequestLocale;
use crate::time::iso_utc;

pub fn router() -> OpenApiRouter<Db> {
    OpenApiRouter::new().routes(routes!(events)).routes(routes!(event))
}

#[derive(Debug, Deserialize, IntoParams)]
pub struct EventsQuery {
    /// football, basketball, tennis or volleyball; all when missing.
    pub sport: Option<String>,
    /// true: the live events; false or missing: the ones to come.
    pub live: Option<bool>,
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

async fn markets_of(db: &Db, event_ids: &[i64], main_only: bool) -> Result<Vec<(i64, MarketView)>, AppError> {
    let mut out = Vec::new();
    for &event_id in event_ids {
        let filter = if main_only { " AND key IN ('1x2', 'winner')" } else { "" };
        let sql = format!("SELECT id, key, line, state FROM sb_markets WHERE event_id = $1{filter} ORDER BY id");
        for m in sqlx::query(sqlx::AssertSqlSafe(sql)).bind(event_id).fetch_all(&db.pool).await? {
            let market_id: i64 = m.try_get(0)?;
            let selections = sqlx::query("SELECT id, key, price, offered, result FROM sb_selections WHERE market_id = $1 ORDER BY id")
                .bind(market_id)
                .fetch_all(&db.pool)
                .await?
                .iter()
                .map(|s| {
                    Ok(SelectionView {
                        id: s.try_get(0)?,
                        key: s.try_get(1)?,
                        price: s.try_get::<i64, _>(2)? as f64 / 100.0,
                        offered: s.try_get::<i64, _>(3)? != 0,
                        result: s.try_get(4)?,
                    })
                })
                .collect::<Result<Vec<_>, sqlx::Error>>()?;
            let line = m.try_get::<Option<i64>, _>(2)?.map(|tenths| tenths as f64 / 10.0);
            out.push((event_id, MarketView { id: market_id, key: m.try_get(1)?, line, state: m.try_get(3)?, selections }));
        }
    }
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
    let sql =
        format!("SELECT {EVENT_COLUMNS} FROM sb_events WHERE state = $1 AND ($2 = '' OR sport = $2) ORDER BY starts_at, id LIMIT 100");
    let rows = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(state).bind(sport.map_or("", Sport::as_str)).fetch_all(&db.pool).await?;
    let mut list = rows.iter().map(|r| event_view(r, &locale)).collect::<Result<Vec<_>, _>>()?;
    let ids: Vec<i64> = list.iter().map(|e| e.id).collect();
    for (event_id, market) in markets_of(&db, &ids, true).await? {
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
    view.markets = markets_of(&db, &[id], false).await?.into_iter().map(|(_, m)| m).collect();
    Ok(Envelope::ok(view))
}
