//! `make bench`: Kasa Aviator with 1,000 players in its rounds, against the release binary
//! (`kasa serve`, the game's own rhythm: 6 s of bets, a tick every 100 ms) on SQLite and on
//! PostgreSQL. Each player holds the live feed open (`/games/api/crash/feed`, a WebSocket) and, in
//! every round's betting, bets 1 ₺ to 10 ₺ (`/games/api/crash/bet`): two thirds with an auto
//! cash-out between 1.10× and 5.00× (paid by the round clock as the multiplier passes it), one
//! third cashing out by hand at a random moment of the flight (`/games/api/crash/cashout`).
//!
//! Measured: how late each multiplier tick reaches each player — the time it is read by the client
//! minus the time it was scheduled for (`at`, take-off plus a whole number of ticks; client and
//! server share the machine's clock) — over every tick of every player for 45 s; the goal is under
//! 100 ms. Also the bets, cash-outs and ticks handled. The client is this process (two threads), so
//! its own reading delays count against the figure. Written to `bench-results/crash_feed.json`.
//!
//! Usage: `bench_crash OUT_DIR KASA_BINARY` (defaults: `bench-results`, `target/release/kasa`).

mod common;

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use common::{Conn, request, start_node};
use futures_util::StreamExt;
use serde_json::{Value, json};

const PLAYERS: usize = 1_000;
const MEASURE: Duration = Duration::from_secs(45);
/// HTTP connections the bets and cash-outs go through.
const CONNS: usize = 16;

fn main() -> anyhow::Result<()> {
    let (out_dir, bin) = common::out_dir_and_bin(&std::env::args().skip(1).collect::<Vec<_>>());
    tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build()?.block_on(run(&out_dir, &bin))
}

async fn run(out_dir: &str, bin: &str) -> anyhow::Result<()> {
    std::fs::create_dir_all(out_dir)?;
    let (cores, load) = common::machine();
    println!("{PLAYERS} players for {:.0} s, {cores} cores, load average {load} at the start", MEASURE.as_secs_f64());
    let dir = std::env::temp_dir().join(format!("kasa-bench-crash-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let sqlite = bench(bin, &format!("sqlite://{}/kasa.db?mode=rwc", dir.display())).await;
    let _ = std::fs::remove_dir_all(&dir);
    let sqlite = sqlite?;
    println!("crash feed on SQLite: {sqlite}");
    let postgres = match common::on_postgres("kasa_bench_crash", |url| async move { bench(bin, &url).await }).await {
        Ok(v) => v,
        Err(e) => json!({ "skipped": format!("{e:#}") }),
    };
    println!("crash feed on PostgreSQL: {postgres}");
    let result = json!({
        "setup": {
            "players": PLAYERS, "measure_s": MEASURE.as_secs_f64(), "cores": cores, "load_average_at_start": load,
            "goal": "every multiplier tick reaches every player less than 100 ms after its scheduled time",
            "lateness": "client read time minus the tick's scheduled time (at), same machine clock",
            "players_do": "hold the feed open; bet 1-10 TL each round; 2/3 with an auto cash-out 1.10x-5.00x, 1/3 cash out by hand",
            "client": "this process, two threads, one WebSocket a player, 16 HTTP keep-alive connections for bets and cash-outs",
            "server": "target/release/kasa serve, KASA_LOG=warn, the game's own timings (6 s of bets, 100 ms ticks)",
        },
        "sqlite": sqlite,
        "postgres": postgres,
    });
    common::write_result(out_dir, "crash_feed.json", &result)
}

#[derive(Default)]
struct Counts {
    bets: AtomicU64,
    bets_refused: AtomicU64,
    cash_outs: AtomicU64,
    cash_outs_late: AtomicU64,
}

async fn bench(bin: &str, url: &str) -> anyhow::Result<Value> {
    let tokens = common::players(url, PLAYERS, "benchcrash").await?;
    let (addr, _node) = start_node(bin, url).await?;
    let sessions = common::game_sessions(addr, &tokens, "kasa-aviator").await?;
    let deadline = tokio::time::Instant::now() + MEASURE;

    // The feeds: every player's socket, each tick's lateness in ms.
    let mut feeds = Vec::with_capacity(PLAYERS);
    for s in &sessions {
        let ws_url = format!("ws://{addr}/games/api/crash/feed?token={s}");
        let (ws, _) = tokio_tungstenite::connect_async(&ws_url).await?;
        feeds.push(tokio::spawn(async move {
            let (_, mut read) = ws.split();
            let mut late: Vec<u32> = Vec::with_capacity(4_096);
            while let Ok(Some(Ok(msg))) = tokio::time::timeout_at(deadline, read.next()).await {
                let Ok(text) = msg.to_text() else { continue };
                if !text.contains(r#""type":"tick""#) {
                    continue;
                }
                // The tick's "at" read straight from the text (no whole parse on the reading path).
                let now = kasa::db::now_ms();
                let at = text.split(r#""at":"#).nth(1).map(|t| t.trim_start_matches(|c: char| !c.is_ascii_digit())).and_then(|t| {
                    let end = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
                    t[..end].parse::<i64>().ok()
                });
                if let Some(at) = at {
                    late.push(u32::try_from((now - at).max(0) * 1_000).unwrap_or(u32::MAX));
                }
            }
            late
        }));
    }

    // The players' bets and cash-outs, round after round.
    let counts = Arc::new(Counts::default());
    let rounds = play(addr, &sessions, deadline, counts.clone()).await?;
    let mut all = Vec::new();
    for f in feeds {
        all.extend(f.await?);
    }
    anyhow::ensure!(!all.is_empty(), "no tick was received");
    let ticks = all.len();
    let over = all.iter().filter(|&&us| us >= 100_000).count();
    let (p50, p99, max) = common::percentiles(all);
    let c = |a: &AtomicU64| a.load(Ordering::Relaxed);
    Ok(json!({
        "rounds": rounds, "ticks_received": ticks, "tick_late_p50_ms": p50, "tick_late_p99_ms": p99, "tick_late_max_ms": max,
        "ticks_100ms_or_more_late": over, "bets": c(&counts.bets), "bets_refused": c(&counts.bets_refused),
        "manual_cash_outs": c(&counts.cash_outs), "manual_cash_outs_too_late": c(&counts.cash_outs_late),
    }))
}

/// Bets for every player in each round's betting, then the manual cash-outs; the rounds played.
async fn play(addr: SocketAddr, sessions: &[String], deadline: tokio::time::Instant, counts: Arc<Counts>) -> anyhow::Result<u64> {
    let mut watcher = Conn::open(addr).await?;
    let state = request("GET", "/games/api/crash/state", &[("authorization", &format!("Bearer {}", sessions[0]))], None);
    let mut last_round = 0;
    let mut rounds = 0;
    while tokio::time::Instant::now() < deadline {
        let body: Value = serde_json::from_slice(&watcher.roundtrip(&state).await?)?;
        let round = &body["data"]["round"];
        let (id, phase, start_at) =
            (round["roundId"].as_i64().unwrap_or(0), round["phase"].as_str().unwrap_or(""), round["startAt"].as_i64().unwrap_or(0));
        if phase != "betting" || id == last_round || start_at - kasa::db::now_ms() < 4_000 {
            tokio::time::sleep(Duration::from_millis(200)).await;
            continue;
        }
        last_round = id;
        rounds += 1;
        let mut tasks = Vec::with_capacity(CONNS);
        for c in 0..CONNS {
            let mine: Vec<(usize, String)> = sessions.iter().enumerate().skip(c).step_by(CONNS).map(|(i, s)| (i, s.clone())).collect();
            let counts = counts.clone();
            tasks.push(tokio::spawn(async move {
                let mut conn = Conn::open(addr).await?;
                let mut by_hand = Vec::new();
                for (i, s) in &mine {
                    let auth = format!("Bearer {s}");
                    let amount = 100 * (1 + (i * 7 + id as usize) % 10) as i64;
                    let auto = (i % 3 != 0).then(|| 1.10 + ((i * 13 + id as usize) % 390) as f64 / 100.0);
                    let bet = request(
                        "POST",
                        "/games/api/crash/bet",
                        &[("authorization", &auth)],
                        Some(&json!({"slot": 0, "amount": amount, "autoCashOut": auto}).to_string()),
                    );
                    let (status, _) = conn.call(&bet).await?;
                    if status == 200 {
                        counts.bets.fetch_add(1, Ordering::Relaxed);
                        if auto.is_none() {
                            by_hand.push((auth, 300 + ((i * 31) % 4_000) as i64));
                        }
                    } else {
                        counts.bets_refused.fetch_add(1, Ordering::Relaxed);
                    }
                }
                // By hand: each at its moment after take-off.
                by_hand.sort_by_key(|(_, after)| *after);
                for (auth, after) in by_hand {
                    let wait = start_at + after - kasa::db::now_ms();
                    if wait > 0 {
                        tokio::time::sleep(Duration::from_millis(wait as u64)).await;
                    }
                    let cash = request("POST", "/games/api/crash/cashout", &[("authorization", &auth)], Some(r#"{"slot":0}"#));
                    let (status, _) = conn.call(&cash).await?;
                    if status == 200 {
                        counts.cash_outs.fetch_add(1, Ordering::Relaxed);
                    } else {
                        counts.cash_outs_late.fetch_add(1, Ordering::Relaxed);
                    }
                }
                anyhow::Ok(())
            }));
        }
        for t in tasks {
            t.await??;
        }
    }
    Ok(rounds)
}
