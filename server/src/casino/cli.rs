//! `kasa admin games ...` and `kasa admin providers ...`: the operator's catalogue commands.

use clap::Subcommand;

use super::hub88::{self, Hub88};
use crate::config::Settings;
use crate::db::Db;

#[derive(Subcommand)]
pub enum GamesCommand {
    /// Adds or updates the file's casino categories (by id), providers (by code) and games (by
    /// provider and code) with their categories, in one transaction; prints the counts.
    Import {
        /// A JSON file in content/games.json's format.
        file: std::path::PathBuf,
    },
}

#[derive(Subcommand)]
pub enum ProvidersCommand {
    /// Fetches a provider's game list and adds or updates its games in the catalogue (hub88:
    /// Hub88's game/list, with KASA_HUB88_* set).
    Sync {
        /// The provider's code: hub88.
        provider: String,
    },
}

/// Runs a games command, printing what it did.
pub async fn games(db: &Db, command: GamesCommand) -> anyhow::Result<()> {
    match command {
        GamesCommand::Import { file } => {
            let json = std::fs::read_to_string(&file).map_err(|e| anyhow::anyhow!("cannot read {}: {e}", file.display()))?;
            let report = super::import_json(db, &json).await.map_err(|e| e.context(format!("{} was not imported", file.display())))?;
            println!("games imported from {}: {report}", file.display());
        }
    }
    Ok(())
}

/// The provider a sync names, checked before the database is opened: Hub88 only, configured or
/// not (`None`: not configured).
pub fn provider_to_sync(command: &ProvidersCommand, settings: &Settings) -> anyhow::Result<Option<Hub88>> {
    let ProvidersCommand::Sync { provider } = command;
    if provider != hub88::PROVIDER {
        anyhow::bail!("kasa can sync the games of hub88 only, not '{provider}'");
    }
    Hub88::from_settings(settings)
}

/// Runs a providers command with the provider [`provider_to_sync`] gave, printing what it did.
pub async fn providers(db: &Db, hub88: Option<Hub88>) -> anyhow::Result<()> {
    let report = async {
        let hub88 = hub88.ok_or_else(|| anyhow::anyhow!("Hub88 is not configured (set KASA_HUB88_*)"))?;
        hub88::sync_games(db, &hub88).await
    }
    .await
    .map_err(|e| e.context("Hub88's games were not synced"))?;
    println!("hub88 games synced: {report}");
    Ok(())
}
