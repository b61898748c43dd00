//! Casino: the game catalogue (providers, games, categories), the lobby and search, favourites,
//! the provider adapters behind one trait with their wallet calls, recorded rounds and Game History.
//!
//! The catalogue ([`catalogue`]) is data: providers by code, games by provider and code, each in
//! casino categories, loaded from `content/games.json` by the demo and by `kasa admin games import
//! FILE`. The lobby's calls ([`routes`]) read it from memory ([`lobby`]), rebuilt when an import
//! moves the catalogue's version; the search matches a Turkish-folded key stored with each game
//! ([`search`]); favourites and the catalogue's SQL are in [`store`]. Hub88 ([`hub88`]) is built
//! to its public Operator API: launch, game list sync and its wallet callbacks.

pub mod catalogue;
pub mod cli;
pub mod digitain;
pub mod history;
pub mod hub88;
pub mod jackpots;
pub mod launch;
pub mod lobby;
pub mod provider;
pub mod routes;
pub mod search;
pub mod store;

pub use catalogue::{ImportReport, import_json, load_demo_if_none};
pub use routes::{CasinoState, router};
