//! Player accounts: registration (fast, full, short), login and logout, phone verification by SMS,
//! password recovery and change, the profile and session history.

pub mod domain;
pub mod routes;
pub mod service;
pub mod store;

pub use routes::router;
