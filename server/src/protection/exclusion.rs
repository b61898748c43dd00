//! Time-outs and self-exclusions: started by the player or the operator, never lifted early. One
//! starts at once: every session of the player ends on every node (the journal's `exit`), open
//! sportsbook bets on events that have not started are refused and their stakes given back, and
//! login answers with the end date. It follows the person: while it runs, a registration or a
//! phone change with the person's TC kimlik number, phone or e-mail is refused.

use axum::http::StatusCode;
use sqlx::AnyConnection;

use super::{Closed, Closing, Closure, Term, closed, store};
use crate::auth::session::{self, EndReason};
use crate::db::{Db, now_ms};
use crate::error::AppError;
use crate::i18n::{Locale, text};

/// The strongest closure of a player at `now` (permanent, then the latest end, then a reopening to
/// ask for), if any.
pub async fn state(conn: &mut AnyConnection, player_id: i64, now: i64) -> Result<Option<Closed>, sqlx::Error> {
    Ok(strongest(store::closures(conn, player_id).await?.iter().filter_map(|c| closed(c.closure, c.ends_at, c.reopen_asked_at, now))))
}

fn strongest(all: impl Iterator<Item = Closed>) -> Option<Closed> {
    all.max_by_key(|c| match c {
        Closed::Forever => (2, i64::MAX),
        Closed::Until { until, .. } | Closed::Reopening { at: until } => (1, *until),
        Closed::AskToReopen { ended } => (0, *ended),
    })
}

/// Whether a closure of the person with any of these keys runs at `now` (a registration or a
/// phone change with them is refused).
pub async fn person_closed(
    conn: &mut AnyConnection,
    personal_no: Option<&str>,
    phone: &str,
    email_key: &str,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let rows = store::closures_of_person(conn, personal_no, phone, email_key).await?;
    Ok(rows.iter().any(|c| closed(c.closure, c.ends_at, c.reopen_asked_at, now).is_some()))
}

/// Locks the person of the player: on PostgreSQL the person's own lock first (one per TC kimlik
/// number, to the commit: whatever ties an account to the number or closes one of its accounts
/// waits for it, so none of them sees half of another, and two never wait on each other's rows),
/// then the balance rows of the player and of every account identity review tied to that number
/// (`number`, else the one the player is tied to), in the wallet's one order. Returns the accounts
/// in id order (SQLite's write transactions are one at a time already).
pub async fn lock_person(conn: &mut AnyConnection, player_id: i64, number: Option<&str>) -> Result<Vec<i64>, AppError> {
    let number = match number {
        Some(n) => Some(n.to_owned()),
        None => store::verified_no(conn, player_id).await?,
    };
    let mut person = Vec::new();
    if let Some(number) = &number {
        if crate::db::is_postgres(conn) {
            sqlx::query("SELECT pg_advisory_xact_lock(4711035, hashtext($1))").bind(number).execute(&mut *conn).await?;
        }
        person = store::accounts_of_number(conn, number).await?;
    }
    person.push(player_id);
    person.sort_unstable();
    person.dedup();
    crate::wallet::lock_players(conn, &person).await?;
    Ok(person)
}

/// In the caller's transaction, with the person's accounts locked ([`lock_person`]), once identity
/// review has tied `player_id` to the TC kimlik number (read on an approved document: a number a
/// registration only typed in ties nothing): every closure running on one of the person's accounts
/// closes each other one too (same kind, same end, the same reopening request), once, and ends its
/// sessions; their unstarted sportsbook bets are refunded by the closed-players sweep. Returns the
/// accounts closed so, in id order.
pub async fn follow_person_in(conn: &mut AnyConnection, personal_no: &str, now: i64) -> Result<Vec<i64>, AppError> {
    let mut closed_now = Vec::new();
    for account in store::accounts_of_number(conn, personal_no).await? {
        let running: Vec<_> = store::closures_of_number(conn, personal_no, account)
            .await?
            .into_iter()
            .filter(|c| closed(c.row.closure, c.row.ends_at, c.row.reopen_asked_at, now).is_some())
            .collect();
        if running.is_empty() {
            continue;
        }
        for source in &running {
            store::copy_closure(conn, account, source, now).await?;
        }
        session::end_all(conn, account, None, EndReason::Closed).await?;
        tracing::info!(player_id = account, "account closed: its identity is a person's whose closure runs on another account");
        closed_now.push(account);
    }
    Ok(closed_now)
}

/// Starts a time-out or a self-exclusion of `term` for the player (`by`: "player" or "operator"),
/// and the same on every other account identity review tied to the person (their closures name
/// this one as their source): sessions ended everywhere, then `then` for each (unstarted
/// sportsbook bets refunded). Returns when it
/// ends (`None`: never). A shorter one beside a longer one changes nothing of the longer. A staff
/// member's closure records its audit row (`audit`) in the same transaction.
pub async fn close(
    db: &Db,
    player_id: i64,
    term: Term,
    by: &str,
    then: &dyn Closing,
    audit: Option<&crate::audit::Entry>,
) -> Result<Option<i64>, AppError> {
    let now = now_ms();
    let ends = term.ends(now);
    let mut tx = db.begin_write().await?;
    // Under the locks of the player and of the person's other accounts, as stakes and bonus
    // grants: one that waits for them sees the closure.
    let person = lock_person(&mut tx, player_id, None).await?;
    let id = store::insert_closure(&mut tx, player_id, term.closure(), now, ends, by).await?;
    session::end_all(&mut tx, player_id, None, EndReason::Closed).await?;
    let source = store::SourceClosure { id, row: store::ClosureRow { closure: term.closure(), ends_at: ends, reopen_asked_at: None } };
    let others: Vec<i64> = person.into_iter().filter(|&other| other != player_id).collect();
    for &other in &others {
        store::copy_closure(&mut tx, other, &source, now).await?;
        session::end_all(&mut tx, other, None, EndReason::Closed).await?;
    }
    if let Some(entry) = audit {
        let entry = entry.clone().after(serde_json::json!({ "closure": term.closure().as_str(), "endsAt": ends }));
        crate::audit::append(&mut tx, &entry).await?;
    }
    tx.commit().await?;
    tracing::info!(player_id, closure = term.closure().as_str(), by, others = others.len(), "account closed for a time");
    then.closed(player_id).await?;
    for other in others {
        then.closed(other).await?;
    }
    Ok(ends)
}

/// A moment in Turkey's time, as the site writes it in the language: `29.11.2026 18:00`,
/// `29 Nov 2026, 18:00`.
pub fn turkey_time(epoch_ms: i64, locale: Locale) -> String {
    const MONTHS: [&str; 12] = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
    let local = crate::time::turkey_minute(epoch_ms);
    let (y, mo, d, hm) = (&local[0..4], &local[5..7], &local[8..10], &local[11..16]);
    match locale {
        Locale::Tr => format!("{d}.{mo}.{y} {hm}"),
        Locale::En => {
            let month = mo.parse::<usize>().ok().and_then(|m| MONTHS.get(m.wrapping_sub(1))).copied().unwrap_or(mo);
            format!("{} {month} {y}, {hm}", d.trim_start_matches('0'))
        }
    }
}

/// The answer to a login (right password) of a closed account: 403 with the end date in words and
/// in `data` (`closure`, `until` epoch ms; `reopen: true` when the player may ask to reopen,
/// `reopening: true` once they asked).
pub fn login_refusal(c: Closed) -> AppError {
    let locale = Locale::current();
    let (message, data) = match c {
        Closed::Forever => (text("protection.login_forever", locale), serde_json::json!({"closure": "exclusion", "until": null})),
        Closed::Until { closure, until } => {
            let key = if closure == Closure::Timeout { "protection.login_timeout" } else { "protection.login_exclusion" };
            (text(key, locale).replace("{until}", &turkey_time(until, locale)), serde_json::json!({"closure": closure, "until": until}))
        }
        Closed::Reopening { at } => (
            text("protection.login_reopening", locale).replace("{until}", &turkey_time(at, locale)),
            serde_json::json!({"closure": "exclusion", "until": at, "reopening": true}),
        ),
        Closed::AskToReopen { ended } => (
            text("protection.login_reopen", locale).replace("{ended}", &turkey_time(ended, locale)),
            serde_json::json!({"closure": "exclusion", "until": ended, "reopen": true}),
        ),
    };
    AppError::Told { status: StatusCode::FORBIDDEN, message, data: Some(data) }
}

/// The player asks to reopen after their fixed-term exclusion ended: it reopens 24 hours later.
/// Returns when (or the refusal if it cannot be asked now).
pub async fn ask_reopen(db: &Db, player_id: i64) -> Result<i64, AppError> {
    let now = now_ms();
    let mut tx = db.begin_write().await?;
    match state(&mut tx, player_id, now).await? {
        Some(Closed::AskToReopen { .. }) => {}
        Some(other) => return Err(login_refusal(other)),
        None => return Err(AppError::BadRequest("protection.not_closed")),
    }
    store::ask_reopen(&mut tx, player_id, now).await?;
    let after = state(&mut tx, player_id, now).await?;
    tx.commit().await?;
    match after {
        Some(Closed::Reopening { at }) => Ok(at),
        Some(other) => Err(login_refusal(other)),
        None => Ok(now),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_strongest_closure_wins() {
        let until = |u| Closed::Until { closure: Closure::Timeout, until: u };
        assert_eq!(strongest([until(5), until(9), Closed::AskToReopen { ended: 20 }].into_iter()), Some(until(9)));
        assert_eq!(strongest([until(5), Closed::Forever].into_iter()), Some(Closed::Forever));
        assert_eq!(strongest(std::iter::empty()), None);
    }

    #[test]
    fn times_are_written_in_turkeys_time() {
        // 2026-11-28 15:00 UTC is 18:00 in Turkey.
        assert_eq!(turkey_time(1_795_878_000_000, Locale::Tr), "28.11.2026 18:00");
        assert_eq!(turkey_time(1_795_878_000_000, Locale::En), "28 Nov 2026, 18:00");
        // 2026-03-05 09:00 UTC: a single-digit day, 12:00 in Turkey.
        assert_eq!(turkey_time(1_772_701_200_000, Locale::En), "5 Mar 2026, 12:00");
    }
}
