//! Cash-out: what an open bet is worth now, and cashing it out for that.

use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

use super::legs::{bet_shape, combos_of};
use super::{BetError, CASHOUT_MARGIN_BP, PROVIDER, round_move};
use crate::db::{Db, now_ms};
use crate::money::Kurus;
use crate::rounds::Work;
use crate::sports::slip::{Kind, Leg, LegResult};
use crate::wallet::WalletError;

/// An open leg's selection now: the probability of its outcome (parts per billion), and whether it
/// takes bets (offered, in an active market).
#[derive(Debug, Clone, Copy)]
pub struct Quote {
    pub probability_ppb: i64,
    pub open: bool,
}

/// The columns [`quote_of`] reads, of the selection `s` and its market `m`.
pub const QUOTE_COLUMNS: &str = "s.probability, s.offered, m.state";

/// A selection's quote from a row holding [`QUOTE_COLUMNS`] from column `at` on.
pub fn quote_of(r: &AnyRow, at: usize) -> Result<Quote, sqlx::Error> {
    let (ppb, offered, market_state): (i64, i64, String) = (r.try_get(at)?, r.try_get(at + 1)?, r.try_get(at + 2)?);
    Ok(Quote { probability_ppb: ppb, open: market_state == "active" && offered != 0 })
}

/// What an open bet can be cashed out for now, kuruş: each combo's value at the current
/// probabilities of its open legs, less the cash-out margin; `None` when not offered (a leg's
/// market suspended or closed, the bet not open).
pub async fn cash_out_value(conn: &mut AnyConnection, bet_id: i64) -> Result<Option<i64>, BetError> {
    let state: Option<String> =
        sqlx::query_scalar("SELECT state FROM sb_bets WHERE id = $1").bind(bet_id).fetch_optional(&mut *conn).await?;
    if state.as_deref() != Some("open") {
        return Ok(None);
    }
    let (legs, results, kind, stake_each) = bet_shape(conn, bet_id).await?;
    let mut quotes = Vec::with_capacity(legs.len());
    for (leg, result) in legs.iter().zip(&results) {
        if *result != LegResult::Open {
            quotes.push(None);
            continue;
        }
        let sql = format!("SELECT {QUOTE_COLUMNS} FROM sb_selections s JOIN sb_markets m ON m.id = s.market_id WHERE s.id = $1");
        let quote = quote_of(&sqlx::query(sqlx::AssertSqlSafe(sql)).bind(leg.selection_id).fetch_one(&mut *conn).await?, 0)?;
        if !quote.open {
            return Ok(None);
        }
        quotes.push(Some(quote));
    }
    Ok(value_now(kind, stake_each, &legs, &results, &quotes))
}

/// What an open bet is worth now, kuruş, from its legs, their results and each open leg's quote
/// (`None` for a settled leg); `None` when an open leg's selection takes no bets now, or nothing
/// is left after the margin.
pub fn value_now(kind: Kind, stake_each: i64, legs: &[Leg], results: &[LegResult], quotes: &[Option<Quote>]) -> Option<i64> {
    let mut probabilities = Vec::with_capacity(legs.len());
    for (result, quote) in results.iter().zip(quotes) {
        if *result != LegResult::Open {
            probabilities.push(1.0);
            continue;
        }
        match quote {
            Some(q) if q.open => probabilities.push(q.probability_ppb as f64 / 1e9),
            _ => return None,
        }
    }
    let mut value = 0.0;
    for combo in combos_of(kind, legs) {
        if combo.iter().any(|&i| results[i] == LegResult::Lost) {
            continue;
        }
        let mut v = stake_each as f64;
        for &i in &combo {
            let price = if results[i] == LegResult::Void { 1.0 } else { legs[i].price as f64 / 100.0 };
            v *= price * probabilities[i];
        }
        value += v;
    }
    let value = (value * (10_000 - CASHOUT_MARGIN_BP) as f64 / 10_000.0).floor() as i64;
    (value > 0).then_some(value)
}

/// Cashes an open bet out for its value now, if it is at least `seen` (what the player was shown).
/// Chosen as a deadlock's victim by PostgreSQL when a settlement races it (nothing written), it
/// goes again, a few times.
pub async fn cash_out(db: &Db, player_id: i64, bet_id: i64, seen: i64) -> Result<i64, BetError> {
    let mut attempt = 0;
    loop {
        match cash_out_once(db, player_id, bet_id, seen).await {
            Err(e) if super::is_deadlock(&e) && attempt < 4 => attempt += 1,
            other => return other,
        }
    }
}

async fn cash_out_once(db: &Db, player_id: i64, bet_id: i64, seen: i64) -> Result<i64, BetError> {
    let mut work = Work::begin(db, PROVIDER).await?;
    let owner: Option<i64> =
        sqlx::query_scalar("SELECT player_id FROM sb_bets WHERE id = $1").bind(bet_id).fetch_optional(work.conn()).await?;
    if owner != Some(player_id) {
        return Err(BetError::NoBet);
    }
    let value = cash_out_value(work.conn(), bet_id).await?.ok_or(BetError::NoCashOut)?;
    if value < seen {
        return Err(BetError::CashOutChanged(value));
    }
    let done =
        sqlx::query("UPDATE sb_bets SET state = 'cashed_out', payout = $1, pay_tx = $2, settled_at = $3 WHERE id = $4 AND state = 'open'")
            .bind(value)
            .bind(format!("sb-{bet_id}-cashout"))
            .bind(now_ms())
            .bind(bet_id)
            .execute(work.conn())
            .await?;
    if done.rows_affected() == 0 {
        return Err(BetError::NoCashOut);
    }
    let amount = Kurus::from_minor(value).map_err(WalletError::from)?;
    work.pay(&round_move(player_id, bet_id, "cashout", amount)).await?;
    work.commit().await?;
    Ok(value)
}
