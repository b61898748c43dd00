//! The ledger's model: pockets, accounts, transfers and batches, balances, what a batch did and
//! why one was refused.

use std::fmt;
use std::str::FromStr;

use serde::Serialize;

use super::{Applied, Kurus, MoneyError};
#[cfg(doc)]
use super::{ensure_wallet, open_house_accounts};

/// Which of a player's two balances.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Pocket {
    Real,
    Bonus,
}

impl Pocket {
    pub fn as_str(self) -> &'static str {
        match self {
            Pocket::Real => "real",
            Pocket::Bonus => "bonus",
        }
    }
}

impl FromStr for Pocket {
    type Err = String;
    fn from_str(s: &str) -> Result<Pocket, String> {
        match s {
            "real" => Ok(Pocket::Real),
            "bonus" => Ok(Pocket::Bonus),
            other => Err(format!("unknown pocket '{other}'")),
        }
    }
}

impl fmt::Display for Pocket {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// An account of the ledger.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Account {
    /// A player's pocket.
    Player { player_id: i64, pocket: Pocket },
    /// A payment method: deposits come from it, withdrawals go to it.
    Payment(String),
    /// A game provider: bets go to it, wins come from it (its balance is its GGR).
    Provider(String),
    /// Bonus money granted to players (and taken back when forfeited).
    BonusCost,
    /// Operators' corrections.
    Adjustments,
    /// What a player owes the house (a correction took back winnings the player no longer held):
    /// debited by the shortfall, credited by each repayment (see `debts`).
    Receivable(i64),
    /// A level of one of the studio's progressive jackpots (`high-cash`, level 1 to 4 for I to
    /// IV): every slot bet's contribution comes into it, its win is paid from it, so its balance
    /// is what the level shows.
    Jackpot { jackpot: String, level: u8 },
    /// The house's money that funds each new jackpot level's seed.
    JackpotSeed,
}

impl Account {
    pub fn real(player_id: i64) -> Account {
        Account::Player { player_id, pocket: Pocket::Real }
    }

    pub fn bonus(player_id: i64) -> Account {
        Account::Player { player_id, pocket: Pocket::Bonus }
    }

    /// Its stored code: `player:42:real`, `house:payment:papara`, `house:provider:pragmatic`,
    /// `house:bonus_cost`, `house:adjustments`, `house:receivable:42`, `house:jackpot:high-cash:1`,
    /// `house:jackpot_seed`.
    pub fn code(&self) -> String {
        match self {
            Account::Player { player_id, pocket } => format!("player:{player_id}:{pocket}"),
            Account::Payment(m) => format!("house:payment:{m}"),
            Account::Provider(p) => format!("house:provider:{p}"),
            Account::BonusCost => "house:bonus_cost".into(),
            Account::Adjustments => "house:adjustments".into(),
            Account::Receivable(player_id) => format!("house:receivable:{player_id}"),
            Account::Jackpot { jackpot, level } => format!("house:jackpot:{jackpot}:{level}"),
            Account::JackpotSeed => "house:jackpot_seed".into(),
        }
    }

    pub fn player(&self) -> Option<(i64, Pocket)> {
        match self {
            Account::Player { player_id, pocket } => Some((*player_id, *pocket)),
            _ => None,
        }
    }

    /// Reads a stored code back.
    pub fn parse(code: &str) -> Option<Account> {
        let parts: Vec<&str> = code.split(':').collect();
        match parts.as_slice() {
            ["player", id, pocket] => Some(Account::Player { player_id: id.parse().ok()?, pocket: pocket.parse().ok()? }),
            ["house", "payment", m] => Some(Account::Payment((*m).to_string())),
            ["house", "provider", p] => Some(Account::Provider((*p).to_string())),
            ["house", "bonus_cost"] => Some(Account::BonusCost),
            ["house", "adjustments"] => Some(Account::Adjustments),
            ["house", "receivable", id] => Some(Account::Receivable(id.parse().ok()?)),
            ["house", "jackpot", j, level] => Some(Account::Jackpot { jackpot: (*j).to_string(), level: level.parse().ok()? }),
            ["house", "jackpot_seed"] => Some(Account::JackpotSeed),
            _ => None,
        }
    }

    pub(super) fn valid(&self) -> bool {
        let name_ok = |n: &str| {
            (1..=40).contains(&n.len()) && n.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_' || b == b'-')
        };
        match self {
            Account::Player { player_id, .. } | Account::Receivable(player_id) => *player_id > 0,
            Account::Payment(n) | Account::Provider(n) => name_ok(n),
            Account::Jackpot { jackpot, level } => name_ok(jackpot) && (1..=4).contains(level),
            Account::BonusCost | Account::Adjustments | Account::JackpotSeed => true,
        }
    }
}

impl fmt::Display for Account {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.code())
    }
}

/// What a transfer is, for the reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum TransferKind {
    Deposit,
    Withdrawal,
    Bet,
    Win,
    /// Undoes an earlier bet or win.
    Rollback,
    Bonus,
    Adjustment,
    /// Repays a player's debt (from the player's real money to their receivable account).
    Debt,
    /// A bet's contribution to a jackpot level (the provider's account to the level's).
    Jackpot,
    /// A jackpot level's seed (the seed account to the level's).
    #[serde(rename = "jackpot_seed")]
    JackpotSeed,
}

impl TransferKind {
    pub const ALL: [TransferKind; 10] = [
        TransferKind::Deposit,
        TransferKind::Withdrawal,
        TransferKind::Bet,
        TransferKind::Win,
        TransferKind::Rollback,
        TransferKind::Bonus,
        TransferKind::Adjustment,
        TransferKind::Debt,
        TransferKind::Jackpot,
        TransferKind::JackpotSeed,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            TransferKind::Deposit => "deposit",
            TransferKind::Withdrawal => "withdrawal",
            TransferKind::Bet => "bet",
            TransferKind::Win => "win",
            TransferKind::Rollback => "rollback",
            TransferKind::Bonus => "bonus",
            TransferKind::Adjustment => "adjustment",
            TransferKind::Debt => "debt",
            TransferKind::Jackpot => "jackpot",
            TransferKind::JackpotSeed => "jackpot_seed",
        }
    }
}

impl FromStr for TransferKind {
    type Err = String;
    fn from_str(s: &str) -> Result<TransferKind, String> {
        TransferKind::ALL.into_iter().find(|k| k.as_str() == s).ok_or_else(|| format!("unknown transfer kind '{s}'"))
    }
}

/// The references a transfer carries, for reconciling with payment and game providers.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Refs {
    pub payment_id: Option<String>,
    pub provider: Option<String>,
    pub round_id: Option<String>,
    /// The provider's own transaction id.
    pub provider_tx: Option<String>,
}

/// One transfer to commit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Transfer {
    pub debit: Account,
    pub credit: Account,
    /// Positive.
    pub amount: Kurus,
    pub kind: TransferKind,
    /// What caused it, e.g. `trial_bonus`, `deposit:123`, `hub88:bet:TX42`.
    pub cause: String,
    /// An operator's text (adjustments).
    pub reason: Option<String>,
    pub refs: Refs,
    /// A pending transfer holds the money on the debited player account until it is posted or voided.
    pub pending: bool,
}

impl Transfer {
    /// A posted transfer with no references.
    pub fn new(debit: Account, credit: Account, amount: Kurus, kind: TransferKind, cause: impl Into<String>) -> Transfer {
        Transfer { debit, credit, amount, kind, cause: cause.into(), reason: None, refs: Refs::default(), pending: false }
    }
}

/// Transfers that commit or fail together, under one idempotency key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Batch {
    pub key: String,
    pub transfers: Vec<Transfer>,
}

/// A player's balances: what can be spent from each pocket, and what pending transfers hold.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Balances {
    pub real: Kurus,
    pub bonus: Kurus,
    /// Real money held by pending transfers (withdrawals awaiting approval); not in `real`.
    pub held: Kurus,
}

impl Balances {
    /// What the header shows: real plus bonus money.
    pub fn total(&self) -> Result<Kurus, MoneyError> {
        self.real.checked_add(self.bonus)
    }

    pub fn get(&self, pocket: Pocket) -> Kurus {
        match pocket {
            Pocket::Real => self.real,
            Pocket::Bonus => self.bonus,
        }
    }
}

/// What a batch did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Committed {
    /// The transfers, in order (for a replay: those of the first commit).
    pub transfers: Vec<Applied>,
    /// True when the key had been committed before with the same content: nothing moved now.
    pub replayed: bool,
}

/// How the API answers a refused batch (the wallet maps its own errors to the envelope).
impl From<WalletError> for crate::error::AppError {
    fn from(e: WalletError) -> Self {
        use crate::error::AppError;
        match e {
            WalletError::InsufficientFunds => AppError::BadRequest("wallet.insufficient"),
            WalletError::KeyReused(_) => AppError::Conflict("wallet.key_reused"),
            WalletError::Database(db) => AppError::Database(db),
            other => AppError::Internal(anyhow::anyhow!(other)),
        }
    }
}

impl From<MoneyError> for crate::error::AppError {
    fn from(e: MoneyError) -> Self {
        crate::error::AppError::Internal(anyhow::anyhow!(e))
    }
}

/// Why a batch was refused; nothing of it was written.
#[derive(Debug, thiserror::Error)]
pub enum WalletError {
    /// A debit would take a player account below zero.
    #[error("insufficient funds")]
    InsufficientFunds,
    /// The idempotency key was committed before with other content (Hub88's
    /// RS_ERROR_DUPLICATE_TRANSACTION, a payment callback's 409).
    #[error("the idempotency key '{0}' was used before for another operation")]
    KeyReused(String),
    /// A player account that was never opened (see [`ensure_wallet`]), or a house account not
    /// opened before the transaction (see [`open_house_accounts`]).
    #[error("no such account: {0}")]
    UnknownAccount(String),
    /// Not a pending transfer, or one already posted or voided.
    #[error("transfer {0} is not pending")]
    NotPending(i64),
    /// The batch itself is malformed (empty key, non-positive amount, ...): a programming error.
    #[error("invalid transfer: {0}")]
    Invalid(&'static str),
    #[error(transparent)]
    Money(#[from] MoneyError),
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}
