//! `make bench`: wallet rounds (a bet, then its win) per second with 64 players playing at once,
//! on SQLite and on PostgreSQL, through the wallet's own calls (each round is two transactions,
//! each with its balance push). Writes `bench-results/wallet.json`.
//!
//! PostgreSQL is taken from `KASA_BENCH_POSTGRES_URL` (default: the local server as `postgres`);
//! a fresh database is created there and dropped afterwards. When it cannot be reached the
//! PostgreSQL figure is reported as skipped.

use std::time::{Duration, Instant};

use kasa::Db;
use kasa::wallet::{self, Account, Batch, Kurus, RoundMove, Transfer, TransferKind};

const PLAYERS: i64 = 64;
const WARM_UP: Duration = Duration::from_secs(1);
const MEASURE: Duration = Duration::from_secs(5);

fn tl(kurus: i64) -> Kurus {
    Kurus::from_minor(kurus).expect("a bench amount")
}

/// Opens 64 wallets with 10,000 ₺ each.
async fn players(db: &Db) -> anyhow::Result<()> {
    for p in 1..=PLAYERS {
        let mut conn = db.pool.acquire().await?;
        wallet::ensure_wallet(&mut conn, p).await?;
        drop(conn);
        let deposit = Transfer::new(Account::Payment("bench".into()), Account::real(p), tl(1_000_000), TransferKind::Deposit, "bench");
        wallet::commit(db, &Batch { key: format!("bench:deposit:{p}"), transfers: vec![deposit] }).await?;
    }
    Ok(())
}

/// Each player plays rounds back to back; returns (rounds per second, p50 ms, p99 ms) of the measured window.
async fn rounds(db: &Db) -> anyhow::Result<(f64, f64, f64)> {
    players(db).await?;
    let start = Instant::now();
    let tasks: Vec<_> = (1..=PLAYERS)
        .map(|p| {
            let db = db.clone();
            tokio::spawn(async move {
                let mut latencies = Vec::new();
                let mut n = 0u64;
                while start.elapsed() < WARM_UP + MEASURE {
                    n += 1;
                    let t0 = Instant::now();
                    let round_id = format!("{p}:{n}");
                    let mv = |tx: &str, kurus| RoundMove {
                        player_id: p,
                        provider: "bench".into(),
                        round_id: round_id.clone(),
                        provider_tx: tx.to_string(),
                        amount: tl(kurus),
                    };
                    wallet::bet(&db, &format!("bench:bet:{round_id}"), &mv("b", 100)).await?;
                    wallet::win(&db, &format!("bench:win:{round_id}"), &mv("w", (n % 3) as i64 * 100)).await?;
                    if start.elapsed() > WARM_UP {
                        latencies.push(t0.elapsed());
                    }
                }
                anyhow::Ok(latencies)
            })
        })
        .collect();
    let mut all = Vec::new();
    for t in tasks {
        all.extend(t.await??);
    }
    all.sort();
    let pct =
        |q: f64| all.get(((all.len() as f64 * q) as usize).min(all.len().saturating_sub(1))).map_or(0.0, |d| d.as_secs_f64() * 1000.0);
    Ok((all.len() as f64 / MEASURE.as_secs_f64(), pct(0.50), pct(0.99)))
}

async fn on_sqlite() -> anyhow::Result<serde_json::Value> {
    let dir = std::env::temp_dir().join(format!("kasa-bench-wallet-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let db = kasa::serve::prepare(&format!("sqlite://{}/kasa.db?mode=rwc", dir.display()), false).await?;
    let (rps, p50, p99) = rounds(&db).await?;
    db.pool.close().await;
    let _ = std::fs::remove_dir_all(&dir);
    Ok(serde_json::json!({ "rounds_per_second": rps, "round_p50_ms": p50, "round_p99_ms": p99 }))
}

async fn on_postgres() -> anyhow::Result<serde_json::Value> {
    let base = std::env::var("KASA_BENCH_POSTGRES_URL").unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".into());
    let name = format!("kasa_bench_wallet_{}", std::process::id());
    let admin = Db::connect(&base).await?;
    sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}"))).execute(&admin.pool).await?;
    let (head, _) = base.rsplit_once('/').ok_or_else(|| anyhow::anyhow!("a PostgreSQL URL names a database"))?;
    let db = kasa::serve::prepare(&format!("{head}/{name}"), false).await?;
    let result = rounds(&db).await;
    db.pool.close().await;
    sqlx::query(sqlx::AssertSqlSafe(format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))).execute(&admin.pool).await?;
    let (rps, p50, p99) = result?;
    Ok(serde_json::json!({ "rounds_per_second": rps, "round_p50_ms": p50, "round_p99_ms": p99 }))
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let out_dir = std::env::args().nth(1).unwrap_or_else(|| "bench-results".into());
    std::fs::create_dir_all(&out_dir)?;
    let sqlite = on_sqlite().await?;
    println!("wallet on SQLite: {sqlite}");
    let postgres = match on_postgres().await {
        Ok(v) => v,
        Err(e) => serde_json::json!({ "skipped": format!("{e:#}") }),
    };
    println!("wallet on PostgreSQL: {postgres}");
    let result = serde_json::json!({
        "players": PLAYERS,
        "round": "a 1 ₺ bet then its win, each a wallet transaction with its balance push",
        "measured_seconds": MEASURE.as_secs(),
        "sqlite": sqlite,
        "postgres": postgres,
    });
    let file = format!("{out_dir}/wallet.json");
    std::fs::write(&file, serde_json::to_string_pretty(&result)?)?;
    println!("written to {file}");
    Ok(())
}
