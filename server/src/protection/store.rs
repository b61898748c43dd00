//! The protection area's SQL: `player_limits`, `exclusions`, and the sums a limit is checked
//! against (deposit requests, the rounds layer's stakes and wins).

use sqlx::{AnyConnection, Row};

use super::{Closure, Kind, Limit, Pending, Period};

/// A player's settings, as stored (a lapsed raise is still there: see [`super::effective`]).
pub async fn limits(conn: &mut AnyConnection, player_id: i64) -> Result<Vec<Limit>, sqlx::Error> {
    let rows = sqlx::query("SELECT kind, period, amount, pending, pending_since FROM player_limits WHERE player_id = $1")
        .bind(player_id)
        .fetch_all(&mut *conn)
        .await?;
    let mut out = Vec::with_capacity(rows.len());
    for r in rows {
        let (kind, period): (String, String) = (r.try_get(0)?, r.try_get(1)?);
        let (Some(kind), Some(period)) = (Kind::parse(&kind), Period::parse(&period)) else { continue };
        let since: Option<i64> = r.try_get(4)?;
        out.push(Limit {
            kind,
            period,
            value: r.try_get(2)?,
            pending: since.map(|since| Pending { value: r.try_get(3).ok().flatten(), since }),
        });
    }
    Ok(out)
}

/// Writes a setting (a row with nothing set and nothing waiting is deleted).
pub async fn save(conn: &mut AnyConnection, player_id: i64, l: &Limit, now: i64) -> Result<(), sqlx::Error> {
    if l.value.is_none() && l.pending.is_none() {
        sqlx::query("DELETE FROM player_limits WHERE player_id = $1 AND kind = $2 AND period = $3")
            .bind(player_id)
            .bind(l.kind.as_str())
            .bind(l.period.as_str())
            .execute(&mut *conn)
            .await?;
        return Ok(());
    }
    sqlx::query(
        "INSERT INTO player_limits (player_id, kind, period, amount, pending, pending_since, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7) \
         ON CONFLICT (player_id, kind, period) DO UPDATE SET amount = excluded.amount, pending = excluded.pending, \
         pending_since = excluded.pending_since, updated_at = excluded.updated_at",
    )
    .bind(player_id)
    .bind(l.kind.as_str())
    .bind(l.period.as_str())
    .bind(l.value)
    .bind(l.pending.and_then(|p| p.value))
    .bind(l.pending.map(|p| p.since))
    .bind(now)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Locks a player's settings of `kinds` (a row lock on PostgreSQL; SQLite's writer holds
/// everything already), so two deposits, or a deposit and a change, take turns.
pub async fn lock(conn: &mut AnyConnection, player_id: i64, kind: Kind) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE player_limits SET updated_at = updated_at WHERE player_id = $1 AND kind = $2")
        .bind(player_id)
        .bind(kind.as_str())
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// What a stake or a deposit is checked against, in one query: the player's closures and their
/// money limits in force, (kind, period, kuruş).
pub async fn guard(conn: &mut AnyConnection, player_id: i64) -> Result<(Vec<ClosureRow>, Vec<(Kind, Period, i64)>), sqlx::Error> {
    // (kind, period: NULL for a closure, ends_at or amount, reopen_asked_at)
    type GuardRow = (String, Option<String>, Option<i64>, Option<i64>);
    let rows: Vec<GuardRow> = sqlx::query_as(
        "SELECT kind, CAST(NULL AS TEXT), ends_at, reopen_asked_at FROM exclusions WHERE player_id = $1 \
         UNION ALL SELECT kind, period, amount, CAST(NULL AS BIGINT) FROM player_limits \
         WHERE player_id = $1 AND amount IS NOT NULL AND kind IN ('deposit', 'loss', 'wager')",
    )
    .bind(player_id)
    .fetch_all(&mut *conn)
    .await?;
    let (mut closures, mut limits) = (Vec::new(), Vec::new());
    for (kind, period, a, b) in rows {
        match period {
            None => closures.push(ClosureRow {
                closure: if kind == "timeout" { Closure::Timeout } else { Closure::Exclusion },
                ends_at: a,
                reopen_asked_at: b,
            }),
            Some(p) => {
                if let (Some(kind), Some(period), Some(amount)) = (Kind::parse(&kind), Period::parse(&p), a) {
                    limits.push((kind, period, amount));
                }
            }
        }
    }
    Ok((closures, limits))
}

/// Kuruş of deposits in each money period ending at `now`: a confirmed deposit counts from when it
/// was credited, a pending one in every period, however old (it may be credited at any moment). So
/// requests opened on different days and paid on one day cannot credit more than a limit together:
/// when the last of them was asked for, every other one was counted, either as pending or as
/// credited within the period before it.
pub async fn deposited(conn: &mut AnyConnection, player_id: i64, now: i64) -> Result<[i64; 3], sqlx::Error> {
    let [d, w, m] = Period::MONEY.map(|p| now - p.window_ms());
    let row = sqlx::query(
        "SELECT CAST(COALESCE(SUM(CASE WHEN status = 'pending' OR decided_at > $2 THEN amount ELSE 0 END), 0) AS BIGINT), \
                CAST(COALESCE(SUM(CASE WHEN status = 'pending' OR decided_at > $3 THEN amount ELSE 0 END), 0) AS BIGINT), \
                CAST(COALESCE(SUM(amount), 0) AS BIGINT) \
         FROM payment_requests WHERE player_id = $1 AND kind = 1 \
           AND (status = 'pending' OR (status = 'confirmed' AND decided_at > $4))",
    )
    .bind(player_id)
    .bind(d)
    .bind(w)
    .bind(m)
    .fetch_one(&mut *conn)
    .await?;
    Ok([row.try_get(0)?, row.try_get(1)?, row.try_get(2)?])
}

/// Kuruş staked and won (neither rolled back) in each money period ending at `now`, on every
/// provider: ([day, week, month] stakes, [day, week, month] wins).
pub async fn staked_and_won(conn: &mut AnyConnection, player_id: i64, now: i64) -> Result<([i64; 3], [i64; 3]), sqlx::Error> {
    let [d, w, m] = Period::MONEY.map(|p| now - p.window_ms());
    let rows = sqlx::query(
        "SELECT kind, CAST(COALESCE(SUM(CASE WHEN created_at > $2 THEN amount ELSE 0 END), 0) AS BIGINT), \
                CAST(COALESCE(SUM(CASE WHEN created_at > $3 THEN amount ELSE 0 END), 0) AS BIGINT), \
                CAST(COALESCE(SUM(amount), 0) AS BIGINT) \
         FROM provider_txs WHERE player_id = $1 AND created_at > $4 AND kind IN ('bet', 'win') AND rolled_back_by IS NULL \
         GROUP BY kind",
    )
    .bind(player_id)
    .bind(d)
    .bind(w)
    .bind(m)
    .fetch_all(&mut *conn)
    .await?;
    let (mut staked, mut won) = ([0; 3], [0; 3]);
    for r in rows {
        let kind: String = r.try_get(0)?;
        let sums = [r.try_get(1)?, r.try_get(2)?, r.try_get(3)?];
        if kind == "bet" {
            staked = sums;
        } else {
            won = sums;
        }
    }
    Ok((staked, won))
}

/// Kuruş staked and won since `since` (a session's start), on every provider.
pub async fn since(conn: &mut AnyConnection, player_id: i64, since: i64) -> Result<(i64, i64), sqlx::Error> {
    let row = sqlx::query(
        "SELECT CAST(COALESCE(SUM(CASE WHEN kind = 'bet' THEN amount ELSE 0 END), 0) AS BIGINT), \
                CAST(COALESCE(SUM(CASE WHEN kind = 'win' THEN amount ELSE 0 END), 0) AS BIGINT) \
         FROM provider_txs WHERE player_id = $1 AND created_at >= $2 AND kind IN ('bet', 'win') AND rolled_back_by IS NULL",
    )
    .bind(player_id)
    .bind(since)
    .fetch_one(&mut *conn)
    .await?;
    Ok((row.try_get(0)?, row.try_get(1)?))
}

/// A closure as stored.
#[derive(Debug, Clone, Copy)]
pub struct ClosureRow {
    pub closure: Closure,
    pub ends_at: Option<i64>,
    pub reopen_asked_at: Option<i64>,
}

fn closure_row(r: &sqlx::any::AnyRow) -> Result<ClosureRow, sqlx::Error> {
    let kind: String = r.try_get(0)?;
    Ok(ClosureRow {
        closure: if kind == "timeout" { Closure::Timeout } else { Closure::Exclusion },
        ends_at: r.try_get(1)?,
        reopen_asked_at: r.try_get(2)?,
    })
}

/// A player's closures, newest first.
pub async fn closures(conn: &mut AnyConnection, player_id: i64) -> Result<Vec<ClosureRow>, sqlx::Error> {
    let rows = sqlx::query("SELECT kind, ends_at, reopen_asked_at FROM exclusions WHERE player_id = $1 ORDER BY id DESC")
        .bind(player_id)
        .fetch_all(&mut *conn)
        .await?;
    rows.iter().map(closure_row).collect()
}

/// The closures of the person with any of these keys (on any account: a closure keeps the e-mail
/// as [`super::person_email`]), and of the accounts that hold them now.
pub async fn closures_of_person(
    conn: &mut AnyConnection,
    personal_no: Option<&str>,
    phone: &str,
    email_key: &str,
) -> Result<Vec<ClosureRow>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT kind, ends_at, reopen_asked_at FROM exclusions WHERE (personal_no IS NOT NULL AND personal_no = $1) OR phone = $2 \
           OR email_key = $3 OR email_key = $4 \
         OR player_id IN (SELECT id FROM players WHERE (personal_no IS NOT NULL AND personal_no = $1) OR phone = $2 OR email_key = $3)",
    )
    .bind(personal_no)
    .bind(phone)
    .bind(email_key)
    .bind(super::person_email(email_key))
    .fetch_all(&mut *conn)
    .await?;
    rows.iter().map(closure_row).collect()
}

/// A closure of another account of the person, to copy.
pub struct SourceClosure {
    pub id: i64,
    pub row: ClosureRow,
}

/// The accounts identity review tied to the TC kimlik number (read on an approved document of
/// each; never a number a registration only typed in), in id order.
pub async fn accounts_of_number(conn: &mut AnyConnection, personal_no: &str) -> Result<Vec<i64>, sqlx::Error> {
    sqlx::query_scalar("SELECT id FROM players WHERE verified_no = $1 ORDER BY id").bind(personal_no).fetch_all(&mut *conn).await
}

/// The number identity review tied the account to, if any.
pub async fn verified_no(conn: &mut AnyConnection, player_id: i64) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar("SELECT verified_no FROM players WHERE id = $1").bind(player_id).fetch_one(&mut *conn).await
}

/// The closures started on other accounts tied to this TC kimlik number (the originals, not their
/// copies), not yet copied to `player_id`.
pub async fn closures_of_number(conn: &mut AnyConnection, personal_no: &str, player_id: i64) -> Result<Vec<SourceClosure>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT e.kind, e.ends_at, e.reopen_asked_at, e.id FROM exclusions e JOIN players p ON p.id = e.player_id \
         WHERE e.player_id <> $2 AND p.verified_no = $1 AND e.source_id IS NULL \
           AND NOT EXISTS (SELECT 1 FROM exclusions c WHERE c.player_id = $2 AND c.source_id = e.id)",
    )
    .bind(personal_no)
    .bind(player_id)
    .fetch_all(&mut *conn)
    .await?;
    rows.iter().map(|r| Ok(SourceClosure { id: r.try_get(3)?, row: closure_row(r)? })).collect()
}

/// Copies another account's closure to the player (same kind, end and reopening request), naming
/// its source; the person's keys kept as the player's are now.
pub async fn copy_closure(conn: &mut AnyConnection, player_id: i64, source: &SourceClosure, now: i64) -> Result<(), sqlx::Error> {
    let id = insert_closure(conn, player_id, source.row.closure, now, source.row.ends_at, "person").await?;
    sqlx::query("UPDATE exclusions SET source_id = $1, reopen_asked_at = $2 WHERE id = $3")
        .bind(source.id)
        .bind(source.row.reopen_asked_at)
        .bind(id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// Starts a closure, keeping the person's keys as they are now (the e-mail as the person's).
pub async fn insert_closure(
    conn: &mut AnyConnection,
    player_id: i64,
    closure: Closure,
    now: i64,
    ends_at: Option<i64>,
    by: &str,
) -> Result<i64, sqlx::Error> {
    let email_key: String = sqlx::query_scalar("SELECT email_key FROM players WHERE id = $1").bind(player_id).fetch_one(&mut *conn).await?;
    sqlx::query_scalar(
        "INSERT INTO exclusions (player_id, kind, starts_at, ends_at, set_by, personal_no, phone, email_key) \
         SELECT id, $2, $3, $4, $5, COALESCE(personal_no, verified_no), phone, $6 FROM players WHERE id = $1 RETURNING id",
    )
    .bind(player_id)
    .bind(closure.as_str())
    .bind(now)
    .bind(ends_at)
    .bind(by)
    .bind(super::person_email(&email_key))
    .fetch_one(&mut *conn)
    .await
}

/// Records the player's wish to reopen after their exclusions ended (once: the first ask counts).
pub async fn ask_reopen(conn: &mut AnyConnection, player_id: i64, now: i64) -> Result<u64, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE exclusions SET reopen_asked_at = $2 WHERE player_id = $1 AND kind = 'exclusion' AND ends_at IS NOT NULL \
         AND ends_at <= $2 AND reopen_asked_at IS NULL",
    )
    .bind(player_id)
    .bind(now)
    .execute(&mut *conn)
    .await?;
    Ok(done.rows_affected())
}
