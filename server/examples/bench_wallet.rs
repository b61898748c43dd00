//! `make bench`: rounds (a bet, then its win) per second with 64 players playing at once, on
//! SQLite and on PostgreSQL, measured twice, each time on a fresh database: through the wallet's
//! own calls (`wallet::bet`, `wallet::win`: each round is two transactions, each with its balance
//! push), and as a provider's rounds (`rounds::bet`, `rounds::win`: each call one transaction that
//! also claims the provider's transaction id and records the round). Writes
//! `bench-results/wallet.json`: the wallet's calls under `sqlite` and `postgres`, the provider's
//! rounds under `provider_rounds`.
//!
//! PostgreSQL is taken from `KASA_BENCH_POSTGRES_URL` (default: the local server as `postgres`);
//! a fresh database is created there and dropped afterwards. When it cannot be reached the
//! PostgreSQL figure is reported as skipped.

use std::time::{Duration, Instant};

use kasa::Db;
use kasa::rounds::{self, Move};
use kasa::wallet::{self, Account, Batch, Kurus, RoundMove, Transfer, TransferKind};

const PLAYERS: i64 = 64;
const WARM_UP: Duration = Duration::from_secs(1);
const MEASURE: Duration = Duration::from_secs(5);

/// Which calls a round goes through.
#[derive(Clone, Copy)]
enum Calls {
    /// `wallet::bet` then `wallet::win`.
    Wallet,
    /// `rounds::bet` then `rounds::win`, as provider `bench`.
    Provider,
}

impl Calls {
    fn name(self) -> &'static str {
        match self {
            Calls::Wallet => "wallet",
            Calls::Provider => "provider",
        }
    }
}

fn tl(kurus: i64) -> Kurus {
    Kurus::from_minor(kurus).expect("a bench amount")
}

/// Makes 64 players (the rounds name them), each with a wallet of 10,000 ₺; their ids.
async fn players(db: &Db) -> anyhow::Result<Vec<i64>> {
    let mut ids = Vec::new();
    for p in 1..=PLAYERS {
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO players (username, username_key, email, email_key, phone, name, surname, password_hash, created_at) \
             VALUES ($1, $1, $2, $2, $3, 'Bench', 'Player', 'not-a-hash', $4) RETURNING id",
        )
        .bind(format!("benchwallet{p}"))
        .bind(format!("benchwallet{p}@example.com"))
        .bind(format!("+9055598{p:05}"))
        .bind(kasa::db::now_ms())
        .fetch_one(&db.pool)
        .await?;
        let mut conn = db.pool.acquire().await?;
        wallet::ensure_wallet(&mut conn, id).await?;
        drop(conn);
        let deposit = Transfer::new(Account::Payment("bench".into()), Account::real(id), tl(1_000_000), TransferKind::Deposit, "bench");
        wallet::commit(db, &Batch { key: format!("bench:deposit:{id}"), transfers: vec![deposit] }).await?;
        ids.push(id);
    }
    Ok(ids)
}

/// Player `p`'s round `n`: a 1 ₺ bet, then a win of 0, 1 or 2 ₺ in turn.
async fn round(db: &Db, calls: Calls, p: i64, n: u64) -> anyhow::Result<()> {
    let round_id = format!("{p}:{n}");
    let win = (n % 3) as i64 * 100;
    match calls {
        Calls::Wallet => {
            let mv = |tx: &str, kurus| RoundMove {
                player_id: p,
                provider: "bench".into(),
                round_id: round_id.clone(),
                provider_tx: tx.to_string(),
                amount: tl(kurus),
            };
            wallet::bet(db, &format!("bench:bet:{round_id}"), &mv("b", 100)).await?;
            wallet::win(db, &format!("bench:win:{round_id}"), &mv("w", win)).await?;
        }
        Calls::Provider => {
            let mv = |tx: &str, kurus| Move {
                provider: "bench".into(),
                player_id: p,
                game_code: "bench".into(),
                round_id: round_id.clone(),
                tx_id: format!("{round_id}:{tx}"),
                amount: tl(kurus),
            };
            rounds::bet(db, &mv("b", 100)).await?;
            rounds::win(db, &mv("w", win)).await?;
        }
    }
    Ok(())
}

/// Each player plays rounds back to back; returns (rounds per second, p50 ms, p99 ms) of the measured window.
async fn measure(db: &Db, calls: Calls) -> anyhow::Result<(f64, f64, f64)> {
    let players = players(db).await?;
    let start = Instant::now();
    let tasks: Vec<_> = players
        .into_iter()
        .map(|p| {
            let db = db.clone();
            tokio::spawn(async move {
                let mut latencies = Vec::new();
                let mut n = 0u64;
                while start.elapsed() < WARM_UP + MEASURE {
                    n += 1;
                    let t0 = Instant::now();
                    round(&db, calls, p, n).await?;
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

async fn on_sqlite(calls: Calls) -> anyhow::Result<serde_json::Value> {
    let dir = std::env::temp_dir().join(format!("kasa-bench-wallet-{}-{}", calls.name(), std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let db = kasa::serve::prepare(&format!("sqlite://{}/kasa.db?mode=rwc", dir.display()), false).await?;
    let (rps, p50, p99) = measure(&db, calls).await?;
    db.pool.close().await;
    let _ = std::fs::remove_dir_all(&dir);
    Ok(serde_json::json!({ "rounds_per_second": rps, "round_p50_ms": p50, "round_p99_ms": p99 }))
}

async fn on_postgres(calls: Calls) -> anyhow::Result<serde_json::Value> {
    let base = std::env::var("KASA_BENCH_POSTGRES_URL").unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".into());
    let name = format!("kasa_bench_wallet_{}_{}", calls.name(), std::process::id());
    let admin = Db::connect(&base).await?;
    sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}"))).execute(&admin.pool).await?;
    let (head, _) = base.rsplit_once('/').ok_or_else(|| anyhow::anyhow!("a PostgreSQL URL names a database"))?;
    let db = kasa::serve::prepare(&format!("{head}/{name}"), false).await?;
    let result = measure(&db, calls).await;
    db.pool.close().await;
    sqlx::query(sqlx::AssertSqlSafe(format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))).execute(&admin.pool).await?;
    let (rps, p50, p99) = result?;
    Ok(serde_json::json!({ "rounds_per_second": rps, "round_p50_ms": p50, "round_p99_ms": p99 }))
}

async fn postgres_or_skipped(calls: Calls) -> serde_json::Value {
    on_postgres(calls).await.unwrap_or_else(|e| serde_json::json!({ "skipped": format!("{e:#}") }))
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let out_dir = std::env::args().nth(1).unwrap_or_else(|| "bench-results".into());
    std::fs::create_dir_all(&out_dir)?;
    let sqlite = on_sqlite(Calls::Wallet).await?;
    println!("wallet on SQLite: {sqlite}");
    let postgres = postgres_or_skipped(Calls::Wallet).await;
    println!("wallet on PostgreSQL: {postgres}");
    let provider_sqlite = on_sqlite(Calls::Provider).await?;
    println!("provider rounds on SQLite: {provider_sqlite}");
    let provider_postgres = postgres_or_skipped(Calls::Provider).await;
    println!("provider rounds on PostgreSQL: {provider_postgres}");
    let result = serde_json::json!({
        "players": PLAYERS,
        "round": "a 1 ₺ bet then its win, each a wallet transaction with its balance push",
        "measured_seconds": MEASURE.as_secs(),
        "sqlite": sqlite,
        "postgres": postgres,
        "provider_rounds": {
            "round": "rounds::bet of 1 ₺ then rounds::win, each one transaction claiming the provider tx, recording the round, moving the money, with its balance push",
            "sqlite": provider_sqlite,
            "postgres": provider_postgres,
        },
    });
    let file = format!("{out_dir}/wallet.json");
    std::fs::write(&file, serde_json::to_string_pretty(&result)?)?;
    println!("written to {file}");
    Ok(())
}
