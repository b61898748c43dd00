//! Kasa: the online casino and sports betting site's server, as a library the `kasa` binary drives.

pub mod accounts;
pub mod app;
pub mod auth;
pub mod bonus;
pub mod casino;
pub mod cms;
pub mod config;
pub mod crypto;
pub mod db;
pub mod error;
pub mod http;
pub mod hub;
pub mod i18n;
pub mod journal;
pub mod mask;
pub mod money;
pub mod notify;
pub mod openapi;
pub mod outbox;
pub mod payments;
pub mod profile;
pub mod ratelimit;
pub mod rounds;
pub mod seal;
pub mod security_headers;
pub mod serve;
pub mod sports;
pub mod state;
pub mod studio;
pub mod time;
pub mod wallet;
pub mod web;

pub use app::{AppState, build_router};
pub use config::Config;
pub use db::Db;
pub use error::AppError;
