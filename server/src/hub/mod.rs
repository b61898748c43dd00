//! The real-time hub at `/hub/frnotify`: the SignalR JSON hub protocol over WebSocket (no
//! negotiation), as the official `@microsoft/signalr` client speaks it. Each node keeps its own
//! connections here and pushes the journal's events to them (see `tail`).

pub mod protocol;
pub mod socket;
pub mod tail;

use std::collections::HashMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use tokio::sync::{mpsc, watch};

/// What a connection's writer sends next.
#[derive(Debug, Clone)]
pub enum Outbound {
    /// A ready, 0x1E-terminated protocol frame.
    Frame(std::sync::Arc<str>),
    /// The session ended: a plain Close, then the socket closes.
    Revoked,
}

struct Conn {
    id: u64,
    session_id: i64,
    tx: mpsc::Sender<Outbound>,
}

/// The timings of the protocol.
#[derive(Debug, Clone, Copy)]
pub struct HubTimings {
    /// The server pings every connection this often (15 s).
    pub ping_interval: Duration,
    /// A client silent this long is dropped (30 s).
    pub client_timeout: Duration,
    /// The handshake must come within this time.
    pub handshake_timeout: Duration,
}

impl Default for HubTimings {
    fn default() -> Self {
        HubTimings {
            ping_interval: Duration::from_secs(15),
            client_timeout: Duration::from_secs(30),
            handshake_timeout: Duration::from_secs(15),
        }
    }
}

/// This node's hub connections, by player.
pub struct Hub {
    conns: Mutex<HashMap<i64, Vec<Conn>>>,
    next_id: AtomicU64,
    pub timings: HubTimings,
    shutdown: watch::Sender<bool>,
}

impl std::fmt::Debug for Hub {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Hub").field("connections", &self.connection_count()).finish()
    }
}

/// Outbound frames a slow client may have queued before it is dropped.
const QUEUE: usize = 256;

impl Hub {
    pub fn new(timings: HubTimings) -> Hub {
        Hub { conns: Mutex::new(HashMap::new()), next_id: AtomicU64::new(1), timings, shutdown: watch::channel(false).0 }
    }

    /// Registers a connection; returns its id, its queue and the shutdown signal.
    pub fn register(&self, player_id: i64, session_id: i64) -> (u64, mpsc::Receiver<Outbound>, watch::Receiver<bool>) {
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        let (tx, rx) = mpsc::channel(QUEUE);
        self.conns.lock().unwrap_or_else(|e| e.into_inner()).entry(player_id).or_default().push(Conn { id, session_id, tx });
        (id, rx, self.shutdown.subscribe())
    }

    pub fn unregister(&self, player_id: i64, conn_id: u64) {
        let mut conns = self.conns.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(list) = conns.get_mut(&player_id) {
            list.retain(|c| c.id != conn_id);
            if list.is_empty() {
                conns.remove(&player_id);
            }
        }
    }

    pub fn connection_count(&self) -> usize {
        self.conns.lock().unwrap_or_else(|e| e.into_inner()).values().map(Vec::len).sum()
    }

    fn deliver(conn: &Conn, msg: Outbound) {
        if let Err(e) = conn.tx.try_send(msg) {
            tracing::warn!(conn = conn.id, error = %e, "hub client too slow or gone: message dropped");
        }
    }

    /// Sends a frame to every connection of a player.
    pub fn send_to_player(&self, player_id: i64, frame: std::sync::Arc<str>) -> usize {
        let conns = self.conns.lock().unwrap_or_else(|e| e.into_inner());
        let list = conns.get(&player_id).map(Vec::as_slice).unwrap_or(&[]);
        for c in list {
            Self::deliver(c, Outbound::Frame(frame.clone()));
        }
        list.len()
    }

    /// Sends a frame to every connection of this node.
    pub fn broadcast(&self, frame: std::sync::Arc<str>) -> usize {
        let conns = self.conns.lock().unwrap_or_else(|e| e.into_inner());
        let mut n = 0;
        for c in conns.values().flatten() {
            Self::deliver(c, Outbound::Frame(frame.clone()));
            n += 1;
        }
        n
    }

    /// Ends the connections of one session: `exit`, then a plain Close.
    pub fn end_session(&self, player_id: i64, session_id: i64, exit_frame: std::sync::Arc<str>) -> usize {
        let conns = self.conns.lock().unwrap_or_else(|e| e.into_inner());
        let mut n = 0;
        for c in conns.get(&player_id).map(Vec::as_slice).unwrap_or(&[]).iter().filter(|c| c.session_id == session_id) {
            Self::deliver(c, Outbound::Frame(exit_frame.clone()));
            Self::deliver(c, Outbound::Revoked);
            n += 1;
        }
        n
    }

    /// Tells every connection to reconnect elsewhere (Close with allowReconnect) and close.
    pub fn shutdown(&self) {
        let _ = self.shutdown.send(true);
    }
}
