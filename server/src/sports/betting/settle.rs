//! Settling bets from their markets' results, in batches, and resettling them after a
//! correction or a void (a rollback of the last payout and a new one); recording a result.

use sqlx::Row;

use super::legs::{LEG_COLUMNS, LEG_FROM, combos_of, leg_of, legs_of};
use super::{BetError, PROVIDER, round_move};
use crate::db::{Db, now_ms};
use crate::money::Kurus;
use crate::rounds::{Rollback, Work};
use crate::sports::book;
use crate::sports::slip::{self, Kind, Leg, LegResult};
use crate::wallet::{self, WalletError};

/// What a leg's result is, from its selection's result and its market's state (as [`legs_of`]
/// reads it), for every leg in the market at once.
const LEG_RESULTS_SQL: &str = "UPDATE sb_legs SET result = (SELECT CASE WHEN m.state = 'cancelled' OR s.result = 'void' THEN 'void' \
     WHEN s.result = 'won' THEN 'won' WHEN s.result = 'lost' THEN 'lost' ELSE 'open' END \
     FROM sb_selections s JOIN sb_markets m ON m.id = s.market_id WHERE s.id = sb_legs.selection_id) \
     WHERE market_id = $1 AND bet_id IN (SELECT id FROM sb_bets WHERE state IN ('open', 'won', 'lost', 'void'))";

/// Settles (or resettles, after a correction or a void) every bet with a leg in the market.
/// How many bets' payouts changed.
pub async fn settle_market(db: &Db, market_id: i64) -> Result<usize, BetError> {
    let started = std::time::Instant::now();
    let settled = settle_bets_of(db, market_id).await;
    metrics::histogram!("kasa_sportsbook_settlement_duration_seconds").record(started.elapsed().as_secs_f64());
    settled
}

async fn settle_bets_of(db: &Db, market_id: i64) -> Result<usize, BetError> {
    let bets: Vec<(i64, i64)> = sqlx::query_as(
        "SELECT DISTINCT b.id, b.player_id FROM sb_bets b JOIN sb_legs l ON l.bet_id = b.id \
         WHERE l.market_id = $1 AND b.state IN ('open', 'won', 'lost', 'void') ORDER BY b.id",
    )
    .bind(market_id)
    .fetch_all(&db.pool)
    .await?;
    let mut changed = 0;
    // Bets settle in batches, each batch one unit of work with one balance push per player whose
    // money moved: a big event's hundred thousand bets are fifty commits, not a hundred thousand.
    for (i, chunk) in bets.chunks(SETTLE_BATCH).enumerate() {
        // PostgreSQL may pick this batch as a deadlock's victim when cash-outs race it (nothing of
        // it was written then): it goes again, a few times.
        let mut attempt = 0;
        loop {
            match settle_batch(db, market_id, i, chunk).await {
                Ok(n) => {
                    changed += n;
                    break;
                }
                Err(e) if super::is_deadlock(&e) && attempt < 4 => attempt += 1,
                Err(e) => return Err(e),
            }
        }
    }
    Ok(changed)
}

/// One batch of [`settle_market`] in its own unit of work (the first also marks the legs).
async fn settle_batch(db: &Db, market_id: i64, i: usize, chunk: &[(i64, i64)]) -> Result<usize, BetError> {
    let mut changed = 0;
    {
        let mut work = Work::begin(db, PROVIDER).await?;
        if i == 0 {
            // The legs in the market show its result (with the first batch, in one statement).
            sqlx::query(LEG_RESULTS_SQL).bind(market_id).execute(work.conn()).await?;
        }
        // The batch at once; if something in it was touched meanwhile, again one bet at a time.
        match settle_at_once(&mut work, chunk).await? {
            Some(n) => changed += n,
            None => {
                work.abandon().await?;
                work = Work::begin(db, PROVIDER).await?;
                if i == 0 {
                    sqlx::query(LEG_RESULTS_SQL).bind(market_id).execute(work.conn()).await?;
                }
                for &(bet_id, player_id) in chunk {
                    if settle_bet(&mut work, bet_id, player_id).await? {
                        changed += 1;
                    }
                }
            }
        }
        work.commit().await?;
    }
    Ok(changed)
}

/// What a bet settles at now: its return and state, or `None` when its legs are not all decided
/// or it is settled at that already.
fn decide(kind: Kind, stake_each: i64, legs: &[Leg], results: &[LegResult], state: &str, payout: i64) -> Option<(i64, &'static str)> {
    let total = slip::settled_return(legs, results, &combos_of(kind, legs), stake_each)?;
    let new_state = if results.iter().all(|r| *r == LegResult::Void) {
        "void"
    } else if total > 0 {
        "won"
    } else {
        "lost"
    };
    (state == "open" || total != payout || state != new_state).then_some((total, new_state))
}

/// A bet of a batch, read with the batch.
struct BatchBet {
    kind: Kind,
    stake_each: i64,
    state: String,
    payout: i64,
    pay_tx: Option<String>,
    player_id: i64,
    legs: Vec<Leg>,
    results: Vec<LegResult>,
}

/// Settles a batch of bets in a few statements (its first settlements by [`pay_at_once`]); a
/// resettlement (a correction, a void) goes by [`settle_bet`]. `None` when a bet changed under
/// the batch (the caller rolls back and goes one by one).
async fn settle_at_once(work: &mut Work, chunk: &[(i64, i64)]) -> Result<Option<usize>, BetError> {
    let ids: Vec<i64> = chunk.iter().map(|&(id, _)| id).collect();
    let mut rows: std::collections::BTreeMap<i64, BatchBet> = std::collections::BTreeMap::new();
    for part in ids.chunks(crate::db::STATEMENT_PARAMS) {
        let list = crate::db::value_rows(1, part.len(), 1);
        let sql = format!("SELECT id, kind, stake_each, state, payout, pay_tx, player_id FROM sb_bets WHERE id IN {list}");
        let mut q = sqlx::query(sqlx::AssertSqlSafe(sql));
        for id in part {
            q = q.bind(id);
        }
        for r in q.fetch_all(work.conn()).await? {
            rows.insert(
                r.try_get(0)?,
                BatchBet {
                    kind: serde_json::from_str(&r.try_get::<String, _>(1)?).unwrap_or(Kind::Combo),
                    stake_each: r.try_get(2)?,
                    state: r.try_get(3)?,
                    payout: r.try_get(4)?,
                    pay_tx: r.try_get(5)?,
                    player_id: r.try_get(6)?,
                    legs: Vec::new(),
                    results: Vec::new(),
                },
            );
        }
        let sql = format!("SELECT l.bet_id, {LEG_COLUMNS} FROM {LEG_FROM} WHERE l.bet_id IN {list} ORDER BY l.bet_id, l.idx");
        let mut q = sqlx::query(sqlx::AssertSqlSafe(sql));
        for id in part {
            q = q.bind(id);
        }
        for r in q.fetch_all(work.conn()).await? {
            let Some(bet) = rows.get_mut(&r.try_get::<i64, _>(0)?) else { continue };
            let (leg, result) = leg_of(&r, 1)?;
            bet.legs.push(leg);
            bet.results.push(result);
        }
    }

    let mut first: Vec<(i64, i64, &'static str, i64)> = Vec::new();
    let mut corrections = Vec::new();
    for (&bet_id, bet) in &rows {
        if !matches!(bet.state.as_str(), "open" | "won" | "lost" | "void") {
            continue;
        }
        let Some((total, new_state)) = decide(bet.kind, bet.stake_each, &bet.legs, &bet.results, &bet.state, bet.payout) else {
            continue;
        };
        if bet.pay_tx.is_some() {
            corrections.push((bet_id, bet.player_id));
        } else {
            first.push((bet_id, bet.player_id, new_state, total));
        }
    }
    let mut changed = 0;
    if !first.is_empty() && !pay_at_once(work, &first).await? {
        return Ok(None);
    }
    changed += first.len();
    // Paid before: undone and paid again, one by one (corrections are few), after the batch's
    // payouts, which take the batch's balance rows in the one order first.
    for (bet_id, player_id) in corrections {
        if settle_bet(work, bet_id, player_id).await? {
            changed += 1;
        }
    }
    Ok(Some(changed))
}

/// The first settlements of a batch's bets, `(bet, player, state, return)`: one update of the
/// bets and their payouts through [`Work::pay_many`]; false when a bet changed under the
/// batch or a payout was made before.
async fn pay_at_once(work: &mut Work, first: &[(i64, i64, &'static str, i64)]) -> Result<bool, BetError> {
    let n = first.len();
    let now = now_ms();
    let mut updated = 0;
    for part in first.chunks(crate::db::rows_per_statement(5)) {
        let k = part.len();
        let case = |col: usize| -> String { (0..k).map(|i| format!(" WHEN ${} THEN ${}", 2 + i * 4, 2 + i * 4 + col)).collect() };
        let sql = format!(
            "UPDATE sb_bets SET state = CASE id{} END, payout = CASE id{} END, pay_tx = CASE id{} END, settlements = 1, settled_at = $1 \
             WHERE id IN {} AND pay_tx IS NULL AND state NOT IN ('cashed_out', 'pending', 'refused')",
            case(1),
            case(2),
            case(3),
            crate::db::value_rows(1, k, 2 + k * 4)
        );
        let mut q = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(now);
        for &(bet_id, _, state, total) in part {
            q = q.bind(bet_id).bind(state).bind(total).bind(format!("sb-{bet_id}-pay-1"));
        }
        for &(bet_id, ..) in part {
            q = q.bind(bet_id);
        }
        updated += q.execute(work.conn()).await?.rows_affected();
    }
    if updated != n as u64 {
        return Ok(false);
    }
    // As a cash-out does, the bet rows first, then the balance rows: every player of the batch in
    // the wallet's one order, before the voids' wagering and the payouts lock any of them.
    let players: Vec<i64> = first.iter().map(|b| b.1).collect();
    wallet::lock_players(work.conn(), &players).await?;
    let mut moves = Vec::with_capacity(n);
    for &(bet_id, player_id, _, total) in first {
        moves.push(round_move(player_id, bet_id, "pay-1", Kurus::from_minor(total).map_err(WalletError::from)?));
    }
    // A void bet's stake comes back with its payout: so does its wagering contribution.
    let voided: Vec<String> = first.iter().filter(|b| b.2 == "void").map(|b| format!("sb-{}-stake", b.0)).collect();
    if !voided.is_empty() {
        let ids: Vec<&str> = voided.iter().map(String::as_str).collect();
        work.stakes_refunded(&ids).await?;
    }
    if !work.pay_many(&moves).await? {
        return Ok(false);
    }
    tracing::info!(bets = n, "sportsbook bets settled");
    Ok(true)
}

/// Bets settled in one transaction: fewer, larger commits write the same pages fewer times, and
/// 2,000 bets hold SQLite's writer for a fraction of a second.
const SETTLE_BATCH: usize = 2_000;

/// Settles one bet from its legs' results inside the caller's transaction; whether it paid or
/// changed anything.
async fn settle_bet(work: &mut Work, bet_id: i64, player_id: i64) -> Result<bool, BetError> {
    let row = sqlx::query("SELECT kind, stake_each, state, payout, pay_tx, settlements, stake FROM sb_bets WHERE id = $1")
        .bind(bet_id)
        .fetch_one(work.conn())
        .await?;
    let kind: Kind = serde_json::from_str(&row.try_get::<String, _>(0)?).unwrap_or(Kind::Combo);
    let stake_each: i64 = row.try_get(1)?;
    let (state, payout, pay_tx, settlements, stake): (String, i64, Option<String>, i64, i64) =
        (row.try_get(2)?, row.try_get(3)?, row.try_get(4)?, row.try_get(5)?, row.try_get(6)?);
    let (legs, results) = legs_of(work.conn(), bet_id).await?;
    let Some((total, new_state)) = decide(kind, stake_each, &legs, &results, &state, payout) else {
        return Ok(false);
    };
    let n = settlements + 1;
    let version_guard = sqlx::query(
        "UPDATE sb_bets SET state = $1, payout = $2, pay_tx = $3, settlements = $4, settled_at = $5 WHERE id = $6 AND settlements = $7 AND state <> 'cashed_out'",
    )
    .bind(new_state)
    .bind(total)
    .bind(format!("sb-{bet_id}-pay-{n}"))
    .bind(n)
    .bind(now_ms())
    .bind(bet_id)
    .bind(settlements)
    .execute(work.conn())
    .await?;
    if version_guard.rows_affected() == 0 {
        return Ok(false);
    }
    if new_state == "void" {
        // The stake comes back: so does its wagering contribution (a bet voided once does not
        // count again if a correction later settles it).
        work.stakes_refunded(&[format!("sb-{bet_id}-stake").as_str()]).await?;
    }
    if let Some(previous) = pay_tx {
        let rb = Rollback {
            provider: PROVIDER.into(),
            player_id,
            game_code: PROVIDER.into(),
            round_id: format!("sb-{bet_id}"),
            tx_id: format!("sb-{bet_id}-undo-{n}"),
            rolls_back: previous,
        };
        // Whatever the player did with the payout since: what they no longer hold becomes a debt.
        work.correct(&rb).await?;
    }
    let amount = Kurus::from_minor(total).map_err(WalletError::from)?;
    work.pay(&round_move(player_id, bet_id, &format!("pay-{n}"), amount)).await?;
    tracing::info!(bet_id, player_id, stake, payout = total, settlement = n, "sportsbook bet settled");
    Ok(true)
}

/// Records a market's result (or a correction of it: a new row; the last one counts) and
/// resettles its bets. `winners` are selection keys; `void` voids the market instead.
pub async fn record_result(
    db: &Db,
    market_id: i64,
    winners: &[&str],
    void: bool,
    source: &str,
    audit: Option<&crate::audit::Entry>,
) -> anyhow::Result<usize> {
    let mut tx = db.begin_write().await?;
    let state: Option<String> =
        sqlx::query_scalar("SELECT state FROM sb_markets WHERE id = $1").bind(market_id).fetch_optional(&mut *tx).await?;
    let state = book::MarketState::parse(&state.ok_or_else(|| anyhow::anyhow!("no market {market_id}"))?)
        .ok_or_else(|| anyhow::anyhow!("market {market_id} has an unknown state"))?;
    let event = if void { book::MarketEvent::Cancel } else { book::MarketEvent::Settle };
    let next = state.next(event)?;
    let keys: Vec<String> =
        sqlx::query_scalar("SELECT key FROM sb_selections WHERE market_id = $1").bind(market_id).fetch_all(&mut *tx).await?;
    if let Some(unknown) = winners.iter().find(|w| !keys.iter().any(|k| k == *w)) {
        anyhow::bail!("market {market_id} has no selection '{unknown}'");
    }
    sqlx::query("INSERT INTO sb_results (market_id, winners, void, source, created_at) VALUES ($1, $2, $3, $4, $5)")
        .bind(market_id)
        .bind(serde_json::to_string(winners)?)
        .bind(i64::from(void))
        .bind(source)
        .bind(now_ms())
        .execute(&mut *tx)
        .await?;
    for key in &keys {
        let result = if void {
            "void"
        } else if winners.contains(&key.as_str()) {
            "won"
        } else {
            "lost"
        };
        sqlx::query("UPDATE sb_selections SET result = $1 WHERE market_id = $2 AND key = $3")
            .bind(result)
            .bind(market_id)
            .bind(key)
            .execute(&mut *tx)
            .await?;
    }
    sqlx::query("UPDATE sb_markets SET state = $1, updated_at = $2 WHERE id = $3")
        .bind(next.as_str())
        .bind(now_ms())
        .bind(market_id)
        .execute(&mut *tx)
        .await?;
    // A staff member's result is recorded with it (its bets are settled after, batch by batch).
    if let Some(entry) = audit {
        crate::audit::append(&mut tx, entry).await?;
    }
    tx.commit().await?;
    Ok(settle_market(db, market_id).await?)
}
