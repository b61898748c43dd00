//! `customer/profile`: the player's page, composed above the areas from the accounts area
//! (personal data, balances) and the bonus area (the trial-bonus offer), so neither imports the other.

use axum::extract::State;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::accounts::service::Profile;
use axum::extract::FromRef;

use crate::accounts::{AccountsState, service, store};
use crate::app::AppState;
use crate::auth::CurrentPlayer;
use crate::bonus;
use crate::error::{ApiResult, AppError, Envelope};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(profile))
}

/// The player's personal information, balances by pocket and the trial-bonus offer.
#[utoipa::path(get, path = "/customer/profile", tag = "customer", responses((status = 200, body = Envelope<Profile>)), security(("bearer" = [])))]
async fn profile(State(state): State<AppState>, me: CurrentPlayer) -> ApiResult<Profile> {
    let player = store::player_by_id(&state.db, me.player_id).await?.ok_or(AppError::Unauthorized)?;
    let trial = bonus::trial_offer(&state.db, &player).await?;
    Ok(Envelope::ok(service::profile(&AccountsState::from_ref(&state), player, trial).await?))
}
