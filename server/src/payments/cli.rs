//! `kasa admin payments ...`: the operator's commands on deposit and withdrawal requests and on the
//! payment methods.

use anyhow::Context;
use clap::Subcommand;

use super::{Kind, admin};
use crate::db::{Db, iso_utc};

#[derive(Subcommand)]
pub enum PaymentsCommand {
    /// Requests, newest first.
    List {
        /// pending, confirmed, rejected, cancelled or expired; all when missing.
        #[arg(long)]
        status: Option<String>,
        /// Print JSON (amounts in kuruş, times in epoch ms).
        #[arg(long)]
        json: bool,
        /// How many at most.
        #[arg(long, default_value_t = 100)]
        limit: i64,
    },
    /// Approve a pending request: a deposit is credited, a withdrawal's held amount leaves.
    Approve {
        /// The request's id.
        id: i64,
    },
    /// Reject a pending request: a withdrawal's held amount returns to the player.
    Reject {
        /// The request's id.
        id: i64,
        /// Why (recorded and told to the player).
        #[arg(long)]
        reason: String,
    },
    /// The payment methods: list, export, import a changed file, enable or disable one.
    Methods {
        #[command(subcommand)]
        command: MethodsCommand,
    },
}

#[derive(Subcommand)]
pub enum MethodsCommand {
    /// Every method with its kind, limits and whether it is enabled.
    List,
    /// Every method as JSON in content/payment_methods.json's format (edit it, then import it).
    Export,
    /// Adds or replaces the file's methods (by id; an id's kind and code cannot change).
    Import {
        /// A JSON file in content/payment_methods.json's format.
        file: std::path::PathBuf,
    },
    /// Lists the method again and lets it take requests.
    Enable { id: i64 },
    /// Hides the method and refuses new requests (pending ones still get decided).
    Disable { id: i64 },
}

/// Runs a payments command, printing what it did.
pub async fn run(db: &Db, command: PaymentsCommand) -> anyhow::Result<()> {
    match command {
        PaymentsCommand::List { status, json, limit } => list(db, status.as_deref(), json, limit).await?,
        PaymentsCommand::Approve { id } => {
            let r = super::approve(db, id).await?;
            println!("payment request #{id} approved: {} {} for player {}", r.reference, r.amount, r.player_id);
        }
        PaymentsCommand::Reject { id, reason } => {
            let r = super::reject(db, id, &reason).await?;
            println!("payment request #{id} rejected: {} {} for player {} ({})", r.reference, r.amount, r.player_id, reason.trim());
        }
        PaymentsCommand::Methods { command } => methods(db, command).await?,
    }
    Ok(())
}

async fn list(db: &Db, status: Option<&str>, json: bool, limit: i64) -> anyhow::Result<()> {
    let requests = super::list(db, status, limit.clamp(1, 10_000)).await?;
    if json {
        println!("{}", serde_json::to_string_pretty(&requests)?);
        return Ok(());
    }
    if requests.is_empty() {
        println!("No payment requests.");
    }
    for r in &requests {
        let kind = if r.kind == Kind::Deposit { "deposit " } else { "withdraw" };
        let decided = match (r.decided_at, &r.reason) {
            (Some(at), Some(reason)) => format!(" — {} {}: {reason}", r.status.as_str(), iso_utc(at)),
            (Some(at), None) => format!(" — {} {}", r.status.as_str(), iso_utc(at)),
            _ => format!(" — {}", r.status.as_str()),
        };
        println!(
            "#{} {} {} {} player {} via {} ({}) {} {}{decided}",
            r.id,
            iso_utc(r.created_at),
            kind,
            r.amount,
            r.player_id,
            r.method_title,
            r.method_code,
            r.reference,
            r.detail
        );
    }
    Ok(())
}

async fn methods(db: &Db, command: MethodsCommand) -> anyhow::Result<()> {
    match command {
        MethodsCommand::List => {
            for m in admin::methods(db).await? {
                let kind = if m.kind == Kind::Deposit { "deposit " } else { "withdraw" };
                let state = if m.enabled { "enabled" } else { "disabled" };
                println!("#{} {kind} {} ({}, {}) {} – {} {state}", m.id, m.title("tr"), m.code, m.adapter.as_str(), m.min, m.max);
            }
        }
        MethodsCommand::Export => println!("{}", admin::export(db).await?),
        MethodsCommand::Import { file } => {
            let json = std::fs::read_to_string(&file).with_context(|| format!("reading {}", file.display()))?;
            let done = admin::import(db, &json).await?;
            println!("payment methods imported: {} added, {} updated", done.added, done.updated);
        }
        MethodsCommand::Enable { id } => {
            admin::set_enabled(db, id, true).await?;
            println!("payment method #{id} enabled");
        }
        MethodsCommand::Disable { id } => {
            admin::set_enabled(db, id, false).await?;
            println!("payment method #{id} disabled");
        }
    }
    Ok(())
}
