//! Integration tests: the real server on a random port, on SQLite and on PostgreSQL.

mod helpers;

mod accounts;
mod cli;
mod cms;
mod envelope;
mod hub;
mod journal;
mod layers;
mod schema;
mod security;
mod senders;
mod spa;
mod wallet;
