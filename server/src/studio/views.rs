//! What the studio's calls share (the slots' and table games', blackjack's, the crash game's): the
//! caller's game session, the provably fair state they answer, and what a round refused for money
//! carries.

use axum::extract::{FromRef, FromRequestParts};
use axum::http::StatusCode;
use axum::http::request::Parts;
use serde::Serialize;
use utoipa::ToSchema;

use super::store::{self, GameSession, Seed};
use crate::db::Db;
use crate::error::AppError;

/// The caller's game session, from `Authorization: Bearer <sessionToken>`; 401 without a live one.
pub struct CurrentGame(pub GameSession);

impl<S> FromRequestParts<S> for CurrentGame
where
    Db: FromRef<S>,
    S: Send + Sync,
{
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let token = crate::auth::session::bearer(parts).ok_or(AppError::Unauthorized)?;
        let db = Db::from_ref(state);
        let game = store::session(&db, token).await?.map(CurrentGame).ok_or(AppError::Unauthorized)?;
        no_seed_key(&db)?;
        Ok(game)
    }
}

/// A node without `KASA_SEED_KEY` (and without `--demo`) plays no studio game: 503.
pub(crate) fn no_seed_key(db: &Db) -> Result<(), AppError> {
    if db.seed_key.is_set() {
        Ok(())
    } else {
        Err(AppError::Refusal { status: StatusCode::SERVICE_UNAVAILABLE, key: "studio.no_seed_key", data: None })
    }
}

/// The provably fair state of the player's next round.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Fair {
    /// SHA-256 (hex) of the server seed: the commitment.
    pub server_seed_hash: String,
    pub client_seed: String,
    /// The next round's nonce.
    pub nonce: i64,
    /// SHA-256 (hex) of the next server seed, made in advance: the next seed change makes it the
    /// server seed, with the client seed the player chooses then (commit first, choose second).
    pub next_server_seed_hash: String,
}

impl From<&Seed> for Fair {
    fn from(s: &Seed) -> Fair {
        Fair {
            server_seed_hash: s.server_seed_hash.clone(),
            client_seed: s.client_seed.clone(),
            nonce: s.nonce,
            next_server_seed_hash: s.next_server_seed_hash.clone(),
        }
    }
}

/// What a refused spin carries: the balance (lira).
#[derive(Debug, Serialize, ToSchema)]
pub struct ShortBalance {
    pub balance: f64,
}
