//! Kasa Aviator, the studio's crash game: rounds shared by every player on every node (migration
//! 0014). A round's whole timeline is fixed when it is created — bets until `start_at`, the flight
//! until `crash_at` (from its crash point, [`engine::crash`]) — so any node takes bets and
//! cash-outs by the clock alone; one node at a time runs the round clock ([`clock`]: creates the
//! rounds along the hash chain, pays auto cash-outs as the multiplier passes them, reveals and
//! settles the crashed round), chosen through a lease in the database; each node's [`feed`] pushes
//! the round to its players' sockets. Money moves through the wallet's round calls like every
//! game's.
//!
//! Until a round has crashed its row tells nothing of its outcome (migration 0024): its hash, crash
//! point and crash time are stored only sealed under the node's `KASA_SEED_KEY` ([`seal_outcome`],
//! bound to the round's chain and position), every node opening them in memory; the plain columns
//! are written by [`reveal_crashed`] once it has crashed. Everything that reads crashed rounds
//! (history, archive, verification, settlement) reads those revealed columns.

pub mod clock;
pub mod feed;
pub mod routes;

use serde::Serialize;
use sqlx::{AnyConnection, Row};
use utoipa::ToSchema;

use super::PROVIDER;
use super::engine::crash;
use crate::db::{Db, now_ms};
use crate::money::Kurus;
use crate::rounds::{self, CallError, Move, Work};
use crate::seal::{SealError, SeedKey};
use crate::wallet::WalletError;

pub use crash::CODE;

pub use crash::{MAX_BET, MIN_BET};
/// Bets a player may have in one round (two panels).
pub const SLOTS: i64 = 2;

/// The crash game's rhythm.
#[derive(Debug, Clone, Copy)]
pub struct Timings {
    /// How long bets are taken before take-off.
    pub betting_ms: i64,
    /// The pause after a crash before the next round's betting.
    pub pause_ms: i64,
    /// Rounds in one hash chain.
    pub chain_len: usize,
    /// How often the clock and the feed look at the round.
    pub tick_ms: u64,
    /// Whether the node runs the game at all (the clock and the feed); the API tests' nodes do not,
    /// unless a test is about the crash game.
    pub running: bool,
}

impl Default for Timings {
    fn default() -> Self {
        Timings { betting_ms: crash::BETTING_MS, pause_ms: crash::PAUSE_MS, chain_len: 100_000, tick_ms: 100, running: true }
    }
}

/// A round as stored (its outcome opened, if still sealed).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Round {
    pub id: i64,
    pub chain_id: i64,
    pub position: i64,
    /// Hex.
    pub hash: String,
    /// Hundredths.
    pub crash_point: i64,
    pub start_at: i64,
    pub crash_at: i64,
    pub settled_at: Option<i64>,
}

/// Where a round is at a moment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum Phase {
    Betting,
    Running,
    Crashed,
}

impl Round {
    pub fn phase(&self, now: i64) -> Phase {
        if now < self.start_at {
            Phase::Betting
        } else if now < self.crash_at {
            Phase::Running
        } else {
            Phase::Crashed
        }
    }

    /// The multiplier at `now` (hundredths), never past the crash point.
    pub fn multiplier(&self, now: i64) -> u64 {
        crash::multiplier_at(now - self.start_at).min(self.crash_point as u64)
    }

    /// The wallet's round id of a player's bets in this round.
    fn wallet_round(&self, player_id: i64) -> String {
        format!("crash-{}-{player_id}", self.id)
    }
}

/// The time every node agrees on, epoch ms: the database's clock on PostgreSQL (nodes' clocks may
/// drift apart; bets and cash-outs are decided on this one), this machine's with SQLite (whose
/// nodes share a machine).
pub async fn db_now(conn: &mut AnyConnection) -> Result<i64, sqlx::Error> {
    if crate::db::is_postgres(conn) {
        sqlx::query_scalar("SELECT CAST(EXTRACT(EPOCH FROM clock_timestamp()) * 1000 AS BIGINT)").fetch_one(&mut *conn).await
    } else {
        Ok(now_ms())
    }
}

const ROUND_COLUMNS: &str = "id, chain_id, position, hash, crash_point, start_at, crash_at, settled_at, sealed";

/// What a round's sealed outcome is bound to: its place in its chain (a sealed value moved onto
/// another row does not open).
fn outcome_binding(chain_id: i64, position: i64) -> String {
    format!("kasa-aviator round {chain_id}:{position}")
}

/// A round's outcome sealed for its row (chain, position): its hash, crash point (hundredths) and
/// crash time (epoch ms), as `sealed` holds them until it has crashed.
pub fn seal_outcome(key: &SeedKey, chain_id: i64, position: i64, hash: &str, crash_point: i64, crash_at: i64) -> Result<String, SealError> {
    key.seal(&format!("{hash} {crash_point} {crash_at}"), &outcome_binding(chain_id, position))
}

/// Opens [`seal_outcome`]'s value: (hash, crash point, crash time).
fn open_outcome(key: &SeedKey, chain_id: i64, position: i64, sealed: &str) -> Result<(String, i64, i64), SealError> {
    let plain = key.open(sealed, &outcome_binding(chain_id, position))?;
    let mut parts = plain.split(' ');
    match (parts.next(), parts.next().map(str::parse), parts.next().map(str::parse), parts.next()) {
        (Some(hash), Some(Ok(point)), Some(Ok(crash_at)), None) => Ok((hash.to_string(), point, crash_at)),
        _ => Err(SealError::Unreadable),
    }
}

/// A round from its row: the plain columns once revealed, else its sealed outcome opened.
fn round_of(row: &sqlx::any::AnyRow, key: &SeedKey) -> Result<Round, sqlx::Error> {
    let (id, chain_id, position): (i64, i64, i64) = (row.try_get(0)?, row.try_get(1)?, row.try_get(2)?);
    let sealed: Option<String> = row.try_get(8)?;
    let (hash, crash_point, crash_at) = match sealed {
        Some(sealed) => open_outcome(key, chain_id, position, &sealed)?,
        None => (row.try_get(3)?, row.try_get(4)?, row.try_get(6)?),
    };
    Ok(Round { id, chain_id, position, hash, crash_point, start_at: row.try_get(5)?, crash_at, settled_at: row.try_get(7)? })
}

/// The latest round (the one being bet on, flown, or just crashed).
pub async fn current(db: &Db) -> Result<Option<Round>, sqlx::Error> {
    let row = sqlx::query(sqlx::AssertSqlSafe(format!("SELECT {ROUND_COLUMNS} FROM crash_rounds ORDER BY id DESC LIMIT 1")))
        .fetch_optional(&db.pool)
        .await?;
    row.as_ref().map(|r| round_of(r, &db.seed_key)).transpose()
}

async fn round_in(conn: &mut AnyConnection, key: &SeedKey, id: i64) -> Result<Option<Round>, sqlx::Error> {
    let row = sqlx::query(sqlx::AssertSqlSafe(format!("SELECT {ROUND_COLUMNS} FROM crash_rounds WHERE id = $1")))
        .bind(id)
        .fetch_optional(&mut *conn)
        .await?;
    row.as_ref().map(|r| round_of(r, key)).transpose()
}

/// The rounds whose rows still hold their outcome sealed, each opened (or why not), with its
/// sealed value. A sealed round is never settled (it is revealed first): the unsettled index finds
/// them, the current round and at most one a stopped clock left.
async fn still_sealed(db: &Db) -> Result<Vec<(Result<Round, sqlx::Error>, String)>, sqlx::Error> {
    let rows = sqlx::query(sqlx::AssertSqlSafe(format!(
        "SELECT {ROUND_COLUMNS} FROM crash_rounds WHERE settled_at IS NULL AND sealed IS NOT NULL ORDER BY id"
    )))
    .fetch_all(&db.pool)
    .await?;
    rows.iter().map(|row| Ok((round_of(row, &db.seed_key), row.try_get(8)?))).collect()
}

/// The rounds crashed by `now` whose rows are not yet revealed (the current round from its crash
/// until the clock's next turn reveals it; longer while the lease moves to another node), opened:
/// the readers of crashed rounds add them, so every node tells a round crashed from its crash
/// time on. Those this node cannot open (no key, or another one) are left out.
async fn crashed_unrevealed(db: &Db, now: i64) -> Result<Vec<Round>, sqlx::Error> {
    Ok(still_sealed(db).await?.into_iter().filter_map(|(r, _)| r.ok()).filter(|r| r.crash_at <= now).collect())
}

/// Writes plain the hash, crash point and crash time of every round crashed by `now` (its sealed
/// timeline) whose row still holds them sealed, and clears the sealed value: the current round
/// once it has crashed, or one a stopped clock left. Run by the node holding the clock's lease
/// before it settles; answers how many it revealed.
pub async fn reveal_crashed(db: &Db, now: i64) -> Result<usize, sqlx::Error> {
    let mut revealed = 0;
    for (round, sealed) in still_sealed(db).await? {
        let round = round?;
        if round.crash_at > now {
            continue;
        }
        let done =
            sqlx::query("UPDATE crash_rounds SET hash = $1, crash_point = $2, crash_at = $3, sealed = NULL WHERE id = $4 AND sealed = $5")
                .bind(&round.hash)
                .bind(round.crash_point)
                .bind(round.crash_at)
                .bind(round.id)
                .bind(&sealed)
                .execute(&db.pool)
                .await?;
        revealed += done.rows_affected() as usize;
    }
    Ok(revealed)
}

/// The last crashed rounds, newest first: (round id, crash point in hundredths, hash).
pub async fn history(db: &Db, now: i64, take: i64) -> Result<Vec<(i64, i64, String)>, sqlx::Error> {
    let rows = sqlx::query("SELECT id, crash_point, hash FROM crash_rounds WHERE crash_at <= $1 ORDER BY id DESC LIMIT $2")
        .bind(now)
        .bind(take)
        .fetch_all(&db.pool)
        .await?;
    let mut out = crashed_unrevealed(db, now).await?.into_iter().map(|r| (r.id, r.crash_point, r.hash)).collect::<Vec<_>>();
    for r in &rows {
        out.push((r.try_get(0)?, r.try_get(1)?, r.try_get(2)?));
    }
    out.sort_by_key(|(id, _, _)| std::cmp::Reverse(*id));
    out.dedup_by_key(|(id, _, _)| *id);
    out.truncate(usize::try_from(take).unwrap_or(0));
    Ok(out)
}

/// The commitment of the chain a round belongs to.
pub async fn commitment(db: &Db, chain_id: i64) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar("SELECT commitment FROM crash_chains WHERE id = $1").bind(chain_id).fetch_optional(&db.pool).await
}

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

/// The return, exactly as the code pays it (the crash game's state and archive answers carry it).
pub fn return_note() -> crate::studio::engine::Text {
    crash::return_note()
}

/// A chain of the public archive.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArchivedChain {
    pub id: i64,
    pub commitment: String,
    pub length: i64,
    /// When it was published (made), epoch ms.
    pub published_at: i64,
    /// Its rounds crashed so far.
    pub rounds: i64,
    /// The first and the last crashed round: (round id, position, take-off, crash) epoch ms.
    pub first: Option<(i64, i64, i64, i64)>,
    pub last: Option<(i64, i64, i64, i64)>,
}

/// The archive's chains, newest first (those published ahead of their first round too), before
/// chain `before` (all when `None`); only crashed rounds are counted and named.
pub async fn chains(db: &Db, before: Option<i64>, take: i64) -> Result<Vec<ArchivedChain>, sqlx::Error> {
    let now = db_now(&mut *db.pool.acquire().await?).await?;
    let rows = sqlx::query(
        "SELECT c.id, c.commitment, c.length, c.created_at, COUNT(r.id), MIN(r.id), MAX(r.id) \
         FROM crash_chains c LEFT JOIN crash_rounds r ON r.chain_id = c.id AND r.crash_at <= $1 \
         WHERE c.id < $2 GROUP BY c.id, c.commitment, c.length, c.created_at ORDER BY c.id DESC LIMIT $3",
    )
    .bind(now)
    .bind(before.unwrap_or(i64::MAX))
    .bind(take)
    .fetch_all(&db.pool)
    .await?;
    let mut out = Vec::with_capacity(rows.len());
    for r in &rows {
        let (first, last): (Option<i64>, Option<i64>) = (r.try_get(5)?, r.try_get(6)?);
        let mut conn = db.pool.acquire().await?;
        let end = async |id: Option<i64>, conn: &mut AnyConnection| -> Result<Option<(i64, i64, i64, i64)>, sqlx::Error> {
            Ok(match id {
                Some(id) => round_in(conn, &db.seed_key, id).await?.map(|r| (r.id, r.position, r.start_at, r.crash_at)),
                None => None,
            })
        };
        out.push(ArchivedChain {
            id: r.try_get(0)?,
            commitment: r.try_get(1)?,
            length: r.try_get(2)?,
            published_at: r.try_get(3)?,
            rounds: r.try_get(4)?,
            first: end(first, &mut conn).await?,
            last: end(last, &mut conn).await?,
        });
    }
    // Rounds crashed but not yet revealed, newer than their chain's revealed ones.
    for r in crashed_unrevealed(db, now).await? {
        if let Some(c) = out.iter_mut().find(|c| c.id == r.chain_id) {
            c.rounds += 1;
            let end = Some((r.id, r.position, r.start_at, r.crash_at));
            c.first = c.first.or(end);
            c.last = end;
        }
    }
    Ok(out)
}

/// A crashed round (by id or by hash) and its chain's commitment; `None` for a round not yet
/// crashed (its hash stays secret) or unknown.
pub async fn crashed_round(db: &Db, id: Option<i64>, hash: Option<&str>) -> Result<Option<(Round, String)>, sqlx::Error> {
    let mut conn = db.pool.acquire().await?;
    let now = db_now(&mut conn).await?;
    let filter = match (id, hash) {
        (Some(_), _) => "r.id = $2",
        (None, Some(_)) => "r.hash = $2",
        (None, None) => return Ok(None),
    };
    let columns = ROUND_COLUMNS.split(", ").map(|c| format!("r.{c}")).collect::<Vec<_>>().join(", ");
    let sql = format!(
        "SELECT {columns}, c.commitment FROM crash_rounds r JOIN crash_chains c ON c.id = r.chain_id WHERE r.crash_at <= $1 AND {filter}"
    );
    let query = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(now);
    let query = match (id, hash) {
        (Some(id), _) => query.bind(id),
        (None, h) => query.bind(h.unwrap_or_default().to_string()),
    };
    let row = query.fetch_optional(&mut *conn).await?;
    drop(conn);
    if let Some(r) = row {
        return Ok(Some((round_of(&r, &db.seed_key)?, r.try_get(9)?)));
    }
    // A round crashed but not yet revealed.
    let found = crashed_unrevealed(db, now).await?.into_iter().find(|r| match (id, hash) {
        (Some(id), _) => r.id == id,
        (None, h) => Some(r.hash.as_str()) == h,
    });
    Ok(match found {
        Some(r) => commitment(db, r.chain_id).await?.map(|c| (r, c)),
        None => None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sealed_outcome_opens_on_its_own_row_only() {
        let key = SeedKey::new([3; 32]);
        let hash = "ab".repeat(32);
        let sealed = seal_outcome(&key, 7, 12, &hash, 153, 1_700_000_000_123).unwrap();
        assert!(crate::seal::is_sealed(&sealed) && !sealed.contains(&hash), "{sealed}");
        assert_eq!(open_outcome(&key, 7, 12, &sealed).unwrap(), (hash, 153, 1_700_000_000_123));
        assert!(open_outcome(&key, 7, 13, &sealed).is_err(), "another position");
        assert!(open_outcome(&key, 8, 12, &sealed).is_err(), "another chain");
        assert!(open_outcome(&SeedKey::new([4; 32]), 7, 12, &sealed).is_err(), "another key");
    }
}
