//! The sportsbook's read models: events with their markets and selections, as the lists, one
//! event and the live stream show them, and a player's bets with their legs (My Bets). The
//! handlers are in [`super::routes`]; the stream's watcher in [`super::live`].

use std::collections::HashMap;

use serde::Serialize;
use sqlx::Row;
use utoipa::ToSchema;

use super::betting::{self, LEG_COLUMNS, LEG_FROM, QUOTE_COLUMNS, leg_of, quote_of};
use super::book::Sport;
use super::feed::{self, Play};
use super::slip::{Kind, LegResult};
use crate::db::Db;
use crate::error::AppError;
use crate::money::Kurus;
use crate::time::iso_utc;

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
pub const SELECTION_COLUMNS: &str = "s.id, s.key, s.price, s.offered, s.result, s.boosted";

/// A selection from a row holding [`SELECTION_COLUMNS`] from column `at` on.
pub fn selection_view(r: &sqlx::any::AnyRow, at: usize) -> Result<SelectionView, sqlx::Error> {
    Ok(SelectionView {
        id: r.try_get(at)?,
        key: r.try_get(at + 1)?,
        price: r.try_get::<i64, _>(at + 2)? as f64 / 100.0,
        offered: r.try_get::<i64, _>(at + 3)? != 0,
        result: r.try_get(at + 4)?,
        boosted: r.try_get::<Option<i64>, _>(at + 5)?.map(|b| b as f64 / 100.0),
    })
}

/// The market columns [`market_view`] reads, in order.
pub const MARKET_COLUMNS: &str = "m.id, m.key, m.line, m.state";

/// A market without its selections from a row holding [`MARKET_COLUMNS`] from column `at` on.
pub fn market_view(r: &sqlx::any::AnyRow, at: usize) -> Result<MarketView, sqlx::Error> {
    Ok(MarketView {
        id: r.try_get(at)?,
        key: r.try_get(at + 1)?,
        line: r.try_get::<Option<i64>, _>(at + 2)?.map(|tenths| tenths as f64 / 10.0),
        state: r.try_get(at + 3)?,
        selections: Vec::new(),
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
        let sql = format!("SELECT m.event_id, {MARKET_COLUMNS} FROM sb_markets m WHERE m.event_id IN {list}{filter} ORDER BY m.id");
        let mut q = sqlx::query(sqlx::AssertSqlSafe(sql));
        for id in part {
            q = q.bind(id);
        }
        let first = out.len();
        for m in q.fetch_all(&db.pool).await? {
            out.push((m.try_get(0)?, market_view(&m, 1)?));
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

/// The events of a sport (all when `None`) to come (the next 100 by kick-off) or live, each with
/// its main market, or with its High Rate markets when `high_rate` (only the events that have one).
pub async fn events(db: &Db, sport: Option<Sport>, live: bool, high_rate: bool, locale: &str) -> Result<Vec<EventView>, AppError> {
    let state = if live { "live" } else { "scheduled" };
    let boosted_only = if high_rate {
        " AND EXISTS (SELECT 1 FROM sb_markets m JOIN sb_selections s ON s.market_id = m.id WHERE m.event_id = sb_events.id AND s.boosted IS NOT NULL)"
    } else {
        ""
    };
    let sql = format!(
        "SELECT {EVENT_COLUMNS} FROM sb_events WHERE state = $1 AND ($2 = '' OR sport = $2){boosted_only} ORDER BY starts_at, id LIMIT 100"
    );
    let rows = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(state).bind(sport.map_or("", Sport::as_str)).fetch_all(&db.pool).await?;
    let mut list = rows.iter().map(|r| event_view(r, locale)).collect::<Result<Vec<_>, _>>()?;
    let ids: Vec<i64> = list.iter().map(|e| e.id).collect();
    for (event_id, market) in markets_of(db, &ids, if high_rate { Which::Boosted } else { Which::Main }).await? {
        if let Some(e) = list.iter_mut().find(|e| e.id == event_id) {
            e.markets.push(market);
        }
    }
    Ok(list)
}

/// One event with every market, if there is one of that id.
pub async fn event(db: &Db, id: i64, locale: &str) -> Result<Option<EventView>, AppError> {
    let sql = format!("SELECT {EVENT_COLUMNS} FROM sb_events WHERE id = $1");
    let Some(row) = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(id).fetch_optional(&db.pool).await? else {
        return Ok(None);
    };
    let mut view = event_view(&row, locale)?;
    view.markets = markets_of(db, &[id], Which::All).await?.into_iter().map(|(_, m)| m).collect();
    Ok(Some(view))
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

fn lira(k: i64) -> f64 {
    Kurus::from_minor(k).map(Kurus::to_lira).unwrap_or(0.0)
}

/// A player's bets, newest first (the 50 latest), with their legs and what each open one can be
/// cashed out for now: two reads, the bets and the legs of them all.
pub async fn bets_of(db: &Db, player_id: i64) -> Result<Vec<BetView>, AppError> {
    let rows = sqlx::query(
        "SELECT id, kind, state, stake, potential, payout, placed_at, stake_each FROM sb_bets WHERE player_id = $1 ORDER BY id DESC LIMIT 50",
    )
    .bind(player_id)
    .fetch_all(&db.pool)
    .await?;
    let ids = rows.iter().map(|r| r.try_get::<i64, _>(0)).collect::<Result<Vec<_>, _>>()?;
    let mut legs = legs_of(db, &ids).await?;
    let mut out = Vec::with_capacity(rows.len());
    for r in rows {
        let id: i64 = r.try_get(0)?;
        let kind: String = r.try_get(1)?;
        let state: String = r.try_get(2)?;
        let legs = legs.remove(&id).unwrap_or_default();
        let cash_out = if state == "open" {
            let shape: Kind = serde_json::from_str(&kind).unwrap_or(Kind::Combo);
            let (slip, results): (Vec<_>, Vec<_>) = legs.iter().map(|l| (l.leg.clone(), l.result)).unzip();
            let quotes: Vec<_> = legs.iter().map(|l| Some(l.quote)).collect();
            betting::value_now(shape, r.try_get(7)?, &slip, &results, &quotes).map(lira)
        } else {
            None
        };
        out.push(BetView {
            id,
            kind,
            state,
            stake: lira(r.try_get(3)?),
            potential: lira(r.try_get(4)?),
            payout: lira(r.try_get(5)?),
            cash_out,
            placed_at: iso_utc(r.try_get(6)?),
            legs: legs.into_iter().map(|l| l.view).collect(),
        });
    }
    Ok(out)
}

/// A leg of a listed bet: as the player sees it, and as its cash-out value reads it.
struct ListedLeg {
    view: BetLegView,
    leg: super::slip::Leg,
    result: LegResult,
    quote: betting::Quote,
}

/// The legs of the bets, each bet's in its slip's order.
async fn legs_of(db: &Db, bet_ids: &[i64]) -> Result<HashMap<i64, Vec<ListedLeg>>, AppError> {
    let mut out: HashMap<i64, Vec<ListedLeg>> = HashMap::new();
    for part in bet_ids.chunks(crate::db::STATEMENT_PARAMS) {
        let list = crate::db::value_rows(1, part.len(), 1);
        let sql = format!(
            "SELECT l.bet_id, e.id, e.home, e.away, e.play, m.key, m.line, s.key, l.price, l.result, e.state, {LEG_COLUMNS}, {QUOTE_COLUMNS} \
             FROM {LEG_FROM} JOIN sb_events e ON e.id = l.event_id WHERE l.bet_id IN {list} ORDER BY l.bet_id, l.idx"
        );
        let mut q = sqlx::query(sqlx::AssertSqlSafe(sql));
        for id in part {
            q = q.bind(id);
        }
        for l in q.fetch_all(&db.pool).await? {
            let play: Play = serde_json::from_str(&l.try_get::<String, _>(4)?).map_err(|e| AppError::Internal(e.into()))?;
            let view = BetLegView {
                event_id: l.try_get(1)?,
                home: l.try_get(2)?,
                away: l.try_get(3)?,
                score: [play.home, play.away],
                event_state: l.try_get(10)?,
                market: l.try_get(5)?,
                line: l.try_get::<Option<i64>, _>(6)?.map(|x| x as f64 / 10.0),
                selection: l.try_get(7)?,
                price: l.try_get::<i64, _>(8)? as f64 / 100.0,
                result: l.try_get(9)?,
            };
            let (leg, result) = leg_of(&l, 11)?;
            let quote = quote_of(&l, 16)?;
            out.entry(l.try_get(0)?).or_default().push(ListedLeg { view, leg, result, quote });
        }
    }
    Ok(out)
}
