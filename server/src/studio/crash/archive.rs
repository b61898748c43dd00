//! The crash game's record for players: the return it states, the archive of finished chains and
//! the crashed rounds a player verifies.

use sqlx::{AnyConnection, Row};

use super::{ROUND_COLUMNS, Round, commitment, crash, crashed_unrevealed, db_now, round_in, round_of};
use crate::db::Db;

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
