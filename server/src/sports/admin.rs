//! The operator's hand on the built-in sportsbook (`kasa admin sports`): list events and markets,
//! suspend and reopen a market (held suspended until reopened, whatever the feed says), enter or
//! correct a result, void a market, and set a selection's High Rate price.

use std::fmt::Write as _;

use anyhow::{Context, bail};
use sqlx::Row;

use super::betting;
use super::book::{MarketEvent, MarketState};
use crate::audit::Entry;
use crate::db::{Db, iso_utc, now_ms};

/// The events (live, or to come), one line each.
pub async fn events(db: &Db, live: bool, sport: Option<&str>) -> anyhow::Result<String> {
    let rows = sqlx::query(
        "SELECT id, sport, competition, home, away, starts_at, state, score_home, score_away FROM sb_events \
         WHERE state = $1 AND ($2 = '' OR sport = $2) ORDER BY starts_at, id LIMIT 200",
    )
    .bind(if live { "live" } else { "scheduled" })
    .bind(sport.unwrap_or(""))
    .fetch_all(&db.pool)
    .await?;
    let mut out = String::new();
    for r in rows {
        let (id, sport, comp, home, away, at, state, sh, sa): (i64, String, String, String, String, i64, String, i64, i64) = (
            r.try_get(0)?,
            r.try_get(1)?,
            r.try_get(2)?,
            r.try_get(3)?,
            r.try_get(4)?,
            r.try_get(5)?,
            r.try_get(6)?,
            r.try_get(7)?,
            r.try_get(8)?,
        );
        writeln!(out, "#{id} {} {sport}/{comp} {home} – {away} {state} {sh}-{sa}", iso_utc(at))?;
    }
    if out.is_empty() {
        out.push_str("No events.\n");
    }
    Ok(out)
}

/// An event's markets with their selections and prices.
pub async fn markets(db: &Db, event_id: i64) -> anyhow::Result<String> {
    let rows = sqlx::query("SELECT id, key, line, state, held FROM sb_markets WHERE event_id = $1 ORDER BY id")
        .bind(event_id)
        .fetch_all(&db.pool)
        .await?;
    if rows.is_empty() {
        bail!("event {event_id} has no markets (or there is no such event)");
    }
    let mut out = String::new();
    for r in rows {
        let (id, key, line, state, held): (i64, String, Option<i64>, String, i64) =
            (r.try_get(0)?, r.try_get(1)?, r.try_get(2)?, r.try_get(3)?, r.try_get(4)?);
        let line = line.map(|l| format!(" {}", l as f64 / 10.0)).unwrap_or_default();
        write!(out, "market #{id} {key}{line} {state}{}:", if held == 1 { " (held)" } else { "" })?;
        for s in sqlx::query("SELECT id, key, price, boosted, result FROM sb_selections WHERE market_id = $1 ORDER BY id")
            .bind(id)
            .fetch_all(&db.pool)
            .await?
        {
            let (sid, skey, price, boosted, result): (i64, String, i64, Option<i64>, Option<String>) =
                (s.try_get(0)?, s.try_get(1)?, s.try_get(2)?, s.try_get(3)?, s.try_get(4)?);
            write!(out, "  #{sid} {skey} {:.2}", price as f64 / 100.0)?;
            if let Some(b) = boosted {
                write!(out, " (High Rate {:.2})", b as f64 / 100.0)?;
            }
            if let Some(r) = result {
                write!(out, " {r}")?;
            }
        }
        out.push('\n');
    }
    Ok(out)
}

async fn market_state(db: &Db, market_id: i64) -> anyhow::Result<MarketState> {
    let state: String = sqlx::query_scalar("SELECT state FROM sb_markets WHERE id = $1")
        .bind(market_id)
        .fetch_optional(&db.pool)
        .await?
        .with_context(|| format!("no market {market_id}"))?;
    MarketState::parse(&state).with_context(|| format!("market {market_id} has an unknown state"))
}

/// Brings a fixture that has not started forward to now: the feed's next tick plays it live.
pub async fn kickoff(db: &Db, event_id: i64) -> anyhow::Result<()> {
    let moved = sqlx::query("UPDATE sb_events SET starts_at = $1, updated_at = $1 WHERE id = $2 AND state = 'scheduled'")
        .bind(now_ms())
        .bind(event_id)
        .execute(&db.pool)
        .await?;
    if moved.rows_affected() == 0 {
        bail!("no event {event_id} to come (it is live, over or unknown)");
    }
    Ok(())
}

/// Suspends a market until an operator reopens it (a staff member's `audit` row with it).
pub async fn suspend(db: &Db, market_id: i64, audit: Option<&Entry>) -> anyhow::Result<()> {
    hold(db, market_id, MarketEvent::Suspend, true, audit).await
}

/// Reopens a market an operator suspended.
pub async fn reopen(db: &Db, market_id: i64, audit: Option<&Entry>) -> anyhow::Result<()> {
    hold(db, market_id, MarketEvent::Reopen, false, audit).await
}

/// Moves a market by an operator's `event`, marking whether an operator holds it (the feed leaves
/// a held market suspended).
async fn hold(db: &Db, market_id: i64, event: MarketEvent, held: bool, audit: Option<&Entry>) -> anyhow::Result<()> {
    let next = market_state(db, market_id).await?.next(event)?;
    let mut tx = db.begin_write().await?;
    sqlx::query("UPDATE sb_markets SET state = $1, held = $2, updated_at = $3 WHERE id = $4")
        .bind(next.as_str())
        .bind(i64::from(held))
        .bind(now_ms())
        .bind(market_id)
        .execute(&mut *tx)
        .await?;
    if let Some(entry) = audit {
        crate::audit::append(&mut tx, entry).await?;
    }
    tx.commit().await?;
    Ok(())
}

/// Enters (or corrects) a market's result and resettles its bets; how many bets changed.
pub async fn result(db: &Db, market_id: i64, winners: &[String], audit: Option<&Entry>) -> anyhow::Result<usize> {
    if winners.is_empty() {
        bail!("name at least one winning selection (--winner KEY)");
    }
    let keys: Vec<&str> = winners.iter().map(String::as_str).collect();
    betting::record_result(db, market_id, &keys, false, "operator", audit).await
}

/// Voids a market: its bets' legs count at 1.00.
pub async fn void(db: &Db, market_id: i64, audit: Option<&Entry>) -> anyhow::Result<usize> {
    betting::record_result(db, market_id, &[], true, "operator", audit).await
}

/// Sets (or with `None` removes) a selection's High Rate price, which must beat its price.
pub async fn boost(db: &Db, selection_id: i64, price: Option<f64>, audit: Option<&Entry>) -> anyhow::Result<()> {
    let current: i64 = sqlx::query_scalar("SELECT price FROM sb_selections WHERE id = $1")
        .bind(selection_id)
        .fetch_optional(&db.pool)
        .await?
        .with_context(|| format!("no selection {selection_id}"))?;
    let boosted = match price {
        None => None,
        Some(p) => {
            let hundredths = (p * 100.0).round() as i64;
            if hundredths <= current || hundredths > 100_000 {
                bail!("a High Rate price beats the price {:.2} and is at most 1000", current as f64 / 100.0);
            }
            Some(hundredths)
        }
    };
    let mut tx = db.begin_write().await?;
    sqlx::query("UPDATE sb_selections SET boosted = $1 WHERE id = $2").bind(boosted).bind(selection_id).execute(&mut *tx).await?;
    // Its market is news for the open frames (the live stream reads what was written lately).
    sqlx::query("UPDATE sb_markets SET updated_at = $1 WHERE id = (SELECT market_id FROM sb_selections WHERE id = $2)")
        .bind(now_ms())
        .bind(selection_id)
        .execute(&mut *tx)
        .await?;
    if let Some(entry) = audit {
        crate::audit::append(&mut tx, entry).await?;
    }
    tx.commit().await?;
    Ok(())
}
