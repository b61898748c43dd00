//! Integration tests: the real server on a random port, on SQLite and on PostgreSQL.

mod helpers;

mod accounts;
mod cli;
mod cms;
mod envelope;
mod headers;
mod hub;
mod journal;
mod layers;
mod openapi;
mod payments;
mod schema;
mod security;
mod senders;
mod spa;
mod wallet;
