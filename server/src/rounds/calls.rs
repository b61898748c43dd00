//! The calls' steps inside a unit of work's transaction: a stake, a payout, a rollback.

use serde::Serialize;
use sha2::{Digest, Sha256};
use sqlx::{AnyConnection, Row};

use super::store::{answer, claim, game_class, record_round, standing_wins};
use super::{Answer, CallError, Move, OPEN, ROLLED_BACK, Rollback, SETTLED};
use crate::bonus;
use crate::db::now_ms;
use crate::money::Kurus;
use crate::wallet::{self, Account, Committed, Refs, RoundMove, WalletError};

pub(super) fn check_ids(provider: &str, round_id: &str, tx_id: &str) -> Result<(), CallError> {
    let ok = |s: &str| !s.trim().is_empty() && s.len() <= 100;
    if !ok(provider) || !ok(round_id) || !ok(tx_id) {
        return Err(CallError::Invalid("provider, round and transaction ids are 1 to 100 characters"));
    }
    Ok(())
}

pub(super) fn digest(content: &impl Serialize) -> String {
    hex::encode(Sha256::digest(serde_json::to_vec(content).unwrap_or_default()))
}

pub(super) fn wallet_key(provider: &str, kind: &str, tx_id: &str) -> String {
    format!("{provider}:{kind}:{tx_id}")
}

/// A stake inside the work's transaction, with house transfers in its wallet batch (a studio
/// slot's jackpot contributions, see [`wallet::bet_with_in`]): the transaction claimed, the round
/// recorded, real money taken before bonus money, the stake counted for wagering.
pub(super) async fn stake(tx: &mut AnyConnection, mv: &Move, extra: &[wallet::Transfer]) -> Result<Answer, CallError> {
    check_ids(&mv.provider, &mv.round_id, &mv.tx_id)?;
    if !mv.amount.is_positive() {
        return Err(CallError::Invalid("a stake is positive"));
    }
    if let Some(first) = claim(tx, "bet", mv.player_id, &mv.provider, &mv.tx_id, &mv.round_id, mv.amount, &digest(&("bet", mv))).await? {
        return Ok(first);
    }
    record_round(tx, mv, mv.amount, Kurus::ZERO, OPEN).await?;
    let moved = wallet::bet_with_in(tx, &wallet_key(&mv.provider, "bet", &mv.tx_id), &round_move(mv), extra).await?;
    // Player protection, after the wallet move locked the player's balance rows (their next stake
    // waits for this one) and with this stake counted: refused, the caller's work rolls it back.
    if let Some(refusal) = crate::protection::gate::stake_in(tx, mv.player_id, mv.amount.minor(), crate::db::now_ms()).await? {
        return Err(CallError::Protection(refusal));
    }
    if bonus::has_live(tx, mv.player_id).await? {
        let class = game_class(tx, &mv.provider, &mv.game_code).await?;
        let (_, from_bonus) = bonus_flow(&moved, mv.player_id)?;
        let at = bonus::wagering::Stake { provider: &mv.provider, tx_id: &mv.tx_id, round_id: &mv.round_id };
        bonus::wagering::after_bet(tx, mv.player_id, mv.amount, class, from_bonus, at).await?;
    }
    answer(tx, &mv.provider, &mv.tx_id, mv.player_id).await
}

/// A payout inside the work's transaction from a house account (the provider's, or a jackpot
/// level's, see [`wallet::win_from_in`]); the round and the bonus rules as for any win.
pub(super) async fn win_from(tx: &mut AnyConnection, mv: &Move, from: &Account) -> Result<Answer, CallError> {
    check_ids(&mv.provider, &mv.round_id, &mv.tx_id)?;
    if mv.amount.is_negative() {
        return Err(CallError::Invalid("a win is not negative"));
    }
    if let Some(first) = claim(tx, "win", mv.player_id, &mv.provider, &mv.tx_id, &mv.round_id, mv.amount, &digest(&("win", mv))).await? {
        return Ok(first);
    }
    pay(tx, mv, from).await
}

/// [`super::win_for`] inside the work's transaction. The bet's row is locked before it
/// is read, so a rollback of it racing this win either finds the win (and is refused) or rolled
/// the bet back first (and this win is refused).
pub(super) async fn win_for(tx: &mut AnyConnection, mv: &Move, bet_tx: &str) -> Result<Answer, CallError> {
    check_ids(&mv.provider, &mv.round_id, &mv.tx_id)?;
    check_ids(&mv.provider, &mv.round_id, bet_tx)?;
    if mv.amount.is_negative() {
        return Err(CallError::Invalid("a win is not negative"));
    }
    let fingerprint = digest(&("win", mv, bet_tx));
    if let Some(first) = claim(tx, "win", mv.player_id, &mv.provider, &mv.tx_id, &mv.round_id, mv.amount, &fingerprint).await? {
        return Ok(first);
    }
    // A row lock on both engines (SQLite's writer holds everything already).
    sqlx::query("UPDATE provider_txs SET kind = kind WHERE provider = $1 AND tx_id = $2")
        .bind(&mv.provider)
        .bind(bet_tx)
        .execute(&mut *tx)
        .await?;
    let bet: Option<(String, i64, String, Option<String>)> =
        sqlx::query_as("SELECT kind, player_id, round_id, rolled_back_by FROM provider_txs WHERE provider = $1 AND tx_id = $2")
            .bind(&mv.provider)
            .bind(bet_tx)
            .fetch_optional(&mut *tx)
            .await?;
    match bet {
        Some((kind, player_id, round_id, None)) if kind == "bet" && player_id == mv.player_id && round_id == mv.round_id => {}
        _ => return Err(CallError::NoSuchBet(bet_tx.to_string())),
    }
    pay(tx, mv, &Account::Provider(mv.provider.clone())).await
}

/// A claimed win: the round settled, the money paid, bonus money accounted to the bonus, and the
/// round's stakes stood for wagering.
async fn pay(tx: &mut AnyConnection, mv: &Move, from: &Account) -> Result<Answer, CallError> {
    record_round(tx, mv, Kurus::ZERO, mv.amount, SETTLED).await?;
    let key = wallet_key(&mv.provider, "win", &mv.tx_id);
    let moved = wallet::win_from_in(tx, &key, &round_move(mv), from).await?;
    let (to_bonus, _) = bonus_flow(&moved, mv.player_id)?;
    bonus::wagering::after_credit(tx, mv.player_id, to_bonus, &key).await?;
    bonus::wagering::rounds_settled(tx, &mv.provider, &[mv.round_id.as_str()]).await?;
    answer(tx, &mv.provider, &mv.tx_id, mv.player_id).await
}

/// A rollback inside the work's transaction; an operator's correction (`Shortfall::Owe`) takes a
/// win the player no longer holds back as far as the pockets go and the rest becomes their debt.
pub(super) async fn rollback(tx: &mut AnyConnection, rb: &Rollback, shortfall: wallet::Shortfall) -> Result<Answer, CallError> {
    check_ids(&rb.provider, &rb.round_id, &rb.tx_id)?;
    check_ids(&rb.provider, &rb.round_id, &rb.rolls_back)?;
    if rb.tx_id == rb.rolls_back {
        return Err(CallError::Invalid("a rollback has its own transaction id"));
    }
    if let Some(first) =
        claim(tx, "rollback", rb.player_id, &rb.provider, &rb.tx_id, &rb.round_id, Kurus::ZERO, &digest(&("rollback", rb))).await?
    {
        return Ok(first);
    }
    // A transaction never seen: its tombstone, so it is refused when it comes.
    let tombstone = sqlx::query(
        "INSERT INTO provider_txs (provider, tx_id, kind, player_id, round_id, amount, fingerprint, rolled_back_by, created_at) \
         VALUES ($1, $2, 'tombstone', $3, $4, 0, '', $5, $6) ON CONFLICT (provider, tx_id) DO NOTHING",
    )
    .bind(&rb.provider)
    .bind(&rb.rolls_back)
    .bind(rb.player_id)
    .bind(&rb.round_id)
    .bind(&rb.tx_id)
    .bind(now_ms())
    .execute(&mut *tx)
    .await?;
    if tombstone.rows_affected() == 0 {
        let row = sqlx::query("SELECT kind, player_id, round_id, amount FROM provider_txs WHERE provider = $1 AND tx_id = $2")
            .bind(&rb.provider)
            .bind(&rb.rolls_back)
            .fetch_one(&mut *tx)
            .await?;
        let (kind, player_id, round_id, amount): (String, i64, String, i64) =
            (row.try_get(0)?, row.try_get(1)?, row.try_get(2)?, row.try_get(3)?);
        if player_id != rb.player_id || round_id != rb.round_id {
            return Err(CallError::Foreign(rb.round_id.clone()));
        }
        match kind.as_str() {
            "bet" | "win" => undo(tx, rb, &kind, amount, shortfall).await?,
            "rollback" => return Err(CallError::Invalid("a rollback cannot be rolled back")),
            _ => {} // a tombstone already: nothing more to undo
        }
    }
    answer(tx, &rb.provider, &rb.tx_id, rb.player_id).await
}

/// Undoes a known bet or win once: of racing rollbacks, the one whose conditional update wins.
async fn undo(tx: &mut AnyConnection, rb: &Rollback, kind: &str, amount: i64, shortfall: wallet::Shortfall) -> Result<(), CallError> {
    let marked = sqlx::query("UPDATE provider_txs SET rolled_back_by = $1 WHERE provider = $2 AND tx_id = $3 AND rolled_back_by IS NULL")
        .bind(&rb.tx_id)
        .bind(&rb.provider)
        .bind(&rb.rolls_back)
        .execute(&mut *tx)
        .await?;
    if marked.rows_affected() == 0 {
        return Ok(());
    }
    let (bets, wins, status) = if kind == "bet" { (amount, 0, ROLLED_BACK) } else { (0, amount, OPEN) };
    sqlx::query("UPDATE rounds SET bets = bets - $1, wins = wins - $2, status = $3, updated_at = $4 WHERE provider = $5 AND round_id = $6")
        .bind(bets)
        .bind(wins)
        .bind(status)
        .bind(now_ms())
        .bind(&rb.provider)
        .bind(&rb.round_id)
        .execute(&mut *tx)
        .await?;
    // A bet whose round was paid stays: refunding it would leave the player the stake and the win
    // (the caller rolls the marking back). Read after the round's row is locked, so a win racing
    // this rollback has committed or waits.
    if kind == "bet" && standing_wins(tx, &rb.provider, &rb.round_id).await? > 0 {
        tracing::warn!(provider = %rb.provider, round = %rb.round_id, bet = %rb.rolls_back, "a rollback of a bet whose round has a win was refused");
        return Err(CallError::RoundSettled(rb.round_id.clone()));
    }
    let refs = Refs {
        payment_id: None,
        provider: Some(rb.provider.clone()),
        round_id: Some(rb.round_id.clone()),
        provider_tx: Some(rb.tx_id.clone()),
    };
    let key = wallet_key(&rb.provider, "rollback", &rb.rolls_back);
    let moved = wallet::reverse_with(tx, &key, &wallet_key(&rb.provider, kind, &rb.rolls_back), &refs, shortfall).await?;
    let (to_bonus, from_bonus) = bonus_flow(&moved, rb.player_id)?;
    bonus::wagering::after_credit(tx, rb.player_id, to_bonus, &key).await?;
    bonus::wagering::after_debit(tx, rb.player_id, from_bonus).await?;
    if kind == "bet" {
        // The stake is given back: so is its wagering.
        bonus::wagering::stakes_refunded(tx, &rb.provider, &[rb.rolls_back.as_str()]).await?;
    } else if standing_wins(tx, &rb.provider, &rb.round_id).await? == 0 {
        bonus::wagering::round_reopened(tx, &rb.provider, &rb.round_id).await?;
    }
    Ok(())
}

/// What a wallet move put into the player's bonus pocket and took from it.
pub(super) fn bonus_flow(moved: &Committed, player_id: i64) -> Result<(Kurus, Kurus), CallError> {
    let pocket = Account::bonus(player_id);
    let sum = |pick: &dyn Fn(&wallet::Applied) -> bool| Kurus::sum(moved.transfers.iter().filter(|t| pick(t)).map(|t| t.amount));
    let into = sum(&|t| t.credit == pocket).map_err(WalletError::from)?;
    let out = sum(&|t| t.debit == pocket).map_err(WalletError::from)?;
    Ok((into, out))
}

pub(super) fn round_move(mv: &Move) -> RoundMove {
    RoundMove {
        player_id: mv.player_id,
        provider: mv.provider.clone(),
        round_id: mv.round_id.clone(),
        provider_tx: mv.tx_id.clone(),
        amount: mv.amount,
    }
}
