//! The `kasa` command: serve the site, migrate the database, operator commands, the OpenAPI document.

use std::process::ExitCode;

use clap::Parser;
use kasa::config::{Config, Settings};

mod cli;

use cli::*;

/// glibc raises its mmap threshold after freeing a large block, and then keeps argon2's 19 MiB
/// blocks in its arenas, where they fragment and pile up (120 MB after 20 logins was measured).
/// A fixed threshold hands every large block straight back to the system.
fn return_large_blocks_to_the_system() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only changes an allocator tunable; it is called once, before any thread starts.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 1 << 20);
    }
}

fn main() -> ExitCode {
    return_large_blocks_to_the_system();
    let cli = Cli::parse();
    let settings = match Settings::from_env() {
        Ok(s) => s,
        Err(e) => return fail(e),
    };
    init_tracing(&settings);
    let runtime = match tokio::runtime::Builder::new_multi_thread().enable_all().build() {
        Ok(rt) => rt,
        Err(e) => return fail(anyhow::anyhow!(e).context("cannot start the runtime")),
    };
    let result = runtime.block_on(async {
        match cli.command {
            Command::Serve { addr, database_url, demo } => kasa::serve::serve(Config { addr, database_url }, settings, demo).await,
            Command::Migrate { database_url } => {
                kasa::serve::prepare(&database_url, false).await?;
                println!("kasa: the database at {} is up to date", kasa::db::redact(&database_url));
                Ok(())
            }
            Command::Openapi => {
                print!("{}", kasa::openapi::to_json(&kasa::app::api_doc())?);
                Ok(())
            }
            Command::Outbox { database_url, json, limit } => {
                let db = kasa::serve::prepare(&database_url, false).await?;
                let messages = kasa::outbox::list(&db, limit).await?;
                if json {
                    println!("{}", serde_json::to_string_pretty(&messages)?);
                } else if messages.is_empty() {
                    println!("The outbox is empty.");
                } else {
                    for m in messages {
                        println!(
                            "#{} {} {} to {}{}\n  {}",
                            m.id,
                            kasa::db::iso_utc(m.created_at),
                            m.channel,
                            m.recipient,
                            m.subject.map(|s| format!(" ({s})")).unwrap_or_default(),
                            m.text.replace('\n', "\n  ")
                        );
                    }
                }
                Ok(())
            }
            Command::Admin { database_url, command } => cli::admin(&database_url, command, &settings).await,
        }
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(e),
    }
}

/// One clear line on standard error, no panic.
fn fail(e: anyhow::Error) -> ExitCode {
    // Some errors repeat their source in their own text: print each cause once, on one line.
    let mut chain: Vec<String> = Vec::new();
    for cause in e.chain().map(|c| c.to_string().replace('\n', " ")) {
        if !chain.last().is_some_and(|prev| prev.contains(&cause)) {
            chain.push(cause);
        }
    }
    eprintln!("kasa: error: {}", chain.join(": "));
    ExitCode::FAILURE
}

fn init_tracing(settings: &Settings) {
    use tracing_subscriber::EnvFilter;
    let filter = EnvFilter::try_new(&settings.log).unwrap_or_else(|_| EnvFilter::new(kasa::config::DEFAULT_LOG));
    // Colours only on a terminal: a log written to a file or a pipe carries no escape codes.
    use std::io::IsTerminal;
    let ansi = std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    let builder = tracing_subscriber::fmt().with_env_filter(filter).with_writer(std::io::stderr).with_ansi(ansi);
    if settings.log_json {
        builder.json().init();
    } else {
        builder.compact().init();
    }
}
