//! The `kasa` command: serve the site, migrate the database.

use std::net::SocketAddr;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use kasa::config::{Config, DEFAULT_ADDR, DEFAULT_DATABASE_URL};

/// Kasa: an online casino and sports betting site in one binary.
#[derive(Parser)]
#[command(name = "kasa", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
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
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    init_tracing();
    let runtime = match tokio::runtime::Builder::new_multi_thread().enable_all().build() {
        Ok(rt) => rt,
        Err(e) => return fail(anyhow::anyhow!(e).context("cannot start the runtime")),
    };
    let result = runtime.block_on(async {
        match cli.command {
            Command::Serve { addr, database_url, demo } => kasa::serve::serve(Config { addr, database_url }, demo).await,
            Command::Migrate { database_url } => {
                kasa::serve::prepare(&database_url, false).await?;
                println!("kasa: the database at {} is up to date", kasa::db::redact(&database_url));
                Ok(())
            }
        }
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(e),
    }
}

/// One clear line on standard error, no panic.
fn fail(e: anyhow::Error) -> ExitCode {
    let chain: Vec<String> = e.chain().map(|c| c.to_string()).collect();
    eprintln!("kasa: error: {}", chain.join(": "));
    ExitCode::FAILURE
}

fn init_tracing() {
    use tracing_subscriber::EnvFilter;
    let filter = EnvFilter::try_from_env("KASA_LOG").unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn,tower_http=info"));
    let json = matches!(std::env::var("KASA_LOG_FORMAT").as_deref(), Ok("json"));
    let builder = tracing_subscriber::fmt().with_env_filter(filter).with_writer(std::io::stderr);
    if json {
        builder.json().init();
    } else {
        builder.compact().init();
    }
}
