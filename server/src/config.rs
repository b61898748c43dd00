//! Runtime configuration of a `kasa` node (from flags and environment variables).

use std::net::SocketAddr;

/// What a node needs to serve: where to listen and which database to use.
#[derive(Debug, Clone)]
pub struct Config {
    pub addr: SocketAddr,
    pub database_url: String,
}

pub const DEFAULT_ADDR: &str = "127.0.0.1:8080";
pub const DEFAULT_DATABASE_URL: &str = "sqlite://data/kasa.db?mode=rwc";
