//! `make bench`: studio spins per second over HTTP, 64 players spinning at once, each on its own
//! kept-alive connection with its own game session, against the release binary (`kasa serve`) on
//! SQLite and on PostgreSQL. A spin is `POST /games/api/spin {bet: 100}`: the seed's next nonce,
//! the engine's round, the bet and the win through the wallet calls and the recorded round, in
//! one transaction with its balance push. Written to `bench-results/studio_spins.json`.
//!
//! The players are made in the database before the node starts (each with 1,000,000 ₺ and a login
//! session), then each launches `kasa-sultans-gold` (`casino/kasalaunchurl`) and opens its game
//! session (`/games/api/session`) over HTTP. The load is closed-loop for 5 s after 1 s of warm-up,
//! three rounds per engine, the median reported; the load generator runs on one thread and
//! speaks plain HTTP/1.1 itself, to leave the server as much of the machine as it can.
//!
//! PostgreSQL is taken from `KASA_BENCH_POSTGRES_URL` (default: the local server as `postgres`); a
//! fresh database is created there and dropped afterwards. When it cannot be reached the
//! PostgreSQL figure is reported as skipped.
//!
//! Usage: `bench_studio OUT_DIR KASA_BINARY` (defaults: `bench-results`, `target/release/kasa`).

mod common;

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use anyhow::ensure;
use common::{Conn, percentiles, request, start_node};
use serde_json::json;

const PLAYERS: usize = 64;
const WARM_UP: Duration = Duration::from_secs(1);
const MEASURE: Duration = Duration::from_secs(5);
const ROUNDS: usize = 3;
const GAME: &str = "kasa-sultans-gold";
/// Kuruş: the lowest bet level.
const BET: i64 = 100;

fn main() -> anyhow::Result<()> {
    let (out_dir, bin) = common::out_dir_and_bin(&std::env::args().skip(1).collect::<Vec<_>>());
    tokio::runtime::Builder::new_current_thread().enable_all().build()?.block_on(run(&out_dir, &bin))
}

async fn run(out_dir: &str, bin: &str) -> anyhow::Result<()> {
    std::fs::create_dir_all(out_dir)?;
    let (cores, load) = common::machine();
    println!(
        "{PLAYERS} players, {:.0} s each after {:.0} s of warm-up, {ROUNDS} rounds, {cores} cores, load average {load} at the start",
        MEASURE.as_secs_f64(),
        WARM_UP.as_secs_f64()
    );
    let sqlite = on_sqlite(bin).await?;
    println!("studio spins on SQLite: {sqlite}");
    let postgres = match common::on_postgres("kasa_bench_studio", |url| async move { bench(bin, &url).await }).await {
        Ok(v) => v,
        Err(e) => json!({ "skipped": format!("{e:#}") }),
    };
    println!("studio spins on PostgreSQL: {postgres}");
    let result = json!({
        "setup": {
            "players": PLAYERS, "game": GAME, "bet_kurus": BET, "warm_up_s": WARM_UP.as_secs_f64(), "measure_s": MEASURE.as_secs_f64(),
            "rounds": ROUNDS, "reported": "the median over the rounds", "cores": cores, "load_average_at_start": load,
            "spin": "POST /games/api/spin: nonce, engine round, bet and win through the wallet calls, the round recorded, one transaction",
            "load_generator": "this process, one thread, closed loop, HTTP/1.1 keep-alive, one connection and game session per player",
            "server": "target/release/kasa serve, KASA_LOG=warn",
        },
        "sqlite": sqlite,
        "postgres": postgres,
    });
    common::write_result(out_dir, "studio_spins.json", &result)
}

async fn on_sqlite(bin: &str) -> anyhow::Result<serde_json::Value> {
    let dir = std::env::temp_dir().join(format!("kasa-bench-studio-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let result = bench(bin, &format!("sqlite://{}/kasa.db?mode=rwc", dir.display())).await;
    let _ = std::fs::remove_dir_all(&dir);
    result
}

/// Prepares the database, starts the node on it, opens the players' game sessions and measures.
async fn bench(bin: &str, url: &str) -> anyhow::Result<serde_json::Value> {
    let tokens = common::players(url, PLAYERS, "benchspin").await?;
    let (addr, _node) = start_node(bin, url).await?;
    let sessions = common::game_sessions(addr, &tokens, GAME).await?;
    let mut rounds = Vec::new();
    for round in 1..=ROUNDS {
        let stats = measure(addr, &sessions).await?;
        println!("  round {round}: {:>7.0} spins/s  p50 {:>6.2} ms  p99 {:>6.2} ms", stats.0, stats.1, stats.2);
        rounds.push(stats);
    }
    let median = |f: fn(&(f64, f64, f64)) -> f64| {
        let mut v: Vec<f64> = rounds.iter().map(f).collect();
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    let round2 = |x: f64| (x * 100.0).round() / 100.0;
    Ok(json!({
        "spins_per_second": round2(median(|s| s.0)), "spin_p50_ms": round2(median(|s| s.1)), "spin_p99_ms": round2(median(|s| s.2)),
        "rounds_spins_per_second": rounds.iter().map(|s| round2(s.0)).collect::<Vec<_>>(),
    }))
}

/// One closed-loop run: each player spins back to back on its own connection; (spins per second,
/// p50 ms, p99 ms) of the spins that began after the warm-up and ended within the window.
async fn measure(addr: SocketAddr, sessions: &[String]) -> anyhow::Result<(f64, f64, f64)> {
    let mut conns = Vec::with_capacity(sessions.len());
    for _ in sessions {
        conns.push(Conn::open(addr).await?);
    }
    let start = Instant::now();
    let (measure_from, until) = (start + WARM_UP, start + WARM_UP + MEASURE);
    let body = json!({ "bet": BET }).to_string();
    let tasks: Vec<_> = conns
        .into_iter()
        .zip(sessions)
        .map(|(mut conn, session)| {
            let spin = request("POST", "/games/api/spin", &[("authorization", &format!("Bearer {session}"))], Some(&body));
            tokio::spawn(async move {
                let mut times: Vec<u32> = Vec::with_capacity(16 * 1024);
                loop {
                    let began = Instant::now();
                    if began >= until {
                        break;
                    }
                    conn.roundtrip(&spin).await?;
                    let ended = Instant::now();
                    if began >= measure_from && ended <= until {
                        times.push((ended - began).as_micros().min(u32::MAX as u128) as u32);
                    }
                }
                anyhow::Ok(times)
            })
        })
        .collect();
    let mut all = Vec::new();
    for task in tasks {
        all.extend(task.await??);
    }
    ensure!(!all.is_empty(), "no spin completed");
    let n = all.len() as f64;
    let (p50, p99, _) = percentiles(all);
    Ok((n / MEASURE.as_secs_f64(), p50, p99))
}
