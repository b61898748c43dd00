//! Live prices for open sportsbook frames (issue 17): one watcher per node reads what changed in
//! the book every second (from the database, so a change written by any node, the feed's or an
//! operator's, is seen) and sends it to every open stream of the node (`GET /sportsbook/stream`,
//! server-sent events). A frame patches its events, markets and slip with it at once.

use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use serde::Serialize;
use sqlx::Row;
use tokio::sync::broadcast;
use utoipa::ToSchema;

use super::feed::Play;
use super::views::{MARKET_COLUMNS, MarketView, SELECTION_COLUMNS, market_view, selection_view};
use crate::db::{Db, now_ms};

/// How often the watcher looks.
pub const EVERY: Duration = Duration::from_secs(1);
/// How far back it looks: longer than a slow transaction between its write and its commit.
const WINDOW_MS: i64 = 15_000;

/// An event's state of play.
#[derive(Debug, Clone, Serialize, ToSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct EventPatch {
    pub id: i64,
    /// scheduled, live, finished or cancelled.
    pub state: String,
    pub clock: f64,
    pub score: [u32; 2],
}

/// A market as it is now, with its event.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MarketPatch {
    pub event_id: i64,
    #[serde(flatten)]
    pub market: MarketView,
}

/// One message of the stream: what changed since the last one.
#[derive(Debug, Serialize, ToSchema, Default)]
#[serde(rename_all = "camelCase")]
pub struct Changes {
    pub events: Vec<EventPatch>,
    pub markets: Vec<MarketPatch>,
}

/// The node's watcher and its subscribers.
#[derive(Debug)]
pub struct Live {
    tx: broadcast::Sender<Arc<str>>,
    started: OnceLock<()>,
    every: Duration,
}

impl Default for Live {
    fn default() -> Self {
        Live::new(EVERY)
    }
}

impl Live {
    pub fn new(every: Duration) -> Live {
        Live { tx: broadcast::channel(64).0, started: OnceLock::new(), every }
    }

    /// A new stream's receiver; the first one starts the watcher.
    pub fn subscribe(&self, db: &Db) -> broadcast::Receiver<Arc<str>> {
        let rx = self.tx.subscribe();
        self.started.get_or_init(|| {
            tokio::spawn(watch(db.clone(), self.tx.clone(), self.every));
        });
        rx
    }
}

/// Reads the changes every `every` while someone listens, and sends those not sent yet.
async fn watch(db: Db, tx: broadcast::Sender<Arc<str>>, every: Duration) {
    let mut sent = Sent::default();
    let mut tick = tokio::time::interval(every);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tick.tick().await;
        if tx.receiver_count() == 0 {
            sent = Sent::default();
            continue;
        }
        match changes(&db, &mut sent, now_ms() - WINDOW_MS).await {
            Ok(c) if !c.events.is_empty() || !c.markets.is_empty() => match serde_json::to_string(&c) {
                Ok(json) => {
                    let _ = tx.send(Arc::from(json));
                }
                Err(e) => tracing::warn!(error = %e, "sportsbook changes not serialised"),
            },
            Ok(_) => {}
            Err(e) => tracing::warn!(error = %e, "sportsbook changes not read"),
        }
    }
}

/// What was last sent of each event and market in the window (a fingerprint of it).
#[derive(Default)]
pub struct Sent {
    events: HashMap<i64, u64>,
    markets: HashMap<i64, u64>,
}

fn fingerprint<T: Serialize>(value: &T) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    serde_json::to_string(value).unwrap_or_default().hash(&mut h);
    h.finish()
}

/// The events and markets written since `since` that differ from what `sent` holds (which then
/// holds them).
pub async fn changes(db: &Db, sent: &mut Sent, since: i64) -> sqlx::Result<Changes> {
    let mut out = Changes::default();
    let mut events = HashMap::new();
    for r in sqlx::query("SELECT id, state, play FROM sb_events WHERE updated_at >= $1 ORDER BY id").bind(since).fetch_all(&db.pool).await?
    {
        let play: Play = serde_json::from_str(&r.try_get::<String, _>(2)?).unwrap_or_default();
        let patch = EventPatch { id: r.try_get(0)?, state: r.try_get(1)?, clock: play.clock, score: [play.home, play.away] };
        let print = fingerprint(&patch);
        if sent.events.get(&patch.id) != Some(&print) {
            out.events.push(patch.clone());
        }
        events.insert(patch.id, print);
    }
    sent.events = events;

    let mut markets: Vec<MarketPatch> = Vec::new();
    let sql = format!("SELECT m.event_id, {MARKET_COLUMNS} FROM sb_markets m WHERE m.updated_at >= $1 ORDER BY m.id");
    for m in sqlx::query(sqlx::AssertSqlSafe(sql)).bind(since).fetch_all(&db.pool).await? {
        markets.push(MarketPatch { event_id: m.try_get(0)?, market: market_view(&m, 1)? });
    }
    let index: HashMap<i64, usize> = markets.iter().enumerate().map(|(i, m)| (m.market.id, i)).collect();
    let sql = format!(
        "SELECT s.market_id, {SELECTION_COLUMNS} FROM sb_selections s JOIN sb_markets m ON m.id = s.market_id WHERE m.updated_at >= $1 ORDER BY s.id"
    );
    for s in sqlx::query(sqlx::AssertSqlSafe(sql)).bind(since).fetch_all(&db.pool).await? {
        let Some(&i) = index.get(&s.try_get::<i64, _>(0)?) else { continue };
        markets[i].market.selections.push(selection_view(&s, 1)?);
    }
    let mut prints = HashMap::new();
    for m in markets {
        let print = fingerprint(&m);
        let changed = sent.markets.get(&m.market.id) != Some(&print);
        prints.insert(m.market.id, print);
        if changed {
            out.markets.push(m);
        }
    }
    sent.markets = prints;
    Ok(out)
}
