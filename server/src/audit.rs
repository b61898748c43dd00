//! The audit log (issue 32): every staff action and sign-in, appended in the action's own
//! transaction, as a hash chain. Row `seq` n's hash is the SHA-256 of row n−1's hash and row n's
//! content, so changing, removing or inserting a row breaks the chain from there on; the database
//! refuses updates and deletes of the table on both engines, and [`verify`] names the first row
//! whose hash no longer holds.

use serde::Serialize;
use sqlx::Row;
use utoipa::ToSchema;

use crate::crypto::sha256_hex;
use crate::db::{Db, now_ms};

/// The hash before the first row.
pub const GENESIS: &str = "0000000000000000000000000000000000000000000000000000000000000000";

/// What a row records: who (a staff member, or the operator's shell), what, on what, before and
/// after (JSON), from where.
#[derive(Debug, Clone, Default)]
pub struct Entry {
    pub staff_id: Option<i64>,
    pub actor: String,
    pub action: String,
    pub target: String,
    pub before: Option<serde_json::Value>,
    pub after: Option<serde_json::Value>,
    pub ip: String,
}

impl Entry {
    pub fn new(action: &str, target: impl Into<String>) -> Entry {
        Entry { action: action.to_string(), target: target.into(), ..Entry::default() }
    }

    pub fn by(mut self, staff_id: Option<i64>, actor: &str, ip: &str) -> Entry {
        self.staff_id = staff_id;
        self.actor = actor.to_string();
        self.ip = ip.to_string();
        self
    }

    /// Written by the operator's shell (`kasa admin ...`): the actor is `shell:$USER`.
    pub fn from_shell(self) -> Entry {
        let user = std::env::var("USER").unwrap_or_else(|_| "operator".into());
        self.by(None, &format!("shell:{user}"), "")
    }

    pub fn before(mut self, value: serde_json::Value) -> Entry {
        self.before = Some(value);
        self
    }

    pub fn after(mut self, value: serde_json::Value) -> Entry {
        self.after = Some(value);
        self
    }
}

/// One stored row.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Record {
    pub seq: i64,
    pub at: i64,
    pub staff_id: Option<i64>,
    pub actor: String,
    pub action: String,
    pub target: String,
    pub before: Option<String>,
    pub after: Option<String>,
    pub ip: String,
    #[serde(skip)]
    pub prev_hash: String,
    #[serde(skip)]
    pub hash: String,
}

/// The content a row's hash covers, in a fixed order, each field length-prefixed so no two rows
/// write the same bytes.
fn content(r: &Record) -> String {
    let fields = [
        r.seq.to_string(),
        r.at.to_string(),
        r.staff_id.map(|s| s.to_string()).unwrap_or_default(),
        r.actor.clone(),
        r.action.clone(),
        r.target.clone(),
        r.before.as_ref().map(|b| format!("+{b}")).unwrap_or_default(),
        r.after.as_ref().map(|a| format!("+{a}")).unwrap_or_default(),
        r.ip.clone(),
    ];
    fields.iter().map(|f| format!("{}:{f}", f.len())).collect::<Vec<_>>().join("|")
}

/// A row's hash from the previous one's and its content.
pub fn chain(prev_hash: &str, row_content: &str) -> String {
    sha256_hex(format!("{prev_hash}\n{row_content}").as_bytes())
}

fn row_hash(r: &Record) -> String {
    chain(&r.prev_hash, &content(r))
}

/// Appends a row inside the caller's transaction (which must be a write transaction: on SQLite
/// `BEGIN IMMEDIATE`; on PostgreSQL the chain's lock is taken here and held to the commit, so
/// appends are ordered one after another and the chain never forks).
pub async fn append(conn: &mut sqlx::AnyConnection, entry: &Entry) -> Result<i64, sqlx::Error> {
    if crate::db::is_postgres(conn) {
        sqlx::query("SELECT pg_advisory_xact_lock(4711032)").execute(&mut *conn).await?;
    }
    let last = sqlx::query("SELECT seq, hash FROM audit_log ORDER BY seq DESC LIMIT 1").fetch_optional(&mut *conn).await?;
    let (prev_seq, prev_hash) = match last {
        Some(r) => (r.try_get::<i64, _>(0)?, r.try_get::<String, _>(1)?),
        None => (0, GENESIS.to_string()),
    };
    let mut row = Record {
        seq: prev_seq + 1,
        at: now_ms(),
        staff_id: entry.staff_id,
        actor: entry.actor.clone(),
        action: entry.action.clone(),
        target: entry.target.clone(),
        before: entry.before.as_ref().map(|v| v.to_string()),
        after: entry.after.as_ref().map(|v| v.to_string()),
        ip: entry.ip.clone(),
        prev_hash,
        hash: String::new(),
    };
    row.hash = row_hash(&row);
    sqlx::query(
        "INSERT INTO audit_log (seq, at, staff_id, actor, action, target, before, after, ip, prev_hash, hash)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
    )
    .bind(row.seq)
    .bind(row.at)
    .bind(row.staff_id)
    .bind(&row.actor)
    .bind(&row.action)
    .bind(&row.target)
    .bind(&row.before)
    .bind(&row.after)
    .bind(&row.ip)
    .bind(&row.prev_hash)
    .bind(&row.hash)
    .execute(&mut *conn)
    .await?;
    Ok(row.seq)
}

/// Appends a row in a transaction of its own (a sign-in, a refused attempt).
pub async fn append_alone(db: &Db, entry: &Entry) -> Result<i64, sqlx::Error> {
    let mut tx = db.begin_write().await?;
    let seq = append(&mut tx, entry).await?;
    tx.commit().await?;
    Ok(seq)
}

const COLUMNS: &str = "seq, at, staff_id, actor, action, target, before, after, ip, prev_hash, hash";

fn read(r: &sqlx::any::AnyRow) -> Result<Record, sqlx::Error> {
    Ok(Record {
        seq: r.try_get(0)?,
        at: r.try_get(1)?,
        staff_id: r.try_get(2)?,
        actor: r.try_get(3)?,
        action: r.try_get(4)?,
        target: r.try_get(5)?,
        before: r.try_get(6)?,
        after: r.try_get(7)?,
        ip: r.try_get(8)?,
        prev_hash: r.try_get(9)?,
        hash: r.try_get(10)?,
    })
}

/// What [`verify`] found: how many rows it walked, and the first one that breaks the chain.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Verified {
    pub rows: i64,
    pub broken_at: Option<i64>,
}

/// Walks the whole chain in order, a page at a time: a row is broken when its `seq` is not the
/// next, its `prev_hash` is not the previous row's hash, or its hash does not cover its content.
pub async fn verify(db: &Db) -> Result<Verified, sqlx::Error> {
    let mut prev_seq = 0_i64;
    let mut prev_hash = GENESIS.to_string();
    let mut rows = 0_i64;
    loop {
        let page = sqlx::query(sqlx::AssertSqlSafe(format!("SELECT {COLUMNS} FROM audit_log WHERE seq > $1 ORDER BY seq LIMIT 1000")))
            .bind(prev_seq)
            .fetch_all(&db.pool)
            .await?;
        if page.is_empty() {
            return Ok(Verified { rows, broken_at: None });
        }
        for r in &page {
            let row = read(r)?;
            if row.seq != prev_seq + 1 || row.prev_hash != prev_hash || row_hash(&row) != row.hash {
                return Ok(Verified { rows, broken_at: Some(row.seq) });
            }
            rows += 1;
            prev_seq = row.seq;
            prev_hash = row.hash;
        }
    }
}

/// Rows newest first: all, or those whose actor, action or target contains `q` (case-insensitive).
pub async fn search(db: &Db, q: Option<&str>, limit: i64) -> Result<Vec<Record>, sqlx::Error> {
    let q = q.map(str::trim).filter(|q| !q.is_empty()).map(|q| format!("%{}%", q.to_lowercase()));
    let rows = sqlx::query(sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM audit_log
         WHERE $1 IS NULL OR LOWER(actor) LIKE $1 OR LOWER(action) LIKE $1 OR LOWER(target) LIKE $1
         ORDER BY seq DESC LIMIT $2"
    )))
    .bind(q)
    .bind(limit)
    .fetch_all(&db.pool)
    .await?;
    rows.iter().map(read).collect()
}

/// The rows as CSV (RFC 4180 quoting), newest first, for an export.
pub fn to_csv(rows: &[Record]) -> String {
    fn cell(s: &str) -> String {
        // A leading = + - @ (or a tab or carriage return before one) would be a formula in a
        // spreadsheet: quote it as text.
        let s = if s.starts_with(['=', '+', '-', '@', '\t', '\r']) { format!("'{s}") } else { s.to_string() };
        if s.contains([',', '"', '\n', '\r']) { format!("\"{}\"", s.replace('"', "\"\"")) } else { s }
    }
    let mut out = String::from("seq,at,staff_id,actor,action,target,before,after,ip\n");
    for r in rows {
        let fields = [
            r.seq.to_string(),
            crate::time::iso_utc(r.at),
            r.staff_id.map(|s| s.to_string()).unwrap_or_default(),
            r.actor.clone(),
            r.action.clone(),
            r.target.clone(),
            r.before.clone().unwrap_or_default(),
            r.after.clone().unwrap_or_default(),
            r.ip.clone(),
        ];
        out.push_str(&fields.iter().map(|f| cell(f)).collect::<Vec<_>>().join(","));
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(action: &str, target: &str, before: Option<&str>) -> Record {
        Record {
            seq: 1,
            at: 5,
            staff_id: Some(2),
            actor: "alice".into(),
            action: action.into(),
            target: target.into(),
            before: before.map(String::from),
            after: Some("{}".into()),
            ip: "1.2.3.4".into(),
            prev_hash: GENESIS.into(),
            hash: String::new(),
        }
    }

    #[test]
    fn a_field_moved_to_its_neighbour_changes_the_hash() {
        let a = record("payment.approve", "payment:7", None);
        let b = record("payment.approvepayment:7", "", None);
        assert_ne!(row_hash(&a), row_hash(&b));
    }

    #[test]
    fn an_absent_value_differs_from_an_empty_one() {
        assert_ne!(row_hash(&record("a", "b", None)), row_hash(&record("a", "b", Some(""))));
    }

    #[test]
    fn the_hash_covers_the_previous_rows_hash() {
        let a = record("a", "b", None);
        let b = Record { prev_hash: "f".repeat(64), ..a.clone() };
        assert_ne!(row_hash(&a), row_hash(&b));
    }

    #[test]
    fn csv_quotes_commas_quotes_and_formulas() {
        let row = Record {
            seq: 1,
            at: 0,
            staff_id: None,
            actor: "=cmd".into(),
            action: "a,b".into(),
            target: "say \"hi\"".into(),
            before: None,
            after: None,
            ip: "\t=1+1".into(),
            prev_hash: String::new(),
            hash: String::new(),
        };
        let csv = to_csv(&[row]);
        assert!(csv.contains("'=cmd,\"a,b\",\"say \"\"hi\"\"\""), "{csv}");
        assert!(csv.trim_end().ends_with(",'\t=1+1"), "a tab before a formula is quoted too: {csv}");
    }
}
