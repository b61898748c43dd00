//! SQL of payments: the methods, and the players' requests with their one-time decision.

use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

use super::domain::{Adapter, Field, Kind, RequestStatus};
use crate::db::Db;
use crate::http::history::{Days, Paging};
use crate::money::Kurus;

/// A payment method as stored.
#[derive(Debug, Clone)]
pub struct Method {
    pub id: i64,
    pub kind: Kind,
    /// Its house account's name (`house:payment:CODE`).
    pub code: String,
    pub adapter: Adapter,
    /// `{locale: title}`.
    pub titles: std::collections::BTreeMap<String, String>,
    pub logo: String,
    pub min: Kurus,
    pub max: Kurus,
    pub enabled: bool,
    pub fields: Vec<Field>,
    /// Where the player sends a bank-transfer or e-wallet deposit: `{iban, name}`.
    pub payee: Option<serde_json::Value>,
}

impl Method {
    /// Its title in `locale`, else the Turkish one.
    pub fn title(&self, locale: &str) -> String {
        self.titles.get(locale).or_else(|| self.titles.get("tr")).or_else(|| self.titles.values().next()).cloned().unwrap_or_default()
    }
}

const METHOD_COLUMNS: &str = "id, type, code, adapter, titles, logo, min_amount, max_amount, enabled, fields, payee";

fn decode<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, sqlx::Error> {
    serde_json::from_str(text).map_err(|e| sqlx::Error::Decode(e.into()))
}

fn money(minor: i64) -> Result<Kurus, sqlx::Error> {
    Kurus::from_minor(minor).map_err(|e| sqlx::Error::Decode(e.into()))
}

fn method(r: &AnyRow) -> Result<Method, sqlx::Error> {
    let kind = Kind::try_from(r.try_get::<i64, _>(1)?).map_err(|e| sqlx::Error::Decode(e.into()))?;
    let adapter: String = r.try_get(3)?;
    let payee: Option<String> = r.try_get(10)?;
    Ok(Method {
        id: r.try_get(0)?,
        kind,
        code: r.try_get(2)?,
        adapter: Adapter::parse(&adapter).ok_or_else(|| sqlx::Error::Decode(format!("unknown adapter {adapter}").into()))?,
        titles: decode(&r.try_get::<String, _>(4)?)?,
        logo: r.try_get(5)?,
        min: money(r.try_get(6)?)?,
        max: money(r.try_get(7)?)?,
        enabled: r.try_get::<i64, _>(8)? != 0,
        fields: decode(&r.try_get::<String, _>(9)?)?,
        payee: payee.as_deref().map(decode).transpose()?,
    })
}

/// The enabled methods of a kind, in their order.
pub async fn enabled_methods(db: &Db, kind: Kind) -> Result<Vec<Method>, sqlx::Error> {
    let sql = format!("SELECT {METHOD_COLUMNS} FROM payment_methods WHERE type = $1 AND enabled = 1 ORDER BY sort, id");
    let rows = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(kind as i64).fetch_all(&db.pool).await?;
    rows.iter().map(method).collect()
}

/// Every method, enabled or not, in their order (the operator's list and export).
pub async fn all_methods(db: &Db) -> Result<Vec<Method>, sqlx::Error> {
    let sql = format!("SELECT {METHOD_COLUMNS} FROM payment_methods ORDER BY sort, id");
    let rows = sqlx::query(sqlx::AssertSqlSafe(sql)).fetch_all(&db.pool).await?;
    rows.iter().map(method).collect()
}

/// Switches a method on or off; whether it exists.
pub async fn set_enabled(db: &Db, id: i64, enabled: bool) -> Result<bool, sqlx::Error> {
    let done =
        sqlx::query("UPDATE payment_methods SET enabled = $1 WHERE id = $2").bind(i64::from(enabled)).bind(id).execute(&db.pool).await?;
    Ok(done.rows_affected() == 1)
}

/// A method by its id, enabled or not.
pub async fn method_by_id(db: &Db, id: i64) -> Result<Option<Method>, sqlx::Error> {
    let sql = format!("SELECT {METHOD_COLUMNS} FROM payment_methods WHERE id = $1");
    sqlx::query(sqlx::AssertSqlSafe(sql)).bind(id).fetch_optional(&db.pool).await?.as_ref().map(method).transpose()
}

/// Writes a method (the demo content, an operator's change): inserted, or replaced by its id.
pub async fn save_method(conn: &mut AnyConnection, m: &Method, sort: i64) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO payment_methods (id, type, code, adapter, titles, logo, min_amount, max_amount, enabled, fields, payee, sort) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) \
         ON CONFLICT (id) DO UPDATE SET type = excluded.type, code = excluded.code, adapter = excluded.adapter, \
           titles = excluded.titles, logo = excluded.logo, min_amount = excluded.min_amount, max_amount = excluded.max_amount, \
           enabled = excluded.enabled, fields = excluded.fields, payee = excluded.payee, sort = excluded.sort",
    )
    .bind(m.id)
    .bind(m.kind as i64)
    .bind(&m.code)
    .bind(m.adapter.as_str())
    .bind(serde_json::to_string(&m.titles).unwrap_or_default())
    .bind(&m.logo)
    .bind(m.min.minor())
    .bind(m.max.minor())
    .bind(i64::from(m.enabled))
    .bind(serde_json::to_string(&m.fields).unwrap_or_default())
    .bind(m.payee.as_ref().map(|p| p.to_string()))
    .bind(sort)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

pub async fn count_methods(db: &Db) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar("SELECT COUNT(*) FROM payment_methods").fetch_one(&db.pool).await
}

/// A deposit or withdrawal request.
#[derive(Debug, Clone, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Request {
    pub id: i64,
    pub player_id: i64,
    pub method_id: i64,
    pub method_code: String,
    pub adapter: &'static str,
    pub kind: Kind,
    /// Kuruş.
    pub amount: Kurus,
    pub detail: serde_json::Value,
    pub reference: String,
    pub status: RequestStatus,
    #[serde(skip)]
    pub hold_transfer_id: Option<i64>,
    pub created_at: i64,
    pub decided_at: Option<i64>,
    pub decided_by: Option<String>,
    pub reason: Option<String>,
    /// The method's title (Turkish).
    pub method_title: String,
    /// The method's titles by locale.
    #[serde(skip)]
    pub method_titles: std::collections::BTreeMap<String, String>,
    /// The deposit bonus the player opted into (its promotion key), granted at confirmation.
    pub bonus: Option<String>,
}

impl Request {
    /// Its method's title in `locale`, else the Turkish one.
    pub fn method_title_in(&self, locale: &str) -> String {
        self.method_titles.get(locale).cloned().unwrap_or_else(|| self.method_title.clone())
    }
}

const REQUEST_COLUMNS: &str = "r.id, r.player_id, r.method_id, m.code, m.adapter, r.kind, r.amount, r.detail, r.reference, r.status, \
     r.hold_transfer_id, r.created_at, r.decided_at, r.decided_by, r.reason, m.titles, r.bonus";

fn request(r: &AnyRow) -> Result<Request, sqlx::Error> {
    let bad = |what: String| sqlx::Error::Decode(what.into());
    let adapter: String = r.try_get(4)?;
    let status: String = r.try_get(9)?;
    let titles: std::collections::BTreeMap<String, String> = decode(&r.try_get::<String, _>(15)?)?;
    Ok(Request {
        id: r.try_get(0)?,
        player_id: r.try_get(1)?,
        method_id: r.try_get(2)?,
        method_code: r.try_get(3)?,
        adapter: Adapter::parse(&adapter).ok_or_else(|| bad(format!("unknown adapter {adapter}")))?.as_str(),
        kind: Kind::try_from(r.try_get::<i64, _>(5)?).map_err(bad)?,
        amount: money(r.try_get(6)?)?,
        detail: decode(&r.try_get::<String, _>(7)?)?,
        reference: r.try_get(8)?,
        status: RequestStatus::parse(&status).ok_or_else(|| bad(format!("unknown status {status}")))?,
        hold_transfer_id: r.try_get(10)?,
        created_at: r.try_get(11)?,
        decided_at: r.try_get(12)?,
        decided_by: r.try_get(13)?,
        reason: r.try_get(14)?,
        method_title: titles.get("tr").cloned().unwrap_or_default(),
        method_titles: titles,
        bonus: r.try_get(16)?,
    })
}

/// Inserts a pending request; its id. The reference is derived from the id (`KS` and six digits at least).
/// A new request's values.
pub struct NewRequest<'a> {
    pub player_id: i64,
    pub method_id: i64,
    pub kind: Kind,
    pub amount: Kurus,
    pub detail: &'a serde_json::Value,
    pub now: i64,
    /// A deposit's opted-in deposit bonus key.
    pub bonus: Option<&'a str>,
}

pub async fn insert_request(conn: &mut AnyConnection, new: NewRequest<'_>) -> Result<(i64, String), sqlx::Error> {
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO payment_requests (player_id, method_id, kind, amount, detail, reference, status, created_at, locale, bonus) \
         VALUES ($1, $2, $3, $4, $5, '', 'pending', $6, $7, $8) RETURNING id",
    )
    .bind(new.player_id)
    .bind(new.method_id)
    .bind(new.kind as i64)
    .bind(new.amount.minor())
    .bind(new.detail.to_string())
    .bind(new.now)
    .bind(crate::i18n::Locale::current().code())
    .bind(new.bonus)
    .fetch_one(&mut *conn)
    .await?;
    let reference = format!("KS{id:06}");
    sqlx::query("UPDATE payment_requests SET reference = $1 WHERE id = $2").bind(&reference).bind(id).execute(&mut *conn).await?;
    Ok((id, reference))
}

/// Locks the player's pending deposits against concurrent new ones (the player's row on
/// PostgreSQL; a write transaction on SQLite is already exclusive) and counts them.
pub async fn lock_pending_deposits(conn: &mut AnyConnection, player_id: i64) -> Result<i64, sqlx::Error> {
    if crate::db::is_postgres(conn) {
        sqlx::query("SELECT id FROM players WHERE id = $1 FOR UPDATE").bind(player_id).execute(&mut *conn).await?;
    }
    sqlx::query_scalar("SELECT COUNT(*) FROM payment_requests WHERE player_id = $1 AND kind = $2 AND status = 'pending'")
        .bind(player_id)
        .bind(Kind::Deposit as i64)
        .fetch_one(&mut *conn)
        .await
}

/// The language the request was made in.
pub async fn request_locale(conn: &mut AnyConnection, id: i64) -> Result<crate::i18n::Locale, sqlx::Error> {
    let code: Option<String> =
        sqlx::query_scalar("SELECT locale FROM payment_requests WHERE id = $1").bind(id).fetch_optional(&mut *conn).await?;
    Ok(crate::i18n::Locale::parse(code.as_deref().unwrap_or_default()))
}

pub async fn set_hold(conn: &mut AnyConnection, id: i64, transfer_id: i64) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE payment_requests SET hold_transfer_id = $1 WHERE id = $2").bind(transfer_id).bind(id).execute(&mut *conn).await?;
    Ok(())
}

/// Decides a pending request once: the conditional UPDATE is what makes one of two concurrent
/// decisions win (the other finds it no longer pending). `only` narrows which requests may be
/// decided (a player cancels only their own deposits: a card one too, while it waits for payment
/// on its page, as the page's own Cancel does). The request as it
/// now is, or None when it was not pending (or not there, or not allowed).
pub async fn decide(
    conn: &mut AnyConnection,
    id: i64,
    to: RequestStatus,
    by: &str,
    reason: Option<&str>,
    now: i64,
    only: Option<Only>,
) -> Result<Option<Request>, sqlx::Error> {
    let (player, kind) = match only {
        Some(Only { player_id, kind }) => (player_id, kind as i64),
        None => (0, 0),
    };
    let done = sqlx::query(
        "UPDATE payment_requests SET status = $1, decided_at = $2, decided_by = $3, reason = $4 \
         WHERE id = $5 AND status = 'pending' AND ($6 = 0 OR player_id = $6) AND ($7 = 0 OR kind = $7)",
    )
    .bind(to.as_str())
    .bind(now)
    .bind(by)
    .bind(reason)
    .bind(id)
    .bind(player)
    .bind(kind)
    .execute(&mut *conn)
    .await?;
    if done.rows_affected() == 0 {
        return Ok(None);
    }
    request_on(conn, id).await
}

/// Which requests a decision may touch.
#[derive(Debug, Clone, Copy)]
pub struct Only {
    pub player_id: i64,
    pub kind: Kind,
}

pub async fn request_on(conn: &mut AnyConnection, id: i64) -> Result<Option<Request>, sqlx::Error> {
    let sql = format!("SELECT {REQUEST_COLUMNS} FROM payment_requests r JOIN payment_methods m ON m.id = r.method_id WHERE r.id = $1");
    sqlx::query(sqlx::AssertSqlSafe(sql)).bind(id).fetch_optional(&mut *conn).await?.as_ref().map(request).transpose()
}

pub async fn request_by_id(db: &Db, id: i64) -> Result<Option<Request>, sqlx::Error> {
    let mut conn = db.pool.acquire().await?;
    request_on(&mut conn, id).await
}

/// The operator's list, newest first, of one status or all.
pub async fn list(db: &Db, status: Option<RequestStatus>, limit: i64) -> Result<Vec<Request>, sqlx::Error> {
    let sql = format!(
        "SELECT {REQUEST_COLUMNS} FROM payment_requests r JOIN payment_methods m ON m.id = r.method_id \
         WHERE ($1 = '' OR r.status = $1) ORDER BY r.id DESC LIMIT $2"
    );
    let rows = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(status.map(|s| s.as_str()).unwrap_or("")).bind(limit).fetch_all(&db.pool).await?;
    rows.iter().map(request).collect()
}

/// A player's requests of `kind` (any when `None`) made on `days`, newest first (one page of
/// them), and how many match in all.
pub async fn of_player(db: &Db, player_id: i64, kind: Option<Kind>, days: Days, page: Paging) -> Result<(Vec<Request>, i64), sqlx::Error> {
    let condition = "r.player_id = $1 AND ($2 = 0 OR r.kind = $2) AND r.created_at >= $3 AND r.created_at < $4";
    let kind = kind.map(|k| k as i64).unwrap_or(0);
    let (from, to) = (days.from, days.to);
    let sql = format!(
        "SELECT {REQUEST_COLUMNS} FROM payment_requests r JOIN payment_methods m ON m.id = r.method_id \
         WHERE {condition} ORDER BY r.created_at DESC, r.id DESC LIMIT $5 OFFSET $6"
    );
    let rows = sqlx::query(sqlx::AssertSqlSafe(sql))
        .bind(player_id)
        .bind(kind)
        .bind(from)
        .bind(to)
        .bind(page.take)
        .bind(page.skip)
        .fetch_all(&db.pool)
        .await?;
    let count_sql = format!("SELECT COUNT(*) FROM payment_requests r WHERE {condition}");
    let total: i64 =
        sqlx::query_scalar(sqlx::AssertSqlSafe(count_sql)).bind(player_id).bind(kind).bind(from).bind(to).fetch_one(&db.pool).await?;
    Ok((rows.iter().map(request).collect::<Result<_, _>>()?, total))
}

/// Whether the player has had a deposit confirmed.
pub async fn has_confirmed_deposit(conn: &mut AnyConnection, player_id: i64) -> Result<bool, sqlx::Error> {
    let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM payment_requests WHERE player_id = $1 AND kind = 1 AND status = 'confirmed'")
        .bind(player_id)
        .fetch_one(conn)
        .await?;
    Ok(n > 0)
}
