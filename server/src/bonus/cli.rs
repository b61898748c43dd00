//! `kasa admin bonus ...`: the operator's bonus commands.

use clap::Subcommand;

use crate::db::{Db, iso_utc};
use crate::money::Kurus;

#[derive(Subcommand)]
pub enum BonusCommand {
    /// Give a player a promotion's bonus (once per player and promotion), whatever the promotion's
    /// dates: the bonus money is credited from the bonus-cost account and the player notified.
    Grant {
        /// The player's username.
        #[arg(long)]
        player: String,
        /// The promotion's slug (content/promotions.json).
        #[arg(long)]
        promotion: String,
    },
}

/// Runs a bonus command, printing what it did.
pub async fn run(db: &Db, command: BonusCommand) -> anyhow::Result<()> {
    match command {
        BonusCommand::Grant { player, promotion } => {
            let b = super::grant_by_operator(db, &player, &promotion).await?;
            let amount = Kurus::from_minor(b.amount)?;
            let wager = Kurus::from_minor(b.wager_required)?;
            println!("bonus #{} of {amount} granted to {player} ({promotion}): wager {wager} by {}", b.id, iso_utc(b.expires_at));
        }
    }
    Ok(())
}
