//! `kasa admin wallet ...`: the operator's ledger commands (check, report, debts, adjust). The
//! wallet never reads the players, so the commands that name one take a [`Players`] directory.

use std::collections::HashMap;

use clap::Subcommand;

use super::{Kurus, adjust, check, debts, report};
use crate::db::{Db, iso_utc};
use crate::http::history::Days;

#[derive(Subcommand)]
pub enum WalletCommand {
    /// Verify the ledger: each player account's transfers sum to its balance, all accounts sum to
    /// zero, none is below zero; exits non-zero naming each problem.
    Check,
    /// Totals per house account: deposits and withdrawals per method, bets, wins and GGR per
    /// provider, bonus cost, adjustments.
    Report {
        /// First day, YYYY-MM-DD (UTC), included.
        #[arg(long)]
        from: Option<String>,
        /// Last day, YYYY-MM-DD (UTC), included.
        #[arg(long)]
        to: Option<String>,
        /// Print JSON (amounts in kuruş).
        #[arg(long)]
        json: bool,
    },
    /// Players' debts: what corrected results took back that the players no longer held, still
    /// owed (each repaid first from the player's next credits), largest first.
    Debts {
        /// Also the debts repaid in full.
        #[arg(long)]
        all: bool,
        /// Print JSON (amounts in kuruş).
        #[arg(long)]
        json: bool,
    },
    /// Correct a player's real-money balance, recorded with its reason.
    Adjust {
        /// The player's username.
        #[arg(long)]
        player: String,
        /// Lira, signed: 100, -25.50 (a comma works as the decimal mark too).
        #[arg(long, allow_hyphen_values = true)]
        amount: String,
        /// Why (kept with the ledger entry).
        #[arg(long)]
        reason: String,
    },
}

/// Who the players are, for the commands that show or take a username (the accounts area's).
pub trait Players {
    /// The usernames of these players, by id.
    fn usernames(&self, ids: &[i64]) -> impl Future<Output = anyhow::Result<HashMap<i64, String>>>;
    /// The id and the username as stored of the player with this username.
    fn find(&self, username: &str) -> impl Future<Output = anyhow::Result<(i64, String)>>;
}

/// Runs a wallet command, printing what it did.
pub async fn run(db: &Db, players: &impl Players, command: WalletCommand) -> anyhow::Result<()> {
    match command {
        WalletCommand::Check => {
            let report = check(db).await?;
            println!("{report}");
            let ids: Vec<i64> = report.findings.iter().filter_map(|f| f.player_id()).collect();
            let names = players.usernames(&ids).await?;
            for id in ids {
                if let Some(name) = names.get(&id) {
                    println!("  player {id} is {name}");
                }
            }
            anyhow::ensure!(report.is_ok(), "the wallet check failed");
        }
        WalletCommand::Report { from, to, json } => {
            let days =
                Days::parse(from.as_deref(), to.as_deref()).map_err(|_| anyhow::anyhow!("--from and --to are days as YYYY-MM-DD"))?;
            let (from, to) = days.bounds();
            let report = report(db, from, to).await?;
            if json {
                println!("{}", serde_json::to_string_pretty(&report)?);
            } else {
                println!("{report}");
            }
        }
        WalletCommand::Debts { all, json } => print_debts(db, players, all, json).await?,
        WalletCommand::Adjust { player, amount, reason } => {
            let (id, username) = players.find(&player).await?;
            let done = adjust(db, id, &amount, &reason).await.map_err(|e| anyhow::anyhow!("player {username}: {e}"))?;
            for t in &done.transfers {
                println!("transfer {}: {} from {} to {} ({})", t.id, t.amount, t.debit, t.credit, reason.trim());
            }
        }
    }
    Ok(())
}

async fn print_debts(db: &Db, players: &impl Players, all: bool, json: bool) -> anyhow::Result<()> {
    let mut debts = debts(db, all).await?;
    let ids: Vec<i64> = debts.iter().map(|d| d.player_id).collect();
    let mut names = players.usernames(&ids).await?;
    for d in &mut debts {
        d.username = names.remove(&d.player_id);
    }
    if json {
        println!("{}", serde_json::to_string_pretty(&debts)?);
        return Ok(());
    }
    if debts.is_empty() {
        println!("No player owes anything.");
        return Ok(());
    }
    let lira = |k: i64| Kurus::from_minor(k).map(|k| k.to_string()).unwrap_or_default();
    let mut total = 0;
    for d in &debts {
        total += d.outstanding;
        println!(
            "player {} {:<20} owes {:>16} (recorded {}, repaid {}) since {}",
            d.player_id,
            d.username.as_deref().unwrap_or("?"),
            lira(d.outstanding),
            lira(d.recorded),
            lira(d.repaid),
            iso_utc(d.since)
        );
    }
    println!("{} player(s) owe {} in all", debts.iter().filter(|d| d.outstanding > 0).count(), lira(total));
    Ok(())
}
