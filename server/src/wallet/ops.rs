//! The operator's wallet tools: `check` (every balance equals its ledger) and `adjust` (a correction
//! with a reason), behind `kasa admin wallet check|adjust`.

use std::collections::BTreeMap;
use std::fmt;

use anyhow::{Context, bail};
use sqlx::Connection;

use super::{Kind, Kurus, Movement, Pocket, Posted, WalletError, post_one, store};
use crate::db::{Db, Engine};

/// What `check` found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckReport {
    /// Wallet rows checked.
    pub wallets: u64,
    /// Ledger entries summed.
    pub entries: u64,
    /// How many pockets disagree with their ledger.
    pub discrepancies: u64,
    /// The first disagreement, by player id then pocket; `None` when all is well.
    pub first: Option<Discrepancy>,
}

impl CheckReport {
    pub fn is_ok(&self) -> bool {
        self.first.is_none()
    }
}

/// How a pocket disagrees with its ledger.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DiscrepancyKind {
    /// The balance is not the sum of the pocket's entries (expected: the sum).
    SumOfEntries,
    /// The balance is not the last entry's balance_after (expected: that balance_after).
    LastEntry,
    /// The player has entries but no wallet row (expected: the sum; actual: zero).
    MissingWallet,
}

/// One pocket whose balance disagrees with its ledger.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Discrepancy {
    pub player_id: i64,
    pub username: String,
    pub pocket: Pocket,
    pub kind: DiscrepancyKind,
    /// What the ledger says the balance should be.
    pub expected: Kurus,
    /// What the wallet row holds.
    pub actual: Kurus,
}

impl fmt::Display for Discrepancy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.kind {
            DiscrepancyKind::SumOfEntries => "its ledger entries sum to",
            DiscrepancyKind::LastEntry => "its last ledger entry left it at",
            DiscrepancyKind::MissingWallet => "there is no wallet row, yet its ledger entries sum to",
        };
        write!(
            f,
            "player {} (id {}), {} pocket: the balance is {} but {what} {}",
            self.username, self.player_id, self.pocket, self.actual, self.expected
        )
    }
}

impl fmt::Display for CheckReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.first {
            None => {
                write!(f, "wallet check OK: {} wallets, {} ledger entries, every balance equals its ledger", self.wallets, self.entries)
            }
            Some(d) => write!(
                f,
                "wallet check FAILED ({} of the pockets of {} wallets disagree with {} ledger entries); first: {d}",
                self.discrepancies, self.wallets, self.entries
            ),
        }
    }
}

/// Checks every wallet (and every player with ledger entries): each pocket's balance must equal the
/// sum of its entries and its last entry's balance_after. Reads one consistent snapshot, so it can
/// run while the site serves.
pub async fn check(db: &Db) -> Result<CheckReport, WalletError> {
    let mut conn = db.pool.acquire().await?;
    let mut tx = conn.begin().await?;
    if db.engine == Engine::Postgres {
        sqlx::query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY").execute(&mut *tx).await?;
    }
    let wallets = store::all_wallets(&mut tx).await?;
    let totals = store::pocket_totals(&mut tx).await?;

    let entries: u64 = totals.iter().map(|t| t.count as u64).sum();
    let mut ledger: BTreeMap<(i64, Pocket), store::PocketTotals> = totals.into_iter().map(|t| ((t.player_id, t.pocket), t)).collect();
    let mut found: Vec<(i64, Pocket, DiscrepancyKind, Kurus, Kurus)> = Vec::new();
    for (player_id, balances) in &wallets {
        for pocket in [Pocket::Real, Pocket::Bonus] {
            let actual = balances.get(pocket);
            match ledger.remove(&(*player_id, pocket)) {
                None if actual != Kurus::ZERO => found.push((*player_id, pocket, DiscrepancyKind::SumOfEntries, Kurus::ZERO, actual)),
                None => {}
                Some(t) if t.sum != actual => found.push((*player_id, pocket, DiscrepancyKind::SumOfEntries, t.sum, actual)),
                Some(t) if t.last_balance_after != actual => {
                    found.push((*player_id, pocket, DiscrepancyKind::LastEntry, t.last_balance_after, actual))
                }
                Some(_) => {}
            }
        }
    }
    for ((player_id, pocket), t) in ledger {
        found.push((player_id, pocket, DiscrepancyKind::MissingWallet, t.sum, Kurus::ZERO));
    }
    found.sort_by_key(|(player_id, pocket, ..)| (*player_id, *pocket));

    let first = match found.first() {
        Some(&(player_id, pocket, kind, expected, actual)) => {
            let username = store::username(&mut tx, player_id).await?.unwrap_or_else(|| format!("#{player_id} (no such player)"));
            Some(Discrepancy { player_id, username, pocket, kind, expected, actual })
        }
        None => None,
    };
    tx.rollback().await?;
    Ok(CheckReport { wallets: wallets.len() as u64, entries, discrepancies: found.len() as u64, first })
}

/// The operator's correction of a player's real-money balance: `amount_lira` may be negative
/// (`-25`, `12,50`, `1.234,56`), the reason is recorded in the ledger. Refuses an empty reason, a
/// zero amount, an unknown username and a result below zero.
pub async fn adjust(db: &Db, username: &str, amount_lira: &str, reason: &str) -> anyhow::Result<Posted> {
    let reason = reason.trim();
    if reason.is_empty() {
        bail!("an adjustment needs a reason (--reason TEXT): it is recorded in the ledger");
    }
    let amount = Kurus::parse(amount_lira).context("invalid --amount")?;
    if amount.is_zero() {
        bail!("an adjustment of zero moves nothing");
    }
    let mut conn = db.pool.acquire().await?;
    let Some((player_id, username)) = store::player_id_by_username(&mut conn, username).await? else {
        bail!("no player with the username '{}'", username.trim());
    };
    drop(conn);
    let movement = Movement {
        player_id,
        pocket: Pocket::Real,
        amount,
        kind: Kind::Adjustment,
        cause: "operator".to_string(),
        reason: Some(reason.to_string()),
        idempotency_key: format!("adjust:{:032x}", rand::random::<u128>()),
    };
    match post_one(db, &movement).await {
        Ok(posted) => {
            tracing::info!(player = %username, amount = amount.0, entry = posted.entry_id, reason, "wallet adjusted by an operator");
            Ok(posted)
        }
        Err(WalletError::InsufficientFunds) => {
            let balance = super::balances(db, player_id).await?.real;
            bail!("player {username}'s real balance is {balance}: an adjustment of {amount} would take it below zero")
        }
        Err(e) => Err(e.into()),
    }
}
