//! The built-in sportsbook as staff run it: events with their markets, each selection's open
//! stakes and exposure (what open bets holding it would pay), the event's bets; and the operator's
//! actions of `kasa admin sports` (suspend, reopen, result or correction, void, High Rate price).

use serde::Serialize;
use sqlx::Row;
use sqlx::any::AnyRow;
use utoipa::ToSchema;

use crate::db::Db;
use crate::error::AppError;
use crate::money::Kurus;

fn lira(kurus: i64) -> f64 {
    Kurus::from_minor(kurus).unwrap_or(Kurus::ZERO).to_lira()
}

/// An event in the list.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EventRow {
    pub id: i64,
    pub sport: String,
    pub competition: String,
    pub home: String,
    pub away: String,
    pub starts_at: i64,
    pub state: String,
    pub score: String,
    /// Stakes of the open bets on the event, lira.
    pub open_stakes: f64,
}

/// An event's columns with the stakes of its open bets (one leg on it is enough), in `EventRow`'s
/// order; a query appends its `WHERE`.
const EVENT_SELECT: &str = "SELECT e.id, e.sport, e.competition, e.home, e.away, e.starts_at, e.state, e.score_home, e.score_away, \
       CAST(COALESCE((SELECT SUM(b.stake) FROM sb_bets b WHERE b.state IN ('pending', 'open') \
         AND b.id IN (SELECT l.bet_id FROM sb_legs l WHERE l.event_id = e.id)), 0) AS BIGINT) \
     FROM sb_events e ";

fn event_row(r: &AnyRow) -> Result<EventRow, sqlx::Error> {
    Ok(EventRow {
        id: r.try_get(0)?,
        sport: r.try_get(1)?,
        competition: r.try_get(2)?,
        home: r.try_get(3)?,
        away: r.try_get(4)?,
        starts_at: r.try_get(5)?,
        state: r.try_get(6)?,
        score: format!("{}-{}", r.try_get::<i64, _>(7)?, r.try_get::<i64, _>(8)?),
        open_stakes: lira(r.try_get(9)?),
    })
}

/// Events live and to come (and the last day's finished ones), soonest first.
pub async fn events(db: &Db) -> Result<Vec<EventRow>, sqlx::Error> {
    let sql = format!(
        "{EVENT_SELECT}WHERE e.state IN ('scheduled', 'live') OR e.starts_at > $1 \
         ORDER BY CASE e.state WHEN 'live' THEN 0 WHEN 'scheduled' THEN 1 ELSE 2 END, e.starts_at, e.id LIMIT 300"
    );
    let rows = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(crate::db::now_ms() - 86_400_000).fetch_all(&db.pool).await?;
    rows.iter().map(event_row).collect()
}

/// A selection with its price and its open bets' weight.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SelectionRow {
    pub id: i64,
    pub key: String,
    pub price: f64,
    /// The High Rate price, if set.
    pub boosted: Option<f64>,
    pub result: Option<String>,
    pub open_bets: i64,
    /// Stakes of the open bets holding it, lira.
    pub open_stakes: f64,
    /// What those bets would pay if they all won, lira.
    pub exposure: f64,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct MarketRow {
    pub id: i64,
    pub key: String,
    pub line: Option<f64>,
    pub state: String,
    /// Suspended by an operator (the feed leaves it so until reopened).
    pub held: bool,
    pub selections: Vec<SelectionRow>,
}

/// A bet on the event.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BetRow {
    pub id: i64,
    pub player_id: i64,
    pub username: String,
    pub stake: f64,
    pub potential: f64,
    pub payout: f64,
    pub state: String,
    pub placed_at: i64,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct EventPage {
    pub event: EventRow,
    pub markets: Vec<MarketRow>,
    pub bets: Vec<BetRow>,
}

/// An event's markets with each selection's exposure, and its bets (newest first).
pub async fn event(db: &Db, id: i64) -> Result<Option<EventPage>, AppError> {
    let Some(event) = events_by_id(db, id).await? else { return Ok(None) };
    let markets = sqlx::query("SELECT id, key, line, state, held FROM sb_markets WHERE event_id = $1 ORDER BY id")
        .bind(id)
        .fetch_all(&db.pool)
        .await?;
    let selections = sqlx::query(
        "SELECT s.market_id, s.id, s.key, s.price, s.boosted, s.result, \
           CAST((SELECT COUNT(*) FROM sb_legs l JOIN sb_bets b ON b.id = l.bet_id WHERE l.selection_id = s.id AND b.state IN ('pending', 'open')) AS BIGINT), \
           CAST(COALESCE((SELECT SUM(b.stake) FROM sb_legs l JOIN sb_bets b ON b.id = l.bet_id WHERE l.selection_id = s.id AND b.state IN ('pending', 'open')), 0) AS BIGINT), \
           CAST(COALESCE((SELECT SUM(b.potential) FROM sb_legs l JOIN sb_bets b ON b.id = l.bet_id WHERE l.selection_id = s.id AND b.state IN ('pending', 'open')), 0) AS BIGINT) \
         FROM sb_selections s JOIN sb_markets m ON m.id = s.market_id WHERE m.event_id = $1 ORDER BY s.id",
    )
    .bind(id)
    .fetch_all(&db.pool)
    .await?;
    let mut out = Vec::with_capacity(markets.len());
    for m in &markets {
        let market_id: i64 = m.try_get(0)?;
        let mut sel = Vec::new();
        for s in selections.iter().filter(|s| s.try_get::<i64, _>(0).ok() == Some(market_id)) {
            sel.push(SelectionRow {
                id: s.try_get(1)?,
                key: s.try_get(2)?,
                price: s.try_get::<i64, _>(3)? as f64 / 100.0,
                boosted: s.try_get::<Option<i64>, _>(4)?.map(|b| b as f64 / 100.0),
                result: s.try_get(5)?,
                open_bets: s.try_get(6)?,
                open_stakes: lira(s.try_get(7)?),
                exposure: lira(s.try_get(8)?),
            });
        }
        out.push(MarketRow {
            id: market_id,
            key: m.try_get(1)?,
            line: m.try_get::<Option<i64>, _>(2)?.map(|l| l as f64 / 10.0),
            state: m.try_get(3)?,
            held: m.try_get::<i64, _>(4)? == 1,
            selections: sel,
        });
    }
    let bets = sqlx::query(
        "SELECT b.id, b.player_id, p.username, b.stake, b.potential, b.payout, b.state, b.placed_at FROM sb_bets b \
         JOIN players p ON p.id = b.player_id WHERE b.id IN (SELECT l.bet_id FROM sb_legs l WHERE l.event_id = $1) ORDER BY b.id DESC LIMIT 200",
    )
    .bind(id)
    .fetch_all(&db.pool)
    .await?
    .iter()
    .map(|r| {
        Ok(BetRow {
            id: r.try_get(0)?,
            player_id: r.try_get(1)?,
            username: r.try_get(2)?,
            stake: lira(r.try_get(3)?),
            potential: lira(r.try_get(4)?),
            payout: lira(r.try_get(5)?),
            state: r.try_get(6)?,
            placed_at: r.try_get(7)?,
        })
    })
    .collect::<Result<Vec<_>, sqlx::Error>>()?;
    Ok(Some(EventPage { event, markets: out, bets }))
}

async fn events_by_id(db: &Db, id: i64) -> Result<Option<EventRow>, sqlx::Error> {
    let sql = format!("{EVENT_SELECT}WHERE e.id = $1");
    sqlx::query(sqlx::AssertSqlSafe(sql)).bind(id).fetch_optional(&db.pool).await?.as_ref().map(event_row).transpose()
}
