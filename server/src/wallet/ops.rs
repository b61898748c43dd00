//! The operator's wallet tools: `check` (the ledger's invariants), `report` (totals per house
//! account: deposits and withdrawals per method, bets, wins and GGR per provider, bonus cost,
//! adjustments, the jackpots' contributions, seeds, wins and liability) and `adjust` (a correction with a reason).

use std::collections::BTreeMap;
use std::fmt;

use serde::Serialize;
use sqlx::Row;

use super::store::kurus;
use super::{Account, Batch, Committed, Kurus, Pocket, Transfer, TransferKind, WalletError, commit};
use crate::db::Db;

/// One broken invariant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Finding {
    /// A player account's balance row is not what its transfers add up to.
    BalanceRow { player_id: i64, pocket: Pocket, posted: Kurus, held: Kurus, expected_posted: Kurus, expected_held: Kurus },
    /// A player account has transfers but no balance row.
    MissingRow { player_id: i64, pocket: Pocket },
    /// A player account's transfers leave it below zero.
    Negative { player_id: i64, pocket: Pocket, spendable: Kurus },
    /// The accounts together do not sum to zero (player rows plus house transfers).
    NotZero { total: Kurus },
    /// A player's debt row is not what their receivable account's transfers add up to (`row`:
    /// `None` when the account has money and no debt row).
    Debt { player_id: i64, row: Option<Kurus>, ledger: Kurus },
}

impl Finding {
    pub fn player_id(&self) -> Option<i64> {
        match self {
            Finding::BalanceRow { player_id, .. }
            | Finding::MissingRow { player_id, .. }
            | Finding::Negative { player_id, .. }
            | Finding::Debt { player_id, .. } => Some(*player_id),
            Finding::NotZero { .. } => None,
        }
    }
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Finding::BalanceRow { player_id, pocket, posted, held, expected_posted, expected_held } => write!(
                f,
                "player {player_id}'s {pocket} account holds {posted} (held {held}) but its transfers add up to {expected_posted} (held {expected_held})"
            ),
            Finding::MissingRow { player_id, pocket } => {
                write!(f, "player {player_id}'s {pocket} account has transfers but no balance row")
            }
            Finding::Negative { player_id, pocket, spendable } => {
                write!(f, "player {player_id}'s {pocket} account is below zero: its transfers leave {spendable}")
            }
            Finding::NotZero { total } => write!(f, "the accounts together do not sum to zero: {total}"),
            Finding::Debt { player_id, row: Some(row), ledger } => {
                write!(f, "player {player_id}'s debt says {row} is owed but house:receivable:{player_id}'s transfers add up to {ledger}")
            }
            Finding::Debt { player_id, row: None, ledger } => {
                write!(f, "house:receivable:{player_id}'s transfers add up to {ledger} owed but player {player_id} has no debt row")
            }
        }
    }
}

/// What `check` found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckReport {
    pub accounts: u64,
    pub transfers: u64,
    pub findings: Vec<Finding>,
}

impl CheckReport {
    pub fn is_ok(&self) -> bool {
        self.findings.is_empty()
    }
}

impl fmt::Display for CheckReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_ok() {
            return write!(
                f,
                "wallet check: OK — {} accounts, {} transfers; every player account matches its transfers, none is below zero, all sum to zero, every debt is its receivable's balance",
                self.accounts, self.transfers
            );
        }
        writeln!(f, "wallet check: {} problem(s) in {} accounts, {} transfers", self.findings.len(), self.accounts, self.transfers)?;
        for finding in &self.findings {
            writeln!(f, "  {finding}")?;
        }
        Ok(())
    }
}

/// Verifies the ledger: each player account's transfers sum to its balance row (posted and held),
/// no player account is below zero, all accounts together sum to zero, and each debt (owed,
/// recorded, repaid) is what its receivable account's transfers say. Reads one consistent
/// snapshot, so it can run while the site serves.
pub async fn check(db: &Db) -> Result<CheckReport, WalletError> {
    let mut tx = db.pool.begin().await?;
    if crate::db::is_postgres(&tx) {
        sqlx::query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY").execute(&mut *tx).await?;
    }
    // Per account: posted effect (credits minus debits of single and post transfers) and held
    // (pending debits not yet resolved). SUM of BIGINT is NUMERIC on PostgreSQL: cast it back.
    let rows = sqlx::query(
        "SELECT a.id, a.player_id, a.pocket, b.posted, b.held, \
           CAST(COALESCE((SELECT SUM(amount) FROM transfers WHERE credit_account = a.id AND phase IN ('single', 'post')), 0) \
              - COALESCE((SELECT SUM(amount) FROM transfers WHERE debit_account = a.id AND phase IN ('single', 'post')), 0) AS BIGINT), \
           CAST(COALESCE((SELECT SUM(p.amount) FROM transfers p WHERE p.debit_account = a.id AND p.phase = 'pending' \
              AND NOT EXISTS (SELECT 1 FROM transfers r WHERE r.pending_id = p.id)), 0) AS BIGINT) \
         FROM accounts a LEFT JOIN account_balances b ON b.account_id = a.id ORDER BY a.player_id, a.id",
    )
    .fetch_all(&mut *tx)
    .await?;
    let transfers: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM transfers").fetch_one(&mut *tx).await?;
    let debts = super::debts::mismatches(&mut tx).await?;
    tx.rollback().await?;

    let mut findings = Vec::new();
    let mut total: i128 = 0;
    for r in &rows {
        let player_id: Option<i64> = r.try_get(1)?;
        let expected_posted: i64 = r.try_get(5)?;
        let expected_held: i64 = r.try_get(6)?;
        let Some(player_id) = player_id else {
            total += i128::from(expected_posted);
            continue;
        };
        let pocket: Pocket = r.try_get::<String, _>(2)?.parse().map_err(|e: String| sqlx::Error::Decode(e.into()))?;
        let row: (Option<i64>, Option<i64>) = (r.try_get(3)?, r.try_get(4)?);
        let (Some(posted), Some(held)) = row else {
            findings.push(Finding::MissingRow { player_id, pocket });
            total += i128::from(expected_posted);
            continue;
        };
        total += i128::from(posted);
        if posted != expected_posted || held != expected_held {
            findings.push(Finding::BalanceRow {
                player_id,
                pocket,
                posted: kurus(posted)?,
                held: kurus(held)?,
                expected_posted: kurus(expected_posted)?,
                expected_held: kurus(expected_held)?,
            });
        }
        if expected_posted - expected_held < 0 {
            findings.push(Finding::Negative { player_id, pocket, spendable: kurus(expected_posted - expected_held)? });
        }
    }
    if total != 0 {
        let total = i64::try_from(total).ok().and_then(|t| Kurus::from_minor(t).ok()).unwrap_or(Kurus::ZERO);
        findings.push(Finding::NotZero { total });
    }
    findings.extend(debts.into_iter().map(|(player_id, row, ledger)| Finding::Debt { player_id, row, ledger }));
    Ok(CheckReport { accounts: rows.len() as u64, transfers: transfers as u64, findings })
}

/// One house account's totals in a report.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct HouseLine {
    pub account: String,
    /// Per kind of transfer: what the account received (credits) and paid (debits), kuruş.
    pub received: BTreeMap<TransferKind, i64>,
    pub paid: BTreeMap<TransferKind, i64>,
}

/// `kasa admin wallet report`: totals per house account over a time range.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Report {
    /// Epoch ms, inclusive; `None`: from the beginning.
    pub from: Option<i64>,
    /// Epoch ms, exclusive; `None`: until now.
    pub to: Option<i64>,
    pub accounts: Vec<HouseLine>,
    /// Per payment method: deposits and withdrawals (posted), kuruş.
    pub deposits: BTreeMap<String, i64>,
    pub withdrawals: BTreeMap<String, i64>,
    /// Per provider: bets, wins and GGR (bets minus wins, rollbacks netted), kuruş.
    pub bets: BTreeMap<String, i64>,
    pub wins: BTreeMap<String, i64>,
    pub ggr: BTreeMap<String, i64>,
    /// Bonus money granted minus taken back, kuruş.
    pub bonus_cost: i64,
    /// Net operator adjustments paid to players, kuruş.
    pub adjustments: i64,
    /// GGR of all providers minus bonus cost, kuruş.
    pub ngr: i64,
    /// Players' debts (receivables): owed by corrections, repaid, and the difference, kuruş.
    pub debts_recorded: i64,
    pub debts_repaid: i64,
    pub debts_outstanding: i64,
    /// The studio's progressive jackpots (see [`JackpotTotals`]).
    pub jackpots: JackpotTotals,
}

/// The jackpot levels' accounts in a report: what came into them and went out in the range, and
/// what they hold at its end. A provider's contributions leave its account (its GGR is net of
/// them) and a jackpot win is paid from a level's account, never from a provider's.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct JackpotTotals {
    /// Per provider: the bets' contributions paid into the levels, kuruş.
    pub contributions: BTreeMap<String, i64>,
    /// Seeds funded from the house's seed account, kuruş.
    pub seeds: i64,
    /// Wins paid to players from the levels, kuruş.
    pub wins: i64,
    /// The liability: what the level accounts together hold at the end of the range, kuruş.
    pub liability: i64,
}

/// Totals per house account of the posted transfers in `[from, to)`.
pub async fn report(db: &Db, from: Option<i64>, to: Option<i64>) -> Result<Report, WalletError> {
    let rows = sqlx::query(
        "SELECT a.code, t.kind, \
           CAST(SUM(CASE WHEN t.credit_account = a.id THEN t.amount ELSE 0 END) AS BIGINT), \
           CAST(SUM(CASE WHEN t.debit_account = a.id THEN t.amount ELSE 0 END) AS BIGINT) \
         FROM transfers t JOIN accounts a ON a.id = t.debit_account OR a.id = t.credit_account \
         WHERE a.player_id IS NULL AND t.phase IN ('single', 'post') AND t.created_at >= $1 AND t.created_at < $2 \
         GROUP BY a.code, t.kind ORDER BY a.code, t.kind",
    )
    .bind(from.unwrap_or(i64::MIN))
    .bind(to.unwrap_or(i64::MAX))
    .fetch_all(&db.pool)
    .await?;
    let mut lines: BTreeMap<String, HouseLine> = BTreeMap::new();
    let mut report = Report {
        from,
        to,
        accounts: Vec::new(),
        deposits: BTreeMap::new(),
        withdrawals: BTreeMap::new(),
        bets: BTreeMap::new(),
        wins: BTreeMap::new(),
        ggr: BTreeMap::new(),
        bonus_cost: 0,
        adjustments: 0,
        ngr: 0,
        debts_recorded: 0,
        debts_repaid: 0,
        debts_outstanding: 0,
        jackpots: JackpotTotals::default(),
    };
    for r in &rows {
        let code: String = r.try_get(0)?;
        let kind: TransferKind = r.try_get::<String, _>(1)?.parse().map_err(|e: String| sqlx::Error::Decode(e.into()))?;
        let (received, paid): (i64, i64) = (r.try_get(2)?, r.try_get(3)?);
        let line = lines.entry(code.clone()).or_insert_with(|| HouseLine { account: code.clone(), ..Default::default() });
        *line.received.entry(kind).or_default() += received;
        *line.paid.entry(kind).or_default() += paid;
        match Account::parse(&code) {
            Some(Account::Payment(m)) => match kind {
                TransferKind::Deposit => *report.deposits.entry(m).or_default() += paid - received,
                TransferKind::Withdrawal => *report.withdrawals.entry(m).or_default() += received - paid,
                _ => {}
            },
            Some(Account::Provider(p)) => {
                match kind {
                    TransferKind::Bet => *report.bets.entry(p.clone()).or_default() += received - paid,
                    TransferKind::Win => *report.wins.entry(p.clone()).or_default() += paid - received,
                    _ => {}
                }
                if kind == TransferKind::Jackpot {
                    *report.jackpots.contributions.entry(p.clone()).or_default() += paid - received;
                }
                *report.ggr.entry(p).or_default() += received - paid;
            }
            Some(Account::Jackpot { .. }) => match kind {
                TransferKind::JackpotSeed => report.jackpots.seeds += received - paid,
                TransferKind::Win | TransferKind::Rollback => report.jackpots.wins += paid - received,
                _ => {}
            },
            Some(Account::BonusCost) => report.bonus_cost += paid - received,
            Some(Account::Adjustments) => report.adjustments += paid - received,
            // Debts: a receivable is debited by a shortfall and credited by each repayment.
            Some(Account::Receivable(_)) => {
                report.debts_recorded += paid;
                report.debts_repaid += received;
            }
            _ => {}
        }
    }
    report.debts_outstanding = report.debts_recorded - report.debts_repaid;
    report.ngr = report.ggr.values().sum::<i64>() - report.bonus_cost;
    report.accounts = lines.into_values().collect();
    report.jackpots.liability = jackpot_liability(db, to).await?;
    Ok(report)
}

/// What the jackpot level accounts together hold after the transfers before `to`, kuruş.
async fn jackpot_liability(db: &Db, to: Option<i64>) -> Result<i64, WalletError> {
    let liability: i64 = sqlx::query_scalar(
        "SELECT CAST(COALESCE(SUM(CASE WHEN c.code LIKE 'house:jackpot:%' THEN t.amount ELSE 0 END), 0) \
           - COALESCE(SUM(CASE WHEN d.code LIKE 'house:jackpot:%' THEN t.amount ELSE 0 END), 0) AS BIGINT) \
         FROM transfers t JOIN accounts d ON d.id = t.debit_account JOIN accounts c ON c.id = t.credit_account \
         WHERE (d.code LIKE 'house:jackpot:%' OR c.code LIKE 'house:jackpot:%') AND t.phase IN ('single', 'post') AND t.created_at < $1",
    )
    .bind(to.unwrap_or(i64::MAX))
    .fetch_one(&db.pool)
    .await?;
    Ok(liability)
}

fn lira(kurus_total: i64) -> String {
    Kurus::from_minor(kurus_total).map(|k| k.to_string()).unwrap_or_else(|_| format!("{kurus_total} kuruş"))
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let range = |t: Option<i64>| t.map(crate::db::iso_utc).unwrap_or_else(|| "…".into());
        writeln!(f, "wallet report {} – {}", range(self.from), range(self.to))?;
        for (m, v) in &self.deposits {
            writeln!(f, "  deposits    {m:<20} {:>22}", lira(*v))?;
        }
        for (m, v) in &self.withdrawals {
            writeln!(f, "  withdrawals {m:<20} {:>22}", lira(*v))?;
        }
        for (p, ggr) in &self.ggr {
            let (bets, wins) = (self.bets.get(p).copied().unwrap_or(0), self.wins.get(p).copied().unwrap_or(0));
            writeln!(f, "  provider    {p:<20} bets {:>18}  wins {:>18}  GGR {:>18}", lira(bets), lira(wins), lira(*ggr))?;
        }
        for (p, c) in &self.jackpots.contributions {
            writeln!(f, "  jackpots    {p:<20} contributions {:>18} (out of the GGR above)", lira(*c))?;
        }
        let j = &self.jackpots;
        writeln!(f, "  jackpots    seeds {:>18}  wins {:>18}  liability {:>18}", lira(j.seeds), lira(j.wins), lira(j.liability))?;
        writeln!(f, "  bonus cost  {:>43}", lira(self.bonus_cost))?;
        writeln!(f, "  adjustments {:>43}", lira(self.adjustments))?;
        write!(f, "  NGR (GGR − bonus cost) {:>32}", lira(self.ngr))?;
        // Debts: a block of its own.
        if self.debts_recorded != 0 || self.debts_repaid != 0 {
            write!(
                f,
                "\n  debts       recorded {:>18}  repaid {:>18}  outstanding {:>18}",
                lira(self.debts_recorded),
                lira(self.debts_repaid),
                lira(self.debts_outstanding)
            )?;
        }
        Ok(())
    }
}

/// The operator's correction of a player's real money: `amount_lira` may be negative (`-25`,
/// `12,50`, `1.234,56`), the reason is recorded with the transfer. Refuses an empty reason, a zero
/// amount and a result below zero.
pub async fn adjust(db: &Db, player_id: i64, amount_lira: &str, reason: &str) -> Result<Committed, AdjustError> {
    let reason = reason.trim();
    if reason.is_empty() {
        return Err(AdjustError::NoReason);
    }
    let amount = Kurus::parse(amount_lira).map_err(AdjustError::Amount)?;
    if amount.is_zero() {
        return Err(AdjustError::Zero);
    }
    let (debit, credit) = if amount.is_positive() {
        (Account::Adjustments, Account::real(player_id))
    } else {
        (Account::real(player_id), Account::Adjustments)
    };
    let batch = Batch {
        key: format!("adjust:{:032x}", rand::random::<u128>()),
        transfers: vec![Transfer {
            reason: Some(reason.to_string()),
            ..Transfer::new(debit, credit, amount.abs(), TransferKind::Adjustment, "operator")
        }],
    };
    match commit(db, &batch).await {
        Ok(committed) => {
            tracing::info!(player_id, amount = amount.minor(), reason, "wallet adjusted by an operator");
            Ok(committed)
        }
        Err(WalletError::InsufficientFunds) => {
            Err(AdjustError::BelowZero { balance: super::balances(db, player_id).await.map(|b| b.real).unwrap_or_default(), amount })
        }
        Err(WalletError::UnknownAccount(_)) => Err(AdjustError::NoWallet),
        Err(e) => Err(AdjustError::Wallet(e)),
    }
}

/// Why an adjustment was refused.
#[derive(Debug, thiserror::Error)]
pub enum AdjustError {
    #[error("an adjustment needs a reason (--reason TEXT): it is recorded with the transfer")]
    NoReason,
    #[error("invalid --amount: {0}")]
    Amount(super::MoneyError),
    #[error("an adjustment of zero moves nothing")]
    Zero,
    #[error("the player has no wallet")]
    NoWallet,
    #[error("the real balance is {balance}: an adjustment of {amount} would take it below zero")]
    BelowZero { balance: Kurus, amount: Kurus },
    #[error(transparent)]
    Wallet(WalletError),
}
