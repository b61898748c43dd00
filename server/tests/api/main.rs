//! Integration tests: the real server on a random port, on SQLite and on PostgreSQL.

mod helpers;

mod accounts;
mod backoffice;
mod bonus;
mod casino;
mod cli;
mod cms;
mod crash;
mod debts;
mod envelope;
mod fair;
mod fair_info;
mod headers;
mod health;
mod hub;
mod hub88;
mod jackpots;
mod journal;
mod kyc;
mod launch;
mod layers;
mod openapi;
mod payments;
mod protection;
mod rounds;
mod schema;
mod security;
mod senders;
mod spa;
mod sports;
mod sports_trust;
mod sportsbook;
mod studio;
mod wallet;
