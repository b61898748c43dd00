//! The accounts area's logic: each call's rules, between the handlers and the SQL.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use sha2::{Digest, Sha256};
use utoipa::ToSchema;

use super::AccountsState;
use super::domain::{Date, Email, Password, PersonName, PersonalNo, Phone, SmsCode, Username, parse_birth_date};
use super::store;
use crate::auth::session::{self, CurrentPlayer, EndReason, Origin};
use crate::db::now_ms;
use crate::error::AppError;
use crate::i18n::{Locale, t};
use crate::outbox::{Channel, Message};
use crate::ratelimit;
use crate::wallet;

/// SMS codes live this long.
pub const SMS_CODE_TTL_MS: i64 = 5 * 60 * 1000;
/// E-mail reset codes live this long.
pub const RESET_CODE_TTL_MS: i64 = 10 * 60 * 1000;
/// A player gets at most one reset e-mail this often.
pub const RESET_RESEND_SECS: i64 = 60;
/// Wrong tries a code allows before it is spent.
pub const MAX_CODE_ATTEMPTS: i64 = 5;

/// A JSON value as text: strings as they are, numbers and booleans printed, null/missing as None.
fn text(v: Option<&Value>) -> Option<String> {
    match v? {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        Value::Bool(b) => Some(b.to_string()),
        _ => None,
    }
}

fn required(v: Option<&Value>, field: &'static str, key: &'static str) -> Result<String, AppError> {
    text(v).filter(|s| !s.trim().is_empty()).ok_or(AppError::Validation { field, key })
}

/// The registration payload of the spec (section 3), read leniently: numbers may come as text and
/// `trialBonus` as a boolean, 0/1 or an amount.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct RegisterForm {
    #[serde(flatten)]
    #[schema(value_type = Object)]
    pub fields: HashMap<String, Value>,
}

/// Whether a `trialBonus` value asks for the trial bonus.
pub fn wants_trial_bonus(v: Option<&Value>) -> bool {
    match v {
        Some(Value::Bool(b)) => *b,
        Some(Value::Number(n)) => n.as_f64().is_some_and(|f| f > 0.0),
        Some(Value::String(s)) => matches!(s.trim(), "true" | "on" | "yes") || s.trim().parse::<f64>().is_ok_and(|f| f > 0.0),
        _ => false,
    }
}

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

pub use crate::auth::usercode;

impl LoginData {
    /// The login data for a session token, with the session's token for each configured
    /// sportsbook (its fields empty when none is).
    #[allow(clippy::too_many_arguments)]
    fn new(
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
fn login_bucket(username: &str) -> String {
    format!("login:user:{}", username.trim().to_lowercase())
}

fn ip_bucket(prefix: &str, origin: &Origin) -> String {
    ratelimit::ip_bucket(prefix, origin.ip.as_deref())
}

/// The site option choosing the registration form beside the fast one: `short` offers the short
/// form (no ID number, birth date or country), anything else (or none) the full form.
pub const REGISTER_FORM_OPTION: &str = "register-form";

/// Whether the site offers the short registration form instead of the full one.
pub async fn short_form(state: &AccountsState) -> Result<bool, AppError> {
    let options = crate::cms::store::site_options(&state.db).await?;
    Ok(options.iter().any(|o| o.key == REGISTER_FORM_OPTION && o.value.trim().eq_ignore_ascii_case("short")))
}

/// The terms a player accepts at sign-up: the content page that shows them and its version.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Terms {
    /// The content page of the terms (`/pages/{contentId}`): the setting `terms.content_id`, else 4.
    pub content_id: i64,
    /// The version accepted: the setting `terms.version` when set, else derived from the terms'
    /// texts (`sha256:` and 12 hex digits), so every change of the text is a new version.
    pub version: String,
}

/// The terms in force now.
pub async fn terms(state: &AccountsState) -> Result<Terms, AppError> {
    let setting = |key: &'static str| crate::cms::store::setting(&state.db, key);
    let content_id = setting("terms.content_id").await?.and_then(|v| v.trim().parse().ok()).unwrap_or(4);
    if let Some(version) = setting("terms.version").await?.map(|v| v.trim().to_string()).filter(|v| !v.is_empty()) {
        return Ok(Terms { content_id, version });
    }
    let texts = store::content_texts(&state.db, content_id).await?;
    let version = if texts.is_empty() {
        "none".to_string()
    } else {
        let mut hasher = Sha256::new();
        for (locale, title, body) in &texts {
            for part in [locale, title, body] {
                hasher.update(part.as_bytes());
                hasher.update([0]);
            }
        }
        format!("sha256:{}", &hex::encode(hasher.finalize())[..12])
    };
    Ok(Terms { content_id, version })
}

/// Whether the registration's `acceptTerms` confirms being 18 or older and accepting the terms.
fn accepts_terms(v: Option<&Value>) -> bool {
    match v {
        Some(Value::Bool(b)) => *b,
        Some(Value::Number(n)) => n.as_i64() == Some(1),
        Some(Value::String(s)) => matches!(s.trim(), "true" | "1" | "on"),
        _ => false,
    }
}

/// Registers a player (fast, full or short form) and logs them in. The site option
/// `register-form` decides whether a form without `isFast` is the full form (every field of it
/// required) or the short one (no ID number, birth date or country asked; checked when sent). Every
/// form needs `acceptTerms`, which is recorded with its time and the terms' version.
pub async fn register(state: &AccountsState, form: RegisterForm, origin: Origin) -> Result<LoginData, AppError> {
    let f = &form.fields;
    let get = |k: &str| f.get(k);
    let name = PersonName::parse(&required(get("name"), "name", "v.name")?, "name")?;
    let surname = PersonName::parse(&required(get("surname"), "surname", "v.surname")?, "surname")?;
    let username = Username::parse(&required(get("username"), "username", "v.username")?)?;
    let email = Email::parse(&required(get("email"), "email", "v.email")?)?;
    let phone = Phone::parse(&required(get("phone"), "phone", "v.phone")?)?;
    let password = Password::parse_pair(
        &text(get("password")).unwrap_or_default(),
        &text(get("password2")).unwrap_or_default(),
        "password",
        "password2",
    )?;
    let is_fast = matches!(get("isFast"), Some(Value::Bool(true))) || text(get("isFast")).is_some_and(|s| s == "true" || s == "1");
    // The full form sends PersonalNo, the birth date and the country; the fast and the short forms
    // do not. Each form's fields are required.
    let full_form = !is_fast && !short_form(state).await?;
    let personal_no = match text(get("PersonalNo")).filter(|s| !s.trim().is_empty()) {
        Some(p) => Some(PersonalNo::parse(&p)?),
        None if full_form => return Err(AppError::Validation { field: "PersonalNo", key: "v.personal_no" }),
        None => None,
    };
    let birth_given =
        ["birthDate", "birthDateDay", "birthDateMonth", "birthDateYear"].iter().any(|k| text(get(k)).is_some_and(|s| !s.trim().is_empty()));
    let birth_date = if birth_given || full_form {
        let iso = text(get("birthDate"));
        let (d, m, y) = (text(get("birthDateDay")), text(get("birthDateMonth")), text(get("birthDateYear")));
        Some(parse_birth_date(iso.as_deref(), d.as_deref(), m.as_deref(), y.as_deref(), Date::today())?)
    } else {
        None
    };
    let country_id = match text(get("country")).filter(|s| !s.trim().is_empty()) {
        Some(c) => {
            let id: i64 = c.trim().parse().map_err(|_| AppError::Validation { field: "country", key: "v.country" })?;
            store::country(&state.db, id).await?.ok_or(AppError::Validation { field: "country", key: "v.country" })?;
            Some(id)
        }
        None if full_form => return Err(AppError::Validation { field: "country", key: "v.country" }),
        None => None,
    };
    let currency_id = match text(get("currencyId")) {
        None => 1,
        Some(c) if c.trim() == "1" => 1,
        Some(_) => return Err(AppError::Validation { field: "currencyId", key: "v.currency" }),
    };
    if !accepts_terms(get("acceptTerms")) {
        return Err(AppError::Validation { field: "acceptTerms", key: "v.accept_terms" });
    }
    let terms = terms(state).await?;
    // Every registration that passes the rules counts, failed ones too: a clash must not be a free
    // lookup of who is registered. One refused by the phone's limit still counts for its IP.
    ratelimit::take(&state.db, &ip_bucket("register", &origin), state.limits.register_ip, "error.too_many").await?;
    let phone_bucket = format!("register:phone:{}", phone.as_str());
    ratelimit::take(&state.db, &phone_bucket, state.limits.register_phone, "error.too_many").await?;
    let trial = wants_trial_bonus(get("trialBonus"));
    let ref_id = text(get("refId")).and_then(|s| s.trim().parse::<i64>().ok()).filter(|n| *n > 0);
    let short = |k: &str| text(get(k)).map(|s| s.trim().chars().take(100).collect::<String>()).filter(|s| !s.is_empty());
    let (partner, subid, source) = (short("partner"), short("subid"), short("source"));

    let hash = state.hashing.hash(password.expose().to_string()).await?;
    let mut tx = state.db.begin_write().await?;
    let inserted = sqlx::query_scalar::<_, i64>(
        "INSERT INTO players (username, username_key, email, email_key, phone, personal_no, name, surname, birth_date, \
         country_id, currency_id, password_hash, trial_bonus_wanted, ref_id, partner, subid, source, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18) RETURNING id",
    )
    .bind(username.as_str())
    .bind(username.key())
    .bind(email.as_str())
    .bind(email.key())
    .bind(phone.as_str())
    .bind(personal_no.as_ref().map(|p| p.as_str().to_string()))
    .bind(name.as_str())
    .bind(surname.as_str())
    .bind(birth_date.map(|d| d.iso()))
    .bind(country_id)
    .bind(currency_id)
    .bind(&hash)
    .bind(trial as i64)
    .bind(ref_id)
    .bind(partner)
    .bind(subid)
    .bind(source)
    .bind(now_ms())
    .fetch_one(&mut *tx)
    .await;
    let player_id = match inserted {
        Ok(id) => id,
        Err(e) => return Err(unique_clash(e)),
    };
    store::record_terms_acceptance(&mut tx, player_id, &terms.version, now_ms()).await?;
    wallet::ensure_wallet(&mut tx, player_id).await?;
    let (session_id, token) = session::start(&mut tx, player_id, &origin).await?;
    let books = state.sportsbooks.issue(&mut tx, session_id, &usercode(player_id), now_ms()).await?;
    tx.commit().await?;
    tracing::info!(player_id, fast = is_fast, "player registered");
    // A new player: nothing in the wallet, phone not verified yet.
    let fingerprint = origin.fingerprint.as_deref().unwrap_or("");
    Ok(LoginData::new(token, fingerprint, wallet::Kurus::ZERO, player_id, username.as_str(), phone.as_str(), false, books))
}

/// Turns a unique-key clash into a 409: naming the field for a username or an e-mail (players expect
/// that), neutral for a TC ID number or a phone (a stranger must not learn that that person has an
/// account). Anything else stays a server fault.
fn unique_clash(e: sqlx::Error) -> AppError {
    if let sqlx::Error::Database(db) = &e
        && db.is_unique_violation()
    {
        let msg = db.message().to_lowercase();
        let constraint = db.constraint().unwrap_or("").to_lowercase();
        let hay = format!("{msg} {constraint}");
        for (needle, field, key) in [("username", "username", "taken.username"), ("email", "email", "taken.email")] {
            if hay.contains(needle) {
                return AppError::Taken { field, key };
            }
        }
        return AppError::Conflict("register.unavailable");
    }
    AppError::Database(e)
}

/// Logs a player in; repeated failures for one username or one IP are refused for a while (429).
pub async fn login(state: &AccountsState, username: &str, password_text: &str, origin: Origin) -> Result<LoginData, AppError> {
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
    let mut tx = state.db.begin_write().await?;
    let (session_id, token) = session::start(&mut tx, player.id, &origin).await?;
    let books = state.sportsbooks.issue(&mut tx, session_id, &usercode(player.id), now_ms()).await?;
    tx.commit().await?;
    tracing::info!(player_id = player.id, "player logged in");
    let balance = wallet::balances(&state.db, player.id).await?.total()?;
    let fingerprint = origin.fingerprint.as_deref().unwrap_or("");
    Ok(LoginData::new(token, fingerprint, balance, player.id, &player.username, &player.phone, player.phone_verified, books))
}

fn code_hash(purpose: &str, player_id: i64, code: &str) -> String {
    hex::encode(Sha256::digest(format!("{purpose}:{player_id}:{code}").as_bytes()))
}

fn six_digits() -> String {
    format!("{:06}", rand::random_range(0..1_000_000u32))
}

/// Answer of the phone step.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PhoneState {
    pub sms_verified: bool,
    pub phone: String,
}

/// Step 1 sends a 6-digit code by SMS to the phone; step 2 checks it and verifies the phone.
pub async fn update_phone(
    state: &AccountsState,
    me: CurrentPlayer,
    step: i64,
    phone: &str,
    code: Option<&str>,
    origin: &Origin,
) -> Result<(PhoneState, &'static str), AppError> {
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
            if store::phone_taken(&state.db, phone.as_str(), player.id).await? {
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
            Ok((PhoneState { sms_verified: player.phone_verified, phone: player.phone }, "sms.sent"))
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
            Ok((PhoneState { sms_verified: true, phone: phone.as_str().to_string() }, "phone.verified"))
        }
        _ => Err(AppError::Validation { field: "step", key: "v.step" }),
    }
}

/// Counts a code check against the limits of its user (a username or a player) and of its IP.
/// The caller releases the hits when the code was right.
async fn code_limits(state: &AccountsState, user: &str, origin: &Origin) -> Result<Vec<ratelimit::Hit>, AppError> {
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
async fn check_code(
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
    if !constant_eq(expected.as_bytes(), stored.code_hash.as_bytes()) {
        return Err(AppError::BadRequest(if attempts >= MAX_CODE_ATTEMPTS { "code.too_many" } else { "code.invalid" }));
    }
    store::give_back_attempt(&state.db, stored.id).await?;
    Ok(stored)
}

/// Compares in time independent of where the bytes differ (secrets, codes, signatures).
pub(crate) fn constant_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

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

/// The message of a success, in the request's language.
pub fn say(key: &str) -> Option<String> {
    Some(t(key))
}
