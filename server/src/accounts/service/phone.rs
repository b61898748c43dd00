//! Phone verification: an SMS code sent to the phone, then checked.

use serde::Serialize;
use utoipa::ToSchema;

use super::codes::{SMS_CODE_TTL_MS, check_code, code_hash, code_limits, six_digits};
use super::ip_bucket;
use super::register::unique_clash;
use crate::accounts::domain::{Phone, SmsCode};
use crate::accounts::{AccountsState, store};
use crate::auth::session::{CurrentPlayer, Origin};
use crate::error::AppError;
use crate::i18n::Locale;
use crate::outbox::{Channel, Message};
use crate::ratelimit;

/// Answer of the phone step.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PhoneState {
    pub sms_verified: bool,
    pub phone: String,
    /// Lira: the trial bonus credited with this verification (the player asked for it when
    /// registering); absent when none was.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub trial_bonus: Option<f64>,
}

/// Step 1 sends a 6-digit code by SMS to the phone; step 2 checks it and verifies the phone.
pub async fn update_phone(
    state: &AccountsState,
    me: CurrentPlayer,
    step: i64,
    phone: &str,
    code: Option<&str>,
    origin: &Origin,
) -> Result<(PhoneState, String), AppError> {
    let phone = Phone::parse(phone)?;
    let player = store::player_by_id(&state.db, me.player_id).await?.ok_or(AppError::Unauthorized)?;
    match step {
        1 => {
            if player.phone_verified && player.phone == phone.as_str() {
                return Err(AppError::BadRequest("phone.already_verified"));
            }
            // The resend wait and the hourly limits are taken atomically before anything is sent,
            // and they count even when the phone proves unusable, so probing phones costs too.
            let resend_bucket = format!("sms:resend:{}", phone.as_str());
            let phone_bucket = format!("sms:phone:{}", phone.as_str());
            let ip_bucket = ip_bucket("sms", origin);
            let mut buckets = Vec::with_capacity(3);
            if let Some(resend) = state.limits.sms_resend() {
                buckets.push((resend_bucket.as_str(), resend, "sms.wait"));
            }
            buckets.push((phone_bucket.as_str(), state.limits.sms_phone, "error.too_many"));
            buckets.push((ip_bucket.as_str(), state.limits.sms_ip, "error.too_many"));
            ratelimit::take_all(&state.db, &buckets).await?;
            if store::phone_taken(&state.db, phone.as_str(), player.id).await? || phone_of_closed_person(state, phone.as_str()).await? {
                return Err(AppError::Conflict("phone.unavailable"));
            }
            let code = six_digits();
            store::insert_code(&state.db, player.id, "phone", phone.as_str(), &code_hash("phone", player.id, &code), SMS_CODE_TTL_MS)
                .await?;
            let body = crate::i18n::text("sms.code_text", Locale::current()).replace("{code}", &code);
            state.sms.send(&Message { channel: Channel::Sms, recipient: phone.as_str().to_string(), subject: None, body }).await.map_err(
                |e| {
                    tracing::error!(error = %e, "SMS delivery failed");
                    AppError::BadRequest("sms.failed")
                },
            )?;
            Ok((PhoneState { sms_verified: player.phone_verified, phone: player.phone, trial_bonus: None }, crate::i18n::t("sms.sent")))
        }
        2 => {
            let code = SmsCode::parse(code.unwrap_or(""))?;
            let hits = code_limits(state, &format!("player:{}", player.id), origin).await?;
            let stored = store::latest_code(&state.db, player.id, "phone").await?.filter(|c| c.target == phone.as_str());
            let stored = check_code(state, stored, "phone", player.id, code.as_str()).await?;
            let mut tx = state.db.begin_write().await?;
            if !store::use_code(&mut tx, stored.id).await? {
                return Err(AppError::BadRequest("code.invalid"));
            }
            if crate::protection::exclusion::person_closed(&mut tx, None, phone.as_str(), "", crate::db::now_ms()).await? {
                return Err(AppError::Conflict("phone.unavailable"));
            }
            let updated = sqlx::query("UPDATE players SET phone = $1, phone_verified = 1 WHERE id = $2")
                .bind(phone.as_str())
                .bind(player.id)
                .execute(&mut *tx)
                .await;
            if let Err(e) = updated {
                // Another player verified this phone meanwhile (the players' unique phone).
                return Err(match unique_clash(e) {
                    AppError::Conflict(_) => AppError::Conflict("phone.unavailable"),
                    other => other,
                });
            }
            tx.commit().await?;
            ratelimit::release_all(&state.db, &hits).await?;
            tracing::info!(player_id = player.id, phone = %phone.masked(), "phone verified");
            let trial = trial_for_verified(state, player.id).await;
            let message = match trial {
                Some(amount) => crate::i18n::t("phone.verified_with_trial").replace("{amount}", &crate::i18n::money(amount)),
                None => crate::i18n::t("phone.verified"),
            };
            let trial_bonus = trial.map(crate::money::Kurus::to_lira);
            Ok((PhoneState { sms_verified: true, phone: phone.as_str().to_string(), trial_bonus }, message))
        }
        _ => Err(AppError::Validation { field: "step", key: "v.step" }),
    }
}

/// The trial bonus of a player who asked for it when registering, credited now the phone is
/// verified. A failure to credit it does not undo the verification: it is logged, and the bonus
/// stays claimable from Claim Reward.
async fn trial_for_verified(state: &AccountsState, player_id: i64) -> Option<crate::money::Kurus> {
    let wanted = store::wants_trial_bonus(&state.db, player_id).await.unwrap_or(false);
    if !wanted {
        return None;
    }
    let player = store::player_by_id(&state.db, player_id).await.ok().flatten()?;
    match state.on_verified.credit_trial(&player).await {
        Ok(amount) => amount,
        Err(e) => {
            tracing::error!(player_id, error = %e, "the trial bonus was not credited at verification");
            None
        }
    }
}

/// Whether the phone is a key of a person whose time-out or self-exclusion runs (a phone change
/// must not carry another account into it, nor let one slip out of it).
async fn phone_of_closed_person(state: &AccountsState, phone: &str) -> Result<bool, AppError> {
    let mut conn = state.db.pool.acquire().await?;
    Ok(crate::protection::exclusion::person_closed(&mut conn, None, phone, "", crate::db::now_ms()).await?)
}
