//! The studio's progressive jackpots on the ledger (migrations 0013 and 0023). Each level is a
//! house account (`house:jackpot:high-cash:1` … `house:jackpot:clover-chance:4`): a slot bet's
//! contributions move from the studio's provider account into the levels' in the stake's own
//! wallet batch, a level the spin's draw won is paid from its account (a win of the round,
//! transaction `{roundId}:jackpot:{key}`), and the new level's seed comes from the house's seed
//! account (`house:jackpot_seed`) in the same transaction. The winner gets a Jackpot notification
//! (type 3) in the request's language.
//!
//! Contributions are thousandths of a kuruş and the ledger moves kuruş, so each of a jackpot's 16
//! shards (by player id) counts, per level, the thousandths its spins added since the level was
//! last won; a spin moves the whole kuruş its addition completes in its shard (`⌊new / 1000⌋ −
//! ⌊old / 1000⌋`), what is below a kuruş waits in the shard for the next spins. So a level's
//! account holds exactly its seed plus `Σ ⌊shard / 1000⌋`, which is what the cards show
//! ([`live_cards`]), read from the tables without summing the ledger.
//! A win pays that, leaves each shard its part below a kuruş, and funds the new seed.

use serde::Serialize;
use sqlx::{AnyConnection, Row};
use utoipa::ToSchema;

use super::engine::jackpot::{self, JACKPOTS};
use crate::db::{Db, now_ms};
use crate::money::Kurus;
use crate::notify::{self, Audience, NotificationType};
use crate::rounds::{CallError, Move, Work};
use crate::wallet::{self, Account, Batch, Refs, Transfer, TransferKind, WalletError};

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

/// The ledger account of a jackpot's level (`level` 0 for I … 3 for IV).
pub fn account(jp: &jackpot::Jackpot, level: usize) -> Account {
    Account::Jackpot { jackpot: jp.key.to_string(), level: level as u8 + 1 }
}

/// Opens the levels' accounts and the seed account if new, before a spin's transaction (a node
/// asks the database once).
pub async fn open_accounts(db: &Db) -> Result<(), WalletError> {
    for jp in &JACKPOTS {
        for level in 0..4 {
            wallet::open_house_account(db, &account(jp, level)).await?;
        }
    }
    wallet::open_house_account(db, &Account::JackpotSeed).await
}

/// Inside a slot spin's transaction, before its bet: for each jackpot in turn (always in
/// [`JACKPOTS`] order), locks the level the spin's draw won with all the jackpot's shards, then
/// adds the bet's contributions to the player's shard, and answers the transfers of the whole
/// kuruş they complete (the studio's account to each level's), for the stake's batch. Every spin
/// takes the rows in that one order — a jackpot's level and shards before the next jackpot's, all
/// before the player's balance rows — so spins never wait for each other in a circle.
pub async fn contribute_in(
    tx: &mut AnyConnection,
    player_id: i64,
    round_id: &str,
    bet: Kurus,
    won: [Option<usize>; 2],
) -> Result<Vec<Transfer>, CallError> {
    let shard = player_id.rem_euclid(SHARDS);
    let studio = Account::Provider(super::PROVIDER.to_string());
    let mut transfers = Vec::new();
    for (jp, level) in JACKPOTS.iter().zip(won) {
        if let Some(level) = level {
            sqlx::query(sqlx::AssertSqlSafe(format!("SELECT wins FROM jackpot_levels WHERE jackpot = $1 AND level = $2{}", lock(tx))))
                .bind(jp.key)
                .bind(level as i64)
                .fetch_one(&mut *tx)
                .await?;
            sqlx::query(sqlx::AssertSqlSafe(format!("SELECT shard FROM jackpot_shards WHERE jackpot = $1 ORDER BY shard{}", lock(tx))))
                .bind(jp.key)
                .fetch_all(&mut *tx)
                .await?;
        }
        let added = jp.levels.map(|l| jackpot::contribution_milli(&l, bet.minor()));
        let row = sqlx::query(
            "UPDATE jackpot_shards SET l0 = l0 + $1, l1 = l1 + $2, l2 = l2 + $3, l3 = l3 + $4 WHERE jackpot = $5 AND shard = $6 \
             RETURNING l0, l1, l2, l3",
        )
        .bind(added[0])
        .bind(added[1])
        .bind(added[2])
        .bind(added[3])
        .bind(jp.key)
        .bind(shard)
        .fetch_one(&mut *tx)
        .await?;
        for (i, add) in added.iter().enumerate() {
            let now: i64 = row.try_get(i)?;
            let whole = now / 1_000 - (now - add) / 1_000;
            if whole > 0 {
                let amount = Kurus::from_minor(whole).map_err(|_| CallError::Invalid("a contribution beyond the wallet's range"))?;
                transfers.push(Transfer {
                    refs: Refs { provider: Some(super::PROVIDER.to_string()), round_id: Some(round_id.to_string()), ..Refs::default() },
                    ..Transfer::new(studio.clone(), account(jp, i), amount, TransferKind::Jackpot, format!("jackpot:{round_id}"))
                });
            }
        }
    }
    Ok(transfers)
}

/// Inside the spin's transaction, after its bet (with the contributions) and its win, the levels
/// [`contribute_in`] locked for the draw: each pays its account's balance to the player, keeps its
/// shards' parts below a kuruş and starts again from its seed, funded by the seed account.
/// Answers the levels won and, when any was, the player's balance after them.
pub async fn pay_in(
    work: &mut Work,
    player_id: i64,
    game_code: &str,
    round_id: &str,
    won: [Option<usize>; 2],
) -> Result<(Vec<JackpotWin>, Option<Kurus>), CallError> {
    let mut wins = Vec::new();
    let mut balance = None;
    for (jp, level) in JACKPOTS.iter().zip(won) {
        if let Some(level) = level {
            let win = pay_level(work, player_id, game_code, round_id, jp, level).await?;
            balance = Some(win.1);
            wins.push(win.0);
        }
    }
    Ok((wins, balance))
}

/// Pays a won level (its account's whole balance) and funds its new seed.
async fn pay_level(
    work: &mut Work,
    player_id: i64,
    game_code: &str,
    round_id: &str,
    jp: &jackpot::Jackpot,
    level: usize,
) -> Result<(JackpotWin, Kurus), CallError> {
    let l = &jp.levels[level];
    let amount = Kurus::from_minor(level_kurus(work.conn(), jp.key, level).await?)
        .map_err(|_| CallError::Invalid("a jackpot beyond the wallet's range"))?;
    // The level's shard column: one of l0..l3 (an index below 4, never input).
    let col = format!("l{level}");
    sqlx::query(sqlx::AssertSqlSafe(format!("UPDATE jackpot_shards SET {col} = {col} % 1000 WHERE jackpot = $1")))
        .bind(jp.key)
        .execute(work.conn())
        .await?;
    let generation: i64 = sqlx::query_scalar(
        "UPDATE jackpot_levels SET base_milli = $1, wins = wins + 1, last_won_at = $2 WHERE jackpot = $3 AND level = $4 RETURNING wins",
    )
    .bind(l.seed * 1_000)
    .bind(now_ms())
    .bind(jp.key)
    .bind(level as i64)
    .fetch_one(work.conn())
    .await?;
    sqlx::query("INSERT INTO jackpot_wins (jackpot, level, player_id, round_id, amount, created_at) VALUES ($1, $2, $3, $4, $5, $6)")
        .bind(jp.key)
        .bind(level as i64)
        .bind(player_id)
        .bind(round_id)
        .bind(amount.minor())
        .bind(now_ms())
        .execute(work.conn())
        .await?;
    let mv = Move {
        provider: super::PROVIDER.to_string(),
        player_id,
        game_code: game_code.to_string(),
        round_id: round_id.to_string(),
        tx_id: format!("{round_id}:jackpot:{}", jp.key),
        amount,
    };
    let after = work.pay_from(&mv, &account(jp, level)).await?.balance();
    // The new level's seed, from the house's seed account.
    let seed = Kurus::from_minor(l.seed).map_err(|_| CallError::Invalid("a seed beyond the wallet's range"))?;
    let cause = format!("jackpot:{}:{}:seed:{generation}", jp.key, level + 1);
    let batch = Batch {
        key: cause.clone(),
        transfers: vec![Transfer {
            refs: Refs { provider: Some(super::PROVIDER.to_string()), round_id: Some(round_id.to_string()), ..Refs::default() },
            ..Transfer::new(Account::JackpotSeed, account(jp, level), seed, TransferKind::JackpotSeed, cause)
        }],
    };
    wallet::commit_in(work.conn(), &batch).await?;
    let message = notify::Message::new(
        crate::i18n::Words::new("notify.jackpot_title").with("{jackpot}", jp.name),
        crate::i18n::Words::new("notify.jackpot_note")
            .with("{jackpot_level}", format!("{} ({})", l.level, l.name))
            .with("{amount}", amount),
    );
    notify::send(work.conn(), Audience::Player(player_id), NotificationType::Jackpot, &message, false).await?;
    let win = JackpotWin { jackpot: jp.name.to_string(), level: l.level.to_string(), name: l.name.to_string(), amount: amount.minor() };
    Ok((win, after))
}

/// A level's value in kuruş, what its account holds: its seed plus the whole kuruş of its shards.
async fn level_kurus(tx: &mut AnyConnection, key: &str, level: usize) -> Result<i64, sqlx::Error> {
    let col = format!("l{level}");
    sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
        "SELECT CAST(l.base_milli / 1000 + (SELECT COALESCE(SUM(s.{col} / 1000), 0) FROM jackpot_shards s WHERE s.jackpot = l.jackpot) AS BIGINT) \
         FROM jackpot_levels l WHERE l.jackpot = $1 AND l.level = $2"
    )))
    .bind(key)
    .bind(level as i64)
    .fetch_one(tx)
    .await
}

/// `FOR UPDATE` on PostgreSQL; SQLite's write transaction already holds the whole database.
fn lock(tx: &AnyConnection) -> &'static str {
    if crate::db::is_postgres(tx) { " FOR UPDATE" } else { "" }
}

/// A jackpot's current levels, I to IV, in kuruş: what each level's account holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Levels {
    pub key: &'static str,
    pub kurus: [i64; 4],
}

/// Every jackpot's current levels, in [`JACKPOTS`] order, by key.
pub async fn current(db: &Db) -> Result<Vec<Levels>, sqlx::Error> {
    let now = levels_now(db).await?;
    Ok(JACKPOTS
        .iter()
        .map(|j| {
            let mut kurus = j.levels.map(|l| l.seed);
            for (i, l) in now.iter().filter(|l| l.jackpot == j.key).take(4).enumerate() {
                kurus[i] = l.kurus;
            }
            Levels { key: j.key, kurus }
        })
        .collect())
}

/// One level of the studio's progressive jackpots now (migration 0013).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JackpotLevelNow {
    /// The jackpot's stored key (high-cash, clover-chance).
    pub jackpot: String,
    /// The card's instanceName.
    pub shown_as: String,
    /// I, II, III, IV.
    pub label: String,
    pub suit: String,
    /// Kuruş: what the level's ledger account holds, its seed plus the whole kuruş of its
    /// shards (see the module's notes).
    pub kurus: i64,
}

/// Every level of the studio's jackpots now, cards in their shown order, levels I to IV.
pub async fn levels_now(db: &Db) -> sqlx::Result<Vec<JackpotLevelNow>> {
    let rows = sqlx::query(
        "SELECT l.jackpot, l.shown_as, l.label, l.suit, CAST(l.base_milli / 1000 + \
         (SELECT COALESCE(SUM(CASE l.level WHEN 0 THEN s.l0 / 1000 WHEN 1 THEN s.l1 / 1000 WHEN 2 THEN s.l2 / 1000 ELSE s.l3 / 1000 END), 0) \
          FROM jackpot_shards s WHERE s.jackpot = l.jackpot) AS BIGINT) \
         FROM jackpot_levels l ORDER BY l.shown_order, l.level",
    )
    .fetch_all(&db.pool)
    .await?;
    rows.iter()
        .map(|r| {
            Ok(JackpotLevelNow {
                jackpot: r.try_get(0)?,
                shown_as: r.try_get(1)?,
                label: r.try_get(2)?,
                suit: r.try_get(3)?,
                kurus: r.try_get(4)?,
            })
        })
        .collect()
}

/// The studio's progressive jackpots as the bootstrap's egtJackpotCards carry them, live: each
/// jackpot's instanceName and levelStats (I to IV, each with its suit and its amount in lira to the
/// kuruş).
pub async fn live_cards(db: &Db) -> sqlx::Result<Vec<serde_json::Value>> {
    let mut cards: Vec<serde_json::Value> = Vec::new();
    for l in levels_now(db).await? {
        let level = serde_json::json!({ "level": l.label, "name": l.suit, "amount": l.kurus as f64 / 100.0 });
        match cards.last_mut() {
            Some(card) if card["instanceName"] == l.shown_as.as_str() => {
                card["levelStats"].as_array_mut().into_iter().for_each(|stats| stats.push(level.clone()))
            }
            _ => cards.push(serde_json::json!({ "instanceName": l.shown_as, "levelStats": [level] })),
        }
    }
    Ok(cards)
}
