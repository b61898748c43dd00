//! The crash game's round clock. Every node runs this loop; the one holding the lease in
//! `crash_clock` (taken when it is free or expired, renewed every tick, [`LEASE_MS`] long) does the
//! work: it creates the next round once the current one has crashed (the next hash of the chain,
//! a new chain when one runs out; its hash, crash point and crash time sealed in its row), pays auto
//! cash-outs as the multiplier passes them, and reveals (writes plain) and then settles the crashed
//! round. Should that node stop, another takes the lease within [`LEASE_MS`] and reveals what it
//! left; rounds in flight keep their fixed timeline meanwhile, and every node takes bets and
//! cash-outs by the clock.
//! The same node purges the studio's expired launch tokens and game sessions every
//! [`PURGE_EVERY_MS`].

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use sqlx::Row;

use super::{Round, Timings, current};
use crate::db::{Db, now_ms};
use crate::studio::engine::crash;
use crate::studio::seal;

/// How long a lease lasts without renewal.
pub const LEASE_MS: i64 = 3_000;
/// How often the lease is renewed (or, by the other nodes, tried).
pub const RENEW_MS: i64 = 1_000;
/// How often the leading node purges expired launch tokens and game sessions.
pub const PURGE_EVERY_MS: i64 = 600_000;

/// The chain in use, held in memory by the node running the clock.
struct Chain {
    id: i64,
    hashes: Vec<[u8; 32]>,
}

/// Runs the clock for node `node` until the task is aborted. The lease is held under the node's
/// name and a random tag of this process, so two nodes given the same name never both lead.
pub async fn run(db: Db, node: String, timings: Timings) {
    if !db.seed_key.is_set() {
        tracing::error!("KASA_SEED_KEY is not set: this node runs no crash round clock");
        return;
    }
    let node = format!("{node}#{}", &crate::studio::engine::new_server_seed()[..8]);
    let mut chains: HashMap<i64, Arc<Chain>> = HashMap::new();
    let mut every = tokio::time::interval(Duration::from_millis(timings.tick_ms));
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
    // The lease is taken or renewed every RENEW_MS (a write), the round looked at every tick.
    let mut leading = false;
    let mut renewed: Option<i64> = None;
    let mut purged: Option<i64> = None;
    loop {
        every.tick().await;
        if renewed.is_none_or(|at| now_ms() - at >= RENEW_MS) {
            renewed = Some(now_ms());
            leading = match lead(&db, &node).await {
                Ok(l) => l,
                Err(e) => {
                    tracing::warn!(error = %e, "crash clock: the lease could not be read");
                    false
                }
            };
        }
        if leading && let Err(e) = turn(&db, &timings, &mut chains).await {
            tracing::warn!(error = %e, "crash clock: a turn failed");
        }
        if leading && purged.is_none_or(|at| now_ms() - at >= PURGE_EVERY_MS) {
            purged = Some(now_ms());
            match crate::studio::store::purge_expired(&db).await {
                Ok(n) if n > 0 => tracing::info!(rows = n, "purged expired game launch tokens and sessions"),
                Ok(_) => {}
                Err(e) => tracing::warn!(error = %e, "the purge of expired game sessions failed"),
            }
        }
    }
}

/// Takes or renews the lease; whether this node holds it.
async fn lead(db: &Db, node: &str) -> Result<bool, sqlx::Error> {
    let now = super::db_now(&mut *db.pool.acquire().await?).await?;
    let took = sqlx::query("UPDATE crash_clock SET node = $1, lease_until = $2 WHERE id = 1 AND (node = $1 OR lease_until < $3)")
        .bind(node)
        .bind(now + LEASE_MS)
        .bind(now)
        .execute(&db.pool)
        .await?;
    Ok(took.rows_affected() == 1)
}

/// Which node runs the clock now, if any lease is live.
pub async fn leader(db: &Db) -> Result<Option<String>, sqlx::Error> {
    let row = sqlx::query("SELECT node, lease_until FROM crash_clock WHERE id = 1").fetch_one(&db.pool).await?;
    let (node, until): (String, i64) = (row.try_get(0)?, row.try_get(1)?);
    let now = super::db_now(&mut *db.pool.acquire().await?).await?;
    Ok((until >= now && !node.is_empty()).then_some(node))
}

/// One turn of the clock's work, on the database's time.
async fn turn(db: &Db, timings: &Timings, chains: &mut HashMap<i64, Arc<Chain>>) -> anyhow::Result<()> {
    let now = super::db_now(&mut *db.pool.acquire().await?).await?;
    let round = current(db).await?;
    match &round {
        Some(r) if now < r.start_at => {}
        Some(r) if now < r.crash_at => {
            super::pay_autos(db, r, r.multiplier(now) as i64).await?;
        }
        _ => {
            // Reveal what crashed, settle it (and any round a stopped clock left), then open the
            // next: no round is made while one that crashed is still sealed.
            super::reveal_crashed(db, now).await?;
            for id in super::unsettled(db, now).await? {
                if let Some(r) = super::round_in(&mut *db.pool.acquire().await?, &db.seed_key, id).await?
                    && let Err(e) = super::settle(db, &r).await
                {
                    tracing::error!(round = id, error = %e, "crash clock: a round could not be settled");
                }
            }
            next_round(db, timings, round.as_ref(), chains, now).await?;
        }
    }
    Ok(())
}

/// Creates the round after `last` (or the first), on the same chain while it lasts, then on the
/// chain published after it. A chain is always published (its commitment in the archive) before
/// its first round is made: the next one is made as soon as a chain's first round is.
async fn next_round(
    db: &Db,
    timings: &Timings,
    last: Option<&Round>,
    chains: &mut HashMap<i64, Arc<Chain>>,
    now: i64,
) -> anyhow::Result<()> {
    let (chain, position) = match last {
        Some(r) if (r.position as usize) < timings.chain_len.min(chain_length(db, r.chain_id).await?) => {
            (chain_of(db, r.chain_id, chains).await?, r.position + 1)
        }
        _ => match upcoming_chain(db).await? {
            Some(id) => (chain_of(db, id, chains).await?, 1),
            // None published yet (the very first round): publish one now, its first round on the
            // next turn.
            None => {
                new_chain(db, timings.chain_len, chains).await?;
                return Ok(());
            }
        },
    };
    let len = chain.hashes.len() - 1;
    let Some(hash) = len.checked_sub(position as usize).map(|i| hex::encode(chain.hashes[i])) else {
        return Ok(());
    };
    let point = crash::crash_point(&hash);
    let opens = last.map_or(now, |r| (r.crash_at + timings.pause_ms).max(now));
    let start_at = opens + timings.betting_ms;
    let crash_at = start_at + crash::flight_ms(point);
    // Its outcome sealed: the plain hash, crash point and crash time are written once it crashed.
    let sealed = super::seal_outcome(&db.seed_key, chain.id, position, &hash, point as i64, crash_at)?;
    // Two clocks for a moment (a lease handed over) cannot both add it: (chain, position) is unique.
    sqlx::query(
        "INSERT INTO crash_rounds (chain_id, position, sealed, start_at) VALUES ($1, $2, $3, $4) ON CONFLICT (chain_id, position) DO NOTHING",
    )
    .bind(chain.id)
    .bind(position)
    .bind(&sealed)
    .bind(start_at)
    .execute(&db.pool)
    .await?;
    // The chain after this one is published now (made with this chain's first round), a whole
    // chain ahead of its own first round.
    chains.retain(|id, _| *id >= chain.id);
    if upcoming_chain(db).await?.is_none() {
        new_chain(db, timings.chain_len, chains).await?;
    }
    Ok(())
}

/// The oldest published chain no round has used yet.
pub async fn upcoming_chain(db: &Db) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT c.id FROM crash_chains c WHERE NOT EXISTS (SELECT 1 FROM crash_rounds r WHERE r.chain_id = c.id) ORDER BY c.id LIMIT 1",
    )
    .fetch_optional(&db.pool)
    .await
}

async fn chain_length(db: &Db, id: i64) -> Result<usize, sqlx::Error> {
    let len: i64 = sqlx::query_scalar("SELECT length FROM crash_chains WHERE id = $1").bind(id).fetch_one(&db.pool).await?;
    Ok(usize::try_from(len).unwrap_or(0))
}

/// A chain from its stored start, computed once per node.
async fn chain_of(db: &Db, id: i64, chains: &mut HashMap<i64, Arc<Chain>>) -> anyhow::Result<Arc<Chain>> {
    if let Some(c) = chains.get(&id) {
        return Ok(c.clone());
    }
    let row = sqlx::query("SELECT seed, length, commitment FROM crash_chains WHERE id = $1").bind(id).fetch_one(&db.pool).await?;
    let (sealed, len, commitment): (String, i64, String) = (row.try_get(0)?, row.try_get(1)?, row.try_get(2)?);
    let seed = if seal::is_sealed(&sealed) { db.seed_key.open(&sealed, &commitment)? } else { sealed };
    let start: [u8; 32] = hex::decode(&seed)?.try_into().map_err(|_| anyhow::anyhow!("crash chain {id}: a bad seed"))?;
    let len = usize::try_from(len)?;
    let hashes = tokio::task::spawn_blocking(move || crash::chain(start, len)).await?;
    let chain = Arc::new(Chain { id, hashes });
    chains.insert(id, chain.clone());
    Ok(chain)
}

/// A new chain: a secret start from the OS, sealed, its commitment stored (published) with it.
async fn new_chain(db: &Db, len: usize, chains: &mut HashMap<i64, Arc<Chain>>) -> anyhow::Result<Arc<Chain>> {
    let start: [u8; 32] = hex::decode(crate::studio::engine::new_server_seed())?.try_into().map_err(|_| anyhow::anyhow!("a bad seed"))?;
    let hashes = tokio::task::spawn_blocking(move || crash::chain(start, len)).await?;
    let commitment = hex::encode(hashes[len]);
    let sealed = db.seed_key.seal(&hex::encode(start), &commitment)?;
    let id: i64 =
        sqlx::query_scalar("INSERT INTO crash_chains (seed, length, commitment, created_at) VALUES ($1, $2, $3, $4) RETURNING id")
            .bind(sealed)
            .bind(len as i64)
            .bind(&commitment)
            .bind(now_ms())
            .fetch_one(&db.pool)
            .await?;
    tracing::info!(chain = id, rounds = len, "crash game: a new hash chain");
    let chain = Arc::new(Chain { id, hashes });
    chains.insert(id, chain.clone());
    Ok(chain)
}
