//! The crash game's bets: placing one, cashing it out, paying auto cash-outs and settling a
//! crashed round, each through the rounds' unit of work; the bets a round's feed shows.

use serde::Serialize;
use sqlx::Row;
use utoipa::ToSchema;

use super::{CODE, MAX_BET, MIN_BET, Phase, ROUND_COLUMNS, Round, SLOTS, crash, db_now, round_in, round_of};
use crate::db::{Db, now_ms};
use crate::money::Kurus;
use crate::rounds::{self, CallError, Move, Work};
use crate::seal::SeedKey;
use crate::studio::PROVIDER;
use crate::wallet::WalletError;

/// A bet as stored.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Bet {
    #[serde(skip)]
    pub player_id: i64,
    /// The player's name, masked (`ab***`).
    pub player: String,
    pub slot: i64,
    /// Kuruş.
    pub amount: i64,
    /// The auto cash-out target (×), if any.
    pub auto_cash_out: Option<f64>,
    /// Where it was cashed out (×).
    pub cash_out: Option<f64>,
    /// Kuruş, once settled (0: lost).
    pub win: Option<i64>,
    #[serde(skip)]
    pub updated_at: i64,
}

fn x(hundredths: Option<i64>) -> Option<f64> {
    hundredths.map(|h| h as f64 / 100.0)
}

/// A round's bets changed after `since` (epoch ms), oldest change first.
pub async fn bets_since(db: &Db, round_id: i64, since: i64) -> Result<Vec<Bet>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT b.player_id, p.username, b.slot, b.amount, b.auto_cash_out, b.cash_out, b.win, b.updated_at \
         FROM crash_bets b JOIN players p ON p.id = b.player_id WHERE b.round_id = $1 AND b.updated_at > $2 ORDER BY b.updated_at",
    )
    .bind(round_id)
    .bind(since)
    .fetch_all(&db.pool)
    .await?;
    rows.iter()
        .map(|r| {
            let name: String = r.try_get(1)?;
            Ok(Bet {
                player_id: r.try_get(0)?,
                player: crate::mask::mask_middle(&name, 2, 0),
                slot: r.try_get(2)?,
                amount: r.try_get(3)?,
                auto_cash_out: x(r.try_get(4)?),
                cash_out: x(r.try_get(5)?),
                win: r.try_get(6)?,
                updated_at: r.try_get(7)?,
            })
        })
        .collect()
}

/// Why a bet or a cash-out was refused; nothing moved.
#[derive(Debug, thiserror::Error)]
pub enum CrashError {
    #[error("no round is taking bets")]
    BetsClosed,
    #[error("the slot already holds a bet this round")]
    SlotTaken,
    #[error("the bet is outside the limits")]
    BadAmount,
    #[error("the auto cash-out target is outside 1.01 to 10,000")]
    BadTarget,
    #[error("not enough money: the balance is {balance}")]
    NotEnoughMoney { balance: Kurus },
    #[error("the round is not flying")]
    NotFlying,
    #[error("the round crashed")]
    TooLate,
    #[error("no open bet in that slot")]
    NoBet,
    #[error(transparent)]
    Call(CallError),
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

impl From<CallError> for CrashError {
    fn from(e: CallError) -> Self {
        match e {
            CallError::Database(db) => CrashError::Database(db),
            CallError::Wallet(WalletError::InsufficientFunds) => CrashError::NotEnoughMoney { balance: Kurus::ZERO },
            CallError::NotEnoughMoney { balance } => CrashError::NotEnoughMoney { balance },
            other => CrashError::Call(other),
        }
    }
}

/// A placed bet.
#[derive(Debug, Clone)]
pub struct Placed {
    pub round_id: i64,
    pub slot: i64,
    pub amount: i64,
    pub auto_cash_out: Option<i64>,
    pub balance: Kurus,
}

fn wallet_move(round: &Round, player_id: i64, slot: i64, kind: &str, amount: Kurus) -> Move {
    let wallet_round = round.wallet_round(player_id);
    Move {
        provider: PROVIDER.to_string(),
        player_id,
        game_code: CODE.to_string(),
        tx_id: format!("{wallet_round}-{slot}:{kind}"),
        round_id: wallet_round,
        amount,
    }
}

/// Takes a bet on the round being bet on: `slot` 0 or 1, `amount` kuruş, an optional auto
/// cash-out target in hundredths (101 to 1,000,000).
pub async fn bet(db: &Db, player_id: i64, slot: i64, amount: i64, auto_cash_out: Option<i64>) -> Result<Placed, CrashError> {
    if !(0..SLOTS).contains(&slot) || !(MIN_BET..=MAX_BET).contains(&amount) {
        return Err(CrashError::BadAmount);
    }
    if auto_cash_out.is_some_and(|a| !(101..=crash::MAX_POINT as i64).contains(&a)) {
        return Err(CrashError::BadTarget);
    }
    let mut work = Work::begin(db, PROVIDER).await?;
    let done = bet_in(&mut work, &db.seed_key, player_id, slot, amount, auto_cash_out).await;
    match done {
        Ok(placed) => {
            work.commit().await?;
            Ok(placed)
        }
        Err(e) => {
            work.abandon().await?;
            match e {
                CrashError::NotEnoughMoney { .. } => Err(rounds::not_enough_money(db, player_id).await.into()),
                e => Err(e),
            }
        }
    }
}

async fn bet_in(work: &mut Work, key: &SeedKey, player_id: i64, slot: i64, amount: i64, auto: Option<i64>) -> Result<Placed, CrashError> {
    let tx = work.conn();
    let now = db_now(tx).await?;
    let id: Option<i64> = sqlx::query_scalar("SELECT id FROM crash_rounds ORDER BY id DESC LIMIT 1").fetch_optional(&mut *tx).await?;
    // The round held against its settlement until this bet commits (PostgreSQL; SQLite's write
    // transaction holds everything): a round being settled takes no more bets.
    let lock = if crate::db::is_postgres(tx) { " FOR SHARE" } else { "" };
    let row = match id {
        Some(id) => {
            sqlx::query(sqlx::AssertSqlSafe(format!("SELECT {ROUND_COLUMNS} FROM crash_rounds WHERE id = $1{lock}")))
                .bind(id)
                .fetch_optional(&mut *tx)
                .await?
        }
        None => None,
    };
    let round = row.as_ref().map(|r| round_of(r, key)).transpose()?.ok_or(CrashError::BetsClosed)?;
    if round.phase(now) != Phase::Betting || round.settled_at.is_some() {
        return Err(CrashError::BetsClosed);
    }
    let inserted = sqlx::query(
        "INSERT INTO crash_bets (round_id, player_id, slot, amount, auto_cash_out, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $6) ON CONFLICT (round_id, player_id, slot) DO NOTHING",
    )
    .bind(round.id)
    .bind(player_id)
    .bind(slot)
    .bind(amount)
    .bind(auto)
    .bind(now)
    .execute(&mut *tx)
    .await?;
    if inserted.rows_affected() == 0 {
        return Err(CrashError::SlotTaken);
    }
    let stake = Kurus::from_minor(amount).map_err(|_| CrashError::BadAmount)?;
    let answer = work.stake(&wallet_move(&round, player_id, slot, "bet", stake)).await?;
    Ok(Placed { round_id: round.id, slot, amount, auto_cash_out: auto, balance: answer.balance() })
}

/// A cash-out.
#[derive(Debug, Clone)]
pub struct CashedOut {
    pub round_id: i64,
    pub slot: i64,
    /// Hundredths.
    pub cash_out: i64,
    /// Kuruş.
    pub win: i64,
    pub balance: Kurus,
}

/// Cashes out the player's bet in `slot` at the multiplier now (or at its auto target, if the
/// multiplier has passed it), while the round flies; once only.
pub async fn cash_out(db: &Db, player_id: i64, slot: i64) -> Result<CashedOut, CrashError> {
    let mut work = Work::begin(db, PROVIDER).await?;
    let c = cash_out_in(&mut work, &db.seed_key, player_id, slot).await?;
    work.commit().await?;
    Ok(c)
}

async fn cash_out_in(work: &mut Work, key: &SeedKey, player_id: i64, slot: i64) -> Result<CashedOut, CrashError> {
    let tx = work.conn();
    // The player's latest bet in the slot, whichever round is the latest now.
    let row = sqlx::query(
        "SELECT round_id, amount, auto_cash_out, win FROM crash_bets WHERE player_id = $1 AND slot = $2 ORDER BY round_id DESC LIMIT 1",
    )
    .bind(player_id)
    .bind(slot)
    .fetch_optional(&mut *tx)
    .await?;
    let Some(row) = row else { return Err(CrashError::NoBet) };
    let (round_id, amount, auto, win): (i64, i64, Option<i64>, Option<i64>) =
        (row.try_get(0)?, row.try_get(1)?, row.try_get(2)?, row.try_get(3)?);
    let round = round_in(tx, key, round_id).await?.ok_or(CrashError::NoBet)?;
    let now = db_now(tx).await?;
    match round.phase(now) {
        Phase::Betting => return Err(CrashError::NotFlying),
        Phase::Crashed => return Err(CrashError::TooLate),
        Phase::Running if win.is_some() => return Err(CrashError::NoBet),
        Phase::Running => {}
    }
    let mut at = round.multiplier(now) as i64;
    if let Some(a) = auto.filter(|a| *a <= at) {
        at = a;
    }
    // A target is reached when the round reaches it: at the crash point itself too.
    if at > round.crash_point {
        return Err(CrashError::TooLate);
    }
    settle_bet_in(work, &round, player_id, slot, amount, Some(at), now).await?.ok_or(CrashError::NoBet).map(|(win, balance)| CashedOut {
        round_id: round.id,
        slot,
        cash_out: at,
        win,
        balance,
    })
}

/// Settles one bet once: cashed at `at` (hundredths) or lost (`None`); pays the win through the
/// wallet and pushes the balance. `None` when it was already settled.
async fn settle_bet_in(
    work: &mut Work,
    round: &Round,
    player_id: i64,
    slot: i64,
    amount: i64,
    at: Option<i64>,
    now: i64,
) -> Result<Option<(i64, Kurus)>, CrashError> {
    let win = at.map_or(0, |m| crash::payout(amount, m as u64));
    let updated = sqlx::query(
        "UPDATE crash_bets SET cash_out = $1, win = $2, updated_at = $3 WHERE round_id = $4 AND player_id = $5 AND slot = $6 AND win IS NULL",
    )
    .bind(at)
    .bind(win)
    .bind(now)
    .bind(round.id)
    .bind(player_id)
    .bind(slot)
    .execute(work.conn())
    .await?;
    if updated.rows_affected() == 0 {
        return Ok(None);
    }
    let paid = Kurus::from_minor(win).map_err(|_| CrashError::BadAmount)?;
    let answer = work.pay(&wallet_move(round, player_id, slot, "win", paid)).await?;
    Ok(Some((win, answer.balance())))
}

/// Pays every open bet of a round whose auto target the multiplier has reached (`upto`,
/// hundredths, at most the crash point); answers how many. A bet that cannot be settled is
/// logged and left for the next turn, not allowed to stop the others.
pub async fn pay_autos(db: &Db, round: &Round, upto: i64) -> Result<usize, CrashError> {
    let due = sqlx::query(
        "SELECT player_id, slot, amount, auto_cash_out FROM crash_bets WHERE round_id = $1 AND win IS NULL AND auto_cash_out <= $2",
    )
    .bind(round.id)
    .bind(upto.min(round.crash_point))
    .fetch_all(&db.pool)
    .await?;
    let mut paid = 0;
    for r in due {
        let (player_id, slot, amount, auto): (i64, i64, i64, i64) = (r.try_get(0)?, r.try_get(1)?, r.try_get(2)?, r.try_get(3)?);
        match settle_one(db, round, player_id, slot, amount, Some(auto)).await {
            Ok(true) => paid += 1,
            Ok(false) => {}
            Err(e) => tracing::error!(round = round.id, player_id, slot, error = %e, "crash: an auto cash-out could not be paid"),
        }
    }
    Ok(paid)
}

async fn settle_one(db: &Db, round: &Round, player_id: i64, slot: i64, amount: i64, at: Option<i64>) -> Result<bool, CrashError> {
    let mut work = Work::begin(db, PROVIDER).await?;
    let done = settle_bet_in(&mut work, round, player_id, slot, amount, at, now_ms()).await?.is_some();
    work.commit().await?;
    Ok(done)
}

/// Settles a crashed round: first marked settled (so no bet racing the crash can still join it:
/// bets hold the round until they commit), then auto targets up to the crash point are paid (if
/// the clock had not yet) and every other open bet is lost (a zero win settles its wallet round).
/// A bet that fails is logged and found again by the next turn ([`unsettled`]).
pub async fn settle(db: &Db, round: &Round) -> Result<(), CrashError> {
    sqlx::query("UPDATE crash_rounds SET settled_at = $1 WHERE id = $2 AND settled_at IS NULL")
        .bind(now_ms())
        .bind(round.id)
        .execute(&db.pool)
        .await?;
    pay_autos(db, round, round.crash_point).await?;
    let open = sqlx::query("SELECT player_id, slot, amount FROM crash_bets WHERE round_id = $1 AND win IS NULL")
        .bind(round.id)
        .fetch_all(&db.pool)
        .await?;
    for r in open {
        let (player_id, slot, amount): (i64, i64, i64) = (r.try_get(0)?, r.try_get(1)?, r.try_get(2)?);
        if let Err(e) = settle_one(db, round, player_id, slot, amount, None).await {
            tracing::error!(round = round.id, player_id, slot, error = %e, "crash: a lost bet could not be settled");
        }
    }
    Ok(())
}

/// The crashed rounds with work left: never marked settled, or holding a bet not yet settled.
pub async fn unsettled(db: &Db, now: i64) -> Result<Vec<i64>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT id FROM crash_rounds WHERE crash_at <= $1 AND settled_at IS NULL \
         UNION SELECT DISTINCT b.round_id FROM crash_bets b JOIN crash_rounds r ON r.id = b.round_id WHERE b.win IS NULL AND r.crash_at <= $1",
    )
    .bind(now)
    .fetch_all(&db.pool)
    .await
}
