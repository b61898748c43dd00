//! SQL of the studio: launch tokens, game sessions, the players' provably fair seeds, and the
//! studio's rounds as the game lists them. Tokens are 256 random bits shown once and stored only
//! as their SHA-256.

use sqlx::{AnyConnection, Row};

use crate::auth::session::{new_token, token_hash};
use crate::db::{Db, now_ms};
use crate::studio::engine;

/// How long a launch token can be turned into a game session.
pub const LAUNCH_TTL_MS: i64 = 5 * 60 * 1000;
/// How long a game session lasts.
pub const SESSION_TTL_MS: i64 = 12 * 3600 * 1000;
/// The studio's provider code (its house account `house:provider:kasa`).
pub const PROVIDER: &str = "kasa";

/// Issues a launch token for a player and a game: single use, 5 minutes.
pub async fn create_launch(db: &Db, player_id: i64, provider: &str, game_code: &str, mobile: bool) -> Result<String, sqlx::Error> {
    let token = new_token();
    let now = now_ms();
    sqlx::query(
        "INSERT INTO game_launch_tokens (token_hash, player_id, provider, game_code, platform, created_at, expires_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(token_hash(&token))
    .bind(player_id)
    .bind(provider)
    .bind(game_code)
    .bind(if mobile { "mobile" } else { "desktop" })
    .bind(now)
    .bind(now + LAUNCH_TTL_MS)
    .execute(&db.pool)
    .await?;
    Ok(token)
}

/// What a launch token is now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LaunchState {
    /// Usable: the player and game it is bound to.
    Valid {
        player_id: i64,
        game_code: String,
    },
    Expired,
    Used,
    Unknown,
}

fn plausible(token: &str) -> bool {
    (20..=256).contains(&token.len()) && token.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// The state of a launch token, without using it (the game page).
pub async fn peek_launch(db: &Db, token: &str) -> Result<LaunchState, sqlx::Error> {
    if !plausible(token) {
        return Ok(LaunchState::Unknown);
    }
    let row =
        sqlx::query("SELECT player_id, game_code, expires_at, used_at FROM game_launch_tokens WHERE token_hash = $1 AND provider = $2")
            .bind(token_hash(token))
            .bind(PROVIDER)
            .fetch_optional(&db.pool)
            .await?;
    let Some(row) = row else { return Ok(LaunchState::Unknown) };
    let (player_id, game_code, expires_at, used_at): (i64, String, i64, Option<i64>) =
        (row.try_get(0)?, row.try_get(1)?, row.try_get(2)?, row.try_get(3)?);
    Ok(if used_at.is_some() {
        LaunchState::Used
    } else if expires_at <= now_ms() {
        LaunchState::Expired
    } else {
        LaunchState::Valid { player_id, game_code }
    })
}

/// A game session: who plays which game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameSession {
    pub player_id: i64,
    pub game_code: String,
}

/// Uses a launch token (once: of racing uses, one wins) and opens a game session for its player
/// and game; the session token, or why the launch token cannot be used.
pub async fn start_session(db: &Db, token: &str) -> Result<Result<(GameSession, String), LaunchState>, sqlx::Error> {
    if !plausible(token) {
        return Ok(Err(LaunchState::Unknown));
    }
    let now = now_ms();
    let mut tx = db.begin_write().await?;
    let row = sqlx::query(
        "UPDATE game_launch_tokens SET used_at = $1 WHERE token_hash = $2 AND provider = $3 AND used_at IS NULL AND expires_at > $1 \
         RETURNING player_id, game_code",
    )
    .bind(now)
    .bind(token_hash(token))
    .bind(PROVIDER)
    .fetch_optional(&mut *tx)
    .await?;
    let Some(row) = row else {
        tx.rollback().await?;
        return Ok(Err(match peek_launch(db, token).await? {
            LaunchState::Valid { .. } => LaunchState::Used,
            other => other,
        }));
    };
    let session = GameSession { player_id: row.try_get(0)?, game_code: row.try_get(1)? };
    let session_token = new_token();
    sqlx::query(
        "INSERT INTO game_sessions (token_hash, player_id, provider, game_code, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(token_hash(&session_token))
    .bind(session.player_id)
    .bind(PROVIDER)
    .bind(&session.game_code)
    .bind(now)
    .bind(now + SESSION_TTL_MS)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(Ok((session, session_token)))
}

/// Deletes launch tokens and game sessions that expired more than a day ago (their rounds keep
/// what they need); answers how many rows went.
pub async fn purge_expired(db: &Db) -> Result<u64, sqlx::Error> {
    let before = now_ms() - 86_400_000;
    let tokens = sqlx::query("DELETE FROM game_launch_tokens WHERE expires_at < $1").bind(before).execute(&db.pool).await?;
    let sessions = sqlx::query("DELETE FROM game_sessions WHERE expires_at < $1").bind(before).execute(&db.pool).await?;
    Ok(tokens.rows_affected() + sessions.rows_affected())
}

/// The live game session of a token.
pub async fn session(db: &Db, token: &str) -> Result<Option<GameSession>, sqlx::Error> {
    if !plausible(token) {
        return Ok(None);
    }
    let row = sqlx::query("SELECT player_id, game_code FROM game_sessions WHERE token_hash = $1 AND expires_at > $2")
        .bind(token_hash(token))
        .bind(now_ms())
        .fetch_optional(&db.pool)
        .await?;
    row.map(|r| Ok(GameSession { player_id: r.try_get(0)?, game_code: r.try_get(1)? })).transpose()
}

/// A player's active seed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Seed {
    pub id: i64,
    pub server_seed: String,
    pub server_seed_hash: String,
    pub client_seed: String,
    /// The next round's nonce.
    pub nonce: i64,
}

fn seed_from(r: &sqlx::any::AnyRow) -> Result<Seed, sqlx::Error> {
    Ok(Seed {
        id: r.try_get(0)?,
        server_seed: r.try_get(1)?,
        server_seed_hash: r.try_get(2)?,
        client_seed: r.try_get(3)?,
        nonce: r.try_get(4)?,
    })
}

const SEED_COLUMNS: &str = "id, server_seed, server_seed_hash, client_seed, nonce";

/// A client seed the player did not choose: 16 random hex digits.
pub fn random_client_seed() -> String {
    hex::encode(rand::random::<[u8; 8]>())
}

/// A client seed as the player may set it: 1 to 64 printable ASCII characters.
pub fn valid_client_seed(s: &str) -> bool {
    (1..=64).contains(&s.len()) && s.bytes().all(|b| b.is_ascii_graphic())
}

async fn insert_seed(conn: &mut AnyConnection, player_id: i64, client_seed: &str) -> Result<Option<Seed>, sqlx::Error> {
    let server_seed = engine::new_server_seed();
    let sql = format!(
        "INSERT INTO fair_seeds (player_id, server_seed, server_seed_hash, client_seed, nonce, created_at) \
         VALUES ($1, $2, $3, $4, 0, $5) ON CONFLICT (player_id) WHERE revealed_at IS NULL DO NOTHING RETURNING {SEED_COLUMNS}"
    );
    let row = sqlx::query(sqlx::AssertSqlSafe(sql))
        .bind(player_id)
        .bind(&server_seed)
        .bind(engine::seed_hash(&server_seed))
        .bind(client_seed)
        .bind(now_ms())
        .fetch_optional(conn)
        .await?;
    row.as_ref().map(seed_from).transpose()
}

/// The player's active seed, made (with a random client seed) when they have none.
pub async fn active_seed(db: &Db, player_id: i64) -> Result<Seed, sqlx::Error> {
    let sql = format!("SELECT {SEED_COLUMNS} FROM fair_seeds WHERE player_id = $1 AND revealed_at IS NULL");
    let mut conn = db.pool.acquire().await?;
    if let Some(r) = sqlx::query(sqlx::AssertSqlSafe(sql.clone())).bind(player_id).fetch_optional(&mut *conn).await? {
        return seed_from(&r);
    }
    if let Some(seed) = insert_seed(&mut conn, player_id, &random_client_seed()).await? {
        return Ok(seed);
    }
    // Another call made it at the same moment.
    seed_from(&sqlx::query(sqlx::AssertSqlSafe(sql)).bind(player_id).fetch_one(&mut *conn).await?)
}

/// Takes the next nonce of the player's active seed inside the caller's transaction (the row
/// stays locked until it ends, so concurrent rounds get distinct nonces): the seed with the
/// round's nonce, or `None` when the player has no active seed.
///
/// On PostgreSQL an update that waited for a rotation finds the seed it waited for revealed and
/// cannot see the new one; the next statement can, so it asks again while an active seed exists.
pub async fn take_nonce(tx: &mut AnyConnection, player_id: i64) -> Result<Option<Seed>, sqlx::Error> {
    let sql = format!("UPDATE fair_seeds SET nonce = nonce + 1 WHERE player_id = $1 AND revealed_at IS NULL RETURNING {SEED_COLUMNS}");
    for _ in 0..20 {
        let row = sqlx::query(sqlx::AssertSqlSafe(sql.clone())).bind(player_id).fetch_optional(&mut *tx).await?;
        if let Some(r) = row {
            return seed_from(&r).map(|s| Some(Seed { nonce: s.nonce - 1, ..s }));
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
pub async fn seed_by_id(tx: &mut AnyConnection, id: i64) -> Result<Option<Seed>, sqlx::Error> {
    let sql = format!("SELECT {SEED_COLUMNS} FROM fair_seeds WHERE id = $1");
    let row = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(id).fetch_optional(tx).await?;
    row.as_ref().map(seed_from).transpose()
}

/// A revealed seed: the old server seed and the last nonce played on it (none when unused).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Revealed {
    pub seed: Seed,
    pub last_nonce: Option<i64>,
}

/// Rotates the player's seed: reveals the active one and commits to a new one with `client_seed`.
/// Of racing rotations, one reveals the seed and the others (on PostgreSQL their statement cannot
/// see the seed made meanwhile) try again on the new one.
/// `None` while the player has an open blackjack round (nothing changed).
pub async fn rotate(db: &Db, player_id: i64, client_seed: &str) -> Result<Option<(Revealed, Seed)>, sqlx::Error> {
    let sql = format!("UPDATE fair_seeds SET revealed_at = $2 WHERE player_id = $1 AND revealed_at IS NULL RETURNING {SEED_COLUMNS}");
    for _ in 0..5 {
        active_seed(db, player_id).await?;
        let mut tx = db.begin_write().await?;
        let Some(old) = sqlx::query(sqlx::AssertSqlSafe(sql.clone())).bind(player_id).bind(now_ms()).fetch_optional(&mut *tx).await? else {
            tx.rollback().await?;
            continue;
        };
        let old = seed_from(&old)?;
        // Revealing the seed under an open blackjack round would tell its next cards.
        if super::blackjack::open_round_id(&mut tx, player_id).await?.is_some() {
            tx.rollback().await?;
            return Ok(None);
        }
        let Some(new) = insert_seed(&mut tx, player_id, client_seed).await? else {
            tx.rollback().await?;
            continue;
        };
        tx.commit().await?;
        let last_nonce = (old.nonce > 0).then_some(old.nonce - 1);
        return Ok(Some((Revealed { seed: old, last_nonce }, new)));
    }
    Err(sqlx::Error::RowNotFound)
}

/// Records the studio's side of a round (the seed, nonce, client seed and outcome) inside the
/// spin's transaction.
pub async fn record_fairness(
    tx: &mut AnyConnection,
    round_id: &str,
    seed: &Seed,
    outcome: &super::RoundOutcome,
) -> Result<(), sqlx::Error> {
    record_fairness_json(tx, round_id, seed, &serde_json::to_value(outcome).unwrap_or_default()).await
}

/// [`record_fairness`] with the outcome already as JSON (a blackjack round's record).
pub async fn record_fairness_json(
    tx: &mut AnyConnection,
    round_id: &str,
    seed: &Seed,
    outcome: &serde_json::Value,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE rounds SET seed_id = $1, nonce = $2, client_seed = $3, outcome = $4 WHERE provider = $5 AND round_id = $6")
        .bind(seed.id)
        .bind(seed.nonce)
        .bind(&seed.client_seed)
        .bind(outcome.to_string())
        .bind(PROVIDER)
        .bind(round_id)
        .execute(tx)
        .await?;
    Ok(())
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
