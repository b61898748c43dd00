//! The rounds' SQL: transaction claims, round rows, answers, and the game's class for wagering.

use sqlx::{AnyConnection, Row};

use super::{Answer, CallError, Move, SPORTSBOOK};
use crate::bonus::GameClass;
use crate::db::now_ms;
use crate::money::Kurus;
use crate::wallet::{self, WalletError};

/// Claims a transaction id: `None` when it is new (the call goes on), the first answer when it
/// was made before with the same content; refused when with other content, or rolled back first.
#[allow(clippy::too_many_arguments)]
pub(super) async fn claim(
    tx: &mut AnyConnection,
    kind: &str,
    player_id: i64,
    provider: &str,
    tx_id: &str,
    round_id: &str,
    amount: Kurus,
    fingerprint: &str,
) -> Result<Option<Answer>, CallError> {
    let inserted = sqlx::query(
        "INSERT INTO provider_txs (provider, tx_id, kind, player_id, round_id, amount, fingerprint, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (provider, tx_id) DO NOTHING",
    )
    .bind(provider)
    .bind(tx_id)
    .bind(kind)
    .bind(player_id)
    .bind(round_id)
    .bind(amount.minor())
    .bind(fingerprint)
    .bind(now_ms())
    .execute(&mut *tx)
    .await?;
    if inserted.rows_affected() == 1 {
        return Ok(None);
    }
    let row = sqlx::query("SELECT kind, fingerprint, answer FROM provider_txs WHERE provider = $1 AND tx_id = $2")
        .bind(provider)
        .bind(tx_id)
        .fetch_one(&mut *tx)
        .await?;
    let (first_kind, first_fingerprint, first_answer): (String, String, Option<String>) =
        (row.try_get(0)?, row.try_get(1)?, row.try_get(2)?);
    if first_kind == "tombstone" {
        return Err(CallError::RolledBack(tx_id.to_string()));
    }
    match first_answer.and_then(|a| serde_json::from_str::<Answer>(&a).ok()) {
        Some(first) if first_fingerprint == fingerprint => Ok(Some(Answer { replayed: true, ..first })),
        _ => Err(CallError::Duplicate(tx_id.to_string())),
    }
}

/// Adds a move to its round (made on its first move); refused when the round is another
/// player's or game's.
pub(super) async fn record_round(tx: &mut AnyConnection, mv: &Move, bets: Kurus, wins: Kurus, status: &str) -> Result<(), CallError> {
    let now = now_ms();
    let row = sqlx::query(
        "INSERT INTO rounds (provider, round_id, player_id, game_code, bets, wins, status, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) \
         ON CONFLICT (provider, round_id) DO UPDATE SET bets = rounds.bets + excluded.bets, wins = rounds.wins + excluded.wins, \
         status = CASE WHEN rounds.status = 'rolled_back' THEN rounds.status ELSE excluded.status END, updated_at = excluded.updated_at \
         RETURNING player_id, game_code",
    )
    .bind(&mv.provider)
    .bind(&mv.round_id)
    .bind(mv.player_id)
    .bind(&mv.game_code)
    .bind(bets.minor())
    .bind(wins.minor())
    .bind(status)
    .bind(now)
    .fetch_one(&mut *tx)
    .await?;
    let (player_id, game_code): (i64, String) = (row.try_get(0)?, row.try_get(1)?);
    if player_id != mv.player_id || game_code != mv.game_code {
        return Err(CallError::Foreign(mv.round_id.clone()));
    }
    Ok(())
}

/// The call's answer (the balance now), kept with its transaction id for replays.
pub(super) async fn answer(tx: &mut AnyConnection, provider: &str, tx_id: &str, player_id: i64) -> Result<Answer, CallError> {
    let b = wallet::balances_on(tx, player_id).await?;
    let answer = Answer { balance: b.total().map_err(WalletError::from)?.minor(), replayed: false };
    sqlx::query("UPDATE provider_txs SET answer = $1 WHERE provider = $2 AND tx_id = $3")
        .bind(serde_json::to_string(&answer).unwrap_or_default())
        .bind(provider)
        .bind(tx_id)
        .execute(&mut *tx)
        .await?;
    Ok(answer)
}

/// The round's wins that were not rolled back.
pub(super) async fn standing_wins(tx: &mut AnyConnection, provider: &str, round_id: &str) -> Result<i64, CallError> {
    Ok(sqlx::query_scalar(
        "SELECT COUNT(*) FROM provider_txs WHERE provider = $1 AND round_id = $2 AND kind = 'win' AND rolled_back_by IS NULL",
    )
    .bind(provider)
    .bind(round_id)
    .fetch_one(&mut *tx)
    .await?)
}

/// The kind of game, for a stake's contribution to bonus wagering: the sportsbook (its share a
/// term of the bonus), live games (the catalogue's live flag), table games (the Table Games
/// category, 6), slots (the Slots, Megaways and Jackpot categories, 3 to 5, or a game the catalogue
/// does not know), the other games instant.
pub(super) async fn game_class(tx: &mut AnyConnection, provider: &str, game_code: &str) -> Result<GameClass, CallError> {
    if provider == SPORTSBOOK {
        return Ok(GameClass::Sports);
    }
    let row = sqlx::query(
        "SELECT g.is_live, \
           (SELECT COUNT(*) FROM game_categories gc WHERE gc.game_id = g.id AND gc.category_id = 6), \
           (SELECT COUNT(*) FROM game_categories gc WHERE gc.game_id = g.id AND gc.category_id IN (3, 4, 5)) \
         FROM games g JOIN providers p ON p.id = g.provider_id WHERE p.code = $1 AND g.code = $2",
    )
    .bind(provider)
    .bind(game_code)
    .fetch_optional(&mut *tx)
    .await?;
    let Some(row) = row else {
        return Ok(GameClass::Slot);
    };
    let (live, table, slot): (i64, i64, i64) = (row.try_get(0)?, row.try_get(1)?, row.try_get(2)?);
    Ok(if live != 0 {
        GameClass::Live
    } else if table > 0 {
        GameClass::Table
    } else if slot > 0 {
        GameClass::Slot
    } else {
        GameClass::Instant
    })
}

/// A provably fair game's record on its round: the seed, nonce, client seed and outcome.
pub(super) async fn record_fairness(
    conn: &mut AnyConnection,
    provider: &str,
    round_id: &str,
    fair: &super::Fairness<'_>,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE rounds SET seed_id = $1, nonce = $2, client_seed = $3, outcome = $4 WHERE provider = $5 AND round_id = $6")
        .bind(fair.seed_id)
        .bind(fair.nonce)
        .bind(fair.client_seed)
        .bind(fair.outcome.to_string())
        .bind(provider)
        .bind(round_id)
        .execute(conn)
        .await?;
    Ok(())
}
