//! `kasa admin player ...` and `kasa admin notify`: the operator's commands about a player named by
//! username, and the player directory the wallet's commands name players with.

use std::collections::HashMap;

use clap::{Args, Subcommand};

use super::operator;
use crate::db::Db;
use crate::notify::NotificationType;
use crate::wallet::cli::Players;

#[derive(Subcommand)]
pub enum PlayerCommand {
    /// End every session of the player (their open windows get 'exit' and close).
    Logout {
        #[arg(long)]
        player: String,
    },
    /// Start a time-out (24h, 7d, 1m, 6w) or a self-exclusion (6m, 1y, 5y, permanent) for the
    /// player: their sessions end, unstarted sportsbook bets are refunded. It cannot be lifted early.
    Exclude {
        #[arg(long)]
        player: String,
        #[arg(long)]
        term: String,
    },
}

/// A notification to one player or to everyone.
#[derive(Args)]
pub struct NotifyArgs {
    /// The player's username.
    #[arg(long, conflicts_with = "all", required_unless_present = "all")]
    pub player: Option<String>,
    /// Every player.
    #[arg(long)]
    pub all: bool,
    #[arg(long)]
    pub title: String,
    #[arg(long)]
    pub note: String,
    /// deposit, withdraw, jackpot, bonus or system.
    #[arg(long = "type", default_value = "system")]
    pub kind: String,
}

/// Runs a player command, printing what it did; `on_close` follows a time-out or an exclusion (the
/// sportsbook's refunds).
pub async fn run(db: &Db, command: PlayerCommand, on_close: &dyn crate::protection::Closing) -> anyhow::Result<()> {
    match command {
        PlayerCommand::Logout { player } => {
            let n = operator::logout(db, &player).await?;
            println!("{n} session(s) of {player} ended");
        }
        PlayerCommand::Exclude { player, term } => {
            let id = operator::player(db, &player).await?.id;
            println!("{player}: {}", crate::protection::cli::exclude(db, id, &term, on_close).await?);
        }
    }
    Ok(())
}

/// Sends the notification, printing its id.
pub async fn notify(db: &Db, args: NotifyArgs) -> anyhow::Result<()> {
    let kind = NotificationType::parse(&args.kind)
        .ok_or_else(|| anyhow::anyhow!("unknown notification type '{}' (deposit, withdraw, jackpot, bonus, system)", args.kind))?;
    let player = args.player.as_deref();
    let n = operator::notify(db, player, &args.title, &args.note, kind).await?;
    println!("notification #{} sent to {}", n.id, player.unwrap_or("every player"));
    Ok(())
}

/// The players as the wallet's commands name them.
pub struct Directory<'a>(pub &'a Db);

impl Players for Directory<'_> {
    async fn usernames(&self, ids: &[i64]) -> anyhow::Result<HashMap<i64, String>> {
        operator::usernames(self.0, ids).await
    }

    async fn find(&self, username: &str) -> anyhow::Result<(i64, String)> {
        let player = operator::player(self.0, username).await?;
        Ok((player.id, player.username))
    }
}
