//! The real-time hub at `/hub/frnotify`: the SignalR JSON hub protocol over WebSocket (no
//! negotiation), as the official `@microsoft/signalr` client speaks it. Each node keeps its own
//! connections here and pushes the journal's events to them (see `tail`).

pub mod protocol;
pub mod socket;
pub mod tail;

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::{mpsc, watch};

use crate::http::client::TrustProxy;

/// A ready, 0x1E-terminated protocol frame for a connection's writer: its bytes are shared, so a
/// broadcast to many connections copies none.
pub type Frame = axum::extract::ws::Utf8Bytes;

struct Conn {
    id: u64,
    session_id: i64,
    tx: mpsc::Sender<Frame>,
    /// Set (with the `exit` frame) when the session ends. Not a queue, so it is never dropped
    /// because the client reads slowly.
    revoked: watch::Sender<Option<Frame>>,
}

/// What the hub's upgrade needs of the node (a sub-state of the application state).
#[derive(Clone, Debug)]
pub struct HubState {
    pub db: crate::db::Db,
    pub hub: Arc<Hub>,
    pub caps: HubCaps,
    /// Whether the caller's address comes from `X-Forwarded-For`.
    pub trust_proxy: TrustProxy,
}

impl axum::extract::FromRef<HubState> for TrustProxy {
    fn from_ref(s: &HubState) -> TrustProxy {
        s.trust_proxy
    }
}

/// What a registered connection listens to.
pub struct Registration {
    pub id: u64,
    /// Pushes for this connection.
    pub frames: mpsc::Receiver<Frame>,
    /// The `exit` frame once the session has ended.
    pub revoked: watch::Receiver<Option<Frame>>,
    /// True once the node is shutting down.
    pub shutdown: watch::Receiver<bool>,
}

/// The caps on connections: per IP and per session, on this node.
#[derive(Debug, Clone, Copy)]
pub struct HubCaps {
    pub per_ip: usize,
    pub per_session: usize,
}

#[derive(Default)]
struct Counts {
    per_ip: HashMap<IpAddr, usize>,
    per_session: HashMap<i64, usize>,
}

/// A place held for one connection (counted against its IP and session until dropped).
pub struct Slot {
    hub: Arc<Hub>,
    ip: Option<IpAddr>,
    session_id: i64,
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut counts = self.hub.counts.lock().unwrap_or_else(|e| e.into_inner());
        fn down<K: std::hash::Hash + Eq>(map: &mut HashMap<K, usize>, key: K) {
            if let Some(n) = map.get_mut(&key) {
                *n -= 1;
                if *n == 0 {
                    map.remove(&key);
                }
            }
        }
        if let Some(ip) = self.ip {
            down(&mut counts.per_ip, ip);
        }
        down(&mut counts.per_session, self.session_id);
    }
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
    counts: Mutex<Counts>,
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
        Hub {
            conns: Mutex::new(HashMap::new()),
            counts: Mutex::new(Counts::default()),
            next_id: AtomicU64::new(1),
            timings,
            shutdown: watch::channel(false).0,
        }
    }

    /// Holds a place for a new connection, or None when its IP or its session is at its cap.
    pub fn reserve(self: &Arc<Self>, ip: Option<IpAddr>, session_id: i64, caps: HubCaps) -> Option<Slot> {
        let mut counts = self.counts.lock().unwrap_or_else(|e| e.into_inner());
        let ip_count = ip.map(|ip| counts.per_ip.get(&ip).copied().unwrap_or(0)).unwrap_or(0);
        let session_count = counts.per_session.get(&session_id).copied().unwrap_or(0);
        if ip_count >= caps.per_ip || session_count >= caps.per_session {
            return None;
        }
        if let Some(ip) = ip {
            *counts.per_ip.entry(ip).or_default() += 1;
        }
        *counts.per_session.entry(session_id).or_default() += 1;
        Some(Slot { hub: self.clone(), ip, session_id })
    }

    /// Registers a connection: from now on it receives the player's pushes and its session's end.
    pub fn register(&self, player_id: i64, session_id: i64) -> Registration {
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        let (tx, frames) = mpsc::channel(QUEUE);
        let (revoked_tx, revoked) = watch::channel(None);
        self.conns.lock().unwrap_or_else(|e| e.into_inner()).entry(player_id).or_default().push(Conn {
            id,
            session_id,
            tx,
            revoked: revoked_tx,
        });
        Registration { id, frames, revoked, shutdown: self.shutdown.subscribe() }
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

    fn deliver(conn: &Conn, frame: Frame) {
        if let Err(e) = conn.tx.try_send(frame) {
            tracing::warn!(conn = conn.id, error = %e, "hub client too slow or gone: message dropped");
        }
    }

    /// Sends a frame to every connection of a player.
    pub fn send_to_player(&self, player_id: i64, frame: Frame) -> usize {
        let conns = self.conns.lock().unwrap_or_else(|e| e.into_inner());
        let list = conns.get(&player_id).map(Vec::as_slice).unwrap_or(&[]);
        for c in list {
            Self::deliver(c, frame.clone());
        }
        list.len()
    }

    /// Sends a frame to every connection of this node.
    pub fn broadcast(&self, frame: Frame) -> usize {
        let conns = self.conns.lock().unwrap_or_else(|e| e.into_inner());
        let mut n = 0;
        for c in conns.values().flatten() {
            Self::deliver(c, frame.clone());
            n += 1;
        }
        n
    }

    /// Ends the connections of one session: `exit`, then a plain Close.
    pub fn end_session(&self, player_id: i64, session_id: i64, exit_frame: Frame) -> usize {
        let conns = self.conns.lock().unwrap_or_else(|e| e.into_inner());
        let mut n = 0;
        for c in conns.get(&player_id).map(Vec::as_slice).unwrap_or(&[]).iter().filter(|c| c.session_id == session_id) {
            c.revoked.send_replace(Some(exit_frame.clone()));
            n += 1;
        }
        n
    }

    /// Tells every connection to reconnect elsewhere (Close with allowReconnect) and close.
    pub fn shutdown(&self) {
        let _ = self.shutdown.send(true);
    }
}
