//! Many payouts of one provider in a few statements (a market's settlement).

use std::collections::{BTreeSet, HashMap};

use sqlx::{AnyConnection, Row};

use super::calls::{check_ids, digest, round_move, wallet_key};
use super::{Answer, CallError, Move, SETTLED};
use crate::bonus;
use crate::db::now_ms;
use crate::wallet::{self, RoundMove, WalletError};

/// Many payouts of one provider at once, inside the work's transaction: for each move what a
/// single payout does (the transaction claimed, the round settled, the money paid
/// through [`wallet::win_many_in`], bonus money accounted to the player's bonus), in a few
/// statements for all. Each round at most once. `Ok(false)` when a transaction id or wallet key
/// was seen before: the caller abandons its work and goes one by one. Each call's kept answer is the player's
/// balance after all of them; the transactions are claimed last, with it (the caller's write
/// transaction holds them: a second claim of one fails and rolls everything back).
pub(super) async fn win_many(tx: &mut AnyConnection, provider: &str, moves: &[Move]) -> Result<bool, CallError> {
    if moves.is_empty() {
        return Ok(true);
    }
    for mv in moves {
        check_ids(&mv.provider, &mv.round_id, &mv.tx_id)?;
        if mv.amount.is_negative() || mv.provider != provider {
            return Err(CallError::Invalid("a bulk win is of one provider and not negative"));
        }
    }
    let rounds: BTreeSet<&str> = moves.iter().map(|m| m.round_id.as_str()).collect();
    let txs: BTreeSet<&str> = moves.iter().map(|m| m.tx_id.as_str()).collect();
    if rounds.len() != moves.len() || txs.len() != moves.len() {
        return Err(CallError::Invalid("a bulk win pays each round once"));
    }
    for chunk in moves.chunks(crate::db::STATEMENT_PARAMS) {
        let known_sql =
            format!("SELECT COUNT(*) FROM provider_txs WHERE provider = $1 AND tx_id IN {}", crate::db::value_rows(1, chunk.len(), 2));
        let mut known = sqlx::query_scalar::<_, i64>(sqlx::AssertSqlSafe(known_sql)).bind(provider);
        for mv in chunk {
            known = known.bind(&mv.tx_id);
        }
        if known.fetch_one(&mut *tx).await? > 0 {
            return Ok(false);
        }
    }
    let now = now_ms();
    for chunk in moves.chunks(crate::db::rows_per_statement(9)) {
        let round_sql = format!(
            "INSERT INTO rounds (provider, round_id, player_id, game_code, bets, wins, status, created_at, updated_at) VALUES {} \
             ON CONFLICT (provider, round_id) DO UPDATE SET bets = rounds.bets + excluded.bets, wins = rounds.wins + excluded.wins, \
             status = CASE WHEN rounds.status = 'rolled_back' THEN rounds.status ELSE excluded.status END, updated_at = excluded.updated_at \
             RETURNING round_id, player_id, game_code",
            crate::db::value_rows(chunk.len(), 9, 1)
        );
        let mut round = sqlx::query(sqlx::AssertSqlSafe(round_sql));
        for mv in chunk {
            round = round
                .bind(provider)
                .bind(&mv.round_id)
                .bind(mv.player_id)
                .bind(&mv.game_code)
                .bind(0i64)
                .bind(mv.amount.minor())
                .bind(SETTLED)
                .bind(now)
                .bind(now);
        }
        let owners: HashMap<String, (i64, String)> = round
            .fetch_all(&mut *tx)
            .await?
            .iter()
            .map(|r| Ok((r.try_get(0)?, (r.try_get(1)?, r.try_get(2)?))))
            .collect::<Result<_, sqlx::Error>>()?;
        for mv in chunk {
            if owners.get(&mv.round_id) != Some(&(mv.player_id, mv.game_code.clone())) {
                return Err(CallError::Foreign(mv.round_id.clone()));
            }
        }
    }
    // As a single win does, the round rows first, then the balance rows: every player of the
    // batch, winners and zero wins alike, in the wallet's one order, before any bonus rule
    // locks a player (see [`wallet::lock_players`]).
    let players: Vec<i64> = moves.iter().map(|m| m.player_id).collect();
    wallet::lock_players(tx, &players).await?;
    let wins: Vec<(String, RoundMove)> = moves.iter().map(|mv| (wallet_key(provider, "win", &mv.tx_id), round_move(mv))).collect();
    let Some(to_bonus) = wallet::win_many_in(tx, provider, &wins).await? else {
        // A wallet key used before: the caller rolls back and goes one by one.
        return Ok(false);
    };
    for ((key, mv), bonus) in wins.iter().zip(to_bonus) {
        bonus::wagering::after_credit(tx, mv.player_id, bonus, key).await?;
    }
    let settled: Vec<&str> = moves.iter().map(|m| m.round_id.as_str()).collect();
    bonus::wagering::rounds_settled(tx, provider, &settled).await?;
    // The transactions, claimed (none was seen before, and the writer holds them) with the answer
    // each keeps: the player's balance now.
    let players: Vec<i64> = moves.iter().map(|m| m.player_id).collect::<BTreeSet<_>>().into_iter().collect();
    let balances = wallet::balances_of_many(tx, &players).await?;
    let mut answers = HashMap::new();
    for (player_id, b) in balances {
        let answer = Answer { balance: b.total().map_err(WalletError::from)?.minor(), replayed: false };
        answers.insert(player_id, serde_json::to_string(&answer).unwrap_or_default());
    }
    for chunk in moves.chunks(crate::db::rows_per_statement(9)) {
        let claim_sql = format!(
            "INSERT INTO provider_txs (provider, tx_id, kind, player_id, round_id, amount, fingerprint, answer, created_at) VALUES {}",
            crate::db::value_rows(chunk.len(), 9, 1)
        );
        let mut claim = sqlx::query(sqlx::AssertSqlSafe(claim_sql));
        for mv in chunk {
            claim = claim
                .bind(provider)
                .bind(&mv.tx_id)
                .bind("win")
                .bind(mv.player_id)
                .bind(&mv.round_id)
                .bind(mv.amount.minor())
                .bind(digest(&("win", mv)))
                .bind(answers.get(&mv.player_id).cloned())
                .bind(now);
        }
        claim.execute(&mut *tx).await?;
    }
    Ok(true)
}
