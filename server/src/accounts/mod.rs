//! Player accounts: registration (fast, full, short), login and logout, phone verification by SMS,
//! password recovery and change, the profile and session history.

pub mod cli;
pub mod domain;
pub mod operator;
pub mod routes;
pub mod service;
pub mod sportsbooks;
pub mod store;

pub use routes::router;

use std::sync::Arc;

use axum::extract::FromRef;

use crate::auth::password::Hashing;
use crate::config::Limits;
use crate::db::Db;
use crate::http::client::TrustProxy;
use crate::outbox::Sender;

/// What the accounts area needs of the node (a sub-state of the application state).
#[derive(Clone, Debug)]
pub struct AccountsState {
    pub db: Db,
    /// Sends SMS codes.
    pub sms: Arc<dyn Sender>,
    /// Sends e-mail.
    pub mail: Arc<dyn Sender>,
    pub limits: Limits,
    pub hashing: Arc<Hashing>,
    /// The embedded sportsbooks, whose tokens the login data carries.
    pub sportsbooks: Arc<crate::accounts::sportsbooks::Sportsbooks>,
    /// Whether the caller's address comes from `X-Forwarded-For`.
    pub trust_proxy: TrustProxy,
    /// What follows a verified phone outside this area (the trial bonus).
    pub on_verified: Arc<dyn PhoneVerified>,
}

/// What follows a verified phone outside accounts: the trial bonus the player asked for when
/// registering is credited at once (issue 30: the form's promise kept). The application wires
/// it (`state.rs`), so accounts never imports the area that implements it.
#[async_trait::async_trait]
pub trait PhoneVerified: Send + Sync + std::fmt::Debug {
    /// Credits the trial bonus to a player who has just verified their phone; the amount, or
    /// `None` when there is none to give (taken already by this player or phone, or none offered).
    async fn credit_trial(&self, player: &store::Player) -> Result<Option<crate::money::Kurus>, crate::error::AppError>;
}

impl FromRef<AccountsState> for TrustProxy {
    fn from_ref(s: &AccountsState) -> TrustProxy {
        s.trust_proxy
    }
}

impl FromRef<AccountsState> for Db {
    fn from_ref(s: &AccountsState) -> Db {
        s.db.clone()
    }
}
