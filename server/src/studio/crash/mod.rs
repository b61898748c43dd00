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

mod archive;
mod bets;
pub mod clock;
pub mod feed;
pub mod routes;

pub use archive::{ArchivedChain, chains, crashed_round, return_note};
pub use bets::{Bet, CashedOut, CrashError, Placed, bet, bets_since, cash_out, pay_autos, settle, unsettled};

use serde::Serialize;
use sqlx::{AnyConnection, Row};
use utoipa::ToSchema;

use super::engine::crash;
use crate::db::{Db, now_ms};
use crate::seal::{SealError, SeedKey};

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
