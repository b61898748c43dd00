//! `make bench`: the casino lobby's latency with 10,000 games in the catalogue, against the release
//! binary (`kasa serve`) on SQLite and on PostgreSQL. Written to `bench-results/casino_lobby.json`.
//!
//! The database gets the demo content, then a generated catalogue of 10,000 games (seven providers,
//! names from Turkish and English words, the slot, live, bingo, games and TV bets categories) through
//! `kasa admin games import FILE`, timed. The node then answers, one request at a time on one
//! kept-alive connection (so each time is the server's answer plus a loopback round trip):
//! - listing: `GET /api/casino/lobby` pages of 40: the slot and live pages, a category tab, a
//!   provider, the new order, a deep page (skip 2,000);
//! - search: `GET /api/casino/lobby?search=…` (with and without the page) and `POST
//!   /api/casino/games {search}`, words typed with and without Turkish letters and capitals;
//!
//! each 1,500 times after 150 warm-up requests, p50 and p99 reported (goal: p99 under 20 ms); then
//! 16 connections at once for 3 s over both mixes (throughput and p99 under load).
//!
//! PostgreSQL is taken from `KASA_BENCH_POSTGRES_URL` (default: the local server as `postgres`); a
//! fresh database is created there and dropped afterwards; when it cannot be reached the
//! PostgreSQL figures are reported as skipped.
//!
//! Usage: `bench_casino OUT_DIR KASA_BINARY` (defaults: `bench-results`, `target/release/kasa`).

mod common;

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use anyhow::{Context, ensure};
use common::{Conn, percentiles, request, start_node};
use serde_json::{Value, json};
use tokio::process::Command;

const GAMES: usize = 10_000;
const WARM_UP: usize = 150;
const SAMPLES: usize = 1_500;
const CONCURRENT: usize = 16;
const LOAD_FOR: Duration = Duration::from_secs(3);

const WORDS: [&str; 40] = [
    "Sultan",
    "Altın",
    "Işık",
    "İstanbul",
    "Kiraz",
    "Şeker",
    "Ağaç",
    "Gümüş",
    "Yıldız",
    "Çılgın",
    "Ejder",
    "Deniz",
    "Güneş",
    "Ay",
    "Kral",
    "Hazine",
    "Gold",
    "Fruit",
    "Fire",
    "Wild",
    "Book",
    "Lucky",
    "Diamond",
    "Dragon",
    "Pharaoh",
    "Mega",
    "Joker",
    "Star",
    "Roulette",
    "Blackjack",
    "Baccarat",
    "Bingo",
    "Keno",
    "Crash",
    "Wheel",
    "Boğaz",
    "Lale",
    "Nar",
    "Üzüm",
    "Öküz",
];
const PROVIDERS: [&str; 7] = ["kasa", "softgamings", "hub88", "egt-digital", "amusnet", "everymatrix", "digitain"];
const SEARCHES: [&str; 12] =
    ["isik", "IŞIK", "istanbul", "İSTANBUL", "seker", "cilgin kiraz", "gold", "DRAGON", "gumus yildiz", "lale", "book of", "uzum"];

fn main() -> anyhow::Result<()> {
    let (out_dir, bin) = common::out_dir_and_bin(&std::env::args().skip(1).collect::<Vec<_>>());
    tokio::runtime::Builder::new_current_thread().enable_all().build()?.block_on(run(&out_dir, &bin))
}

async fn run(out_dir: &str, bin: &str) -> anyhow::Result<()> {
    std::fs::create_dir_all(out_dir)?;
    let (cores, load) = common::machine();
    println!(
        "{GAMES} games, {SAMPLES} requests per mix after {WARM_UP}, then {CONCURRENT} connections for {} s; {cores} cores, load average {load}",
        LOAD_FOR.as_secs()
    );
    let dir = std::env::temp_dir().join(format!("kasa-bench-casino-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let file = dir.join("games.json");
    std::fs::write(&file, catalogue().to_string())?;
    let sqlite = bench(bin, &format!("sqlite://{}/kasa.db?mode=rwc", dir.display()), &file).await;
    let sqlite = sqlite.unwrap_or_else(|e| json!({ "failed": format!("{e:#}") }));
    println!("casino lobby on SQLite: {sqlite}");
    let postgres = common::on_postgres("kasa_bench_casino", |url| async move { bench(bin, &url, &file).await })
        .await
        .unwrap_or_else(|e| json!({ "skipped": format!("{e:#}") }));
    println!("casino lobby on PostgreSQL: {postgres}");
    let _ = std::fs::remove_dir_all(&dir);
    let result = json!({
        "setup": {
            "games": GAMES, "warm_up_requests": WARM_UP, "requests_per_mix": SAMPLES, "cores": cores, "load_average_at_start": load,
            "listing": "GET /api/casino/lobby, pages of 40: category=slot, category=live, category=3, provider=hub88, sort=new, skip=2000",
            "search": "GET /api/casino/lobby?search= (with category=slot and without) and POST /api/casino/games {search}, Turkish and folded words",
            "measured": "one request at a time on one kept-alive HTTP/1.1 connection (server time plus a loopback round trip)",
            "under_load": format!("{CONCURRENT} connections, closed loop, {} s, both mixes", LOAD_FOR.as_secs()),
            "import": "kasa admin games import FILE of the 10,000 games into the demo database",
            "server": "target/release/kasa serve, KASA_LOG=warn",
            "goal": "p99 under 20 ms",
        },
        "sqlite": sqlite,
        "postgres": postgres,
    });
    common::write_result(out_dir, "casino_lobby.json", &result)
}

/// The generated catalogue: 10,000 games over the demo's providers and categories.
fn catalogue() -> Value {
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    let games: Vec<Value> = (0..GAMES)
        .map(|i| {
            let name = format!("{} {} {}", WORDS[next(WORDS.len())], WORDS[next(WORDS.len())], i);
            let kind = next(100);
            let (live, categories) = match kind {
                0..=59 => (false, vec![3, [1, 2, 4, 5][next(4)]]),
                60..=79 => (true, vec![[8, 9, 10][next(3)], 1]),
                80..=85 => (false, vec![11]),
                86..=93 => (false, vec![12, 7]),
                _ => (false, vec![13]),
            };
            json!({
                "provider": PROVIDERS[next(PROVIDERS.len())], "code": format!("bench-{i:05}"), "name": name, "live": live,
                "categories": categories, "popularity": next(100_000), "imageUrl": "/media/games/slot-gems.svg",
                "addedAt": format!("2025-{:02}-{:02}", 1 + next(12), 1 + next(28)),
            })
        })
        .collect();
    json!({ "games": games })
}

/// Imports the catalogue into the demo database, starts the node and measures.
async fn bench(bin: &str, url: &str, file: &std::path::Path) -> anyhow::Result<Value> {
    kasa::serve::prepare(url, true).await?.pool.close().await;
    let began = Instant::now();
    let out = Command::new(bin)
        .args(["admin", "games", "import"])
        .arg(file)
        .args(["--database-url", url])
        .env("KASA_LOG", "warn")
        .output()
        .await
        .with_context(|| format!("cannot run {bin} (run `make build` first)"))?;
    let import_s = began.elapsed().as_secs_f64();
    ensure!(out.status.success(), "the import failed: {}", String::from_utf8_lossy(&out.stderr));
    println!("  {} in {import_s:.2} s", String::from_utf8_lossy(&out.stdout).trim());
    let (addr, _node) = start_node(bin, url).await?;

    let listing: Vec<Vec<u8>> = [
        "category=slot",
        "category=live",
        "category=3",
        "category=slot&provider=hub88",
        "category=slot&sort=new",
        "category=slot&skip=2000",
        "",
        "category=live&sort=new&skip=40",
    ]
    .iter()
    .map(|q| request("GET", &format!("/api/casino/lobby?take=40&{q}"), &[], None))
    .collect();
    let mut search: Vec<Vec<u8>> = Vec::new();
    for s in SEARCHES {
        let q: String = s.bytes().map(|b| if b.is_ascii_alphanumeric() { (b as char).to_string() } else { format!("%{b:02X}") }).collect();
        search.push(request("GET", &format!("/api/casino/lobby?take=40&category=slot&search={q}"), &[], None));
        search.push(request("GET", &format!("/api/casino/lobby?take=40&search={q}"), &[], None));
        search.push(request("POST", "/api/casino/games", &[], Some(&json!({ "search": s }).to_string())));
    }
    let mut conn = Conn::open(addr).await?;
    let mut total = 0;
    for r in listing.iter().chain(&search) {
        let body: Value = serde_json::from_slice(&conn.roundtrip(r).await?)?;
        total += body["data"]["total"].as_i64().unwrap_or(0);
    }
    ensure!(total > 0, "the lobby found nothing");
    let list = sequential(&mut conn, &listing).await?;
    println!("  listing: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms", list.0, list.1, list.2);
    let found = sequential(&mut conn, &search).await?;
    println!("  search:  p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms", found.0, found.1, found.2);
    let mixed: Vec<Vec<u8>> = listing.iter().chain(&search).cloned().collect();
    let loaded = concurrent(addr, &mixed).await?;
    println!("  {CONCURRENT} connections: {:.0} requests/s, p50 {:.2} ms, p99 {:.2} ms", loaded.0, loaded.1, loaded.2);
    let r2 = |x: f64| (x * 100.0).round() / 100.0;
    Ok(json!({
        "import_10000_games_s": r2(import_s),
        "listing_p50_ms": r2(list.0), "listing_p99_ms": r2(list.1), "listing_max_ms": r2(list.2),
        "search_p50_ms": r2(found.0), "search_p99_ms": r2(found.1), "search_max_ms": r2(found.2),
        "concurrent_requests_per_second": r2(loaded.0), "concurrent_p50_ms": r2(loaded.1), "concurrent_p99_ms": r2(loaded.2),
    }))
}

/// One request at a time, cycling through `requests`: (p50, p99, max) in ms.
async fn sequential(conn: &mut Conn, requests: &[Vec<u8>]) -> anyhow::Result<(f64, f64, f64)> {
    let mut times = Vec::with_capacity(SAMPLES);
    for i in 0..WARM_UP + SAMPLES {
        let began = Instant::now();
        conn.roundtrip(&requests[i % requests.len()]).await?;
        if i >= WARM_UP {
            times.push(began.elapsed().as_micros().min(u32::MAX as u128) as u32);
        }
    }
    Ok(percentiles(times))
}

/// `CONCURRENT` connections, closed loop: (requests per second, p50, p99).
async fn concurrent(addr: SocketAddr, requests: &[Vec<u8>]) -> anyhow::Result<(f64, f64, f64)> {
    let until = Instant::now() + LOAD_FOR;
    let mut tasks = Vec::with_capacity(CONCURRENT);
    for c in 0..CONCURRENT {
        let mut conn = Conn::open(addr).await?;
        let requests = requests.to_vec();
        tasks.push(tokio::spawn(async move {
            let mut times: Vec<u32> = Vec::new();
            let mut i = c * 7;
            while Instant::now() < until {
                let began = Instant::now();
                conn.roundtrip(&requests[i % requests.len()]).await?;
                times.push(began.elapsed().as_micros().min(u32::MAX as u128) as u32);
                i += 1;
            }
            anyhow::Ok(times)
        }));
    }
    let mut all = Vec::new();
    for t in tasks {
        all.extend(t.await??);
    }
    ensure!(!all.is_empty(), "no request completed");
    let n = all.len() as f64;
    let (p50, p99, _) = percentiles(all);
    Ok((n / LOAD_FOR.as_secs_f64(), p50, p99))
}
