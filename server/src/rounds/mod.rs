//! The rounds area, below the casino, the sportsbook and the studio: the wallet calls of every
//! provider, the one path their money takes: balance, bet, win and
//! rollback, each idempotent by the provider's transaction id, and the rounds they make.
//!
//! Each call is one transaction: the transaction id is claimed first (`provider_txs`, one row per
//! provider and id); the same id with the same content answers the first answer again and moves
//! nothing, with other content it is refused ([`CallError::Duplicate`]). Then the round is
//! recorded (`rounds`: player, game, provider, round id, bets and wins, status open / settled /
//! rolled back, times) and the money moves through the wallet's linked transfers (a bet takes real
//! money first, then bonus money; a win goes back in the proportion of the round's stakes), under
//! the wallet key `{provider}:{kind}:{tx}`.
//!
//! A win may name the bet it pays ([`win_for`]): it is refused unless that is a standing bet of
//! the same player in the same round. A rollback names the transaction it undoes. A bet or win it
//! knows is undone once (the conditional `UPDATE ... WHERE rolled_back_by IS NULL` lets one of
//! racing rollbacks through), by `Rollback` transfers reversing each of its transfers, pocket by
//! pocket, and a bet's wagering contribution with it; a bet whose round has a win that stands is
//! not undone ([`CallError::RoundSettled`]: the player would keep the stake and the win); one it has not seen is
//! recorded as a tombstone under that id, so the bet arriving late is refused
//! ([`CallError::RolledBack`]). Rows are locked in one order on every path (the transaction row,
//! the round row, the player's balance rows), so concurrent calls never wait for each other in a
//! circle.

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use sqlx::{AnyConnection, Row};

use crate::bonus::{self, BonusError, GameClass};

/// The built-in sportsbook's provider code in the wallet and the rounds.
pub const SPORTSBOOK: &str = "sportsbook";
use crate::db::{Db, now_ms};
use crate::money::Kurus;
use crate::wallet::{self, Account, Committed, Refs, RoundMove, WalletError};

/// A bet or a win as a provider reports it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Move {
    pub provider: String,
    pub player_id: i64,
    /// The provider's game code.
    pub game_code: String,
    /// The provider's round id.
    pub round_id: String,
    /// The provider's transaction id.
    pub tx_id: String,
    /// Kuruş: positive for a bet, zero or more for a win.
    pub amount: Kurus,
}

/// A rollback as a provider reports it: its own transaction id and the one it undoes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Rollback {
    pub provider: String,
    pub player_id: i64,
    pub game_code: String,
    pub round_id: String,
    /// The rollback's own transaction id.
    pub tx_id: String,
    /// The transaction it undoes (a bet, or a win).
    pub rolls_back: String,
}

/// What a call answers: the player's balance after it (real plus bonus money).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Answer {
    /// Kuruş.
    pub balance: i64,
    /// True when the transaction id was answered before: this is that answer, nothing moved now.
    #[serde(skip)]
    pub replayed: bool,
}

impl Answer {
    pub fn balance(&self) -> Kurus {
        Kurus::from_minor(self.balance).unwrap_or(Kurus::ZERO)
    }
}

/// Why a call was refused; nothing of it was written.
#[derive(Debug, thiserror::Error)]
pub enum CallError {
    /// The stake is more than the player's real and bonus money.
    #[error("not enough money: the balance is {balance}")]
    NotEnoughMoney { balance: Kurus },
    /// The transaction id was used before for another call.
    #[error("transaction '{0}' was made before with other content")]
    Duplicate(String),
    /// The transaction id was rolled back before it arrived.
    #[error("transaction '{0}' was rolled back before it arrived")]
    RolledBack(String),
    /// The round (or the transaction a rollback names) is another player's or game's.
    #[error("round '{0}' is another player's or another game's")]
    Foreign(String),
    /// The bet a win names is not a standing bet of this player in this round.
    #[error("the win names no standing bet '{0}' of this player in this round")]
    NoSuchBet(String),
    /// A bet whose round has a standing win cannot be rolled back (the player would keep the
    /// stake and the win).
    #[error("round '{0}' has a win: its bet cannot be rolled back")]
    RoundSettled(String),
    #[error("invalid call: {0}")]
    Invalid(&'static str),
    /// The stake is more than the player's active bonus allows.
    #[error("the stake is more than the bonus's maximum bet {max}")]
    MaxBet { max: Kurus },
    #[error(transparent)]
    Wallet(WalletError),
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

impl From<WalletError> for CallError {
    fn from(e: WalletError) -> Self {
        match e {
            WalletError::Database(db) => CallError::Database(db),
            other => CallError::Wallet(other),
        }
    }
}

impl From<BonusError> for CallError {
    fn from(e: BonusError) -> Self {
        match e {
            BonusError::MaxBet { max } => CallError::MaxBet { max },
            BonusError::Wallet(w) => w.into(),
            BonusError::Database(db) => CallError::Database(db),
        }
    }
}

impl From<CallError> for crate::error::AppError {
    fn from(e: CallError) -> Self {
        use crate::error::AppError;
        match e {
            CallError::NotEnoughMoney { .. } => AppError::BadRequest("wallet.insufficient"),
            CallError::MaxBet { max } => AppError::Refused(crate::i18n::t("bonus.max_bet").replace("{amount}", &max.to_string())),
            CallError::Duplicate(_) | CallError::RolledBack(_) => AppError::Conflict("wallet.key_reused"),
            CallError::Database(db) => AppError::Database(db),
            CallError::Wallet(w) => w.into(),
            other => AppError::Internal(anyhow::anyhow!(other)),
        }
    }
}

/// Round statuses.
pub const OPEN: &str = "open";
pub const SETTLED: &str = "settled";
pub const ROLLED_BACK: &str = "rolled_back";

/// The player's balance (real plus bonus money).
pub async fn balance(db: &Db, player_id: i64) -> Result<Answer, CallError> {
    let b = wallet::balances(db, player_id).await?;
    Ok(Answer { balance: b.total().map_err(WalletError::from)?.minor(), replayed: false })
}

/// A stake. Not enough money: [`CallError::NotEnoughMoney`] with the balance.
pub async fn bet(db: &Db, mv: &Move) -> Result<Answer, CallError> {
    in_transaction(db, &mv.provider, mv.player_id, Call::Bet(mv)).await
}

/// A payout (zero settles the round and moves nothing).
pub async fn win(db: &Db, mv: &Move) -> Result<Answer, CallError> {
    in_transaction(db, &mv.provider, mv.player_id, Call::Win(mv, None)).await
}

/// A payout that names the bet it pays (`bet_tx`): refused ([`CallError::NoSuchBet`]) unless that
/// is a bet of the same player in the same round that was not rolled back.
pub async fn win_for(db: &Db, mv: &Move, bet_tx: &str) -> Result<Answer, CallError> {
    in_transaction(db, &mv.provider, mv.player_id, Call::Win(mv, Some(bet_tx))).await
}

/// Undoes a bet or a win (see the module's documentation).
pub async fn rollback(db: &Db, rb: &Rollback) -> Result<Answer, CallError> {
    in_transaction(db, &rb.provider, rb.player_id, Call::Rollback(rb)).await
}

enum Call<'a> {
    Bet(&'a Move),
    Win(&'a Move, Option<&'a str>),
    Rollback(&'a Rollback),
}

/// Runs a call in a transaction of its own, after opening the provider's house account; a short
/// balance is answered with the balance as it is.
async fn in_transaction(db: &Db, provider: &str, player_id: i64, call: Call<'_>) -> Result<Answer, CallError> {
    wallet::open_provider_account(db, provider).await?;
    let mut tx = db.begin_write().await?;
    let done = match call {
        Call::Bet(mv) => bet_in(&mut tx, mv).await,
        Call::Win(mv, None) => win_in(&mut tx, mv).await,
        Call::Win(mv, Some(bet_tx)) => win_for_in(&mut tx, mv, bet_tx).await,
        Call::Rollback(rb) => rollback_in(&mut tx, rb).await,
    };
    match done {
        Ok(answer) => {
            if !answer.replayed {
                wallet::publish_balance_in(&mut tx, player_id).await?;
            }
            tx.commit().await?;
            Ok(answer)
        }
        Err(e) => {
            tx.rollback().await?;
            match e {
                CallError::Wallet(WalletError::InsufficientFunds) => {
                    Err(CallError::NotEnoughMoney { balance: balance(db, player_id).await?.balance() })
                }
                e => Err(e),
            }
        }
    }
}

fn check_ids(provider: &str, round_id: &str, tx_id: &str) -> Result<(), CallError> {
    let ok = |s: &str| !s.trim().is_empty() && s.len() <= 100;
    if !ok(provider) || !ok(round_id) || !ok(tx_id) {
        return Err(CallError::Invalid("provider, round and transaction ids are 1 to 100 characters"));
    }
    Ok(())
}

fn digest(content: &impl Serialize) -> String {
    hex::encode(Sha256::digest(serde_json::to_vec(content).unwrap_or_default()))
}

fn wallet_key(provider: &str, kind: &str, tx_id: &str) -> String {
    format!("{provider}:{kind}:{tx_id}")
}

/// [`bet`] inside the caller's transaction (begun with [`Db::begin_write`] after
/// [`wallet::open_provider_account`]). On an error the caller rolls its transaction back; on
/// success it ends with one [`wallet::publish_balance_in`] for all its moves.
pub async fn bet_in(tx: &mut AnyConnection, mv: &Move) -> Result<Answer, CallError> {
    bet_with_in(tx, mv, &[]).await
}

/// [`bet_in`] with house transfers in the stake's wallet batch (a studio slot's jackpot
/// contributions, see [`wallet::bet_with_in`]).
pub async fn bet_with_in(tx: &mut AnyConnection, mv: &Move, extra: &[wallet::Transfer]) -> Result<Answer, CallError> {
    check_ids(&mv.provider, &mv.round_id, &mv.tx_id)?;
    if !mv.amount.is_positive() {
        return Err(CallError::Invalid("a stake is positive"));
    }
    if let Some(first) = claim(tx, "bet", mv.player_id, &mv.provider, &mv.tx_id, &mv.round_id, mv.amount, &digest(&("bet", mv))).await? {
        return Ok(first);
    }
    record_round(tx, mv, mv.amount, Kurus::ZERO, OPEN).await?;
    let moved = wallet::bet_with_in(tx, &wallet_key(&mv.provider, "bet", &mv.tx_id), &round_move(mv), extra).await?;
    if bonus::has_live(tx, mv.player_id).await? {
        let class = game_class(tx, &mv.provider, &mv.game_code).await?;
        let (_, from_bonus) = bonus_flow(&moved, mv.player_id)?;
        let at = bonus::wagering::Stake { provider: &mv.provider, tx_id: &mv.tx_id, round_id: &mv.round_id };
        bonus::wagering::after_bet(tx, mv.player_id, mv.amount, class, from_bonus, at).await?;
    }
    answer(tx, &mv.provider, &mv.tx_id, mv.player_id).await
}

/// [`win`] inside the caller's transaction (see [`bet_in`]).
pub async fn win_in(tx: &mut AnyConnection, mv: &Move) -> Result<Answer, CallError> {
    win_from_in(tx, mv, &Account::Provider(mv.provider.clone())).await
}

/// [`win_in`] paid from another house account than the provider's (a jackpot level's, see
/// [`wallet::win_from_in`]); the round and the bonus rules as for any win.
pub async fn win_from_in(tx: &mut AnyConnection, mv: &Move, from: &Account) -> Result<Answer, CallError> {
    check_ids(&mv.provider, &mv.round_id, &mv.tx_id)?;
    if mv.amount.is_negative() {
        return Err(CallError::Invalid("a win is not negative"));
    }
    if let Some(first) = claim(tx, "win", mv.player_id, &mv.provider, &mv.tx_id, &mv.round_id, mv.amount, &digest(&("win", mv))).await? {
        return Ok(first);
    }
    pay(tx, mv, from).await
}

/// [`win_for`] inside the caller's transaction (see [`bet_in`]). The bet's row is locked before it
/// is read, so a rollback of it racing this win either finds the win (and is refused) or rolled
/// the bet back first (and this win is refused).
pub async fn win_for_in(tx: &mut AnyConnection, mv: &Move, bet_tx: &str) -> Result<Answer, CallError> {
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

/// Many payouts of one provider at once, inside the caller's transaction (see [`bet_in`]): for
/// each move what [`win_in`] does (the transaction claimed, the round settled, the money paid
/// through [`wallet::win_many_in`], bonus money accounted to the player's bonus), in a few
/// statements for all. Each round at most once. `Ok(false)` when a transaction id or wallet key
/// was seen before: the caller rolls its transaction back and goes one by one. Each call's kept answer is the player's
/// balance after all of them; the transactions are claimed last, with it (the caller's write
/// transaction holds them: a second claim of one fails and rolls everything back).
pub async fn win_many_in(tx: &mut AnyConnection, provider: &str, moves: &[Move]) -> Result<bool, CallError> {
    if moves.is_empty() {
        return Ok(true);
    }
    for mv in moves {
        check_ids(&mv.provider, &mv.round_id, &mv.tx_id)?;
        if mv.amount.is_negative() || mv.provider != provider {
            return Err(CallError::Invalid("a bulk win is of one provider and not negative"));
        }
    }
    let rounds: std::collections::BTreeSet<&str> = moves.iter().map(|m| m.round_id.as_str()).collect();
    let txs: std::collections::BTreeSet<&str> = moves.iter().map(|m| m.tx_id.as_str()).collect();
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
        let owners: std::collections::HashMap<String, (i64, String)> = round
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
    let players: Vec<i64> = moves.iter().map(|m| m.player_id).collect::<std::collections::BTreeSet<_>>().into_iter().collect();
    let balances = wallet::balances_of_many(tx, &players).await?;
    let mut answers = std::collections::HashMap::new();
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

/// [`rollback`] inside the caller's transaction (see [`bet_in`]).
pub async fn rollback_in(tx: &mut AnyConnection, rb: &Rollback) -> Result<Answer, CallError> {
    rollback_with(tx, rb, wallet::Shortfall::Refuse).await
}

/// An operator's correction of a win (a corrected sportsbook result): [`rollback_in`], except that
/// a win the player no longer holds is taken back as far as the pockets go and the rest becomes
/// the player's debt ([`wallet::Shortfall::Owe`]), so a correction always completes.
pub async fn correct_in(tx: &mut AnyConnection, rb: &Rollback) -> Result<Answer, CallError> {
    rollback_with(tx, rb, wallet::Shortfall::Owe).await
}

async fn rollback_with(tx: &mut AnyConnection, rb: &Rollback, shortfall: wallet::Shortfall) -> Result<Answer, CallError> {
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

/// The round's wins that were not rolled back.
async fn standing_wins(tx: &mut AnyConnection, provider: &str, round_id: &str) -> Result<i64, CallError> {
    Ok(sqlx::query_scalar(
        "SELECT COUNT(*) FROM provider_txs WHERE provider = $1 AND round_id = $2 AND kind = 'win' AND rolled_back_by IS NULL",
    )
    .bind(provider)
    .bind(round_id)
    .fetch_one(&mut *tx)
    .await?)
}

/// What a wallet move put into the player's bonus pocket and took from it.
fn bonus_flow(moved: &Committed, player_id: i64) -> Result<(Kurus, Kurus), CallError> {
    let pocket = Account::bonus(player_id);
    let sum = |pick: &dyn Fn(&wallet::Applied) -> bool| Kurus::sum(moved.transfers.iter().filter(|t| pick(t)).map(|t| t.amount));
    let into = sum(&|t| t.credit == pocket).map_err(WalletError::from)?;
    let out = sum(&|t| t.debit == pocket).map_err(WalletError::from)?;
    Ok((into, out))
}

/// The kind of game, for a stake's contribution to bonus wagering: the sportsbook (its share a
/// term of the bonus), live games (the catalogue's live flag), table games (the Table Games
/// category, 6), slots (the Slots, Megaways and Jackpot categories, 3 to 5, or a game the catalogue
/// does not know), the other games instant.
async fn game_class(tx: &mut AnyConnection, provider: &str, game_code: &str) -> Result<GameClass, CallError> {
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

fn round_move(mv: &Move) -> RoundMove {
    RoundMove {
        player_id: mv.player_id,
        provider: mv.provider.clone(),
        round_id: mv.round_id.clone(),
        provider_tx: mv.tx_id.clone(),
        amount: mv.amount,
    }
}

/// Claims a transaction id: `None` when it is new (the call goes on), the first answer when it
/// was made before with the same content; refused when with other content, or rolled back first.
#[allow(clippy::too_many_arguments)]
async fn claim(
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
async fn record_round(tx: &mut AnyConnection, mv: &Move, bets: Kurus, wins: Kurus, status: &str) -> Result<(), CallError> {
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
async fn answer(tx: &mut AnyConnection, provider: &str, tx_id: &str, player_id: i64) -> Result<Answer, CallError> {
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
