//! Tailing the event journal: each node reads new events (woken by PostgreSQL's NOTIFY, or polling
//! SQLite every 200 ms) and pushes them to its own connections. The node's cursor is saved, so a
//! restarted node or one that lost its listener catches up from where it was, without repeats.

use std::collections::BTreeSet;
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::{Hub, protocol};
use crate::db::{Db, Engine};
use crate::notify::journal::{self, CHANNEL, EXIT, Event};

const POLL: Duration = Duration::from_millis(200);
/// On PostgreSQL a missed wake-up is still caught by this slower poll.
const FALLBACK_POLL: Duration = Duration::from_secs(2);
/// A missing id is waited for at least this long after a later one was seen. On SQLite (one writer
/// at a time) an id behind a committed one never comes; on PostgreSQL it is given up only once every
/// transaction that was running when the gap was seen has ended (see [`Gap`]).
const GAP_WAIT: Duration = Duration::from_secs(2);
const BATCH: i64 = 1000;

/// Reads the journal forward, delivering each event once.
pub struct Tailer {
    db: Db,
    hub: Arc<Hub>,
    node: String,
    /// Every id up to here has been delivered (or given up on).
    cursor: i64,
    /// Ids above the cursor already delivered (while an earlier id is still missing).
    ahead: BTreeSet<i64>,
    gap: Option<Gap>,
    saved: i64,
}

/// An id missing behind delivered ones: an event of a transaction still open (deliver it when it
/// commits) or of one rolled back (skip it once that is certain).
#[derive(Debug, Clone, Copy)]
struct Gap {
    since: Instant,
    /// The first delivered id after the gap when it was seen: the missing ids are those below it.
    below: i64,
    /// PostgreSQL: the snapshot's xmax soon after the gap was seen. Every transaction that could
    /// hold the missing id has an xid below it; once the oldest running xid is at or past it, they
    /// have all ended, and an id still missing then was rolled back.
    horizon: Option<i64>,
}

impl Tailer {
    /// Starts from the node's saved cursor, or from the journal's end for a new node.
    pub async fn start(db: Db, hub: Arc<Hub>, node: String) -> anyhow::Result<Tailer> {
        let end = journal::max_id(&db).await?;
        let cursor = match journal::cursor(&db, &node).await? {
            Some(saved) if saved < end => {
                tracing::info!(node, from = saved, to = end, missed = end - saved, "journal: catching up from where this node stopped");
                saved
            }
            Some(saved) => saved,
            None => end,
        };
        journal::save_cursor(&db, &node, cursor).await?;
        Ok(Tailer { db, hub, node, cursor, ahead: BTreeSet::new(), gap: None, saved: cursor })
    }

    /// Reads and delivers everything new; returns how many events were delivered.
    pub async fn step(&mut self) -> anyhow::Result<usize> {
        // Decided before reading, so the read below sees an event whose transaction just ended.
        let may_skip = self.gap_may_close().await?;
        let mut delivered = 0;
        loop {
            let events = journal::read_after(&self.db, self.cursor, BATCH).await?;
            let n = events.len();
            for ev in &events {
                if self.ahead.insert(ev.id) {
                    dispatch(&self.hub, ev);
                    delivered += 1;
                }
            }
            self.advance(may_skip && (n as i64) < BATCH);
            if (n as i64) < BATCH {
                break;
            }
        }
        if self.cursor != self.saved {
            journal::save_cursor(&self.db, &self.node, self.cursor).await?;
            self.saved = self.cursor;
        }
        Ok(delivered)
    }

    /// Moves the cursor over the ids delivered in a row; with `may_skip`, over a gap as well.
    fn advance(&mut self, may_skip: bool) {
        while self.ahead.remove(&(self.cursor + 1)) {
            self.cursor += 1;
        }
        let Some(next) = self.ahead.first().copied() else {
            self.gap = None;
            return;
        };
        match self.gap {
            // Only the ids of the gap that was waited for are skipped, never a newer one.
            Some(gap) if may_skip => {
                tracing::debug!(from = self.cursor + 1, to = gap.below - 1, "journal: skipping ids that never committed");
                self.cursor = self.cursor.max(gap.below - 1);
                self.gap = None;
                self.advance(false);
            }
            Some(gap) if gap.below <= self.cursor => {
                // That gap was filled; this is a new one.
                self.gap = Some(Gap { since: Instant::now(), below: next, horizon: None });
            }
            Some(_) => {}
            None => self.gap = Some(Gap { since: Instant::now(), below: next, horizon: None }),
        }
    }

    /// Whether the current gap can no longer be filled.
    async fn gap_may_close(&mut self) -> anyhow::Result<bool> {
        let Some(gap) = self.gap.as_mut() else { return Ok(false) };
        match self.db.engine {
            Engine::Sqlite => Ok(gap.since.elapsed() >= GAP_WAIT),
            Engine::Postgres => {
                let (xmin, xmax) = journal::snapshot_bounds(&self.db).await?;
                match gap.horizon {
                    None => {
                        gap.horizon = Some(xmax);
                        Ok(false)
                    }
                    Some(horizon) => Ok(gap.since.elapsed() >= GAP_WAIT && xmin >= horizon),
                }
            }
        }
    }
}

/// Pushes one event to this node's connections.
pub fn dispatch(hub: &Hub, ev: &Event) {
    let frame: Arc<str> = protocol::notify_message(&ev.command, &ev.message).into();
    match (ev.command.as_str(), ev.player_id, ev.session_id) {
        (EXIT, Some(player), Some(session)) => {
            hub.end_session(player, session, frame);
        }
        (_, Some(player), _) => {
            hub.send_to_player(player, frame);
        }
        (_, None, _) => {
            hub.broadcast(frame);
        }
    }
}

/// Runs the tailer until the process ends.
pub async fn run(db: Db, hub: Arc<Hub>, node: String, database_url: String) {
    let mut tailer = loop {
        match Tailer::start(db.clone(), hub.clone(), node.clone()).await {
            Ok(t) => break t,
            Err(e) => {
                tracing::warn!(error = %e, "journal: cannot start the tailer; retrying");
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
        }
    };
    let mut pruned_at = Instant::now();
    match db.engine {
        Engine::Sqlite => loop {
            if let Err(e) = tailer.step().await {
                tracing::warn!(error = %e, "journal: read failed");
            }
            tokio::time::sleep(POLL).await;
            prune_now_and_then(&db, &mut pruned_at).await;
        },
        Engine::Postgres => loop {
            let mut listener = match sqlx::postgres::PgListener::connect(&database_url).await {
                Ok(mut l) => match l.listen(CHANNEL).await {
                    Ok(()) => l,
                    Err(e) => {
                        tracing::warn!(error = %e, "journal: LISTEN failed; retrying");
                        tokio::time::sleep(Duration::from_secs(1)).await;
                        continue;
                    }
                },
                Err(e) => {
                    tracing::warn!(error = %e, "journal: cannot open the listener; retrying");
                    tokio::time::sleep(Duration::from_secs(1)).await;
                    continue;
                }
            };
            // Catch up on whatever was written while there was no listener.
            match tailer.step().await {
                Ok(n) if n > 0 => tracing::info!(events = n, "journal: listening again, caught up"),
                Ok(_) => tracing::debug!("journal: listening"),
                Err(e) => tracing::warn!(error = %e, "journal: read failed"),
            }
            loop {
                let woke = tokio::time::timeout(FALLBACK_POLL, listener.try_recv()).await;
                if let Ok(Ok(None)) | Ok(Err(_)) = woke {
                    tracing::warn!("journal: lost the listener connection; reconnecting and catching up");
                    break;
                }
                if let Err(e) = tailer.step().await {
                    tracing::warn!(error = %e, "journal: read failed");
                }
                prune_now_and_then(&db, &mut pruned_at).await;
            }
        },
    }
}

async fn prune_now_and_then(db: &Db, at: &mut Instant) {
    if at.elapsed() > Duration::from_secs(3600) {
        *at = Instant::now();
        if let Ok(n) = journal::prune(db).await {
            tracing::debug!(events = n, "journal: pruned old events");
        }
    }
}
