//! Bets of the built-in sportsbook (issue 17): placing a slip (prices checked against the
//! player's choice, stake and payout limits, live bets held for the live delay), settlement from
//! the markets' results (a correction resettles by a rollback of the last payout and a new one,
//! never by editing old transfers), and cash-out.
//!
//! Each bet is a round of the `sportsbook` provider through `rounds`, so its money moves
//! by the wallet's linked transfers between the player's pockets and the book's house account
//! (`kasa admin wallet report` shows the book's GGR) and it is a round in Game History. Every
//! change of a bet is a conditional update of its state, so of two racing changes one wins.

use serde::Serialize;
use sqlx::{AnyConnection, Row};

use super::book::Sport;
use super::slip::{self, Kind, Leg, LegResult, SlipError};
use crate::db::{Db, now_ms};
use crate::money::Kurus;
use crate::rounds::{self, CallError, Move, Rollback};
use crate::wallet::{self, WalletError};

/// The book's provider code in the wallet and the rounds.
pub const PROVIDER: &str = crate::rounds::SPORTSBOOK;
/// Stake limits per bet, kuruş: at least 1 ₺ on each combo, at most 5,000 ₺ in all (500 ₺ on
/// High Rate prices), and at most 250,000 ₺ to win.
pub const MIN_STAKE: i64 = 100;
pub const MAX_STAKE: i64 = 500_000;
pub const MAX_STAKE_HIGH_RATE: i64 = 50_000;
// A player's High Rate bets (not refused) that hold a selection stake at most
// MAX_STAKE_HIGH_RATE in all, however they are split (see `place`).
pub const MAX_PAYOUT: i64 = 25_000_000;
/// The book's margin on a cash-out, basis points.
pub const CASHOUT_MARGIN_BP: i64 = 500;

/// How long a live bet waits before it is accepted, per sport.
pub fn live_delay_ms(sport: Sport) -> i64 {
    match sport {
        Sport::Football => 5_000,
        Sport::Basketball => 4_000,
        Sport::Tennis | Sport::Volleyball => 3_000,
    }
}

/// What the player accepts when a price moved.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum OddsChoice {
    /// Any new price.
    Any,
    /// Only a price at least the one on the slip.
    Higher,
    /// Only the price on the slip.
    None,
}

impl OddsChoice {
    pub fn parse(s: &str) -> Option<OddsChoice> {
        match s {
            "any" => Some(OddsChoice::Any),
            "higher" => Some(OddsChoice::Higher),
            "none" => Some(OddsChoice::None),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            OddsChoice::Any => "any",
            OddsChoice::Higher => "higher",
            OddsChoice::None => "none",
        }
    }

    /// Whether a bet at `wanted` is taken at `now_price` (hundredths).
    pub fn accepts(self, wanted: i64, now_price: i64) -> bool {
        match self {
            OddsChoice::Any => true,
            OddsChoice::Higher => now_price >= wanted,
            OddsChoice::None => now_price == wanted,
        }
    }
}

/// A leg as the player sends it: the selection and the price the slip showed (hundredths).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Wanted {
    pub selection_id: i64,
    pub price: i64,
}

/// A slip to place.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Slip {
    pub legs: Vec<Wanted>,
    pub kind: Kind,
    /// Kuruş on each combo.
    pub stake_each: i64,
    pub choice: OddsChoice,
    /// The High Rate (boosted) prices.
    pub high_rate: bool,
}

/// A price the player was not given.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PriceNow {
    pub selection_id: i64,
    /// Decimal odds now.
    pub price: f64,
}

/// Why a bet was refused; nothing of it was written.
#[derive(Debug, thiserror::Error)]
pub enum BetError {
    #[error(transparent)]
    Slip(#[from] SlipError),
    /// A selection is not offered now (its market is suspended, settled or closed).
    #[error("selection {0} is not offered now")]
    NotOffered(i64),
    /// A price moved and the player's choice does not take the new one.
    #[error("the prices changed")]
    PriceChanged(Vec<PriceNow>),
    #[error("the stake is below the minimum")]
    StakeTooLow,
    #[error("the stake is above the maximum {0}")]
    StakeTooHigh(i64),
    /// The player's High Rate stakes on a selection would pass the limit; what is left (kuruş).
    #[error("the High Rate stakes on a selection would pass the limit")]
    HighRateSpent(i64),
    #[error("the potential payout is above the maximum")]
    PayoutTooHigh,
    #[error("not enough money")]
    NotEnoughMoney,
    #[error("no such bet of the player's")]
    NoBet,
    /// The cash-out is not offered now (a market suspended, the bet settled).
    #[error("cash-out is not available")]
    NoCashOut,
    /// The cash-out value fell below the one the player was shown.
    #[error("the cash-out value changed")]
    CashOutChanged(i64),
    #[error(transparent)]
    Call(CallError),
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

impl From<CallError> for BetError {
    fn from(e: CallError) -> Self {
        match e {
            CallError::NotEnoughMoney { .. } | CallError::Wallet(WalletError::InsufficientFunds) => BetError::NotEnoughMoney,
            CallError::Database(d) => BetError::Database(d),
            other => BetError::Call(other),
        }
    }
}

impl From<WalletError> for BetError {
    fn from(e: WalletError) -> Self {
        CallError::from(e).into()
    }
}

/// A leg's selection as the book has it now.
struct Offer {
    event_id: i64,
    market_id: i64,
    sport: Sport,
    live: bool,
    offered: bool,
    price: i64,
}

async fn offer(conn: &mut AnyConnection, selection_id: i64, high_rate: bool) -> Result<Option<Offer>, BetError> {
    let row = sqlx::query(
        "SELECT e.id, m.id, e.sport, e.state, m.state, s.offered, s.price, s.boosted FROM sb_selections s \
         JOIN sb_markets m ON m.id = s.market_id JOIN sb_events e ON e.id = m.event_id WHERE s.id = $1",
    )
    .bind(selection_id)
    .fetch_optional(&mut *conn)
    .await?;
    let Some(r) = row else { return Ok(None) };
    let (event_state, market_state): (String, String) = (r.try_get(3)?, r.try_get(4)?);
    let boosted: Option<i64> = r.try_get(7)?;
    let price = if high_rate { boosted } else { Some(r.try_get(6)?) };
    let Some(price) = price else { return Ok(None) };
    Ok(Some(Offer {
        event_id: r.try_get(0)?,
        market_id: r.try_get(1)?,
        sport: Sport::parse(&r.try_get::<String, _>(2)?).unwrap_or(Sport::Football),
        live: event_state == "live",
        offered: r.try_get::<i64, _>(5)? != 0 && market_state == "active" && (event_state == "scheduled" || event_state == "live"),
        price,
    }))
}

/// A placed bet.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Placed {
    pub id: i64,
    /// pending (a live bet in its delay) or open.
    pub state: String,
    pub stake: i64,
    pub potential: i64,
}

fn round_move(player_id: i64, bet_id: i64, tx: &str, amount: Kurus) -> Move {
    Move {
        provider: PROVIDER.into(),
        player_id,
        game_code: PROVIDER.into(),
        round_id: format!("sb-{bet_id}"),
        tx_id: format!("sb-{bet_id}-{tx}"),
        amount,
    }
}

/// What the player's High Rate bets holding a selection staked in all (kuruş; refused ones
/// gave their stakes back and do not count).
async fn high_rate_staked(conn: &mut AnyConnection, player_id: i64, selection_id: i64) -> Result<i64, BetError> {
    Ok(sqlx::query_scalar(
        "SELECT CAST(COALESCE(SUM(b.stake), 0) AS BIGINT) FROM sb_bets b JOIN sb_legs l ON l.bet_id = b.id \
         WHERE b.player_id = $1 AND b.high_rate = 1 AND b.state <> 'refused' AND l.selection_id = $2",
    )
    .bind(player_id)
    .bind(selection_id)
    .fetch_one(&mut *conn)
    .await?)
}

/// Places a slip: one bet per single, one for a combo or system. All or nothing.
pub async fn place(db: &Db, player_id: i64, slip_in: &Slip, now: i64) -> Result<Vec<Placed>, BetError> {
    wallet::open_provider_account(db, PROVIDER).await?;
    let mut tx = db.begin_write().await?;
    if slip_in.high_rate {
        // The player's bets go one at a time from here (their balance rows, which the stake's
        // move locks first too), so bets racing on one selection cannot split past its limit.
        wallet::lock_player(&mut tx, player_id).await?;
    }
    let mut offers = Vec::with_capacity(slip_in.legs.len());
    let mut changes = Vec::new();
    for w in &slip_in.legs {
        let o = offer(&mut tx, w.selection_id, slip_in.high_rate).await?.ok_or(BetError::NotOffered(w.selection_id))?;
        if !o.offered {
            return Err(BetError::NotOffered(w.selection_id));
        }
        if !slip_in.choice.accepts(w.price, o.price) {
            changes.push(PriceNow { selection_id: w.selection_id, price: o.price as f64 / 100.0 });
        }
        offers.push(o);
    }
    if !changes.is_empty() {
        return Err(BetError::PriceChanged(changes));
    }
    let legs: Vec<Leg> =
        slip_in.legs.iter().zip(&offers).map(|(w, o)| Leg { event_id: o.event_id, selection_id: w.selection_id, price: o.price }).collect();
    let combos = slip::expand(slip_in.kind, &legs)?;
    // Singles are a bet each; the others one bet of all the legs.
    let bets: Vec<(Kind, Vec<usize>, Vec<Vec<usize>>)> = if slip_in.kind == Kind::Single {
        (0..legs.len()).map(|i| (Kind::Single, vec![i], vec![vec![0]])).collect()
    } else {
        vec![(slip_in.kind, (0..legs.len()).collect(), combos)]
    };
    if slip_in.stake_each < MIN_STAKE {
        return Err(BetError::StakeTooLow);
    }
    let max_stake = if slip_in.high_rate { MAX_STAKE_HIGH_RATE } else { MAX_STAKE };
    let mut placed = Vec::new();
    for (kind, leg_idx, bet_combos) in bets {
        let bet_legs: Vec<Leg> = leg_idx.iter().map(|&i| legs[i].clone()).collect();
        let stake = slip_in.stake_each.saturating_mul(bet_combos.len() as i64);
        if stake > max_stake {
            return Err(BetError::StakeTooHigh(max_stake));
        }
        if slip_in.high_rate {
            for &i in &leg_idx {
                let staked = high_rate_staked(&mut tx, player_id, legs[i].selection_id).await?;
                if staked.saturating_add(stake) > MAX_STAKE_HIGH_RATE {
                    return Err(BetError::HighRateSpent((MAX_STAKE_HIGH_RATE - staked).max(0)));
                }
            }
        }
        let potential = slip::potential_return(&bet_legs, &bet_combos, slip_in.stake_each);
        if potential > MAX_PAYOUT {
            return Err(BetError::PayoutTooHigh);
        }
        let live_delay = leg_idx.iter().filter(|&&i| offers[i].live).map(|&i| live_delay_ms(offers[i].sport)).max();
        let state = if live_delay.is_some() { "pending" } else { "open" };
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO sb_bets (player_id, kind, stake_each, combos, stake, potential, odds_choice, state, accept_at, high_rate, placed_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id",
        )
        .bind(player_id)
        .bind(serde_json::to_string(&kind).unwrap_or_default())
        .bind(slip_in.stake_each)
        .bind(bet_combos.len() as i64)
        .bind(stake)
        .bind(potential)
        .bind(slip_in.choice.as_str())
        .bind(state)
        .bind(now + live_delay.unwrap_or(0))
        .bind(i64::from(slip_in.high_rate))
        .bind(now)
        .fetch_one(&mut *tx)
        .await?;
        for (n, &i) in leg_idx.iter().enumerate() {
            sqlx::query("INSERT INTO sb_legs (bet_id, idx, event_id, market_id, selection_id, price) VALUES ($1, $2, $3, $4, $5, $6)")
                .bind(id)
                .bind(n as i64)
                .bind(offers[i].event_id)
                .bind(offers[i].market_id)
                .bind(legs[i].selection_id)
                .bind(legs[i].price)
                .execute(&mut *tx)
                .await?;
        }
        let amount = Kurus::from_minor(stake).map_err(WalletError::from)?;
        rounds::bet_in(&mut tx, &round_move(player_id, id, "stake", amount)).await?;
        placed.push(Placed { id, state: state.into(), stake, potential });
    }
    wallet::publish_balance_in(&mut tx, player_id).await?;
    tx.commit().await?;
    Ok(placed)
}

/// Decides the live bets whose delay is over at `now`: accepted when every live leg's market is
/// still open and its price still one the player's choice takes; refused otherwise, the stake
/// given back. How many were decided.
pub async fn resolve_pending(db: &Db, now: i64) -> Result<usize, BetError> {
    let due: Vec<(i64, i64, String)> =
        sqlx::query_as("SELECT id, player_id, odds_choice FROM sb_bets WHERE state = 'pending' AND accept_at <= $1 ORDER BY id LIMIT 500")
            .bind(now)
            .fetch_all(&db.pool)
            .await?;
    let mut decided = 0;
    wallet::open_provider_account(db, PROVIDER).await?;
    for (id, player_id, choice) in due {
        let choice = OddsChoice::parse(&choice).unwrap_or(OddsChoice::None);
        let mut tx = db.begin_write().await?;
        let legs: Vec<(i64, i64)> =
            sqlx::query_as("SELECT selection_id, price FROM sb_legs WHERE bet_id = $1 ORDER BY idx").bind(id).fetch_all(&mut *tx).await?;
        let high_rate: i64 = sqlx::query_scalar("SELECT high_rate FROM sb_bets WHERE id = $1").bind(id).fetch_one(&mut *tx).await?;
        let mut refusal = None;
        for (selection_id, price) in legs {
            match offer(&mut tx, selection_id, high_rate != 0).await? {
                Some(o) if o.offered && choice.accepts(price, o.price) => {}
                Some(o) if o.offered => refusal = Some("price"),
                _ => refusal = Some("suspended"),
            }
        }
        let (state, reason) = match refusal {
            None => ("open", None),
            Some(r) => ("refused", Some(r)),
        };
        let changed = sqlx::query("UPDATE sb_bets SET state = $1, refusal = $2 WHERE id = $3 AND state = 'pending'")
            .bind(state)
            .bind(reason)
            .bind(id)
            .execute(&mut *tx)
            .await?;
        if changed.rows_affected() == 1 {
            if state == "refused" {
                let rb = Rollback {
                    provider: PROVIDER.into(),
                    player_id,
                    game_code: PROVIDER.into(),
                    round_id: format!("sb-{id}"),
                    tx_id: format!("sb-{id}-refund"),
                    rolls_back: format!("sb-{id}-stake"),
                };
                rounds::rollback_in(&mut tx, &rb).await?;
                wallet::publish_balance_in(&mut tx, player_id).await?;
            }
            decided += 1;
        }
        tx.commit().await?;
    }
    Ok(decided)
}

/// A bet's legs and how it is priced: (legs as the slip has them, their results, the combos).
async fn bet_shape(conn: &mut AnyConnection, bet_id: i64) -> Result<(Vec<Leg>, Vec<LegResult>, Kind, i64), BetError> {
    let row = sqlx::query("SELECT kind, stake_each FROM sb_bets WHERE id = $1").bind(bet_id).fetch_one(&mut *conn).await?;
    let kind: Kind = serde_json::from_str(&row.try_get::<String, _>(0)?).unwrap_or(Kind::Combo);
    let stake_each: i64 = row.try_get(1)?;
    let (legs, results) = legs_of(conn, bet_id).await?;
    Ok((legs, results, kind, stake_each))
}

/// The leg columns [`leg_of`] reads, in order, and where they come from.
const LEG_COLUMNS: &str = "l.event_id, l.selection_id, l.price, s.result, m.state";
const LEG_FROM: &str = "sb_legs l JOIN sb_selections s ON s.id = l.selection_id JOIN sb_markets m ON m.id = l.market_id";

/// A leg, and what its market's result makes of it, from a row holding [`LEG_COLUMNS`] from
/// column `at` on.
fn leg_of(r: &sqlx::any::AnyRow, at: usize) -> Result<(Leg, LegResult), sqlx::Error> {
    let leg = Leg { event_id: r.try_get(at)?, selection_id: r.try_get(at + 1)?, price: r.try_get(at + 2)? };
    let (result, market_state): (Option<String>, String) = (r.try_get(at + 3)?, r.try_get(at + 4)?);
    let result = match (market_state.as_str(), result.as_deref()) {
        ("cancelled", _) | (_, Some("void")) => LegResult::Void,
        (_, Some("won")) => LegResult::Won,
        (_, Some("lost")) => LegResult::Lost,
        _ => LegResult::Open,
    };
    Ok((leg, result))
}

/// A bet's legs and what their markets' results make of each.
async fn legs_of(conn: &mut AnyConnection, bet_id: i64) -> Result<(Vec<Leg>, Vec<LegResult>), BetError> {
    let sql = format!("SELECT {LEG_COLUMNS} FROM {LEG_FROM} WHERE l.bet_id = $1 ORDER BY l.idx");
    let rows = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(bet_id).fetch_all(&mut *conn).await?;
    let mut legs = Vec::new();
    let mut results = Vec::new();
    for r in rows {
        let (leg, result) = leg_of(&r, 0)?;
        legs.push(leg);
        results.push(result);
    }
    Ok((legs, results))
}

/// What a leg's result is, from its selection's result and its market's state (as [`legs_of`]
/// reads it), for every leg in the market at once.
const LEG_RESULTS_SQL: &str = "UPDATE sb_legs SET result = (SELECT CASE WHEN m.state = 'cancelled' OR s.result = 'void' THEN 'void' \
     WHEN s.result = 'won' THEN 'won' WHEN s.result = 'lost' THEN 'lost' ELSE 'open' END \
     FROM sb_selections s JOIN sb_markets m ON m.id = s.market_id WHERE s.id = sb_legs.selection_id) \
     WHERE market_id = $1 AND bet_id IN (SELECT id FROM sb_bets WHERE state IN ('open', 'won', 'lost', 'void'))";

fn combos_of(kind: Kind, legs: &[Leg]) -> Vec<Vec<usize>> {
    if kind == Kind::Single { vec![vec![0]] } else { slip::expand(kind, legs).unwrap_or_default() }
}

/// Settles (or resettles, after a correction or a void) every bet with a leg in the market.
/// How many bets' payouts changed.
pub async fn settle_market(db: &Db, market_id: i64) -> Result<usize, BetError> {
    let bets: Vec<(i64, i64)> = sqlx::query_as(
        "SELECT DISTINCT b.id, b.player_id FROM sb_bets b JOIN sb_legs l ON l.bet_id = b.id \
         WHERE l.market_id = $1 AND b.state IN ('open', 'won', 'lost', 'void') ORDER BY b.id",
    )
    .bind(market_id)
    .fetch_all(&db.pool)
    .await?;
    wallet::open_provider_account(db, PROVIDER).await?;
    // A correction may write a bonus payout the player no longer holds off to the bonus cost.
    wallet::open_house_account(db, &wallet::Account::BonusCost).await?;
    let mut changed = 0;
    // Bets settle in batches, each batch one transaction with one balance push per player in it:
    // a big event's hundred thousand bets are fifty commits, not a hundred thousand.
    for (i, chunk) in bets.chunks(SETTLE_BATCH).enumerate() {
        let mut tx = db.begin_write().await?;
        if i == 0 {
            // The legs in the market show its result (with the first batch, in one statement).
            sqlx::query(LEG_RESULTS_SQL).bind(market_id).execute(&mut *tx).await?;
        }
        // The batch at once; if something in it was touched meanwhile, again one bet at a time.
        let settled = match settle_at_once(&mut tx, chunk).await? {
            Some(settled) => settled,
            None => {
                tx.rollback().await?;
                tx = db.begin_write().await?;
                if i == 0 {
                    sqlx::query(LEG_RESULTS_SQL).bind(market_id).execute(&mut *tx).await?;
                }
                let mut settled = Settled::default();
                for &(bet_id, player_id) in chunk {
                    if settle_bet(&mut tx, bet_id, player_id).await? {
                        settled.changed += 1;
                        settled.moved.insert(player_id);
                    }
                }
                settled
            }
        };
        changed += settled.changed;
        for &player_id in &settled.moved {
            wallet::publish_balance_in(&mut tx, player_id).await?;
        }
        tx.commit().await?;
    }
    Ok(changed)
}

/// What a batch's settlement did: how many bets changed, and the players whose money moved
/// (each gets one balance push; a lost bet's first settlement moves nothing).
#[derive(Default)]
struct Settled {
    changed: usize,
    moved: std::collections::BTreeSet<i64>,
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
async fn settle_at_once(tx: &mut AnyConnection, chunk: &[(i64, i64)]) -> Result<Option<Settled>, BetError> {
    let ids: Vec<i64> = chunk.iter().map(|&(id, _)| id).collect();
    let mut rows: std::collections::BTreeMap<i64, BatchBet> = std::collections::BTreeMap::new();
    for part in ids.chunks(crate::db::STATEMENT_PARAMS) {
        let list = crate::db::value_rows(1, part.len(), 1);
        let sql = format!("SELECT id, kind, stake_each, state, payout, pay_tx, player_id FROM sb_bets WHERE id IN {list}");
        let mut q = sqlx::query(sqlx::AssertSqlSafe(sql));
        for id in part {
            q = q.bind(id);
        }
        for r in q.fetch_all(&mut *tx).await? {
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
        for r in q.fetch_all(&mut *tx).await? {
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
    let mut settled = Settled::default();
    if !first.is_empty() && !pay_at_once(tx, &first).await? {
        return Ok(None);
    }
    settled.changed += first.len();
    settled.moved.extend(first.iter().filter(|b| b.3 > 0).map(|b| b.1));
    // Paid before: undone and paid again, one by one (corrections are few), after the batch's
    // payouts, which take the batch's balance rows in the one order first.
    for (bet_id, player_id) in corrections {
        if settle_bet(tx, bet_id, player_id).await? {
            settled.changed += 1;
            settled.moved.insert(player_id);
        }
    }
    Ok(Some(settled))
}

/// The first settlements of a batch's bets, `(bet, player, state, return)`: one update of the
/// bets and their payouts through [`rounds::win_many_in`]; false when a bet changed under the
/// batch or a payout was made before.
async fn pay_at_once(tx: &mut AnyConnection, first: &[(i64, i64, &'static str, i64)]) -> Result<bool, BetError> {
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
        updated += q.execute(&mut *tx).await?.rows_affected();
    }
    if updated != n as u64 {
        return Ok(false);
    }
    // As a cash-out does, the bet rows first, then the balance rows: every player of the batch in
    // the wallet's one order, before the voids' wagering and the payouts lock any of them.
    let players: Vec<i64> = first.iter().map(|b| b.1).collect();
    wallet::lock_players(tx, &players).await?;
    let mut moves = Vec::with_capacity(n);
    for &(bet_id, player_id, _, total) in first {
        moves.push(round_move(player_id, bet_id, "pay-1", Kurus::from_minor(total).map_err(WalletError::from)?));
    }
    // A void bet's stake comes back with its payout: so does its wagering contribution.
    let voided: Vec<String> = first.iter().filter(|b| b.2 == "void").map(|b| format!("sb-{}-stake", b.0)).collect();
    if !voided.is_empty() {
        let ids: Vec<&str> = voided.iter().map(String::as_str).collect();
        crate::bonus::wagering::stakes_refunded(tx, PROVIDER, &ids).await.map_err(CallError::from)?;
    }
    if !rounds::win_many_in(tx, PROVIDER, &moves).await? {
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
async fn settle_bet(tx: &mut AnyConnection, bet_id: i64, player_id: i64) -> Result<bool, BetError> {
    let row = sqlx::query("SELECT kind, stake_each, state, payout, pay_tx, settlements, stake FROM sb_bets WHERE id = $1")
        .bind(bet_id)
        .fetch_one(&mut *tx)
        .await?;
    let kind: Kind = serde_json::from_str(&row.try_get::<String, _>(0)?).unwrap_or(Kind::Combo);
    let stake_each: i64 = row.try_get(1)?;
    let (state, payout, pay_tx, settlements, stake): (String, i64, Option<String>, i64, i64) =
        (row.try_get(2)?, row.try_get(3)?, row.try_get(4)?, row.try_get(5)?, row.try_get(6)?);
    let (legs, results) = legs_of(tx, bet_id).await?;
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
    .execute(&mut *tx)
    .await?;
    if version_guard.rows_affected() == 0 {
        return Ok(false);
    }
    if new_state == "void" {
        // The stake comes back: so does its wagering contribution (a bet voided once does not
        // count again if a correction later settles it).
        crate::bonus::wagering::stakes_refunded(tx, PROVIDER, &[format!("sb-{bet_id}-stake").as_str()]).await.map_err(CallError::from)?;
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
        rounds::correct_in(tx, &rb).await?;
    }
    let amount = Kurus::from_minor(total).map_err(WalletError::from)?;
    rounds::win_in(tx, &round_move(player_id, bet_id, &format!("pay-{n}"), amount)).await?;
    tracing::info!(bet_id, player_id, stake, payout = total, settlement = n, "sportsbook bet settled");
    Ok(true)
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
    let mut probabilities = Vec::with_capacity(legs.len());
    for (leg, result) in legs.iter().zip(&results) {
        if *result != LegResult::Open {
            probabilities.push(1.0);
            continue;
        }
        let row = sqlx::query(
            "SELECT s.probability, s.offered, m.state FROM sb_selections s JOIN sb_markets m ON m.id = s.market_id WHERE s.id = $1",
        )
        .bind(leg.selection_id)
        .fetch_one(&mut *conn)
        .await?;
        let (ppb, offered, market_state): (i64, i64, String) = (row.try_get(0)?, row.try_get(1)?, row.try_get(2)?);
        if market_state != "active" || offered == 0 {
            return Ok(None);
        }
        probabilities.push(ppb as f64 / 1e9);
    }
    let mut value = 0.0;
    for combo in combos_of(kind, &legs) {
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
    Ok((value > 0).then_some(value))
}

/// Cashes an open bet out for its value now, if it is at least `seen` (what the player was shown).
pub async fn cash_out(db: &Db, player_id: i64, bet_id: i64, seen: i64) -> Result<i64, BetError> {
    wallet::open_provider_account(db, PROVIDER).await?;
    let mut tx = db.begin_write().await?;
    let owner: Option<i64> =
        sqlx::query_scalar("SELECT player_id FROM sb_bets WHERE id = $1").bind(bet_id).fetch_optional(&mut *tx).await?;
    if owner != Some(player_id) {
        return Err(BetError::NoBet);
    }
    let value = cash_out_value(&mut tx, bet_id).await?.ok_or(BetError::NoCashOut)?;
    if value < seen {
        return Err(BetError::CashOutChanged(value));
    }
    let done =
        sqlx::query("UPDATE sb_bets SET state = 'cashed_out', payout = $1, pay_tx = $2, settled_at = $3 WHERE id = $4 AND state = 'open'")
            .bind(value)
            .bind(format!("sb-{bet_id}-cashout"))
            .bind(now_ms())
            .bind(bet_id)
            .execute(&mut *tx)
            .await?;
    if done.rows_affected() == 0 {
        return Err(BetError::NoCashOut);
    }
    let amount = Kurus::from_minor(value).map_err(WalletError::from)?;
    rounds::win_in(&mut tx, &round_move(player_id, bet_id, "cashout", amount)).await?;
    wallet::publish_balance_in(&mut tx, player_id).await?;
    tx.commit().await?;
    Ok(value)
}

/// Records a market's result (or a correction of it: a new row; the last one counts) and
/// resettles its bets. `winners` are selection keys; `void` voids the market instead.
pub async fn record_result(db: &Db, market_id: i64, winners: &[&str], void: bool, source: &str) -> anyhow::Result<usize> {
    let mut tx = db.begin_write().await?;
    let state: Option<String> =
        sqlx::query_scalar("SELECT state FROM sb_markets WHERE id = $1").bind(market_id).fetch_optional(&mut *tx).await?;
    let state = super::book::MarketState::parse(&state.ok_or_else(|| anyhow::anyhow!("no market {market_id}"))?)
        .ok_or_else(|| anyhow::anyhow!("market {market_id} has an unknown state"))?;
    let event = if void { super::book::MarketEvent::Cancel } else { super::book::MarketEvent::Settle };
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
    tx.commit().await?;
    Ok(settle_market(db, market_id).await?)
}
