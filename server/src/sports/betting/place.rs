//! Placing a slip (its prices checked against the player's choice, the stake and payout limits),
//! and deciding the live bets when their live delay is over.

use serde::Serialize;
use sqlx::{AnyConnection, Row};

use super::{BetError, MAX_PAYOUT, MAX_STAKE, MAX_STAKE_HIGH_RATE, MIN_STAKE, PROVIDER, PriceNow, round_move};
use crate::db::Db;
use crate::money::Kurus;
use crate::rounds::{Rollback, Work};
use crate::sports::book::Sport;
use crate::sports::slip::{self, Kind, Leg};
use crate::wallet::{self, WalletError};

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
    let placed = place_slip(db, player_id, slip_in, now).await;
    let outcome = if placed.is_ok() { "placed" } else { "refused" };
    metrics::counter!("kasa_sportsbook_bets_total", "outcome" => outcome).increment(1);
    placed
}

async fn place_slip(db: &Db, player_id: i64, slip_in: &Slip, now: i64) -> Result<Vec<Placed>, BetError> {
    let mut work = Work::begin(db, PROVIDER).await?;
    if slip_in.high_rate {
        // The player's bets go one at a time from here (their balance rows, which the stake's
        // move locks first too), so bets racing on one selection cannot split past its limit.
        wallet::lock_player(work.conn(), player_id).await?;
    }
    let mut offers = Vec::with_capacity(slip_in.legs.len());
    let mut changes = Vec::new();
    for w in &slip_in.legs {
        let o = offer(work.conn(), w.selection_id, slip_in.high_rate).await?.ok_or(BetError::NotOffered(w.selection_id))?;
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
                let staked = high_rate_staked(work.conn(), player_id, legs[i].selection_id).await?;
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
        .fetch_one(work.conn())
        .await?;
        for (n, &i) in leg_idx.iter().enumerate() {
            sqlx::query("INSERT INTO sb_legs (bet_id, idx, event_id, market_id, selection_id, price) VALUES ($1, $2, $3, $4, $5, $6)")
                .bind(id)
                .bind(n as i64)
                .bind(offers[i].event_id)
                .bind(offers[i].market_id)
                .bind(legs[i].selection_id)
                .bind(legs[i].price)
                .execute(work.conn())
                .await?;
        }
        let amount = Kurus::from_minor(stake).map_err(WalletError::from)?;
        work.stake(&round_move(player_id, id, "stake", amount)).await?;
        placed.push(Placed { id, state: state.into(), stake, potential });
    }
    work.commit().await?;
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
    for (id, player_id, choice) in due {
        let choice = OddsChoice::parse(&choice).unwrap_or(OddsChoice::None);
        let mut work = Work::begin(db, PROVIDER).await?;
        let legs: Vec<(i64, i64)> = sqlx::query_as("SELECT selection_id, price FROM sb_legs WHERE bet_id = $1 ORDER BY idx")
            .bind(id)
            .fetch_all(work.conn())
            .await?;
        let high_rate: i64 = sqlx::query_scalar("SELECT high_rate FROM sb_bets WHERE id = $1").bind(id).fetch_one(work.conn()).await?;
        let mut refusal = None;
        for (selection_id, price) in legs {
            match offer(work.conn(), selection_id, high_rate != 0).await? {
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
            .execute(work.conn())
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
                work.roll_back(&rb).await?;
            }
            decided += 1;
        }
        work.commit().await?;
    }
    Ok(decided)
}
