//! The `kasa` command's arguments: serving, migrating, and the operator's commands, each area's
//! taken from its own `cli` module.

use clap::{Parser, Subcommand};

use std::net::SocketAddr;

use kasa::accounts::cli::{Directory, NotifyArgs, PlayerCommand};
use kasa::bonus::cli::BonusCommand;
use kasa::casino::cli::{GamesCommand, ProvidersCommand};
use kasa::cms::cli::ContentCommand;
use kasa::config::{DEFAULT_ADDR, DEFAULT_DATABASE_URL, Settings};
use kasa::payments::cli::PaymentsCommand;
use kasa::sports::cli::SportsCommand;
use kasa::wallet::cli::WalletCommand;

/// Kasa: an online casino and sports betting site in one binary.
#[derive(Parser)]
#[command(name = "kasa", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand)]
pub enum Command {
    /// Serve the site (API, real-time hub and the web app). Migrates the database first.
    Serve {
        /// Address to listen on, HOST:PORT.
        #[arg(long, env = "KASA_ADDR", default_value = DEFAULT_ADDR)]
        addr: SocketAddr,
        /// Database URL: sqlite://PATH (embedded, default) or postgres://USER@HOST/DB.
        #[arg(long, env = "DATABASE_URL", default_value = DEFAULT_DATABASE_URL)]
        database_url: String,
        /// Load the demo content (languages, texts, banners, pages, ...) when the database is empty;
        /// a database that already has content is left as it is.
        #[arg(long)]
        demo: bool,
    },
    /// Bring the database schema up to date, then exit.
    Migrate {
        /// Database URL: sqlite://PATH or postgres://USER@HOST/DB.
        #[arg(long, env = "DATABASE_URL", default_value = DEFAULT_DATABASE_URL)]
        database_url: String,
    },
    /// List the SMS and e-mail messages the default sender recorded, newest first.
    Outbox {
        #[arg(long, env = "DATABASE_URL", default_value = DEFAULT_DATABASE_URL)]
        database_url: String,
        /// Print JSON (a list of {id, channel, recipient, subject, text, createdAt}).
        #[arg(long)]
        json: bool,
        /// How many messages at most.
        #[arg(long, default_value_t = 50)]
        limit: i64,
    },
    /// Print the OpenAPI document of the API as JSON (the app's API types are generated from a
    /// committed copy: `cargo run --bin kasa -- openapi > web/shared/api/openapi.json`).
    Openapi,
    /// Operator commands.
    Admin {
        #[arg(long, env = "DATABASE_URL", default_value = DEFAULT_DATABASE_URL, global = true)]
        database_url: String,
        #[command(subcommand)]
        command: AdminCommand,
    },
}

#[derive(Subcommand)]
pub enum AdminCommand {
    /// The players' wallets.
    Wallet {
        #[command(subcommand)]
        command: WalletCommand,
    },
    /// Send a notification to one player or to everyone; connected players get it at once.
    Notify(NotifyArgs),
    /// Act on a player's account.
    Player {
        #[command(subcommand)]
        command: PlayerCommand,
    },
    /// Deposit and withdrawal requests: list them, approve or reject the pending ones.
    Payments {
        #[command(subcommand)]
        command: PaymentsCommand,
    },
    /// The site content (languages and texts, site options, domains, banners, the popup, casino
    /// categories, jackpot cards, pages, promotions) in content/'s format.
    Content {
        #[command(subcommand)]
        command: ContentCommand,
    },
    /// The casino catalogue: import providers, games and their categories.
    Games {
        #[command(subcommand)]
        command: GamesCommand,
    },
    /// Outside game providers.
    Providers {
        #[command(subcommand)]
        command: ProvidersCommand,
    },
    /// Players' bonuses.
    Bonus {
        #[command(subcommand)]
        command: BonusCommand,
    },
    /// The built-in sportsbook: events, markets, results, High Rate prices.
    Sports {
        #[command(subcommand)]
        command: SportsCommand,
    },
    /// Identity documents: list them, look at one, approve or reject the pending ones.
    Kyc {
        #[command(subcommand)]
        command: kasa::kyc::cli::KycCommand,
    },
    /// Staff accounts of the back office (/admin/): create the first one, list them.
    Staff {
        #[command(subcommand)]
        command: kasa::backoffice::cli::StaffCommand,
    },
    /// A consistent copy of the SQLite database to a new file while nodes serve (PostgreSQL:
    /// pg_dump, see the README).
    Backup {
        /// The new file.
        path: std::path::PathBuf,
    },
    /// The audit log of staff actions: verify its hash chain, show its newest rows.
    Audit {
        #[command(subcommand)]
        command: kasa::backoffice::cli::AuditCommand,
    },
}

/// Runs an operator command on the database at `database_url` (migrated first). Each area's
/// commands and their output live in its own `cli` module.
pub async fn admin(database_url: &str, command: AdminCommand, settings: &Settings) -> anyhow::Result<()> {
    // A sync names its provider and checks its settings before the database is opened.
    let hub88 = match &command {
        AdminCommand::Providers { command } => kasa::casino::cli::provider_to_sync(command, settings)?,
        _ => None,
    };
    let db = kasa::serve::prepare(database_url, false).await?;
    match command {
        AdminCommand::Wallet { command } => kasa::wallet::cli::run(&db, &Directory(&db), command).await,
        AdminCommand::Notify(args) => kasa::accounts::cli::notify(&db, args).await,
        AdminCommand::Player { command } => {
            kasa::accounts::cli::run(&db, command, &kasa::sports::betting::RefundOnClose { db: db.clone() }).await
        }
        AdminCommand::Payments { command } => kasa::payments::cli::run(&db, command).await,
        AdminCommand::Content { command } => kasa::cms::cli::run(&db, command).await,
        AdminCommand::Games { command } => kasa::casino::cli::games(&db, command).await,
        AdminCommand::Providers { .. } => kasa::casino::cli::providers(&db, hub88).await,
        AdminCommand::Bonus { command } => kasa::bonus::cli::run(&db, command).await,
        AdminCommand::Sports { command } => kasa::sports::cli::run(&db, command).await,
        AdminCommand::Kyc { command } => kasa::kyc::cli::run(&db, &kasa::kyc::files::Folder(settings.documents_dir.clone()), command).await,
        AdminCommand::Staff { command } => kasa::backoffice::cli::staff(&db, command).await,
        AdminCommand::Audit { command } => kasa::backoffice::cli::audit(&db, command).await,
        AdminCommand::Backup { path } => {
            let bytes = kasa::backup::backup(&db, &path).await?;
            println!("backed up to {} ({bytes} bytes)", path.display());
            Ok(())
        }
    }
}
