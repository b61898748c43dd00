//! `kasa admin content ...`: the site content in and out of content/'s format.

use clap::Subcommand;

use super::demo;
use crate::db::Db;

#[derive(Subcommand)]
pub enum ContentCommand {
    /// Replaces the site content with the folder's (every file checked first; a bad one changes
    /// nothing); every node rebuilds its bootstrap.
    Import {
        /// A folder in content/'s format (site.json, sliders.json, popup.json, ...).
        dir: std::path::PathBuf,
    },
    /// Writes the site content to the folder in content/'s format (edit it, then import it).
    Export {
        /// The folder to write (made when missing).
        dir: std::path::PathBuf,
    },
}

/// Runs a content command, printing what it did.
pub async fn run(db: &Db, command: ContentCommand) -> anyhow::Result<()> {
    match command {
        ContentCommand::Import { dir } => {
            let r = demo::import(db, &dir).await.map_err(|e| e.context(format!("{} was not imported", dir.display())))?;
            println!(
                "content imported from {}: {} languages, {} texts, {} banners, {} pages, {} promotions",
                dir.display(),
                r.languages,
                r.texts,
                r.banners,
                r.pages,
                r.promotions
            );
        }
        ContentCommand::Export { dir } => {
            demo::export(db, &dir).await.map_err(|e| e.context(format!("the content was not exported to {}", dir.display())))?;
            println!("content exported to {}", dir.display());
        }
    }
    Ok(())
}
