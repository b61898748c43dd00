//! The crash game's live feed on one node: a poller follows the current round and its bets in the
//! database (every node sees every other node's bets and cash-outs, and the clock's rounds,
//! whichever node wrote them), and a ticker pushes the multiplier every tick while the round flies,
//! each tick at its scheduled time (`at`, take-off plus a whole number of ticks, so a client can
//! tell how late it is), then the crash. Bet changes go out once a poll to everyone (a "bets"
//! push of the latest) and one by one to the player they are of. Pushes go out on a broadcast channel to every socket of
//! the node ([`super::routes`]).

use std::collections::HashMap;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, Mutex, RwLock};
use std::time::Duration;

use axum::extract::ws::Utf8Bytes;
use serde_json::json;
use tokio::sync::broadcast;

use super::{Bet, Phase, Round, Timings};
use crate::db::{Db, now_ms};

/// A push to the node's crash sockets: its text for everyone (shared by every socket, not copied),
/// or for one player only (their own bet or cash-out).
#[derive(Debug, Clone)]
pub struct Push {
    pub text: Option<Utf8Bytes>,
    /// The player `mine` is for.
    pub player_id: Option<i64>,
    pub mine: Option<Utf8Bytes>,
}

/// The most bet changes one "bets" push carries (the latest): a round of a thousand players does
/// not send a thousand-line list to a thousand sockets every poll.
pub const BETS_PER_PUSH: usize = 30;

/// The most feed sockets one player may hold open on a node (a few tabs).
pub const SOCKETS_PER_PLAYER: usize = 4;

/// One node's crash feed.
#[derive(Debug)]
pub struct CrashFeed {
    pub timings: Timings,
    tx: broadcast::Sender<Push>,
    round: RwLock<Option<Round>>,
    /// Open sockets by player.
    sockets: Mutex<HashMap<i64, usize>>,
    /// The database's clock minus this node's, ms (see [`super::db_now`]).
    offset: AtomicI64,
}

/// A player's place among the node's feed sockets, given back when dropped.
#[derive(Debug)]
pub struct SocketSlot {
    feed: Arc<CrashFeed>,
    player_id: i64,
}

impl Drop for SocketSlot {
    fn drop(&mut self) {
        let mut sockets = self.feed.sockets.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(n) = sockets.get_mut(&self.player_id) {
            *n -= 1;
            if *n == 0 {
                sockets.remove(&self.player_id);
            }
        }
    }
}

impl CrashFeed {
    pub fn new(timings: Timings) -> CrashFeed {
        let (tx, _) = broadcast::channel(8_192);
        CrashFeed { timings, tx, round: RwLock::new(None), sockets: Mutex::new(HashMap::new()), offset: AtomicI64::new(0) }
    }

    /// A socket for `player_id`, unless they already hold [`SOCKETS_PER_PLAYER`] on this node.
    pub fn reserve(self: &Arc<Self>, player_id: i64) -> Option<SocketSlot> {
        let mut sockets = self.sockets.lock().unwrap_or_else(|e| e.into_inner());
        let n = sockets.entry(player_id).or_insert(0);
        if *n >= SOCKETS_PER_PLAYER {
            return None;
        }
        *n += 1;
        Some(SocketSlot { feed: self.clone(), player_id })
    }

    pub fn subscribe(&self) -> broadcast::Receiver<Push> {
        self.tx.subscribe()
    }

    /// Now on the database's clock, as this node last measured it.
    pub fn now(&self) -> i64 {
        now_ms() + self.offset.load(Ordering::Relaxed)
    }

    /// The round as this node last saw it.
    pub fn round(&self) -> Option<Round> {
        self.round.read().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// A push to every socket.
    fn send(&self, text: String) {
        // No socket listening is fine.
        let _ = self.tx.send(Push { text: Some(text.into()), player_id: None, mine: None });
    }

    /// A push to one player's sockets.
    fn send_to(&self, player_id: i64, text: String) {
        let _ = self.tx.send(Push { text: None, player_id: Some(player_id), mine: Some(text.into()) });
    }
}

/// A round as the clients see it at `now`: its hash and crash point only once crashed.
pub fn round_message(r: &Round, now: i64, bets: &[Bet]) -> serde_json::Value {
    let phase = r.phase(now);
    let crashed = phase == Phase::Crashed;
    json!({
        "type": "round",
        "roundId": r.id,
        "phase": phase,
        "hash": crashed.then_some(&r.hash),
        "startAt": r.start_at,
        "crashAt": crashed.then_some(r.crash_at),
        "crashPoint": crashed.then_some(r.crash_point as f64 / 100.0),
        "serverTime": now,
        "bets": bets,
    })
}

/// A player's own bet or cash-out, to them.
fn mine_message(round_id: i64, b: &Bet) -> String {
    let kind = if b.cash_out.is_some() { "cashout" } else { "bet" };
    json!({
        "type": kind, "roundId": round_id, "player": b.player, "slot": b.slot, "amount": b.amount,
        "autoCashOut": b.auto_cash_out, "cashOut": b.cash_out, "win": b.win, "mine": true,
    })
    .to_string()
}

/// How far back each poll reads bet changes again (a change stamped before one already seen may
/// commit later, or come from a node whose clock lags); what was already pushed is not again.
const OVERLAP_MS: i64 = 2_000;

/// Follows the database: its clock against this node's, the current round (a new one is
/// announced) and its bets' changes.
pub async fn poll(db: Db, feed: Arc<CrashFeed>) {
    if !db.seed_key.is_set() {
        // The round being bet on or flown is sealed: a node without the key cannot follow it.
        tracing::error!("KASA_SEED_KEY is not set: this node's crash feed shows no round");
        return;
    }
    let mut seen_round = None;
    let mut seen_change = -1;
    let mut pushed: std::collections::HashSet<(i64, i64, Option<i64>, Option<i64>)> = std::collections::HashSet::new();
    let mut every = tokio::time::interval(Duration::from_millis(feed.timings.tick_ms.max(50) * 2));
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
    loop {
        every.tick().await;
        if let Ok(mut conn) = db.pool.acquire().await {
            let before = now_ms();
            if let Ok(db_time) = super::db_now(&mut conn).await {
                let after = now_ms();
                feed.offset.store(db_time - (before + after) / 2, Ordering::Relaxed);
            }
        }
        let round = match super::current(&db).await {
            Ok(Some(r)) => r,
            Ok(None) => continue,
            Err(e) => {
                tracing::warn!(error = %e, "crash feed: the round could not be read");
                continue;
            }
        };
        if seen_round != Some(round.id) {
            seen_round = Some(round.id);
            seen_change = -1;
            pushed.clear();
            *feed.round.write().unwrap_or_else(|e| e.into_inner()) = Some(round.clone());
            feed.send(round_message(&round, feed.now(), &[]).to_string());
        }
        match super::bets_since(&db, round.id, seen_change - OVERLAP_MS).await {
            Ok(bets) => {
                let fresh: Vec<&Bet> = bets
                    .iter()
                    .filter(|b| pushed.insert((b.player_id, b.slot, b.cash_out.map(|x| (x * 100.0).round() as i64), b.win)))
                    .collect();
                for b in &fresh {
                    seen_change = seen_change.max(b.updated_at);
                    feed.send_to(b.player_id, mine_message(round.id, b));
                }
                if !fresh.is_empty() {
                    // Everyone: the changes since the last poll in one push (the latest of them).
                    let latest = &fresh[fresh.len().saturating_sub(BETS_PER_PUSH)..];
                    feed.send(json!({"type": "bets", "roundId": round.id, "changed": fresh.len(), "bets": latest}).to_string());
                }
            }
            Err(e) => tracing::warn!(error = %e, "crash feed: the bets could not be read"),
        }
    }
}

/// Sleeps until `at` (epoch ms on the database's clock).
async fn sleep_until(feed: &CrashFeed, at: i64) {
    let wait = at - feed.now();
    if wait > 0 {
        tokio::time::sleep(Duration::from_millis(wait as u64)).await;
    }
}

/// Pushes the flight: take-off, a tick at each scheduled time, the crash.
pub async fn tick(feed: Arc<CrashFeed>) {
    let step = feed.timings.tick_ms.max(10) as i64;
    let mut announced = (0i64, Phase::Betting);
    loop {
        let Some(r) = feed.round() else {
            tokio::time::sleep(Duration::from_millis(step as u64)).await;
            continue;
        };
        let now = feed.now();
        match r.phase(now) {
            Phase::Betting => sleep_until(&feed, r.start_at.min(now + step)).await,
            Phase::Running => {
                if announced != (r.id, Phase::Running) {
                    announced = (r.id, Phase::Running);
                    feed.send(round_message(&r, now, &[]).to_string());
                }
                let at = r.start_at + ((now - r.start_at) / step + 1) * step;
                if at >= r.crash_at {
                    sleep_until(&feed, r.crash_at).await;
                    continue;
                }
                sleep_until(&feed, at).await;
                let m = crate::studio::engine::crash::multiplier_at(at - r.start_at) as f64 / 100.0;
                let text = json!({"type": "tick", "roundId": r.id, "multiplier": m, "elapsedMs": at - r.start_at, "at": at}).to_string();
                feed.send(text);
            }
            Phase::Crashed => {
                if announced != (r.id, Phase::Crashed) {
                    announced = (r.id, Phase::Crashed);
                    let text = json!({"type": "crash", "roundId": r.id, "crashPoint": r.crash_point as f64 / 100.0, "hash": r.hash, "at": r.crash_at});
                    feed.send(text.to_string());
                }
                tokio::time::sleep(Duration::from_millis(step as u64)).await;
            }
        }
    }
}
