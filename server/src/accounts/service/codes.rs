//! One-time codes (a phone's SMS code, a password reset's e-mailed code): their lifetimes, making
//! them, and checking a typed one against its limits.

use sha2::{Digest, Sha256};

use super::ip_bucket;
use crate::accounts::{AccountsState, store};
use crate::auth::session::Origin;
use crate::db::now_ms;
use crate::error::AppError;
use crate::ratelimit;

/// SMS codes live this long.
pub const SMS_CODE_TTL_MS: i64 = 5 * 60 * 1000;
/// E-mail reset codes live this long.
pub const RESET_CODE_TTL_MS: i64 = 10 * 60 * 1000;
/// A player gets at most one reset e-mail this often.
pub const RESET_RESEND_SECS: i64 = 60;
/// Wrong tries a code allows before it is spent.
pub const MAX_CODE_ATTEMPTS: i64 = 5;

pub(super) fn code_hash(purpose: &str, player_id: i64, code: &str) -> String {
    hex::encode(Sha256::digest(format!("{purpose}:{player_id}:{code}").as_bytes()))
}

pub(super) fn six_digits() -> String {
    format!("{:06}", rand::random_range(0..1_000_000u32))
}

/// Counts a code check against the limits of its user (a username or a player) and of its IP.
/// The caller releases the hits when the code was right.
pub(super) async fn code_limits(state: &AccountsState, user: &str, origin: &Origin) -> Result<Vec<ratelimit::Hit>, AppError> {
    ratelimit::take_all(
        &state.db,
        &[
            (&format!("code:{user}"), state.limits.code_user, "error.too_many"),
            (&ip_bucket("code", origin), state.limits.code_ip, "error.too_many"),
        ],
    )
    .await
}

/// Checks a typed code against the stored one: expiry, attempts, value. The attempt is counted
/// before the value is compared, in one conditional UPDATE, so parallel guesses cannot all see a
/// low count; a right code gives its attempt back (checking a code and then using it costs nothing).
pub(super) async fn check_code(
    state: &AccountsState,
    stored: Option<store::Code>,
    purpose: &str,
    player_id: i64,
    typed: &str,
) -> Result<store::Code, AppError> {
    let stored = stored.ok_or(AppError::BadRequest("code.invalid"))?;
    if now_ms() > stored.expires_at {
        return Err(AppError::BadRequest("code.expired"));
    }
    let Some(attempts) = store::count_attempt(&state.db, stored.id, MAX_CODE_ATTEMPTS).await? else {
        return Err(AppError::BadRequest("code.too_many"));
    };
    let expected = code_hash(purpose, player_id, typed);
    if !crate::crypto::constant_time_eq(expected.as_bytes(), stored.code_hash.as_bytes()) {
        return Err(AppError::BadRequest(if attempts >= MAX_CODE_ATTEMPTS { "code.too_many" } else { "code.invalid" }));
    }
    store::give_back_attempt(&state.db, stored.id).await?;
    Ok(stored)
}
