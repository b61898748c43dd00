//! Tailing the event journal: each node reads new events (woken by PostgreSQL's NOTIFY, or polling
//! SQLite every 200 ms) and pushes them to its own connections. The node's cursor is saved, so a
//! restarted node or one that lost its listener catches up from where it was, without repeats.
//!
//! An internal event (see [`journal::is_internal`]) is never pushed: it goes to the
//! [`InternalListener`]s the node started its tailer with (the content cache, say), which the hub
//! knows nothing about.

use std::collections::BTreeSet;
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::{Hub, protocol};
use crate::db::{Db, Engine};
use crate::journal::{self, CHANNEL, EXIT, Event, InternalListener};

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
    listeners: Listeners,
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
    pub async fn start(db: Db, hub: Arc<Hub>, listeners: Listeners, node: String) -> anyhow::Result<Tailer> {
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
        for listener in &listeners {
            listener.tailer_started();
        }
        Ok(Tailer { db, hub, node, cursor, ahead: BTreeSet::new(), gap: None, listeners, saved: cursor })
    }

    /// Reads and delivers everything new; returns how many events were delivered.
    pub async fn step(&mut self) -> anyhow::Result<usize> {
        // Decided before reading, so the read below sees an event whose transaction just ended.
        let may_skip = self.gap_may_close().await?;
        let mut delivered = 0;
        loop {
            let events = journal::read_after(&self.db, self.cursor, BATCH).await?;
            let n = events.len();
            // How far behind the journal this node reads (0 when it has caught up).
            let lag = events.last().map_or(0.0, |ev| (crate::db::now_ms() - ev.created_at).max(0) as f64 / 1000.0);
            metrics::gauge!("kasa_journal_lag_seconds").set(lag);
            for ev in &events {
                if self.ahead.insert(ev.id) {
                    dispatch(&self.hub, &self.listeners, ev);
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

/// What acts on a node's internal events (its content cache, say).
pub type Listeners = Vec<Arc<dyn InternalListener>>;

/// Pushes one event to this node's connections; an internal one goes to the node's listeners only.
pub fn dispatch(hub: &Hub, listeners: &[Arc<dyn InternalListener>], ev: &Event) {
    if journal::is_internal(&ev.command) {
        for listener in listeners {
            listener.internal_event(ev);
        }
        return;
    }
    let frame: super::Frame = protocol::notify_message(&ev.command, &ev.message).into();
    match (ev.command.as_str(), ev.player_id, ev.session_id) {
        (EXIT, Some(player), Some(session)) => {
            // This node stops trusting the session it may remember, whichever node ended it.
            crate::auth::session::forget(session);
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
pub async fn run(db: Db, hub: Arc<Hub>, listeners: Listeners, node: String, database_url: String) {
    let mut tailer = loop {
        match Tailer::start(db.clone(), hub.clone(), listeners.clone(), node.clone()).await {
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

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    use super::*;
    use crate::hub::HubTimings;

    #[derive(Default)]
    struct Seen(AtomicUsize);

    impl InternalListener for Seen {
        fn internal_event(&self, _: &Event) {
            self.0.fetch_add(1, Ordering::SeqCst);
        }
    }

    fn event(command: &str) -> Event {
        Event { id: 1, player_id: None, session_id: None, command: command.into(), message: String::new(), created_at: 0 }
    }

    #[test]
    fn an_internal_event_goes_to_the_nodes_listeners_and_to_no_connection() {
        // Arrange: a node's hub with a connection, and its listener.
        let hub = Hub::new(HubTimings::default());
        let mut frames = hub.register(1, 1).frames;
        let seen = Arc::new(Seen::default());
        let listeners: Listeners = vec![seen.clone()];

        // Act
        dispatch(&hub, &listeners, &event(journal::CONTENT_CHANGED));

        // Assert: once to the listener, to no connection.
        assert_eq!(seen.0.load(Ordering::SeqCst), 1);
        assert!(frames.try_recv().is_err());
        // An ordinary broadcast still reaches the connection, and no listener.
        dispatch(&hub, &listeners, &event(journal::NOTIFICATION));
        assert!(frames.try_recv().is_ok());
        assert_eq!(seen.0.load(Ordering::SeqCst), 1);
    }
}
