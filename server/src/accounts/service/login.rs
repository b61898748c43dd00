//! Logging in: the login data a session starts with, and the failed-login limits.

use serde::Serialize;
use utoipa::ToSchema;

use super::{ip_bucket, usercode};
use crate::accounts::{AccountsState, store};
use crate::auth::session::{self, Origin};
use crate::db::now_ms;
use crate::error::AppError;
use crate::ratelimit;
use crate::wallet;

/// The login data of the spec (stored by the app as `authData`).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoginData {
    pub token: String,
    pub fingerprint: String,
    /// Lira: real money plus bonus money.
    pub balance: f64,
    pub username: String,
    pub usercode: String,
    pub betsy_cid: String,
    pub betsy_url: String,
    pub betsy_token: String,
    pub betco_token: String,
    pub betco_url: String,
    pub sms_verified: bool,
    pub phone: String,
}

impl LoginData {
    /// The login data for a session token, with the session's token for each configured
    /// sportsbook (its fields empty when none is).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn new(
        token: String,
        fingerprint: &str,
        balance: wallet::Kurus,
        player_id: i64,
        username: &str,
        phone: &str,
        sms_verified: bool,
        books: crate::accounts::sportsbooks::LoginFields,
    ) -> LoginData {
        let code = usercode(player_id);
        LoginData {
            token,
            fingerprint: fingerprint.to_string(),
            balance: balance.to_lira(),
            username: username.to_string(),
            usercode: code,
            betsy_cid: books.betsy_cid,
            betsy_url: books.betsy_url,
            betsy_token: books.betsy_token,
            betco_token: books.betco_token,
            betco_url: books.betco_url,
            sms_verified,
            phone: phone.to_string(),
        }
    }
}

/// The bucket of a username's failed logins.
pub(super) fn login_bucket(username: &str) -> String {
    format!("login:user:{}", username.trim().to_lowercase())
}

/// Logs a player in; repeated failures for one username or one IP are refused for a while (429).
pub async fn login(
    state: &AccountsState,
    username: &str,
    password_text: &str,
    reopen: bool,
    origin: Origin,
) -> Result<LoginData, AppError> {
    let username = username.trim();
    if !(3..=35).contains(&username.chars().count()) {
        return Err(AppError::Validation { field: "username", key: "v.login_username" });
    }
    if !(5..=100).contains(&password_text.chars().count()) {
        return Err(AppError::Validation { field: "password", key: "v.login_password" });
    }
    let user_bucket = login_bucket(username);
    let ip_bucket = ip_bucket("login", &origin);
    // Each attempt is counted before the password is checked, so a burst cannot outrun the lock;
    // a success takes its count back (and clears the username's failures).
    let hits = ratelimit::take_all(
        &state.db,
        &[(&user_bucket, state.limits.login_user, "login.locked"), (&ip_bucket, state.limits.login_ip, "login.locked")],
    )
    .await?;

    let player = store::player_by_username(&state.db, username).await?;
    let stored = match &player {
        Some(p) => p.password_hash.clone(),
        None => state.hashing.dummy_hash().await?,
    };
    let ok = match state.hashing.verify(password_text.to_string(), stored).await {
        Ok(ok) => ok,
        Err(e) => {
            // Not evaluated (hashing saturated): the attempt does not count.
            ratelimit::release_all(&state.db, &hits).await?;
            return Err(e);
        }
    };
    let Some(player) = player.filter(|_| ok) else {
        return Err(AppError::BadRequest("login.failed"));
    };
    ratelimit::clear(&state.db, &user_bucket).await?;
    ratelimit::release_all(&state.db, &hits[1..]).await?;
    // A time-out or a self-exclusion: no session, the end date in the answer (issue 31). Read
    // under the player's lock, which a closure takes too: a login racing a time-out either sees it
    // or starts its session before the closure ends every session.
    let mut tx = state.db.begin_write().await?;
    wallet::lock_player(&mut tx, player.id).await?;
    if let Some(closed) = crate::protection::exclusion::state(&mut tx, player.id, now_ms()).await? {
        // Released before asking to reopen, which takes the player's lock in its own transaction.
        tx.rollback().await?;
        if reopen && matches!(closed, crate::protection::Closed::AskToReopen { .. }) {
            let until = crate::protection::exclusion::ask_reopen(&state.db, player.id).await?;
            return Err(crate::protection::exclusion::login_refusal(crate::protection::Closed::Reopening { at: until }));
        }
        return Err(crate::protection::exclusion::login_refusal(closed));
    }
    let (session_id, token) = session::start(&mut tx, player.id, &origin).await?;
    let books = state.sportsbooks.issue(&mut tx, session_id, &usercode(player.id), now_ms()).await?;
    tx.commit().await?;
    tracing::info!(player_id = player.id, "player logged in");
    let balance = wallet::balances(&state.db, player.id).await?.total()?;
    let fingerprint = origin.fingerprint.as_deref().unwrap_or("");
    Ok(LoginData::new(token, fingerprint, balance, player.id, &player.username, &player.phone, player.phone_verified, books))
}
