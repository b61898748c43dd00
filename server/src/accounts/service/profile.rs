//! The personal information page.

use serde::Serialize;
use utoipa::ToSchema;

use super::usercode;
use crate::accounts::{AccountsState, store};
use crate::error::AppError;
use crate::wallet;

/// The personal information page.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Profile {
    pub username: String,
    pub usercode: String,
    pub name: String,
    pub surname: String,
    pub email: String,
    pub phone: String,
    pub sms_verified: bool,
    /// Masked: first three and last two digits.
    pub personal_no: Option<String>,
    pub birth_date: Option<String>,
    pub country: Option<store::Country>,
    pub balance: f64,
    pub real_balance: f64,
    pub bonus_balance: f64,
    pub trial_bonus_available: bool,
    pub trial_bonus_amount: f64,
    pub created_at: i64,
}

/// The personal information page of `p`, with the trial-bonus offer the bonus area computed.
pub async fn profile(state: &AccountsState, p: store::Player, trial: (bool, wallet::Kurus)) -> Result<Profile, AppError> {
    let b = wallet::balances(&state.db, p.id).await?;
    let country = match p.country_id {
        Some(id) => store::country(&state.db, id).await?,
        None => None,
    };
    Ok(Profile {
        username: p.username.clone(),
        usercode: usercode(p.id),
        name: p.name,
        surname: p.surname,
        email: p.email,
        phone: p.phone,
        sms_verified: p.phone_verified,
        personal_no: p.personal_no.map(|n| super::domain::mask_middle(&n, 3, 2)),
        birth_date: p.birth_date,
        country,
        balance: b.total()?.to_lira(),
        real_balance: b.real.to_lira(),
        bonus_balance: b.bonus.to_lira(),
        trial_bonus_available: trial.0,
        trial_bonus_amount: trial.1.to_lira(),
        created_at: p.created_at,
    })
}
