//! Registration: the fast, full and short forms, the terms a player accepts, and the new player's
//! row, wallet and first session.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use sha2::{Digest, Sha256};
use utoipa::ToSchema;

use super::login::LoginData;
use super::{ip_bucket, usercode};
use crate::accounts::domain::{Date, Email, Password, PersonName, PersonalNo, Phone, Username, parse_birth_date};
use crate::accounts::{AccountsState, store};
use crate::auth::session::{self, Origin};
use crate::db::now_ms;
use crate::error::AppError;
use crate::ratelimit;
use crate::wallet;

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
    // An e-mail an account holds answers as taken, whether or not that person is closed: the
    // closure's refusal below must not tell a stranger more than registration already does.
    let email_held: Option<i64> =
        sqlx::query_scalar("SELECT id FROM players WHERE email_key = $1").bind(email.key()).fetch_optional(&mut *tx).await?;
    if email_held.is_some() {
        return Err(AppError::Taken { field: "email", key: "taken.email" });
    }
    // Exclusion follows the person: while one runs, any of its TC number, phone or e-mail keeps a
    // new account out, answered as a clash of an ID number or a phone is (nothing more revealed).
    let personal_no_text = personal_no.as_ref().map(|p| p.as_str().to_string());
    if crate::protection::exclusion::person_closed(&mut tx, personal_no_text.as_deref(), phone.as_str(), &email.key(), now_ms()).await? {
        return Err(AppError::Conflict("register.unavailable"));
    }
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
pub(super) fn unique_clash(e: sqlx::Error) -> AppError {
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
