//! The bonus instances' SQL.

use sqlx::{AnyConnection, Row};

use crate::db::Db;

/// Bonus states.
pub const ACTIVE: &str = "active";
pub const COMPLETED: &str = "completed";
pub const EXPIRED: &str = "expired";
pub const FORFEITED: &str = "forfeited";
/// Its money was staked and lost; a late win of a round it staked in brings it back.
pub const SPENT: &str = "spent";

/// A bonus given to a player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BonusRow {
    pub id: i64,
    pub player_id: i64,
    pub source: String,
    pub promotion: String,
    /// Kuruş granted.
    pub amount: i64,
    /// Kuruş of it still in the bonus pocket.
    pub balance: i64,
    pub wager_required: i64,
    /// Kuruş counted towards the requirement by stakes not refunded (pending or stood).
    pub wagered: i64,
    /// Kuruş of `wagered` whose stakes stood (their rounds settled): the bonus completes when
    /// this reaches the requirement.
    pub stood: i64,
    /// The percentage of a sportsbook stake counted (the promotion's term at the grant).
    pub sports_percent: i64,
    pub max_bet: i64,
    pub state: String,
    pub created_at: i64,
    pub expires_at: i64,
    pub ended_at: Option<i64>,
}

impl BonusRow {
    /// Active or spent: it may still hold money, or get it back.
    pub fn is_live(&self) -> bool {
        self.state == ACTIVE || self.state == SPENT
    }
}

const COLUMNS: &str = "id, player_id, source, promotion, amount, balance, wager_required, wagered, max_bet, state, created_at, \
     expires_at, ended_at, stood, sports_percent";

fn row(r: &sqlx::any::AnyRow) -> Result<BonusRow, sqlx::Error> {
    Ok(BonusRow {
        id: r.try_get(0)?,
        player_id: r.try_get(1)?,
        source: r.try_get(2)?,
        promotion: r.try_get(3)?,
        amount: r.try_get(4)?,
        balance: r.try_get(5)?,
        wager_required: r.try_get(6)?,
        wagered: r.try_get(7)?,
        max_bet: r.try_get(8)?,
        state: r.try_get(9)?,
        created_at: r.try_get(10)?,
        expires_at: r.try_get(11)?,
        ended_at: r.try_get(12)?,
        stood: r.try_get(13)?,
        sports_percent: r.try_get(14)?,
    })
}

/// The player's active and spent bonuses, oldest first (the order their money is used in).
pub async fn live(conn: &mut AnyConnection, player_id: i64) -> Result<Vec<BonusRow>, sqlx::Error> {
    let sql = format!("SELECT {COLUMNS} FROM bonuses WHERE player_id = $1 AND state IN ('active', 'spent') ORDER BY id");
    sqlx::query(sqlx::AssertSqlSafe(sql)).bind(player_id).fetch_all(conn).await?.iter().map(row).collect()
}

/// The player's bonuses, newest first.
pub async fn of_player(db: &Db, player_id: i64, limit: i64) -> Result<Vec<BonusRow>, sqlx::Error> {
    let sql = format!("SELECT {COLUMNS} FROM bonuses WHERE player_id = $1 ORDER BY id DESC LIMIT $2");
    sqlx::query(sqlx::AssertSqlSafe(sql)).bind(player_id).bind(limit).fetch_all(&db.pool).await?.iter().map(row).collect()
}

pub async fn by_id(conn: &mut AnyConnection, id: i64) -> Result<Option<BonusRow>, sqlx::Error> {
    let sql = format!("SELECT {COLUMNS} FROM bonuses WHERE id = $1");
    sqlx::query(sqlx::AssertSqlSafe(sql)).bind(id).fetch_optional(conn).await?.as_ref().map(row).transpose()
}

/// The player's latest bonus that has ended (completed, expired or forfeited).
pub async fn latest_ended(conn: &mut AnyConnection, player_id: i64) -> Result<Option<BonusRow>, sqlx::Error> {
    let sql = format!(
        "SELECT {COLUMNS} FROM bonuses WHERE player_id = $1 AND state IN ('completed', 'expired', 'forfeited') \
         ORDER BY ended_at DESC, id DESC LIMIT 1"
    );
    sqlx::query(sqlx::AssertSqlSafe(sql)).bind(player_id).fetch_optional(conn).await?.as_ref().map(row).transpose()
}

/// A new bonus, or `None` when the player has had this promotion's already.
pub async fn insert(conn: &mut AnyConnection, b: &BonusRow) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar(
        "INSERT INTO bonuses (player_id, source, promotion, amount, balance, wager_required, wagered, max_bet, state, created_at, expires_at, \
         stood, sports_percent) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) ON CONFLICT (player_id, promotion) DO NOTHING RETURNING id",
    )
    .bind(b.player_id)
    .bind(&b.source)
    .bind(&b.promotion)
    .bind(b.amount)
    .bind(b.balance)
    .bind(b.wager_required)
    .bind(b.wagered)
    .bind(b.max_bet)
    .bind(&b.state)
    .bind(b.created_at)
    .bind(b.expires_at)
    .bind(b.stood)
    .bind(b.sports_percent)
    .fetch_optional(conn)
    .await
}

/// Writes a bonus's balance, wagering and state back.
pub async fn save(conn: &mut AnyConnection, b: &BonusRow) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE bonuses SET balance = $1, wagered = $2, state = $3, ended_at = $4, stood = $5 WHERE id = $6")
        .bind(b.balance)
        .bind(b.wagered)
        .bind(&b.state)
        .bind(b.ended_at)
        .bind(b.stood)
        .bind(b.id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Players with live bonuses past their expiry, at most `limit`.
pub async fn players_with_due(db: &Db, now: i64, limit: i64) -> Result<Vec<i64>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT DISTINCT player_id FROM bonuses WHERE state IN ('active', 'spent') AND expires_at <= $1 ORDER BY player_id LIMIT $2",
    )
    .bind(now)
    .bind(limit)
    .fetch_all(&db.pool)
    .await
}
