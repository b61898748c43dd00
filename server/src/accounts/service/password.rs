//! Passwords: a forgotten one reset with an e-mailed code, and one changed from the dashboard.

use super::codes::{RESET_CODE_TTL_MS, RESET_RESEND_SECS, check_code, code_hash, code_limits, six_digits};
use super::ip_bucket;
use super::login::login_bucket;
use crate::accounts::domain::Password;
use crate::accounts::{AccountsState, store};
use crate::auth::session::{self, CurrentPlayer, EndReason, Origin};
use crate::error::AppError;
use crate::i18n::Locale;
use crate::outbox::{Channel, Message};
use crate::ratelimit;

/// Sends a reset code to the player's e-mail; answers the same whether or not the username exists.
pub async fn send_reset(state: &AccountsState, username: &str, origin: &Origin) -> Result<(), AppError> {
    let username = username.trim();
    if !(5..=50).contains(&username.chars().count()) {
        return Err(AppError::Validation { field: "username", key: "v.recovery_username" });
    }
    ratelimit::take(&state.db, &ip_bucket("reset", origin), state.limits.reset_ip, "error.too_many").await?;
    let Some(player) = store::player_by_username(&state.db, username).await? else {
        tracing::info!("password reset asked for an unknown username");
        return Ok(());
    };
    // One e-mail per minute per player, taken atomically and silently (the answer must not differ).
    let per_player = ratelimit::Limit { max: 1, window_secs: RESET_RESEND_SECS };
    match ratelimit::take(&state.db, &format!("reset:player:{}", player.id), per_player, "error.too_many").await {
        Ok(_) => {}
        Err(AppError::TooManyRequests(_)) => return Ok(()),
        Err(e) => return Err(e),
    }
    let code = six_digits();
    store::insert_code(&state.db, player.id, "reset", &player.email, &code_hash("reset", player.id, &code), RESET_CODE_TTL_MS).await?;
    let locale = Locale::current();
    let body = crate::i18n::text("reset.mail_text", locale).replace("{code}", &code).replace("{username}", &player.username);
    let subject = crate::i18n::text("reset.mail_subject", locale);
    if let Err(e) =
        state.mail.send(&Message { channel: Channel::Email, recipient: player.email.clone(), subject: Some(subject), body }).await
    {
        tracing::error!(error = %e, "reset e-mail delivery failed");
    }
    Ok(())
}

fn recovery_inputs(username: &str, code: &str) -> Result<(), AppError> {
    if !(5..=50).contains(&username.trim().chars().count()) {
        return Err(AppError::Validation { field: "username", key: "v.recovery_username" });
    }
    if !(3..=20).contains(&code.trim().chars().count()) {
        return Err(AppError::Validation { field: "code", key: "v.recovery_code" });
    }
    Ok(())
}

/// A reset code's player and code row, once the code checked out, with the limit hits to release
/// when the call succeeds. An unknown username counts against the limits like a known one.
async fn valid_reset_code(
    state: &AccountsState,
    username: &str,
    code: &str,
    origin: &Origin,
) -> Result<(store::Player, store::Code, Vec<ratelimit::Hit>), AppError> {
    recovery_inputs(username, code)?;
    let hits = code_limits(state, &format!("user:{}", username.trim().to_lowercase()), origin).await?;
    let player = store::player_by_username(&state.db, username).await?.ok_or(AppError::BadRequest("code.invalid"))?;
    let typed: String = code.chars().filter(|c| !matches!(c, '-' | ' ')).collect();
    let stored = store::latest_code(&state.db, player.id, "reset").await?;
    let stored = check_code(state, stored, "reset", player.id, &typed).await?;
    Ok((player, stored, hits))
}

pub async fn check_reset_code(state: &AccountsState, username: &str, code: &str, origin: &Origin) -> Result<(), AppError> {
    let (_, _, hits) = valid_reset_code(state, username, code, origin).await?;
    ratelimit::release_all(&state.db, &hits).await
}

/// Sets a new password with a reset code; every session of the player ends.
pub async fn change_password_with_code(
    state: &AccountsState,
    username: &str,
    code: &str,
    (pw, pw2): (&str, &str),
    origin: &Origin,
) -> Result<(), AppError> {
    recovery_inputs(username, code)?;
    let new = Password::parse_pair(pw, pw2, "password", "password2")?;
    let (player, stored, hits) = valid_reset_code(state, username, code, origin).await?;
    let hash = state.hashing.hash(new.expose().to_string()).await?;
    let mut tx = state.db.begin_write().await?;
    if !store::use_code(&mut tx, stored.id).await? {
        return Err(AppError::BadRequest("code.invalid"));
    }
    store::set_password(&mut tx, player.id, &hash).await?;
    let ended = session::end_all(&mut tx, player.id, None, EndReason::Recovery).await?;
    tx.commit().await?;
    ratelimit::release_all(&state.db, &hits).await?;
    tracing::info!(player_id = player.id, sessions_ended = ended, "password reset with a code");
    Ok(())
}

/// Changes the password from the dashboard; every other session of the player ends.
pub async fn change_password(state: &AccountsState, me: CurrentPlayer, old: &str, pw: &str, confirm: &str) -> Result<(), AppError> {
    if old.chars().count() < 5 {
        return Err(AppError::Validation { field: "oldPassword", key: "v.password" });
    }
    let new = Password::parse_pair(pw, confirm, "password", "confirmPassword")?;
    let player = store::player_by_id(&state.db, me.player_id).await?.ok_or(AppError::Unauthorized)?;
    // A guess of the current password counts like a failed login of the player (a stolen session
    // must not be a way around the login lock); a right one gives its count back.
    let bucket = login_bucket(&player.username);
    let hit = ratelimit::take(&state.db, &bucket, state.limits.login_user, "login.locked").await?;
    let right = state.hashing.verify(old.to_string(), player.password_hash.clone()).await;
    if !matches!(right, Ok(false)) {
        ratelimit::release_all(&state.db, &[hit]).await?;
    }
    if !right? {
        return Err(AppError::Validation { field: "oldPassword", key: "password.old_wrong" });
    }
    let hash = state.hashing.hash(new.expose().to_string()).await?;
    let mut tx = state.db.begin_write().await?;
    store::set_password(&mut tx, player.id, &hash).await?;
    let ended = session::end_all(&mut tx, player.id, Some(me.session_id), EndReason::PasswordChange).await?;
    tx.commit().await?;
    tracing::info!(player_id = player.id, sessions_ended = ended, "password changed");
    Ok(())
}
