//! Runtime configuration of a `kasa` node (from flags and environment variables).

use std::net::SocketAddr;
use std::time::Duration;

/// What a node needs to serve: where to listen and which database to use.
#[derive(Debug, Clone)]
pub struct Config {
    pub addr: SocketAddr,
    pub database_url: String,
}

pub const DEFAULT_ADDR: &str = "127.0.0.1:8080";
pub const DEFAULT_DATABASE_URL: &str = "sqlite://data/kasa.db?mode=rwc";

/// The request and hub edge: how big and how slow a request may be, how many hub connections an
/// IP or a session may hold. Read from `KASA_*` variables; a bad value stops `kasa` naming it.
#[derive(Debug, Clone, Copy)]
pub struct Edge {
    /// Largest request body, in bytes (`KASA_BODY_LIMIT_BYTES`, default 64 KiB): larger ones get 413.
    pub body_limit: usize,
    /// A client must send its request headers within this time (`KASA_HEADER_TIMEOUT_SECS`, 15).
    pub header_timeout: Duration,
    /// A request (its body and its answer) must be done within this time (`KASA_REQUEST_TIMEOUT_SECS`, 30).
    pub request_timeout: Duration,
    /// Hub connections one IP may hold on a node (`KASA_HUB_MAX_PER_IP`, default 100).
    pub hub_max_per_ip: usize,
    /// Hub connections one session may hold on a node (`KASA_HUB_MAX_PER_SESSION`, default 10).
    pub hub_max_per_session: usize,
    /// Password hashes running at once (`KASA_HASH_THREADS`, default the number of cores).
    pub hash_threads: usize,
    /// Password hashes that may wait for a thread (`KASA_HASH_QUEUE`, default 16 per thread).
    pub hash_queue: usize,
}

impl Default for Edge {
    fn default() -> Self {
        let cores = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(2);
        Edge {
            body_limit: 64 * 1024,
            header_timeout: Duration::from_secs(15),
            request_timeout: Duration::from_secs(30),
            hub_max_per_ip: 100,
            hub_max_per_session: 10,
            hash_threads: cores,
            hash_queue: cores * 16,
        }
    }
}

impl Edge {
    pub fn from_env() -> anyhow::Result<Edge> {
        let mut e = Edge::default();
        fn read(name: &str, min: u64, max: u64) -> anyhow::Result<Option<u64>> {
            match std::env::var(name) {
                Ok(v) => v
                    .trim()
                    .parse::<u64>()
                    .ok()
                    .filter(|n| (min..=max).contains(n))
                    .map(Some)
                    .ok_or_else(|| anyhow::anyhow!("{name} must be a whole number from {min} to {max}")),
                Err(_) => Ok(None),
            }
        }
        if let Some(n) = read("KASA_BODY_LIMIT_BYTES", 1024, 64 * 1024 * 1024)? {
            e.body_limit = n as usize;
        }
        if let Some(n) = read("KASA_HEADER_TIMEOUT_SECS", 1, 3600)? {
            e.header_timeout = Duration::from_secs(n);
        }
        if let Some(n) = read("KASA_REQUEST_TIMEOUT_SECS", 1, 3600)? {
            e.request_timeout = Duration::from_secs(n);
        }
        if let Some(n) = read("KASA_HUB_MAX_PER_IP", 1, 1_000_000)? {
            e.hub_max_per_ip = n as usize;
        }
        if let Some(n) = read("KASA_HUB_MAX_PER_SESSION", 1, 1_000_000)? {
            e.hub_max_per_session = n as usize;
        }
        if let Some(n) = read("KASA_HASH_THREADS", 1, 1024)? {
            e.hash_threads = n as usize;
            e.hash_queue = e.hash_threads * 16;
        }
        if let Some(n) = read("KASA_HASH_QUEUE", 0, 100_000)? {
            e.hash_queue = n as usize;
        }
        Ok(e)
    }
}
