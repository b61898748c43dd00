//! The unit of work every stake and payout on the site goes through: one write transaction of one
//! provider, begun with its house accounts open, in which the caller stakes, pays, rolls back and
//! writes its own rows, and which ends with one balance push for each player whose money moved.

use std::collections::BTreeSet;

use sqlx::AnyConnection;

use super::{Answer, CallError, Move, Rollback, bulk, calls};
use crate::db::Db;
use crate::wallet::{self, Account, Transfer, WalletError};

/// A provider's unit of work: [`Work::begin`], any number of moves and the caller's own
/// statements on [`Work::conn`], then [`Work::commit`]. Dropped without a commit, nothing of it
/// was written (the transaction rolls back).
pub struct Work {
    tx: sqlx::Transaction<'static, sqlx::Any>,
    provider: String,
    /// The players whose balance moved: each gets one push when the work commits.
    moved: BTreeSet<i64>,
}

impl Work {
    /// Opens the provider's house account (and the bonus cost account a correction may write
    /// to), outside the transaction and once per process, then begins the write transaction.
    pub async fn begin(db: &Db, provider: &str) -> Result<Work, CallError> {
        wallet::open_provider_account(db, provider).await?;
        wallet::open_house_account(db, &Account::BonusCost).await?;
        Ok(Work { tx: db.begin_write().await?, provider: provider.to_string(), moved: BTreeSet::new() })
    }

    /// The transaction, for the caller's own rows (a bet slip, a crash bet, a hand of cards).
    pub fn conn(&mut self) -> &mut AnyConnection {
        &mut self.tx
    }

    /// A stake: the one gate every stake on the site passes (a provider's bet, a sportsbook slip,
    /// a studio round, a crash bet, a blackjack double). Not enough money:
    /// [`CallError::Wallet`] with [`WalletError::InsufficientFunds`] (see [`short_of_money`]).
    pub async fn stake(&mut self, mv: &Move) -> Result<Answer, CallError> {
        self.stake_with(mv, &[]).await
    }

    /// [`Work::stake`] with house transfers in the stake's wallet batch (a studio slot's jackpot
    /// contributions).
    pub async fn stake_with(&mut self, mv: &Move, extra: &[Transfer]) -> Result<Answer, CallError> {
        self.owns(&mv.provider)?;
        let answer = calls::stake(&mut self.tx, mv, extra).await?;
        Ok(self.moved(mv.player_id, answer, true))
    }

    /// A payout from the provider's account (zero settles the round and moves nothing).
    pub async fn pay(&mut self, mv: &Move) -> Result<Answer, CallError> {
        self.pay_from(mv, &Account::Provider(self.provider.clone())).await
    }

    /// A payout from another house account of the provider's (a jackpot level's).
    pub async fn pay_from(&mut self, mv: &Move, from: &Account) -> Result<Answer, CallError> {
        self.owns(&mv.provider)?;
        let answer = calls::win_from(&mut self.tx, mv, from).await?;
        Ok(self.moved(mv.player_id, answer, mv.amount.is_positive()))
    }

    /// A payout that names the bet it pays (see [`super::win_for`]).
    pub async fn pay_for(&mut self, mv: &Move, bet_tx: &str) -> Result<Answer, CallError> {
        self.owns(&mv.provider)?;
        let answer = calls::win_for(&mut self.tx, mv, bet_tx).await?;
        Ok(self.moved(mv.player_id, answer, mv.amount.is_positive()))
    }

    /// Many payouts at once (see [`bulk::win_many`]); `Ok(false)`: a transaction was seen
    /// before, the caller abandons the work and goes one by one.
    pub async fn pay_many(&mut self, moves: &[Move]) -> Result<bool, CallError> {
        if !bulk::win_many(&mut self.tx, &self.provider, moves).await? {
            return Ok(false);
        }
        self.moved.extend(moves.iter().filter(|m| m.amount.is_positive()).map(|m| m.player_id));
        Ok(true)
    }

    /// Undoes a bet or a win (see [`super::rollback`]).
    pub async fn roll_back(&mut self, rb: &Rollback) -> Result<Answer, CallError> {
        self.owns(&rb.provider)?;
        let answer = calls::rollback(&mut self.tx, rb, wallet::Shortfall::Refuse).await?;
        Ok(self.moved(rb.player_id, answer, true))
    }

    /// An operator's correction of a win: [`Work::roll_back`], except that what the player no
    /// longer holds becomes their debt, so the correction always completes.
    pub async fn correct(&mut self, rb: &Rollback) -> Result<Answer, CallError> {
        self.owns(&rb.provider)?;
        let answer = calls::rollback(&mut self.tx, rb, wallet::Shortfall::Owe).await?;
        Ok(self.moved(rb.player_id, answer, true))
    }

    /// Stakes given back by the caller's own rule (a void sportsbook bet paid its stake): their
    /// wagering contribution is withdrawn too.
    pub async fn stakes_refunded(&mut self, stake_txs: &[&str]) -> Result<(), CallError> {
        Ok(crate::bonus::wagering::stakes_refunded(&mut self.tx, &self.provider, stake_txs).await?)
    }

    /// A provably fair game's record on one of this work's rounds.
    pub async fn record_fairness(&mut self, round_id: &str, fair: &super::Fairness<'_>) -> Result<(), CallError> {
        Ok(super::store::record_fairness(&mut self.tx, &self.provider, round_id, fair).await?)
    }

    /// Pushes each moved player's balance once and commits.
    pub async fn commit(mut self) -> Result<(), CallError> {
        for &player_id in &self.moved {
            wallet::publish_balance_in(&mut self.tx, player_id).await?;
        }
        self.tx.commit().await?;
        Ok(())
    }

    /// Rolls everything back (a batch that goes again one by one).
    pub async fn abandon(self) -> Result<(), CallError> {
        self.tx.rollback().await?;
        Ok(())
    }

    fn owns(&self, provider: &str) -> Result<(), CallError> {
        if provider != self.provider {
            return Err(CallError::Invalid("a move belongs to its work's provider"));
        }
        Ok(())
    }

    fn moved(&mut self, player_id: i64, answer: Answer, moves_money: bool) -> Answer {
        if moves_money && !answer.replayed {
            self.moved.insert(player_id);
        }
        answer
    }
}

/// After a work was abandoned or dropped for a stake the player could not cover: the refusal
/// with the player's balance as it stands ([`CallError::NotEnoughMoney`]); any other error as it is.
pub async fn short_of_money(db: &Db, player_id: i64, e: CallError) -> CallError {
    match e {
        CallError::Wallet(WalletError::InsufficientFunds) | CallError::NotEnoughMoney { .. } => not_enough_money(db, player_id).await,
        e => e,
    }
}

/// The refusal of a stake the player cannot cover, with their balance as it stands.
pub async fn not_enough_money(db: &Db, player_id: i64) -> CallError {
    match super::balance(db, player_id).await {
        Ok(b) => CallError::NotEnoughMoney { balance: b.balance() },
        Err(e) => e,
    }
}
