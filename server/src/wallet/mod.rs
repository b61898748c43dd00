//! The wallet: double entry on the model of TigerBeetle. Money lives in accounts (each player's
//! real and bonus pockets, and a house account for each counterpart: each payment method, each
//! game provider, bonus cost, operator adjustments) and moves only by immutable transfers, each
//! debiting one account and crediting another by the same positive amount, so all accounts
//! together always sum to zero.
//!
//! Player accounts keep a balance row (posted money, and money held by pending transfers) that
//! never goes below zero; house accounts keep none (their balance is the sum of their transfers),
//! so no house row is a lock every bet on the site waits for. A pending transfer holds money until
//! it is posted or voided (a withdrawal). Transfers are committed in batches that succeed or fail
//! together (a bet taken from real money first and then bonus money), under one idempotency key:
//! the same key with the same content answers the first result, with other content a conflict.
//! Each batch journals one balance push per player it touched.
//!
//! [`commit`] runs in a transaction of its own, [`commit_in`] inside the caller's (so a bonus grant
//! row commits with its transfer). [`check`], [`report`] and [`adjust`] are the operator's tools.

mod debts;
mod ops;
mod store;

use std::collections::BTreeSet;
use std::fmt;
use std::str::FromStr;

use serde::Serialize;
use sha2::{Digest, Sha256};
use sqlx::AnyConnection;

use crate::db::Db;

pub use crate::money::{Kurus, MoneyError};
pub use debts::{Debt, debts};
pub use ops::{AdjustError, CheckReport, Finding, HouseLine, JackpotTotals, Report, adjust, check, report};
pub use store::{Applied, Phase};

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

    fn valid(&self) -> bool {
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

fn validate(batch: &Batch) -> Result<(), WalletError> {
    if batch.key.trim().is_empty() || batch.key.len() > 200 {
        return Err(WalletError::Invalid("a batch needs an idempotency key of at most 200 characters"));
    }
    for t in &batch.transfers {
        if !t.amount.is_positive() {
            return Err(WalletError::Invalid("a transfer moves a positive amount"));
        }
        if t.debit == t.credit {
            return Err(WalletError::Invalid("a transfer moves money between two accounts"));
        }
        if !t.debit.valid() || !t.credit.valid() {
            return Err(WalletError::Invalid("an account name is malformed"));
        }
        if t.cause.trim().is_empty() {
            return Err(WalletError::Invalid("a transfer needs a cause"));
        }
        if t.pending && t.debit.player().is_none() {
            return Err(WalletError::Invalid("only a player account's money can be held"));
        }
    }
    Ok(())
}

/// A digest of a batch's content, to tell a replay from a reused key.
fn fingerprint(content: &impl Serialize) -> String {
    hex::encode(Sha256::digest(serde_json::to_vec(content).unwrap_or_default()))
}

#[derive(Serialize)]
struct TransferContent<'a> {
    debit: String,
    credit: String,
    amount: i64,
    kind: TransferKind,
    cause: &'a str,
    reason: Option<&'a str>,
    refs: &'a Refs,
    pending: bool,
}

fn batch_fingerprint(batch: &Batch) -> String {
    let content: Vec<TransferContent> = batch
        .transfers
        .iter()
        .map(|t| TransferContent {
            debit: t.debit.code(),
            credit: t.credit.code(),
            amount: t.amount.minor(),
            kind: t.kind,
            cause: &t.cause,
            reason: t.reason.as_deref(),
            refs: &t.refs,
            pending: t.pending,
        })
        .collect();
    fingerprint(&("transfers", content))
}

/// Commits a batch in a transaction of its own.
pub async fn commit(db: &Db, batch: &Batch) -> Result<Committed, WalletError> {
    validate(batch)?;
    let house = open_house_accounts(db, &batch.transfers).await?;
    let mut tx = db.begin_write().await?;
    let committed = commit_with(&mut tx, batch, house).await?;
    tx.commit().await?;
    Ok(committed)
}

/// Commits a batch inside the caller's transaction (begun with [`Db::begin_write`]), after the
/// caller opened the batch's house accounts with [`open_house_accounts`] before beginning it. On
/// an error the caller must roll its transaction back.
pub async fn commit_in(conn: &mut AnyConnection, batch: &Batch) -> Result<Committed, WalletError> {
    commit_with(conn, batch, Vec::new()).await
}

async fn commit_with(conn: &mut AnyConnection, batch: &Batch, house: Vec<(Account, i64)>) -> Result<Committed, WalletError> {
    validate(batch)?;
    if let Some(replay) = claim_key(conn, &batch.key, &batch_fingerprint(batch)).await? {
        return Ok(replay);
    }
    apply(conn, &batch.key, &batch.transfers, house, Push::Now).await
}

/// Opens the house accounts the transfers name, if new, each in a statement of its own and never
/// inside a money transaction (see `store::open_house_account` for the deadlock this avoids), and
/// gives their ids. Call it before [`Db::begin_write`] when committing with [`commit_in`].
pub async fn open_house_accounts(db: &Db, transfers: &[Transfer]) -> Result<Vec<(Account, i64)>, WalletError> {
    let mut opened: Vec<(Account, i64)> = Vec::new();
    let mut conn = None;
    for account in transfers.iter().flat_map(|t| [&t.debit, &t.credit]) {
        if account.player().is_some() || opened.iter().any(|(a, _)| a == account) {
            continue;
        }
        let conn = match &mut conn {
            Some(c) => c,
            None => conn.insert(db.pool.acquire().await?),
        };
        opened.push((account.clone(), store::open_house_account(conn, account).await?));
    }
    Ok(opened)
}

/// Records the batch's key; when it was committed before, the first result (same content) or
/// [`WalletError::KeyReused`].
async fn claim_key(conn: &mut AnyConnection, key: &str, fingerprint: &str) -> Result<Option<Committed>, WalletError> {
    match store::insert_batch(conn, key, fingerprint).await? {
        None => Ok(None),
        Some(first) if first == fingerprint => {
            Ok(Some(Committed { transfers: store::transfers_of_batch(conn, key).await?, replayed: true }))
        }
        Some(_) => Err(WalletError::KeyReused(key.to_string())),
    }
}

/// Applies transfers whose key was just claimed, then journals one balance push per player.
/// Whether a batch journals its players' balance pushes itself ([`Push::Now`]) or leaves one push
/// per player to the caller, who runs several game moves in one transaction ([`Push::ByCaller`],
/// the `_in` game moves; the caller ends with [`publish_balance_in`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Push {
    Now,
    ByCaller,
}

async fn apply(
    conn: &mut AnyConnection,
    key: &str,
    transfers: &[Transfer],
    house: Vec<(Account, i64)>,
    push: Push,
) -> Result<Committed, WalletError> {
    // Each account is looked up once per batch (a split bet names the provider twice); the house
    // accounts opened before the transaction are known already.
    let mut known: Vec<(Account, i64)> = house;
    let mut ids = Vec::with_capacity(transfers.len());
    let mut player_rows = Vec::new();
    for t in transfers {
        let mut pair = [0i64; 2];
        for (slot, account) in pair.iter_mut().zip([&t.debit, &t.credit]) {
            *slot = match known.iter().find(|(a, _)| a == account) {
                Some(&(_, id)) => id,
                None => {
                    let id = store::account_id(conn, account).await?;
                    known.push((account.clone(), id));
                    id
                }
            };
        }
        let pair = (pair[0], pair[1]);
        player_rows.extend(t.debit.player().map(|_| pair.0).into_iter().chain(t.credit.player().map(|_| pair.1)));
        ids.push(pair);
    }
    store::lock_rows(conn, player_rows).await?;
    let mut applied = Vec::with_capacity(transfers.len());
    let mut players = BTreeSet::new();
    let mut credited: std::collections::BTreeMap<i64, (i64, Kurus)> = std::collections::BTreeMap::new();
    for (t, (debit_id, credit_id)) in transfers.iter().zip(ids) {
        if let Some((player_id, _)) = t.debit.player() {
            let ok = if t.pending {
                store::hold(conn, debit_id, t.amount).await?
            } else {
                store::change_posted(conn, debit_id, t.amount.negated()).await?
            };
            if !ok {
                return Err(WalletError::InsufficientFunds);
            }
            players.insert(player_id);
        }
        if let Some((player_id, pocket)) = t.credit.player() {
            store::change_posted(conn, credit_id, t.amount).await?;
            players.insert(player_id);
            if pocket == Pocket::Real {
                let entry = credited.entry(player_id).or_insert((credit_id, Kurus::ZERO));
                entry.1 = entry.1.checked_add(t.amount)?;
            }
        }
        let phase = if t.pending { store::Phase::Pending } else { store::Phase::Single };
        applied.push(store::insert_transfer(conn, key, (debit_id, credit_id), t, phase, None).await?);
    }
    repay_debts(conn, key, credited, &mut applied).await?;
    if push == Push::Now {
        for player_id in players {
            publish_balance(conn, player_id).await?;
        }
    }
    Ok(Committed { transfers: applied, replayed: false })
}

/// Repays the debts of the players whose real pockets the batch `key` credited (`player -> (real
/// account id, credited)`), first, from those credits, under the same key: every credit path goes
/// through here or repays the same way ([`win_many_in`], a voided hold).
async fn repay_debts(
    conn: &mut AnyConnection,
    key: &str,
    credited: std::collections::BTreeMap<i64, (i64, Kurus)>,
    applied: &mut Vec<Applied>,
) -> Result<(), WalletError> {
    for (player_id, (real_id, credit)) in credited {
        let Some((receivable_id, owed)) = debts::owed(conn, player_id).await? else { continue };
        // The row is locked; what the batch left spendable bounds the repayment too.
        let spendable = store::balances(conn, player_id).await?.real;
        let amount = owed.min(credit).min(spendable);
        if amount.is_positive() {
            applied.push(debts::repay(conn, key, player_id, (real_id, receivable_id), amount).await?);
        }
    }
    Ok(())
}

/// Posts a pending transfer: the held money leaves the player account for good.
pub async fn post_pending(db: &Db, key: &str, pending_id: i64) -> Result<Committed, WalletError> {
    resolve(db, key, pending_id, store::Phase::Post).await
}

/// Voids a pending transfer: the held money is the player's to spend again.
pub async fn void_pending(db: &Db, key: &str, pending_id: i64) -> Result<Committed, WalletError> {
    resolve(db, key, pending_id, store::Phase::Void).await
}

/// [`post_pending`] inside the caller's transaction (begun with [`Db::begin_write`]), so the
/// posting commits with the caller's own change (a payment request's decision). On an error the
/// caller must roll its transaction back.
pub async fn post_pending_in(conn: &mut AnyConnection, key: &str, pending_id: i64) -> Result<Committed, WalletError> {
    resolve_with(conn, key, pending_id, store::Phase::Post).await
}

/// [`void_pending`] inside the caller's transaction (see [`post_pending_in`]).
pub async fn void_pending_in(conn: &mut AnyConnection, key: &str, pending_id: i64) -> Result<Committed, WalletError> {
    resolve_with(conn, key, pending_id, store::Phase::Void).await
}

async fn resolve(db: &Db, key: &str, pending_id: i64, phase: store::Phase) -> Result<Committed, WalletError> {
    let mut tx = db.begin_write().await?;
    let committed = resolve_with(&mut tx, key, pending_id, phase).await?;
    tx.commit().await?;
    Ok(committed)
}

async fn resolve_with(conn: &mut AnyConnection, key: &str, pending_id: i64, phase: store::Phase) -> Result<Committed, WalletError> {
    if key.trim().is_empty() {
        return Err(WalletError::Invalid("a batch needs an idempotency key"));
    }
    if let Some(replay) = claim_key(conn, key, &fingerprint(&(phase.as_str(), pending_id))).await? {
        return Ok(replay);
    }
    // Locks the player's balance row first, so two resolutions of one transfer go one by one.
    let pending = store::pending_transfer(conn, pending_id).await?.ok_or(WalletError::NotPending(pending_id))?;
    if store::is_resolved(conn, pending_id).await? {
        return Err(WalletError::NotPending(pending_id));
    }
    if !store::release(conn, pending.debit_id, pending.transfer.amount, phase == store::Phase::Post).await? {
        return Err(WalletError::NotPending(pending_id));
    }
    let applied =
        store::insert_transfer(conn, key, (pending.debit_id, pending.credit_id), &pending.transfer, phase, Some(pending_id)).await?;
    let mut transfers = vec![applied];
    if let Some((player_id, pocket)) = pending.transfer.debit.player() {
        // A voided hold is spendable money again: a credit like any other, so it repays a debt first.
        if phase == store::Phase::Void && pocket == Pocket::Real {
            let credited = std::collections::BTreeMap::from([(player_id, (pending.debit_id, pending.transfer.amount))]);
            repay_debts(conn, key, credited, &mut transfers).await?;
        }
        publish_balance(conn, player_id).await?;
    }
    Ok(Committed { transfers, replayed: false })
}

/// A move of a game round, as a provider reports it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RoundMove {
    pub player_id: i64,
    pub provider: String,
    pub round_id: String,
    /// The provider's transaction id.
    pub provider_tx: String,
    pub amount: Kurus,
}

impl RoundMove {
    fn refs(&self) -> Refs {
        Refs {
            payment_id: None,
            provider: Some(self.provider.clone()),
            round_id: Some(self.round_id.clone()),
            provider_tx: Some(self.provider_tx.clone()),
        }
    }
}

/// A stake: real money first, then bonus money, as linked transfers to the provider's account.
pub async fn bet(db: &Db, key: &str, stake: &RoundMove) -> Result<Committed, WalletError> {
    if !stake.amount.is_positive() {
        return Err(WalletError::Invalid("a stake is positive"));
    }
    play(db, key, stake, TransferKind::Bet).await
}

/// A payout, split between the pockets in the proportion the round's stakes came from them (all
/// real money when the round has no stake). A win of zero records the key and moves nothing.
pub async fn win(db: &Db, key: &str, payout: &RoundMove) -> Result<Committed, WalletError> {
    if payout.amount.is_negative() {
        return Err(WalletError::Invalid("a win is not negative"));
    }
    play(db, key, payout, TransferKind::Win).await
}

/// [`bet`] inside the caller's transaction (begun with [`Db::begin_write`]), so the stake commits
/// with the caller's own rows (a provider's wallet call, a studio round), after the provider's
/// house account was opened with [`open_provider_account`] before beginning it. On an error the
/// caller must roll its transaction back. It journals no balance push: the caller ends its
/// transaction with [`publish_balance_in`], one push for all its moves.
pub async fn bet_in(conn: &mut AnyConnection, key: &str, stake: &RoundMove) -> Result<Committed, WalletError> {
    bet_with_in(conn, key, stake, &[]).await
}

/// [`bet_in`] with more house transfers in the stake's batch, after its own (a studio slot bet's
/// jackpot contributions, from the provider's account to the levels'): they commit, replay and
/// are rolled back with the stake. Their house accounts are opened before the transaction.
pub async fn bet_with_in(conn: &mut AnyConnection, key: &str, stake: &RoundMove, extra: &[Transfer]) -> Result<Committed, WalletError> {
    if !stake.amount.is_positive() {
        return Err(WalletError::Invalid("a stake is positive"));
    }
    if extra.iter().any(|t| t.debit.player().is_some() || t.credit.player().is_some()) {
        return Err(WalletError::Invalid("a stake's other transfers are between house accounts"));
    }
    validate(&Batch { key: key.to_string(), transfers: extra.to_vec() })?;
    let provider = Account::Provider(stake.provider.clone());
    play_with(conn, key, stake, TransferKind::Bet, &provider, extra, Push::ByCaller).await
}

/// [`win`] inside the caller's transaction (see [`bet_in`]).
pub async fn win_in(conn: &mut AnyConnection, key: &str, payout: &RoundMove) -> Result<Committed, WalletError> {
    win_from_in(conn, key, payout, &Account::Provider(payout.provider.clone())).await
}

/// [`win_in`] paid from another house account than the provider's (a jackpot level's), split
/// between the pockets as the round's stakes with the provider were; opened before the transaction.
pub async fn win_from_in(conn: &mut AnyConnection, key: &str, payout: &RoundMove, from: &Account) -> Result<Committed, WalletError> {
    if payout.amount.is_negative() {
        return Err(WalletError::Invalid("a win is not negative"));
    }
    if from.player().is_some() || !from.valid() {
        return Err(WalletError::Invalid("a win is paid from a house account"));
    }
    play_with(conn, key, payout, TransferKind::Win, from, &[], Push::ByCaller).await
}

/// Many wins of one provider at once, inside the caller's transaction: for each `(key, move)`
/// what [`win_in`] does (the payout split between the pockets as the round's stakes were, linked
/// transfers from the provider's account, the players' posted money), in a few statements for
/// all, so a sportsbook market's thousands of winning bets settle in seconds. Each win's part
/// paid into the bonus pocket, in order. `Ok(None)` when a key was used before: nothing is
/// written and the caller goes one by one ([`win_in`] answers replays). The caller ends with
/// [`publish_balance_in`] once per player.
pub async fn win_many_in(
    conn: &mut AnyConnection,
    provider: &str,
    wins: &[(String, RoundMove)],
) -> Result<Option<Vec<Kurus>>, WalletError> {
    if wins.is_empty() {
        return Ok(Some(Vec::new()));
    }
    let keys: Vec<String> = wins.iter().map(|(k, _)| k.clone()).collect();
    let distinct: BTreeSet<&String> = keys.iter().collect();
    if wins.iter().any(|(k, mv)| mv.amount.is_negative() || mv.provider != provider || k.trim().is_empty() || k.len() > 200)
        || distinct.len() != keys.len()
    {
        return Err(WalletError::Invalid("a bulk win names one provider, new distinct keys and amounts of zero or more"));
    }
    if store::batches_known(conn, &keys).await? > 0 {
        return Ok(None);
    }
    let prints: Vec<(String, String)> = wins.iter().map(|(k, mv)| (k.clone(), fingerprint(&(TransferKind::Win, mv)))).collect();
    if store::insert_batches(conn, &prints).await? != wins.len() as u64 {
        return Err(WalletError::KeyReused(keys[0].clone()));
    }
    let rounds: Vec<String> = wins.iter().map(|(_, mv)| mv.round_id.clone()).collect::<BTreeSet<_>>().into_iter().collect();
    let stakes = store::rounds_stakes(conn, provider, &rounds).await?;
    let players: Vec<i64> = wins.iter().map(|(_, mv)| mv.player_id).collect::<BTreeSet<_>>().into_iter().collect();
    let accounts = store::player_accounts(conn, &players).await?;
    let house = Account::Provider(provider.to_string());
    let house_id = store::account_id(conn, &house).await?;

    let mut transfers = Vec::new();
    let mut to_bonus = Vec::with_capacity(wins.len());
    for (key, mv) in wins {
        let staked = stakes.get(&(mv.round_id.clone(), mv.player_id)).copied().unwrap_or_default();
        let total = staked.real.checked_add(staked.bonus)?;
        let bonus_part = if total.is_positive() { mv.amount.share(staked.bonus, total)? } else { Kurus::ZERO };
        let real_part = mv.amount.checked_sub(bonus_part)?;
        to_bonus.push(bonus_part);
        let cause = format!("{}:{}:{}", mv.provider, TransferKind::Win.as_str(), mv.provider_tx);
        for (pocket, part) in [(Pocket::Real, real_part), (Pocket::Bonus, bonus_part)] {
            if !part.is_positive() {
                continue;
            }
            let player = Account::Player { player_id: mv.player_id, pocket };
            let id =
                *accounts.get(&(mv.player_id, pocket.as_str().to_string())).ok_or_else(|| WalletError::UnknownAccount(player.code()))?;
            transfers.push((
                key.as_str(),
                id,
                Transfer { refs: mv.refs(), ..Transfer::new(house.clone(), player, part, TransferKind::Win, cause.clone()) },
            ));
        }
    }
    if transfers.is_empty() {
        return Ok(Some(to_bonus));
    }
    let mut credits: std::collections::BTreeMap<i64, i64> = std::collections::BTreeMap::new();
    for (_, id, t) in &transfers {
        *credits.entry(*id).or_default() += t.amount.minor();
    }
    store::lock_rows_at_once(conn, credits.keys().copied().collect()).await?;
    // Debts first (read under the rows' locks): an indebted player's real winnings repay it, win
    // by win, each repayment under its win's key.
    let earners: Vec<i64> =
        transfers.iter().filter_map(|(_, _, t)| t.credit.player().filter(|(_, pocket)| *pocket == Pocket::Real).map(|(p, _)| p)).collect();
    let owing = debts::owed_by_many(conn, &earners.into_iter().collect::<BTreeSet<_>>().into_iter().collect::<Vec<_>>()).await?;
    let mut repayments: Vec<(&str, (i64, i64), Transfer)> = Vec::new();
    let mut repaid: std::collections::BTreeMap<i64, Kurus> = std::collections::BTreeMap::new();
    for (key, id, t) in &transfers {
        let Some((player_id, Pocket::Real)) = t.credit.player() else { continue };
        let Some(&(receivable_id, owed)) = owing.get(&player_id) else { continue };
        let done = repaid.entry(player_id).or_insert(Kurus::ZERO);
        let amount = t.amount.min(owed.checked_sub(*done)?);
        if !amount.is_positive() {
            continue;
        }
        *done = done.checked_add(amount)?;
        *credits.entry(*id).or_default() -= amount.minor();
        repayments.push((*key, (*id, receivable_id), debts::repayment(player_id, amount)));
    }
    let credits: Vec<(i64, i64)> = credits.into_iter().collect();
    for chunk in credits.chunks(crate::db::rows_per_statement(3)) {
        if store::credit_posted(conn, chunk).await? != chunk.len() as u64 {
            return Err(WalletError::UnknownAccount(format!("a balance row of {} accounts", chunk.len())));
        }
    }
    let mut rows: Vec<(&str, (i64, i64), &Transfer)> = transfers.iter().map(|(k, id, t)| (*k, (house_id, *id), t)).collect();
    rows.extend(repayments.iter().map(|(k, ids, t)| (*k, *ids, t)));
    store::insert_transfers(conn, &rows).await?;
    let repaid: Vec<(i64, Kurus)> = repaid.into_iter().filter(|(_, k)| k.is_positive()).collect();
    debts::repaid_many(conn, &repaid).await?;
    Ok(Some(to_bonus))
}

/// Opens a game provider's house account if it is new (outside any money transaction, see
/// [`open_house_accounts`]). Accounts are never closed, so a node remembers the ones it opened
/// (per database) and asks the database once.
pub async fn open_provider_account(db: &Db, provider: &str) -> Result<(), WalletError> {
    open_house_account(db, &Account::Provider(provider.to_string())).await
}

/// Opens a house account if it is new, outside any money transaction and remembered like
/// [`open_provider_account`]'s (a jackpot level's, the jackpot seed's).
pub async fn open_house_account(db: &Db, account: &Account) -> Result<(), WalletError> {
    static OPENED: std::sync::LazyLock<std::sync::Mutex<BTreeSet<(String, String)>>> = std::sync::LazyLock::new(Default::default);
    if !account.valid() || account.player().is_some() {
        return Err(WalletError::Invalid("an account name is malformed"));
    }
    let key = (db.url.clone(), account.code());
    if OPENED.lock().unwrap_or_else(|e| e.into_inner()).contains(&key) {
        return Ok(());
    }
    let mut conn = db.pool.acquire().await?;
    store::open_house_account(&mut conn, account).await?;
    OPENED.lock().unwrap_or_else(|e| e.into_inner()).insert(key);
    Ok(())
}

/// What undoing a win does when the player no longer holds all of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shortfall {
    /// Refuses ([`WalletError::InsufficientFunds`]): a provider's rollback.
    Refuse,
    /// Takes what each pocket holds; the rest of the real money becomes the player's debt (see
    /// `debts`), the rest of the bonus money is written off to the bonus cost: a corrected result.
    Owe,
}

/// Undoes what the batch `of_key` moved (a bet's or a win's transfers, each pocket as it was), by
/// `Rollback` transfers the other way under the key `key`, inside the caller's transaction (see
/// [`bet_in`]). The same key again answers the first result; a batch that moved nothing (a win
/// of zero, an unknown key) is undone by nothing. Undoing a win needs the money still there.
pub async fn reverse_in(conn: &mut AnyConnection, key: &str, of_key: &str, refs: &Refs) -> Result<Committed, WalletError> {
    reverse_with(conn, key, of_key, refs, Shortfall::Refuse).await
}

/// [`reverse_in`], with what happens when the player no longer holds a win it undoes.
pub async fn reverse_with(
    conn: &mut AnyConnection,
    key: &str,
    of_key: &str,
    refs: &Refs,
    shortfall: Shortfall,
) -> Result<Committed, WalletError> {
    if key.trim().is_empty() || key.len() > 200 {
        return Err(WalletError::Invalid("a batch needs an idempotency key of at most 200 characters"));
    }
    if let Some(replay) = claim_key(conn, key, &fingerprint(&("reverse", of_key, refs))).await? {
        return Ok(replay);
    }
    let cause = format!("rollback:{of_key}");
    // A debt the batch repaid stays repaid: undoing its credit takes the money back instead.
    let back: Vec<Transfer> = store::transfers_of_batch(conn, of_key)
        .await?
        .into_iter()
        .filter(|t| t.phase == store::Phase::Single && t.kind != TransferKind::Debt)
        .map(|t| Transfer { refs: refs.clone(), ..Transfer::new(t.credit, t.debit, t.amount, TransferKind::Rollback, cause.clone()) })
        .collect();
    if shortfall == Shortfall::Refuse || back.iter().all(|t| t.debit.player().is_none()) {
        return apply(conn, key, &back, Vec::new(), Push::ByCaller).await;
    }
    // The pockets it takes from, locked (in the one order) before reading what they hold.
    let mut held: std::collections::BTreeMap<Account, (i64, Kurus)> = std::collections::BTreeMap::new();
    for t in &back {
        if t.debit.player().is_some() && !held.contains_key(&t.debit) {
            let id = store::account_id(conn, &t.debit).await?;
            held.insert(t.debit.clone(), (id, Kurus::ZERO));
        }
    }
    let ids: Vec<i64> = held.values().map(|(id, _)| *id).collect();
    store::lock_rows(conn, ids).await?;
    for (account, (_, have)) in held.iter_mut() {
        if let Some((player_id, pocket)) = account.player() {
            *have = store::balances(conn, player_id).await?.get(pocket);
        }
    }
    let mut transfers = Vec::with_capacity(back.len() + 1);
    let mut owed: std::collections::BTreeMap<i64, Kurus> = std::collections::BTreeMap::new();
    let mut house = Vec::new();
    for t in back {
        let Some((player_id, pocket)) = t.debit.player() else {
            transfers.push(t);
            continue;
        };
        let have = &mut held.get_mut(&t.debit).ok_or(WalletError::Invalid("a pocket not read"))?.1;
        let taken = t.amount.min(*have);
        *have = have.checked_sub(taken)?;
        let short = t.amount.checked_sub(taken)?;
        if short.is_positive() {
            let from = if pocket == Pocket::Real {
                let owing = owed.entry(player_id).or_insert(Kurus::ZERO);
                *owing = owing.checked_add(short)?;
                Account::Receivable(player_id)
            } else {
                Account::BonusCost
            };
            if !house.iter().any(|(a, _): &(Account, i64)| *a == from) {
                let id = match from {
                    Account::Receivable(p) => debts::receivable_account(conn, p).await?,
                    _ => store::open_house_account(conn, &from).await?,
                };
                house.push((from.clone(), id));
            }
            transfers.push(Transfer { debit: from, amount: short, ..t.clone() });
        }
        if taken.is_positive() {
            transfers.push(Transfer { amount: taken, ..t });
        }
    }
    let committed = apply(conn, key, &transfers, house.clone(), Push::ByCaller).await?;
    for (player_id, amount) in owed {
        let account = house.iter().find(|(a, _)| *a == Account::Receivable(player_id)).map(|(_, id)| *id);
        debts::record(conn, player_id, account.ok_or(WalletError::Invalid("a receivable not opened"))?, amount).await?;
    }
    Ok(committed)
}

/// A bet or a win: the move's split between the pockets, as linked transfers between the player
/// and the provider, in a transaction of its own.
async fn play(db: &Db, key: &str, mv: &RoundMove, kind: TransferKind) -> Result<Committed, WalletError> {
    let provider = Account::Provider(mv.provider.clone());
    let house = {
        let mut conn = db.pool.acquire().await?;
        vec![(provider.clone(), store::open_house_account(&mut conn, &provider).await?)]
    };
    let mut tx = db.begin_write().await?;
    let committed = play_with_opened(&mut tx, key, mv, kind, &provider, &[], house, Push::Now).await?;
    tx.commit().await?;
    Ok(committed)
}

async fn play_with(
    tx: &mut AnyConnection,
    key: &str,
    mv: &RoundMove,
    kind: TransferKind,
    counterpart: &Account,
    extra: &[Transfer],
    push: Push,
) -> Result<Committed, WalletError> {
    play_with_opened(tx, key, mv, kind, counterpart, extra, Vec::new(), push).await
}

/// A bet or a win between the player and `counterpart` (the provider's account, or for a win
/// another house account), then `extra` house transfers, as one batch.
#[allow(clippy::too_many_arguments)]
async fn play_with_opened(
    tx: &mut AnyConnection,
    key: &str,
    mv: &RoundMove,
    kind: TransferKind,
    counterpart: &Account,
    extra: &[Transfer],
    house: Vec<(Account, i64)>,
    push: Push,
) -> Result<Committed, WalletError> {
    let provider = counterpart.clone();
    // The content a replay is told from: the move as before, and the counterpart and the extra
    // transfers only when they are not the plain provider's.
    let print = if extra.is_empty() && *counterpart == Account::Provider(mv.provider.clone()) {
        fingerprint(&(kind, mv))
    } else {
        let extra: Vec<(String, String, i64, TransferKind, &str)> =
            extra.iter().map(|t| (t.debit.code(), t.credit.code(), t.amount.minor(), t.kind, t.cause.as_str())).collect();
        fingerprint(&(kind, mv, counterpart.code(), extra))
    };
    if let Some(replay) = claim_key(tx, key, &print).await? {
        return Ok(replay);
    }
    let (real_part, bonus_part) = if kind == TransferKind::Bet {
        let available = store::lock_balances(tx, mv.player_id).await?;
        let real_part = mv.amount.min(available.real);
        let bonus_part = mv.amount.checked_sub(real_part)?;
        if bonus_part > available.bonus {
            return Err(WalletError::InsufficientFunds);
        }
        (real_part, bonus_part)
    } else {
        let staked = store::round_stakes(tx, mv.player_id, &mv.provider, &mv.round_id).await?;
        let total = staked.real.checked_add(staked.bonus)?;
        let bonus_part = if total.is_positive() { mv.amount.share(staked.bonus, total)? } else { Kurus::ZERO };
        (mv.amount.checked_sub(bonus_part)?, bonus_part)
    };
    let cause = format!("{}:{}:{}", mv.provider, kind.as_str(), mv.provider_tx);
    let transfers: Vec<Transfer> = [(Pocket::Real, real_part), (Pocket::Bonus, bonus_part)]
        .into_iter()
        .filter(|(_, part)| part.is_positive())
        .map(|(pocket, part)| {
            let player = Account::Player { player_id: mv.player_id, pocket };
            let (debit, credit) = if kind == TransferKind::Bet { (player, provider.clone()) } else { (provider.clone(), player) };
            Transfer { refs: mv.refs(), ..Transfer::new(debit, credit, part, kind, cause.clone()) }
        })
        .chain(extra.iter().cloned())
        .collect();
    apply(tx, key, &transfers, house, push).await
}

/// Locks the player's balance rows inside the caller's transaction and reads them: what a change
/// to a player's bonuses does first, so it goes one by one with the player's game moves, which
/// lock the same rows first too.
pub async fn lock_player(conn: &mut AnyConnection, player_id: i64) -> Result<Balances, WalletError> {
    store::lock_balances(conn, player_id).await
}

/// Locks the balance rows of every player a multi-player transaction touches, in the wallet's
/// one order, before it changes anything: a settlement that pays some players and closes others'
/// bonus wagering (which locks the player's rows, [`lock_player`]) then takes no lock out of
/// order, so two settlements with their winners and losers crossed never wait on each other.
pub async fn lock_players(conn: &mut AnyConnection, players: &[i64]) -> Result<(), WalletError> {
    Ok(store::lock_players_at_once(conn, players).await?)
}

/// The player's balances (one indexed read); zero when the player has no accounts yet.
pub async fn balances(db: &Db, player_id: i64) -> Result<Balances, WalletError> {
    store::balances_in_place(db, player_id).await
}

/// The balances of many players on a given connection, by player.
pub async fn balances_of_many(conn: &mut AnyConnection, players: &[i64]) -> Result<std::collections::BTreeMap<i64, Balances>, WalletError> {
    store::balances_of_many(conn, players).await
}

/// [`balances`] on a given connection, e.g. inside a transaction that just committed a batch.
pub async fn balances_on(conn: &mut AnyConnection, player_id: i64) -> Result<Balances, WalletError> {
    store::balances(conn, player_id).await
}

/// Opens the player's two accounts (at zero) if they are not open yet.
pub async fn ensure_wallet(conn: &mut AnyConnection, player_id: i64) -> Result<(), WalletError> {
    if player_id <= 0 {
        return Err(WalletError::Invalid("a player id is positive"));
    }
    Ok(store::ensure_wallet(conn, player_id).await?)
}

/// A player's transfers, newest first, `limit` at most, older than `before_id` when given.
pub async fn transfers_of(db: &Db, player_id: i64, before_id: Option<i64>, limit: i64) -> Result<Vec<Applied>, WalletError> {
    let mut conn = db.pool.acquire().await?;
    Ok(store::transfers_of_player(&mut conn, player_id, before_id, limit).await?)
}

/// Journals the player's new balance (in the same transaction) so their open windows update at once.
/// Journals the player's balance push inside the caller's transaction: what a caller of the `_in`
/// game moves ([`bet_in`], [`win_in`], [`reverse_in`]) does once, after its last move.
pub async fn publish_balance_in(conn: &mut AnyConnection, player_id: i64) -> Result<(), WalletError> {
    publish_balance(conn, player_id).await
}

async fn publish_balance(conn: &mut AnyConnection, player_id: i64) -> Result<(), WalletError> {
    let b = balances_on(conn, player_id).await?;
    let message = serde_json::json!({
        "balance": b.total()?.to_lira(), "realBalance": b.real.to_lira(), "bonusBalance": b.bonus.to_lira()
    })
    .to_string();
    crate::journal::publish(conn, Some(player_id), None, crate::journal::BALANCE, &message).await?;
    Ok(())
}
