//! Integration tests: the real server on a random port, on SQLite and on PostgreSQL.

mod helpers;

mod accounts;
mod cms;
mod envelope;
mod hub;
mod spa;
mod wallet;
