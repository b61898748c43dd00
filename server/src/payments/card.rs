//! Card deposits through the built-in hosted payment gateway.
//!
//! `payment/deposit` for a card method creates a pending request and a card session: a random
//! 256-bit token (only its SHA-256 is stored) that names the hosted page `/pay/{token}`, and a
//! deadline 30 minutes later. Paying on the page makes the simulated gateway notify the server the
//! way a real gateway does: `POST /callbacks/payments/card` with a JSON body signed by HMAC-SHA256
//! (`X-Signature: hex`, the secret `KASA_PAYMENT_CALLBACK_SECRET`). A verified notification
//! confirms the deposit through the same decision as an operator's approval (one conditional
//! `UPDATE ... WHERE status = 'pending'`, the wallet credit under the key `payment:ID:credit` and
//! the Deposit notification in one transaction), so a replay credits nothing more. An unpaid
//! deposit expires at its deadline: by the sweep every node runs, or when its page or callback is
//! used after it.

use rand::RngCore;
use sqlx::Row;

use crate::crypto;

use super::store::{self, Request};
use super::{DecisionError, RequestStatus, Submitted};
use crate::db::{Db, now_ms};
use crate::error::AppError;
use crate::money::Kurus;

/// How long a card deposit waits to be paid.
pub const DEADLINE_MS: i64 = 30 * 60 * 1000;

/// The callback secret of `--demo` nodes and of the tests' state when `KASA_PAYMENT_CALLBACK_SECRET`
/// is not set: public, so never for real money.
pub const DEVELOPMENT_SECRET: &str = "kasa-development-payment-callback-secret";

/// The header that carries the callback's signature (lower-case hex HMAC-SHA256 of the raw body).
pub const SIGNATURE_HEADER: &str = "x-signature";

/// The hosted gateway's settings: the callback secret and the site's public address.
#[derive(Clone, Default)]
pub struct Gateway {
    secret: Option<Vec<u8>>,
    /// `KASA_PUBLIC_URL`: the links' base; the request's `Host` when unset.
    pub public_url: Option<String>,
}

impl std::fmt::Debug for Gateway {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Gateway")
            .field("secret", &self.secret.as_ref().map(|_| "[redacted]"))
            .field("public_url", &self.public_url)
            .finish()
    }
}

impl Gateway {
    pub fn new(secret: Option<String>, public_url: Option<String>) -> Gateway {
        Gateway { secret: secret.filter(|s| !s.is_empty()).map(String::into_bytes), public_url }
    }

    /// The development gateway: [`DEVELOPMENT_SECRET`].
    pub fn development() -> Gateway {
        Gateway::new(Some(DEVELOPMENT_SECRET.to_string()), None)
    }

    /// Card payments need a secret to verify their callbacks.
    pub fn enabled(&self) -> bool {
        self.secret.is_some()
    }

    /// The signature of `body` (hex), or None without a secret.
    pub fn sign(&self, body: &[u8]) -> Option<String> {
        self.secret.as_deref().map(|k| sign(k, body))
    }

    /// Whether `signature` (hex) is the signature of `body`; compared in constant time.
    pub fn verify(&self, body: &[u8], signature: &str) -> bool {
        self.secret.as_deref().is_some_and(|key| crypto::verify_hmac_sha256_hex(key, body, signature))
    }
}

/// The hex HMAC-SHA256 of `body` under `secret`: what `X-Signature` carries.
pub fn sign(secret: &[u8], body: &[u8]) -> String {
    crypto::hmac_sha256_hex(secret, body)
}

/// The callback's body: which request was paid, and how much (kuruş).
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Notification {
    pub payment_id: i64,
    pub amount: i64,
    /// `paid`.
    pub status: String,
    /// The gateway's own id of the charge.
    pub transaction_id: String,
}

/// A card deposit's pending request and its page's token (told to the player once, stored hashed).
pub async fn start(
    db: &Db,
    player_id: i64,
    method_id: i64,
    amount: Kurus,
    detail: &serde_json::Value,
    bonus: Option<&str>,
) -> Result<(Submitted, String), AppError> {
    let mut raw = [0u8; 32];
    rand::rng().fill_bytes(&mut raw);
    let token = hex::encode(raw);
    let now = now_ms();
    let mut tx = db.begin_write().await?;
    super::guard_pending_deposits(&mut tx, player_id, amount).await?;
    let (id, reference) =
        store::insert_request(&mut tx, store::NewRequest { player_id, method_id, kind: super::Kind::Deposit, amount, detail, now, bonus })
            .await?;
    sqlx::query("INSERT INTO card_sessions (request_id, token_hash, expires_at) VALUES ($1, $2, $3)")
        .bind(id)
        .bind(crypto::token_hash(&token))
        .bind(now + DEADLINE_MS)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    tracing::info!(player_id, request = id, amount = amount.minor(), "card deposit started");
    Ok((Submitted { id, reference, amount: amount.to_lira() }, token))
}

/// A card deposit as its page sees it.
#[derive(Debug, Clone)]
pub struct Session {
    pub request: Request,
    /// Epoch ms.
    pub expires_at: i64,
}

async fn session_where(db: &Db, column: &str, value: SessionKey<'_>) -> Result<Option<Session>, sqlx::Error> {
    let sql = format!("SELECT request_id, expires_at FROM card_sessions WHERE {column} = $1");
    let query = sqlx::query(sqlx::AssertSqlSafe(sql));
    let row = match value {
        SessionKey::Hash(h) => query.bind(h.to_string()),
        SessionKey::Id(id) => query.bind(id),
    }
    .fetch_optional(&db.pool)
    .await?;
    let Some(row) = row else { return Ok(None) };
    let (id, expires_at): (i64, i64) = (row.try_get(0)?, row.try_get(1)?);
    Ok(store::request_by_id(db, id).await?.map(|request| Session { request, expires_at }))
}

enum SessionKey<'a> {
    Hash(&'a str),
    Id(i64),
}

/// The card deposit of a page's token, expired first when its deadline has passed.
pub async fn by_token(db: &Db, token: &str) -> Result<Option<Session>, DecisionError> {
    if token.len() != 64 || !token.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Ok(None);
    }
    let Some(session) = session_where(db, "token_hash", SessionKey::Hash(&crypto::token_hash(&token.to_ascii_lowercase()))).await? else {
        return Ok(None);
    };
    current(db, session, now_ms()).await.map(Some)
}

/// The card deposit of a request id (the callback's), expired first when its deadline has passed.
pub async fn by_id(db: &Db, id: i64) -> Result<Option<Session>, DecisionError> {
    match session_where(db, "request_id", SessionKey::Id(id)).await? {
        Some(session) => current(db, session, now_ms()).await.map(Some),
        None => Ok(None),
    }
}

/// The session as of `now`: a pending deposit past its deadline is expired (with its notification).
async fn current(db: &Db, mut session: Session, now: i64) -> Result<Session, DecisionError> {
    if session.request.status == RequestStatus::Pending && session.expires_at <= now {
        expire(db, session.request.id).await?;
        if let Some(r) = store::request_by_id(db, session.request.id).await? {
            session.request = r;
        }
    }
    Ok(session)
}

async fn expire(db: &Db, id: i64) -> Result<(), DecisionError> {
    match super::decide(db, id, RequestStatus::Expired, "system", None).await {
        Ok(_) => {
            tracing::info!(request = id, "unpaid card deposit expired");
            Ok(())
        }
        // Paid, cancelled or expired by another node meanwhile: its decision stands.
        Err(DecisionError::NotPending(..)) => Ok(()),
        Err(e) => Err(e),
    }
}

/// Expires every pending card deposit whose deadline is at or before `now`; how many this call expired.
/// Several nodes may run it at once: the conditional UPDATE lets each deposit expire once.
pub async fn expire_due(db: &Db, now: i64) -> Result<usize, DecisionError> {
    let ids: Vec<i64> = sqlx::query_scalar(
        "SELECT s.request_id FROM card_sessions s JOIN payment_requests r ON r.id = s.request_id \
         WHERE r.status = 'pending' AND s.expires_at <= $1 ORDER BY s.request_id LIMIT 1000",
    )
    .bind(now)
    .fetch_all(&db.pool)
    .await?;
    let mut expired = 0;
    for id in ids {
        match super::decide(db, id, RequestStatus::Expired, "system", None).await {
            Ok(_) => expired += 1,
            Err(DecisionError::NotPending(..)) => {}
            Err(e) => return Err(e),
        }
    }
    Ok(expired)
}

/// `kasa serve`'s sweep: expires unpaid card deposits every `every`, forever.
pub async fn sweep(db: Db, every: std::time::Duration) {
    crate::time::repeat(every, || async {
        match expire_due(&db, now_ms()).await {
            Ok(0) => {}
            Ok(n) => tracing::info!(expired = n, "unpaid card deposits expired"),
            Err(e) => tracing::warn!(error = %e, "the card deposit sweep failed"),
        }
    })
    .await
}

/// What a verified callback did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Confirmation {
    /// This callback confirmed and credited the deposit.
    Credited,
    /// It was decided before (a replay, or cancelled or expired): nothing moved.
    AlreadyDecided(RequestStatus),
    /// The deadline had passed: it is expired, nothing moved.
    Expired,
}

/// Why a verified callback was refused; nothing changed.
#[derive(Debug, thiserror::Error)]
pub enum ConfirmError {
    #[error("no card deposit {0}")]
    Unknown(i64),
    #[error("the amount does not match the deposit")]
    Amount,
    #[error("unknown status")]
    Status,
    #[error(transparent)]
    Decision(#[from] DecisionError),
}

/// A verified gateway notification: the deposit is confirmed (credited once, notified) unless it
/// was decided already or its deadline has passed.
pub async fn confirm(db: &Db, n: &Notification) -> Result<Confirmation, ConfirmError> {
    if n.status != "paid" {
        return Err(ConfirmError::Status);
    }
    let session = by_id(db, n.payment_id).await?.ok_or(ConfirmError::Unknown(n.payment_id))?;
    if session.request.amount.minor() != n.amount {
        return Err(ConfirmError::Amount);
    }
    match session.request.status {
        RequestStatus::Pending => {}
        RequestStatus::Expired => return Ok(Confirmation::Expired),
        other => return Ok(Confirmation::AlreadyDecided(other)),
    }
    match super::decide(db, n.payment_id, RequestStatus::Confirmed, "gateway", None).await {
        Ok(_) => {
            tracing::info!(request = n.payment_id, "card deposit confirmed by the gateway");
            Ok(Confirmation::Credited)
        }
        Err(DecisionError::NotPending(..)) => {
            let status = store::request_by_id(db, n.payment_id).await.map_err(DecisionError::from)?.map(|r| r.status);
            Ok(Confirmation::AlreadyDecided(status.unwrap_or(RequestStatus::Confirmed)))
        }
        Err(e) => Err(e.into()),
    }
}

/// A new link to the page of the player's own card deposit still waiting for payment (issue 30:
/// Financial Activities takes the player back to it). The page's token is told once and kept
/// hashed, so going back issues a new one in its place (the old link stops working); the
/// deadline stays. `None` when it is not theirs, not a card deposit, or no longer waiting.
pub async fn resume(db: &Db, player_id: i64, id: i64) -> Result<Option<String>, AppError> {
    let Some(session) = by_id(db, id).await.map_err(|e| AppError::Internal(e.into()))? else { return Ok(None) };
    let waiting =
        session.request.player_id == player_id && session.request.status == RequestStatus::Pending && session.expires_at > now_ms();
    if !waiting {
        return Ok(None);
    }
    let mut raw = [0u8; 32];
    rand::rng().fill_bytes(&mut raw);
    let token = hex::encode(raw);
    let mut tx = db.begin_write().await?;
    let updated = sqlx::query(
        "UPDATE card_sessions SET token_hash = $1 WHERE request_id = $2 AND expires_at > $3 \
         AND EXISTS (SELECT 1 FROM payment_requests r WHERE r.id = $2 AND r.player_id = $4 AND r.status = 'pending')",
    )
    .bind(crypto::token_hash(&token))
    .bind(id)
    .bind(now_ms())
    .bind(player_id)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok((updated.rows_affected() == 1).then_some(token))
}

/// When the card deposits among `ids` stop waiting for payment (epoch ms), by request id: one
/// read for a page of Financial Activities.
pub async fn deadlines(db: &Db, ids: &[i64]) -> Result<std::collections::HashMap<i64, i64>, sqlx::Error> {
    let mut out = std::collections::HashMap::new();
    for part in ids.chunks(crate::db::STATEMENT_PARAMS) {
        let list = crate::db::value_rows(1, part.len(), 1);
        let sql = format!("SELECT request_id, expires_at FROM card_sessions WHERE request_id IN {list}");
        let mut q = sqlx::query_as::<_, (i64, i64)>(sqlx::AssertSqlSafe(sql));
        for id in part {
            q = q.bind(id);
        }
        out.extend(q.fetch_all(&db.pool).await?);
    }
    Ok(out)
}

/// The player cancels on the page: the pending deposit is cancelled, nothing moves. Whether it was.
pub async fn cancel(db: &Db, id: i64) -> Result<bool, AppError> {
    let mut tx = db.begin_write().await?;
    let done = store::decide(&mut tx, id, RequestStatus::Cancelled, "player", None, now_ms(), None).await?;
    tx.commit().await?;
    if done.is_some() {
        tracing::info!(request = id, "card deposit cancelled on the payment page");
    }
    Ok(done.is_some())
}

/// Why a card is refused on the page.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CardProblem {
    Number,
    Expiry,
    Cvc,
    Name,
}

/// Checks a card as the page takes it: a 12 to 19 digit number (spaces and dashes allowed) that
/// passes the Luhn check, an expiry `MM/YY` (or `MM/YYYY`) not before the month of `today`
/// (year, month), a 3 or 4 digit CVC and a name. The number's last four digits when it is valid.
pub fn check_card(number: &str, expiry: &str, cvc: &str, name: &str, today: (i32, u32)) -> Result<String, CardProblem> {
    let digits: String = number.chars().filter(|c| !matches!(c, ' ' | '-')).collect();
    if !(12..=19).contains(&digits.len()) || !digits.bytes().all(|b| b.is_ascii_digit()) || !luhn(&digits) {
        return Err(CardProblem::Number);
    }
    let (month, year) = expiry.trim().split_once('/').ok_or(CardProblem::Expiry)?;
    let month: u32 = month.trim().parse().map_err(|_| CardProblem::Expiry)?;
    let year = year.trim();
    let year: i32 = match year.len() {
        2 => 2000 + year.parse::<i32>().map_err(|_| CardProblem::Expiry)?,
        4 => year.parse().map_err(|_| CardProblem::Expiry)?,
        _ => return Err(CardProblem::Expiry),
    };
    if !(1..=12).contains(&month) || (year, month) < today || year > today.0 + 20 {
        return Err(CardProblem::Expiry);
    }
    let cvc = cvc.trim();
    if !(3..=4).contains(&cvc.len()) || !cvc.bytes().all(|b| b.is_ascii_digit()) {
        return Err(CardProblem::Cvc);
    }
    if name.trim().chars().count() < 2 {
        return Err(CardProblem::Name);
    }
    Ok(digits[digits.len() - 4..].to_string())
}

/// The Luhn check of a string of digits.
pub fn luhn(digits: &str) -> bool {
    let sum: u32 = digits
        .bytes()
        .rev()
        .enumerate()
        .map(|(i, b)| {
            let d = u32::from(b - b'0');
            if i % 2 == 1 {
                let d2 = d * 2;
                if d2 > 9 { d2 - 9 } else { d2 }
            } else {
                d
            }
        })
        .sum();
    !digits.is_empty() && sum.is_multiple_of(10)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_gateway_signs_and_verifies_its_callbacks_only_with_its_secret() {
        let g = Gateway::new(Some("s".into()), None);
        let sig = g.sign(b"body").unwrap();
        assert!(g.verify(b"body", &sig) && !g.verify(b"body!", &sig) && !g.verify(b"body", "zz") && !g.verify(b"body", ""));
        assert!(!Gateway::default().verify(b"body", &sig), "no secret verifies nothing");
        assert!(!format!("{g:?}").contains('s') || format!("{g:?}").contains("redacted"));
    }

    #[test]
    fn test_cards_pass_luhn_and_a_future_expiry_and_others_are_named() {
        let today = (2026, 11);
        for n in ["4111 1111 1111 1111", "5555-5555-5555-4444", "378282246310005", "4242424242424242"] {
            assert!(check_card(n, "12/30", "123", "Ayşe Yılmaz", today).is_ok(), "{n}");
        }
        assert_eq!(check_card("4111 1111 1111 1112", "12/30", "123", "A Y", today), Err(CardProblem::Number));
        assert_eq!(check_card("4111", "12/30", "123", "A Y", today), Err(CardProblem::Number));
        assert_eq!(check_card("4111111111111111", "10/26", "123", "A Y", today), Err(CardProblem::Expiry));
        assert!(check_card("4111111111111111", "11/26", "123", "A Y", today).is_ok(), "this month still works");
        assert_eq!(check_card("4111111111111111", "13/27", "123", "A Y", today), Err(CardProblem::Expiry));
        assert_eq!(check_card("4111111111111111", "12/30", "12a", "A Y", today), Err(CardProblem::Cvc));
        assert_eq!(check_card("4111111111111111", "12/30", "123", " ", today), Err(CardProblem::Name));
    }
}
