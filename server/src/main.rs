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
            Command::Admin { database_url, command: AdminCommand::Notify { player, all: _, title, note, kind } } => {
                let db = kasa::serve::prepare(&database_url, false).await?;
                let kind = kasa::notify::NotificationType::parse(&kind)
                    .ok_or_else(|| anyhow::anyhow!("unknown notification type '{kind}' (deposit, withdraw, jackpot, bonus, system)"))?;
                let n = kasa::accounts::operator::notify(&db, player.as_deref(), &title, &note, kind).await?;
                println!("notification #{} sent to {}", n.id, player.as_deref().unwrap_or("every player"));
                Ok(())
            }
            Command::Admin { database_url, command: AdminCommand::Sports { command } } => {
                let db = kasa::serve::prepare(&database_url, false).await?;
                use kasa::sports::admin;
                match command {
                    SportsCommand::Events { live, sport } => print!("{}", admin::events(&db, live, sport.as_deref()).await?),
                    SportsCommand::Markets { event } => print!("{}", admin::markets(&db, event).await?),
                    SportsCommand::Kickoff { event } => {
                        admin::kickoff(&db, event).await?;
                        println!("event #{event} kicks off now");
                    }
                    SportsCommand::Suspend { market } => {
                        admin::suspend(&db, market).await?;
                        println!("market #{market} suspended");
                    }
                    SportsCommand::Reopen { market } => {
                        admin::reopen(&db, market).await?;
                        println!("market #{market} reopened");
                    }
                    SportsCommand::Result { market, winners } => {
                        let n = admin::result(&db, market, &winners).await?;
                        println!("market #{market} settled ({}): {n} bet(s) settled", winners.join(", "));
                    }
                    SportsCommand::Void { market } => {
                        let n = admin::void(&db, market).await?;
                        println!("market #{market} voided: {n} bet(s) resettled");
                    }
                    SportsCommand::Boost { selection, price, off } => {
                        admin::boost(&db, selection, if off { None } else { price }).await?;
                        println!(
                            "selection #{selection}: High Rate price {}",
                            price.filter(|_| !off).map_or("removed".to_string(), |p| format!("{p:.2}"))
                        );
                    }
                }
                Ok(())
            }
            Command::Admin { database_url, command: AdminCommand::Bonus { command: BonusCommand::Grant { player, promotion } } } => {
                let db = kasa::serve::prepare(&database_url, false).await?;
                let b = kasa::bonus::grant_by_operator(&db, &player, &promotion).await?;
                let amount = kasa::money::Kurus::from_minor(b.amount)?;
                let wager = kasa::money::Kurus::from_minor(b.wager_required)?;
                println!(
                    "bonus #{} of {amount} granted to {player} ({promotion}): wager {wager} by {}",
                    b.id,
                    kasa::db::iso_utc(b.expires_at)
                );
                Ok(())
            }
            Command::Admin { database_url, command: AdminCommand::Player { command: PlayerCommand::Logout { player } } } => {
                let db = kasa::serve::prepare(&database_url, false).await?;
                let n = kasa::accounts::operator::logout(&db, &player).await?;
                println!("{n} session(s) of {player} ended");
                Ok(())
            }
            Command::Admin { database_url, command: AdminCommand::Payments { command } } => {
                let db = kasa::serve::prepare(&database_url, false).await?;
                match command {
                    PaymentsCommand::List { status, json, limit } => {
                        let requests = kasa::payments::list(&db, status.as_deref(), limit.clamp(1, 10_000)).await?;
                        if json {
                            println!("{}", serde_json::to_string_pretty(&requests)?);
                        } else if requests.is_empty() {
                            println!("No payment requests.");
                        } else {
                            for r in requests {
                                let kind = if r.kind == kasa::payments::Kind::Deposit { "deposit " } else { "withdraw" };
                                let decided = match (r.decided_at, &r.reason) {
                                    (Some(at), Some(reason)) => format!(" — {} {}: {reason}", r.status.as_str(), kasa::db::iso_utc(at)),
                                    (Some(at), None) => format!(" — {} {}", r.status.as_str(), kasa::db::iso_utc(at)),
                                    _ => format!(" — {}", r.status.as_str()),
                                };
                                println!(
                                    "#{} {} {} {} player {} via {} ({}) {} {}{decided}",
                                    r.id,
                                    kasa::db::iso_utc(r.created_at),
                                    kind,
                                    r.amount,
                                    r.player_id,
                                    r.method_title,
                                    r.method_code,
                                    r.reference,
                                    r.detail
                                );
                            }
                        }
                        Ok(())
                    }
                    PaymentsCommand::Approve { id } => {
                        let r = kasa::payments::approve(&db, id).await?;
                        println!("payment request #{id} approved: {} {} for player {}", r.reference, r.amount, r.player_id);
                        Ok(())
                    }
                    PaymentsCommand::Methods { command } => payment_methods(&db, command).await,
                    PaymentsCommand::Reject { id, reason } => {
                        let r = kasa::payments::reject(&db, id, &reason).await?;
                        println!(
                            "payment request #{id} rejected: {} {} for player {} ({})",
                            r.reference,
                            r.amount,
                            r.player_id,
                            reason.trim()
                        );
                        Ok(())
                    }
                }
            }
            Command::Admin { database_url, command: AdminCommand::Content { command: ContentCommand::Import { dir } } } => {
                let db = kasa::serve::prepare(&database_url, false).await?;
                let r = kasa::cms::demo::import(&db, &dir).await.map_err(|e| e.context(format!("{} was not imported", dir.display())))?;
                println!(
                    "content imported from {}: {} languages, {} texts, {} banners, {} pages, {} promotions",
                    dir.display(),
                    r.languages,
                    r.texts,
                    r.banners,
                    r.pages,
                    r.promotions
                );
                Ok(())
            }
            Command::Admin { database_url, command: AdminCommand::Content { command: ContentCommand::Export { dir } } } => {
                let db = kasa::serve::prepare(&database_url, false).await?;
                kasa::cms::demo::export(&db, &dir)
                    .await
                    .map_err(|e| e.context(format!("the content was not exported to {}", dir.display())))?;
                println!("content exported to {}", dir.display());
                Ok(())
            }
            Command::Admin { database_url, command: AdminCommand::Games { command: GamesCommand::Import { file } } } => {
                let db = kasa::serve::prepare(&database_url, false).await?;
                let json = std::fs::read_to_string(&file).map_err(|e| anyhow::anyhow!("cannot read {}: {e}", file.display()))?;
                let report =
                    kasa::casino::import_json(&db, &json).await.map_err(|e| e.context(format!("{} was not imported", file.display())))?;
                println!("games imported from {}: {report}", file.display());
                Ok(())
            }
            Command::Admin { database_url, command: AdminCommand::Providers { command: ProvidersCommand::Sync { provider } } } => {
                if provider != kasa::casino::hub88::PROVIDER {
                    anyhow::bail!("kasa can sync the games of hub88 only, not '{provider}'");
                }
                let hub88 = kasa::casino::hub88::Hub88::from_settings(&settings)?;
                let db = kasa::serve::prepare(&database_url, false).await?;
                let report = async {
                    let hub88 = hub88.ok_or_else(|| anyhow::anyhow!("Hub88 is not configured (set KASA_HUB88_*)"))?;
                    kasa::casino::hub88::sync_games(&db, &hub88).await
                }
                .await
                .map_err(|e| e.context("Hub88's games were not synced"))?;
                println!("hub88 games synced: {report}");
                Ok(())
            }
            Command::Admin { database_url, command: AdminCommand::Wallet { command } } => {
                let db = kasa::serve::prepare(&database_url, false).await?;
                match command {
                    WalletCommand::Check => {
                        let report = kasa::wallet::check(&db).await?;
                        println!("{report}");
                        for finding in &report.findings {
                            if let Some(id) = finding.player_id()
                                && let Some(p) = kasa::accounts::store::player_by_id(&db, id).await?
                            {
                                println!("  player {id} is {}", p.username);
                            }
                        }
                        anyhow::ensure!(report.is_ok(), "the wallet check failed");
                        Ok(())
                    }
                    WalletCommand::Report { from, to, json } => {
                        let day = |d: &str| {
                            kasa::accounts::domain::Date::parse_iso(d)
                                .map(|d| d.days() * 86_400_000)
                                .ok_or_else(|| anyhow::anyhow!("'{d}' is not a day as YYYY-MM-DD"))
                        };
                        let from = from.as_deref().map(day).transpose()?;
                        let to = to.as_deref().map(day).transpose()?.map(|t| t + 86_400_000);
                        let report = kasa::wallet::report(&db, from, to).await?;
                        if json {
                            println!("{}", serde_json::to_string_pretty(&report)?);
                        } else {
                            println!("{report}");
                        }
                        Ok(())
                    }
                    WalletCommand::Debts { all, json } => {
                        let mut debts = kasa::wallet::debts(&db, all).await?;
                        let ids: Vec<i64> = debts.iter().map(|d| d.player_id).collect();
                        let mut names = kasa::accounts::operator::usernames(&db, &ids).await?;
                        for d in &mut debts {
                            d.username = names.remove(&d.player_id);
                        }
                        if json {
                            println!("{}", serde_json::to_string_pretty(&debts)?);
                            return Ok(());
                        }
                        if debts.is_empty() {
                            println!("No player owes anything.");
                        }
                        let lira = |k: i64| kasa::wallet::Kurus::from_minor(k).map(|k| k.to_string()).unwrap_or_default();
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
                                kasa::db::iso_utc(d.since)
                            );
                        }
                        if !debts.is_empty() {
                            println!("{} player(s) owe {} in all", debts.iter().filter(|d| d.outstanding > 0).count(), lira(total));
                        }
                        Ok(())
                    }
                    WalletCommand::Adjust { player, amount, reason } => {
                        let p = kasa::accounts::store::player_by_username(&db, &player)
                            .await?
                            .ok_or_else(|| anyhow::anyhow!("no player with the username '{}'", player.trim()))?;
                        let done = kasa::wallet::adjust(&db, p.id, &amount, &reason)
                            .await
                            .map_err(|e| anyhow::anyhow!("player {}: {e}", p.username))?;
                        for t in &done.transfers {
                            println!("transfer {}: {} from {} to {} ({})", t.id, t.amount, t.debit, t.credit, reason.trim());
                        }
                        Ok(())
                    }
                }
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
    let builder = tracing_subscriber::fmt().with_env_filter(filter).with_writer(std::io::stderr);
    if settings.log_json {
        builder.json().init();
    } else {
        builder.compact().init();
    }
}

/// `kasa admin payments methods ...`.
async fn payment_methods(db: &kasa::Db, command: MethodsCommand) -> anyhow::Result<()> {
    use anyhow::Context;
    use kasa::payments::admin;
    match command {
        MethodsCommand::List => {
            for m in admin::methods(db).await? {
                let kind = if m.kind == kasa::payments::Kind::Deposit { "deposit " } else { "withdraw" };
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
