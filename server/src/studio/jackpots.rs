//! The studio's progressive jackpots in the database (migration 0013): every slot spin adds its
//! contributions to its player's shard of each jackpot, a level the spin's draw won is paid through
//! the wallet (a win of the round, transaction `{roundId}:jackpot:{key}`) and reset to its seed,
//! the winner gets a Jackpot notification (type 3) in the request's language. The cards the app
//! shows are read by the content area from the same tables ([`crate::cms::store::live_jackpot_cards`]).

use serde::Serialize;
use sqlx::AnyConnection;
use utoipa::ToSchema;

use super::engine::jackpot::{self, JACKPOTS};
use crate::casino::rounds::{self, CallError, Move};
use crate::db::{Db, now_ms};
use crate::i18n::t;
use crate::money::Kurus;
use crate::notify::{self, Audience, NotificationType};

/// Shards a jackpot's contributions are spread over (by player id).
pub const SHARDS: i64 = 16;

/// A jackpot level won by a spin.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct JackpotWin {
    /// High Cash or Clover Chance.
    pub jackpot: String,
    /// I, II, III or IV.
    pub level: String,
    /// Clubs, Diamonds, Hearts or Spades.
    pub name: String,
    /// Kuruş paid.
    pub amount: i64,
}

/// Inside a slot spin's transaction, after its bet and win: for each jackpot in turn (always in
/// [`JACKPOTS`] order), pays the level won (from [`jackpot::draw`]) and resets it, then adds the
/// bet's contributions to the player's shard. Every spin takes the rows in that one order — a
/// jackpot's level and shards before the next jackpot's, a winner's shards before any of its own
/// contributions — so spins never wait for each other in a circle. Answers the levels won and,
/// when any was, the player's balance after them.
pub async fn settle_in(
    tx: &mut AnyConnection,
    player_id: i64,
    game_code: &str,
    round_id: &str,
    bet: Kurus,
    won: [Option<usize>; 2],
) -> Result<(Vec<JackpotWin>, Option<Kurus>), CallError> {
    let mut wins = Vec::new();
    let mut balance = None;
    let shard = player_id.rem_euclid(SHARDS);
    for (jp, level) in JACKPOTS.iter().zip(won) {
        if let Some(level) = level {
            let win = pay_level(tx, player_id, game_code, round_id, jp, level).await?;
            balance = Some(win.1);
            wins.push(win.0);
        }
        let [a, b, c, d] = jp.levels.map(|l| jackpot::contribution_milli(&l, bet.minor()));
        sqlx::query("UPDATE jackpot_shards SET l0 = l0 + $1, l1 = l1 + $2, l2 = l2 + $3, l3 = l3 + $4 WHERE jackpot = $5 AND shard = $6")
            .bind(a)
            .bind(b)
            .bind(c)
            .bind(d)
            .bind(jp.key)
            .bind(shard)
            .execute(&mut *tx)
            .await?;
    }
    Ok((wins, balance))
}

/// Pays a won level (its whole value, to the kuruş) and resets it to its seed.
async fn pay_level(
    tx: &mut AnyConnection,
    player_id: i64,
    game_code: &str,
    round_id: &str,
    jp: &jackpot::Jackpot,
    level: usize,
) -> Result<(JackpotWin, Kurus), CallError> {
    let l = &jp.levels[level];
    // The level's shard column: one of l0..l3 (an index below 4, never input).
    let col = format!("l{level}");
    let base: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
        "SELECT base_milli FROM jackpot_levels WHERE jackpot = $1 AND level = $2{}",
        lock(tx)
    )))
    .bind(jp.key)
    .bind(level as i64)
    .fetch_one(&mut *tx)
    .await?;
    let shards: Vec<i64> =
        sqlx::query_scalar(sqlx::AssertSqlSafe(format!("SELECT {col} FROM jackpot_shards WHERE jackpot = $1 ORDER BY shard{}", lock(tx))))
            .bind(jp.key)
            .fetch_all(&mut *tx)
            .await?;
    let total = base + shards.iter().sum::<i64>();
    let amount = Kurus::from_minor(total / 1_000).map_err(|_| CallError::Invalid("a jackpot beyond the wallet's range"))?;
    sqlx::query(sqlx::AssertSqlSafe(format!("UPDATE jackpot_shards SET {col} = 0 WHERE jackpot = $1")))
        .bind(jp.key)
        .execute(&mut *tx)
        .await?;
    // Reset to the seed; what was below a kuruş stays in the level.
    sqlx::query("UPDATE jackpot_levels SET base_milli = $1, wins = wins + 1, last_won_at = $2 WHERE jackpot = $3 AND level = $4")
        .bind(l.seed * 1_000 + total % 1_000)
        .bind(now_ms())
        .bind(jp.key)
        .bind(level as i64)
        .execute(&mut *tx)
        .await?;
    sqlx::query("INSERT INTO jackpot_wins (jackpot, level, player_id, round_id, amount, created_at) VALUES ($1, $2, $3, $4, $5, $6)")
        .bind(jp.key)
        .bind(level as i64)
        .bind(player_id)
        .bind(round_id)
        .bind(amount.minor())
        .bind(now_ms())
        .execute(&mut *tx)
        .await?;
    let mv = Move {
        provider: super::PROVIDER.to_string(),
        player_id,
        game_code: game_code.to_string(),
        round_id: round_id.to_string(),
        tx_id: format!("{round_id}:jackpot:{}", jp.key),
        amount,
    };
    let after = rounds::win_in(tx, &mv).await?.balance();
    let title = t("notify.jackpot_title").replace("{jackpot}", jp.name);
    let note =
        t("notify.jackpot_note").replace("{jackpot_level}", &format!("{} ({})", l.level, l.name)).replace("{amount}", &amount.to_string());
    notify::create(tx, Audience::Player(player_id), NotificationType::Jackpot, &title, &note).await?;
    let win = JackpotWin { jackpot: jp.name.to_string(), level: l.level.to_string(), name: l.name.to_string(), amount: amount.minor() };
    Ok((win, after))
}

/// `FOR UPDATE` on PostgreSQL; SQLite's write transaction already holds the whole database.
fn lock(tx: &AnyConnection) -> &'static str {
    if crate::db::is_postgres(tx) { " FOR UPDATE" } else { "" }
}

/// A jackpot's current levels, I to IV, in thousandths of a kuruş.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Levels {
    pub key: &'static str,
    pub milli: [i64; 4],
}

/// Every jackpot's current levels, in [`JACKPOTS`] order (what the content area reads, by key).
pub async fn current(db: &Db) -> Result<Vec<Levels>, sqlx::Error> {
    let now = crate::cms::store::jackpot_levels(db).await?;
    Ok(JACKPOTS
        .iter()
        .map(|j| {
            let mut milli = j.levels.map(|l| l.seed * 1_000);
            for (i, l) in now.iter().filter(|l| l.jackpot == j.key).take(4).enumerate() {
                milli[i] = l.milli;
            }
            Levels { key: j.key, milli }
        })
        .collect())
}
