//! The built-in sportsbook (issue 17): the book (sports, the market state machine), the pricing
//! model, the simulated feed, the slip's arithmetic, bets with their settlement and cash-out, the
//! operator's commands and the calls the sportsbook's own app makes. The embedded sportsbooks'
//! configuration and the players' tokens are the accounts area's (`accounts::sportsbooks`), issued
//! with the login data.

pub mod admin;
pub mod betting;
pub mod book;
pub mod cli;
mod errors;
pub mod feed;
pub mod live;
pub mod pricing;
pub mod routes;
pub mod slip;
pub mod views;

pub use routes::{SportsState, router};

pub use crate::accounts::sportsbooks::{Book, LoginFields, Sportsbooks, TOKEN_TTL_MS};
