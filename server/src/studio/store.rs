//! SQL of the studio: the players' provably fair seeds and the studio's rounds as the game lists
//! them; its launch tokens and game sessions, kept by [`crate::auth::launch`] (256 random bits
//! shown once and stored only as their SHA-256).

use sqlx::{AnyConnection, Row};

use crate::auth::launch;
pub use crate::auth::launch::{GameSession, LaunchState};
use crate::db::{Db, now_ms};
use crate::rounds::{CallError, Fairness, Work};
use crate::studio::engine;
use crate::studio::seal::{self, SeedKey};

/// How long a launch token can be turned into a game session.
pub const LAUNCH_TTL_MS: i64 = 5 * 60 * 1000;
/// How long a game session lasts.
pub const SESSION_TTL_MS: i64 = 12 * 3600 * 1000;
/// The studio's provider code (its house account `house:provider:kasa`).
pub const PROVIDER: &str = "kasa";

/// The state of a studio launch token, without using it (the game page).
pub async fn peek_launch(db: &Db, token: &str) -> Result<LaunchState, sqlx::Error> {
    launch::peek(db, PROVIDER, token).await
}

/// Uses a studio launch token (once: of racing uses, one wins) and opens a game session for its
/// player and game; the session token, or why the launch token cannot be used.
pub async fn start_session(db: &Db, token: &str) -> Result<Result<(GameSession, String), LaunchState>, sqlx::Error> {
    launch::start_session(db, PROVIDER, token, SESSION_TTL_MS).await
}

/// Deletes launch tokens and game sessions that expired more than a day ago (their rounds keep
/// what they need); answers how many rows went.
pub async fn purge_expired(db: &Db) -> Result<u64, sqlx::Error> {
    launch::purge_expired(db).await
}

/// The live game session of a token.
pub async fn session(db: &Db, token: &str) -> Result<Option<GameSession>, sqlx::Error> {
    launch::session(db, token).await
}

/// A player's seed: the server seed (opened: plain, also while unrevealed), its commitment, the
/// client seed, the next nonce, and the commitment of the next server seed made in advance.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Seed {
    pub id: i64,
    pub server_seed: String,
    pub server_seed_hash: String,
    pub client_seed: String,
    /// The next round's nonce.
    pub nonce: i64,
    /// SHA-256 (hex) of the server seed the next rotation makes current: shown before the player
    /// chooses that rotation's client seed.
    pub next_server_seed_hash: String,
}

const SEED_COLUMNS: &str = "id, server_seed, server_seed_hash, client_seed, nonce, next_server_seed_hash, revealed_at";

/// A seed row, its server seed opened when it is still sealed.
fn seed_from(key: &SeedKey, r: &sqlx::any::AnyRow) -> Result<Seed, sqlx::Error> {
    let stored: String = r.try_get(1)?;
    let hash: String = r.try_get(2)?;
    let revealed: Option<i64> = r.try_get(6)?;
    let server_seed = if revealed.is_none() || seal::is_sealed(&stored) { key.open(&stored, &hash)? } else { stored };
    Ok(Seed {
        id: r.try_get(0)?,
        server_seed,
        server_seed_hash: hash,
        client_seed: r.try_get(3)?,
        nonce: r.try_get(4)?,
        next_server_seed_hash: r.try_get::<Option<String>, _>(5)?.unwrap_or_default(),
    })
}

/// A client seed the player did not choose: 16 random hex digits.
pub fn random_client_seed() -> String {
    hex::encode(rand::random::<[u8; 8]>())
}

/// A client seed as the player may set it: 1 to 64 printable ASCII characters.
pub fn valid_client_seed(s: &str) -> bool {
    (1..=64).contains(&s.len()) && s.bytes().all(|b| b.is_ascii_graphic())
}

/// A new server seed, sealed: (sealed, hash).
fn new_sealed_seed(key: &SeedKey) -> Result<(String, String), sqlx::Error> {
    let seed = engine::new_server_seed();
    let hash = engine::seed_hash(&seed);
    Ok((key.seal(&seed, &hash)?, hash))
}

/// Makes the player's active seed with `client_seed`: its server seed `current` (sealed, hash) —
/// the pending next one of a rotation — or a new one, and a new next seed. `None` when the player
/// has an active seed already.
async fn insert_seed(
    conn: &mut AnyConnection,
    key: &SeedKey,
    player_id: i64,
    client_seed: &str,
    current: Option<(String, String)>,
) -> Result<Option<Seed>, sqlx::Error> {
    let (server_seed, server_seed_hash) = match current {
        Some(c) => c,
        None => new_sealed_seed(key)?,
    };
    let (next, next_hash) = new_sealed_seed(key)?;
    let sql = format!(
        "INSERT INTO fair_seeds (player_id, server_seed, server_seed_hash, client_seed, nonce, created_at, next_server_seed, next_server_seed_hash) \
         VALUES ($1, $2, $3, $4, 0, $5, $6, $7) ON CONFLICT (player_id) WHERE revealed_at IS NULL DO NOTHING RETURNING {SEED_COLUMNS}"
    );
    let row = sqlx::query(sqlx::AssertSqlSafe(sql))
        .bind(player_id)
        .bind(&server_seed)
        .bind(&server_seed_hash)
        .bind(client_seed)
        .bind(now_ms())
        .bind(&next)
        .bind(&next_hash)
        .fetch_optional(conn)
        .await?;
    row.as_ref().map(|r| seed_from(key, r)).transpose()
}

/// The player's active seed, made (with a random client seed) when they have none; an active seed
/// an older version made without a next seed gets one.
pub async fn active_seed(db: &Db, player_id: i64) -> Result<Seed, sqlx::Error> {
    let key = &db.seed_key;
    let sql = format!("SELECT {SEED_COLUMNS} FROM fair_seeds WHERE player_id = $1 AND revealed_at IS NULL");
    let mut conn = db.pool.acquire().await?;
    if let Some(r) = sqlx::query(sqlx::AssertSqlSafe(sql.clone())).bind(player_id).fetch_optional(&mut *conn).await? {
        let seed = seed_from(key, &r)?;
        if !seed.next_server_seed_hash.is_empty() {
            return Ok(seed);
        }
        let (next, next_hash) = new_sealed_seed(key)?;
        sqlx::query("UPDATE fair_seeds SET next_server_seed = $1, next_server_seed_hash = $2 WHERE id = $3 AND next_server_seed IS NULL")
            .bind(&next)
            .bind(&next_hash)
            .bind(seed.id)
            .execute(&mut *conn)
            .await?;
    } else if let Some(seed) = insert_seed(&mut conn, key, player_id, &random_client_seed(), None).await? {
        return Ok(seed);
    }
    // Another call made it (or its next seed) at the same moment, or the next seed was just added.
    seed_from(key, &sqlx::query(sqlx::AssertSqlSafe(sql)).bind(player_id).fetch_one(&mut *conn).await?)
}

/// Takes the next nonce of the player's active seed inside the caller's transaction (the row
/// stays locked until it ends, so concurrent rounds get distinct nonces): the seed with the
/// round's nonce, or `None` when the player has no active seed.
///
/// On PostgreSQL an update that waited for a rotation finds the seed it waited for revealed and
/// cannot see the new one; the next statement can, so it asks again while an active seed exists.
pub async fn take_nonce(tx: &mut AnyConnection, key: &SeedKey, player_id: i64) -> Result<Option<Seed>, sqlx::Error> {
    let sql = format!("UPDATE fair_seeds SET nonce = nonce + 1 WHERE player_id = $1 AND revealed_at IS NULL RETURNING {SEED_COLUMNS}");
    for _ in 0..20 {
        let row = sqlx::query(sqlx::AssertSqlSafe(sql.clone())).bind(player_id).fetch_optional(&mut *tx).await?;
        if let Some(r) = row {
            return seed_from(key, &r).map(|s| Some(Seed { nonce: s.nonce - 1, ..s }));
        }
        let active: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM fair_seeds WHERE player_id = $1 AND revealed_at IS NULL")
            .bind(player_id)
            .fetch_one(&mut *tx)
            .await?;
        if active == 0 {
            break;
        }
    }
    Ok(None)
}

/// The seed with this id (revealed or not), inside the caller's transaction.
pub async fn seed_by_id(tx: &mut AnyConnection, key: &SeedKey, id: i64) -> Result<Option<Seed>, sqlx::Error> {
    let sql = format!("SELECT {SEED_COLUMNS} FROM fair_seeds WHERE id = $1");
    let row = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(id).fetch_optional(tx).await?;
    row.as_ref().map(|r| seed_from(key, r)).transpose()
}

/// A revealed seed: the old server seed and the last nonce played on it (none when unused).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Revealed {
    pub seed: Seed,
    pub last_nonce: Option<i64>,
}

/// What a rotation did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Rotation {
    /// The active seed revealed; the new active seed (the former next one, with the chosen client
    /// seed) and its own next seed's commitment.
    Rotated(Revealed, Seed),
    /// The player has an open blackjack round: nothing changed.
    RoundOpen,
    /// The player named a next seed (its hash) that is no longer the pending one (another
    /// rotation came first): nothing changed; the active seed now.
    NextChanged(Seed),
}

/// Rotates the player's seed: reveals the active one and makes the pending next seed — whose hash
/// the player was shown before choosing `client_seed` — the active one with that client seed, from
/// nonce 0, with a new next seed. When `expected_next` (the hash the player saw) is given and is
/// no longer the pending seed's, nothing changes. Of racing rotations, one reveals the seed and
/// the others (on PostgreSQL their statement cannot see the seed made meanwhile) try again on the
/// new one.
pub async fn rotate(db: &Db, player_id: i64, client_seed: &str, expected_next: Option<&str>) -> Result<Rotation, sqlx::Error> {
    let key = &db.seed_key;
    let sql = "UPDATE fair_seeds SET revealed_at = $2 WHERE player_id = $1 AND revealed_at IS NULL \
               RETURNING id, server_seed, server_seed_hash, client_seed, nonce, next_server_seed, next_server_seed_hash";
    for _ in 0..5 {
        active_seed(db, player_id).await?;
        let mut tx = db.begin_write().await?;
        let Some(old) = sqlx::query(sql).bind(player_id).bind(now_ms()).fetch_optional(&mut *tx).await? else {
            tx.rollback().await?;
            continue;
        };
        // Revealing the seed under an open blackjack round would tell its next cards.
        if super::blackjack::open_round_id(&mut tx, player_id).await?.is_some() {
            tx.rollback().await?;
            return Ok(Rotation::RoundOpen);
        }
        let (id, sealed, hash, old_client, nonce): (i64, String, String, String, i64) =
            (old.try_get(0)?, old.try_get(1)?, old.try_get(2)?, old.try_get(3)?, old.try_get(4)?);
        let (next, next_hash): (Option<String>, Option<String>) = (old.try_get(5)?, old.try_get(6)?);
        let (Some(next), Some(next_hash)) = (next, next_hash) else {
            // Made meanwhile without a next seed (an older version): give it one first.
            tx.rollback().await?;
            continue;
        };
        let server_seed = if seal::is_sealed(&sealed) { key.open(&sealed, &hash)? } else { sealed };
        if expected_next.is_some_and(|h| !h.eq_ignore_ascii_case(&next_hash)) {
            tx.rollback().await?;
            let active = Seed { id, server_seed, server_seed_hash: hash, client_seed: old_client, nonce, next_server_seed_hash: next_hash };
            return Ok(Rotation::NextChanged(active));
        }
        sqlx::query("UPDATE fair_seeds SET server_seed = $1, next_server_seed = NULL WHERE id = $2")
            .bind(&server_seed)
            .bind(id)
            .execute(&mut *tx)
            .await?;
        let Some(new) = insert_seed(&mut tx, key, player_id, client_seed, Some((next, next_hash))).await? else {
            tx.rollback().await?;
            continue;
        };
        tx.commit().await?;
        let last_nonce = (nonce > 0).then_some(nonce - 1);
        let seed = Seed {
            id,
            server_seed,
            server_seed_hash: hash,
            client_seed: old_client,
            nonce,
            next_server_seed_hash: new.server_seed_hash.clone(),
        };
        return Ok(Rotation::Rotated(Revealed { seed, last_nonce }, new));
    }
    Err(sqlx::Error::RowNotFound)
}

/// Seals what an older version stored plain: unrevealed server seeds (and their pending next
/// seeds) and the crash chains' starts. Nothing to do without a key (the studio does not play).
pub async fn seal_plain_secrets(db: &Db) -> Result<(), sqlx::Error> {
    let key = &db.seed_key;
    if !key.is_set() {
        return Ok(());
    }
    let rows =
        sqlx::query("SELECT id, server_seed, server_seed_hash FROM fair_seeds WHERE revealed_at IS NULL AND server_seed NOT LIKE 's1.%'")
            .fetch_all(&db.pool)
            .await?;
    for r in &rows {
        let (id, seed, hash): (i64, String, String) = (r.try_get(0)?, r.try_get(1)?, r.try_get(2)?);
        sqlx::query("UPDATE fair_seeds SET server_seed = $1 WHERE id = $2 AND revealed_at IS NULL AND server_seed = $3")
            .bind(key.seal(&seed, &hash)?)
            .bind(id)
            .bind(&seed)
            .execute(&db.pool)
            .await?;
    }
    let chains = sqlx::query("SELECT id, seed, commitment FROM crash_chains WHERE seed NOT LIKE 's1.%'").fetch_all(&db.pool).await?;
    for r in &chains {
        let (id, seed, commitment): (i64, String, String) = (r.try_get(0)?, r.try_get(1)?, r.try_get(2)?);
        sqlx::query("UPDATE crash_chains SET seed = $1 WHERE id = $2 AND seed = $3")
            .bind(key.seal(&seed, &commitment)?)
            .bind(id)
            .bind(&seed)
            .execute(&db.pool)
            .await?;
    }
    if !rows.is_empty() || !chains.is_empty() {
        tracing::info!(seeds = rows.len(), chains = chains.len(), "sealed the plain secrets an older version left");
    }
    Ok(())
}

/// Records the studio's side of a round (the seed, nonce, client seed and outcome) in the round's
/// unit of work.
pub async fn record_fairness(work: &mut Work, round_id: &str, seed: &Seed, outcome: &serde_json::Value) -> Result<(), CallError> {
    let fair = Fairness { seed_id: seed.id, nonce: seed.nonce, client_seed: &seed.client_seed, outcome };
    work.record_fairness(round_id, &fair).await
}

/// A studio round as the game lists it.
#[derive(Debug, Clone)]
pub struct PlayedRound {
    pub round_id: String,
    pub bet: i64,
    pub win: i64,
    pub nonce: i64,
    pub client_seed: String,
    pub server_seed_hash: String,
    /// Only once the seed is rotated.
    pub server_seed: Option<String>,
    pub outcome: serde_json::Value,
    pub created_at: i64,
}

/// The player's recent rounds of a game, newest first.
pub async fn recent_rounds(db: &Db, player_id: i64, game_code: &str, take: i64) -> Result<Vec<PlayedRound>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT r.round_id, r.bets, r.wins, r.nonce, r.client_seed, s.server_seed_hash, \
         CASE WHEN s.revealed_at IS NULL THEN NULL ELSE s.server_seed END, r.outcome, r.created_at \
         FROM rounds r JOIN fair_seeds s ON s.id = r.seed_id \
         WHERE r.player_id = $1 AND r.provider = $2 AND r.game_code = $3 ORDER BY r.id DESC LIMIT $4",
    )
    .bind(player_id)
    .bind(PROVIDER)
    .bind(game_code)
    .bind(take)
    .fetch_all(&db.pool)
    .await?;
    rows.iter()
        .map(|r| {
            let outcome: Option<String> = r.try_get(7)?;
            Ok(PlayedRound {
                round_id: r.try_get(0)?,
                bet: r.try_get(1)?,
                win: r.try_get(2)?,
                nonce: r.try_get(3)?,
                client_seed: r.try_get(4)?,
                server_seed_hash: r.try_get(5)?,
                server_seed: r.try_get(6)?,
                outcome: outcome.and_then(|o| serde_json::from_str(&o).ok()).unwrap_or_default(),
                created_at: r.try_get(8)?,
            })
        })
        .collect()
}
