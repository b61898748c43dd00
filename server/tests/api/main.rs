//! Integration tests: the real server on a random port, on SQLite and on PostgreSQL.

mod helpers;

mod cms;
mod envelope;
mod spa;
mod accounts;
mod hub;
mod wallet;
