//! The `kasa` command's arguments: serving, migrating, and the operator's commands by area.

use clap::{Parser, Subcommand};

use std::net::SocketAddr;

use kasa::config::{DEFAULT_ADDR, DEFAULT_DATABASE_URL};
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
    Notify {
        /// The player's username.
        #[arg(long, conflicts_with = "all", required_unless_present = "all")]
        player: Option<String>,
        /// Every player.
        #[arg(long)]
        all: bool,
        #[arg(long)]
        title: String,
        #[arg(long)]
        note: String,
        /// deposit, withdraw, jackpot, bonus or system.
        #[arg(long = "type", default_value = "system")]
        kind: String,
    },
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
}

#[derive(Subcommand)]
pub enum SportsCommand {
    /// The events to come (or live ones).
    Events {
        #[arg(long)]
        live: bool,
        /// football, basketball, tennis or volleyball.
        #[arg(long)]
        sport: Option<String>,
    },
    /// An event's markets, selections and prices.
    Markets { event: i64 },
    /// Kick an event off now (a fixture brought forward): the feed plays it live from now on.
    Kickoff { event: i64 },
    /// Suspend a market until it is reopened (the feed keeps it suspended).
    Suspend { market: i64 },
    /// Reopen a market suspended by an operator.
    Reopen { market: i64 },
    /// Enter or correct a market's result (its bets are resettled by new transfers).
    Result {
        market: i64,
        /// A winning selection's key (1, X, 2, over, yes, 2-1, ...); repeat for several.
        #[arg(long = "winner", required = true)]
        winners: Vec<String>,
    },
    /// Void a market: its bets' legs count at 1.00.
    Void { market: i64 },
    /// Set a selection's High Rate price (the /fcg pages), or remove it with --off.
    Boost {
        selection: i64,
        #[arg(long, required_unless_present = "off")]
        price: Option<f64>,
        #[arg(long)]
        off: bool,
    },
}

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

#[derive(Subcommand)]
pub enum ProvidersCommand {
    /// Fetches a provider's game list and adds or updates its games in the catalogue (hub88:
    /// Hub88's game/list, with KASA_HUB88_* set).
    Sync {
        /// The provider's code: hub88.
        provider: String,
    },
}

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

#[derive(Subcommand)]
pub enum PlayerCommand {
    /// End every session of the player (their open windows get 'exit' and close).
    Logout {
        #[arg(long)]
        player: String,
    },
}

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
