//! `make bench`: settlement of 100,000 bets on one event on SQLite (issue 17's goal: under 10 s).
//! 1,000 players place 100 singles each on one match's home win through the book's own
//! placement; the operator enters the result; the time of the settlement (every bet paid through
//! the wallet, one round each) is measured. Writes `bench-results/settlement.json`.

use std::time::Instant;

use kasa::sports::betting::{self, OddsChoice, Slip, Wanted};
use kasa::sports::feed;
use kasa::sports::slip::Kind;
use kasa::wallet::{self, Account, Batch, Kurus, Transfer, TransferKind};

mod common;

const PLAYERS: i64 = 1_000;
const BETS_EACH: i64 = 100;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let out_dir = args.get(1).cloned().unwrap_or_else(|| "bench-results".into());
    let dir = std::env::temp_dir().join(format!("kasa-bench-settle-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let db = kasa::serve::prepare(&format!("sqlite://{}/kasa.db?mode=rwc", dir.display()), false).await?;
    feed::schedule_day(&db, 20_500).await?;
    let (selection, price, market): (i64, i64, i64) = sqlx::query_as(
        "SELECT s.id, s.price, m.id FROM sb_selections s JOIN sb_markets m ON m.id = s.market_id JOIN sb_events e ON e.id = m.event_id \
         WHERE e.sport = 'football' AND m.key = '1x2' AND s.key = '1' ORDER BY e.id LIMIT 1",
    )
    .fetch_one(&db.pool)
    .await?;
    let started = Instant::now();
    for p in 0..PLAYERS {
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO players (username, username_key, email, email_key, phone, name, surname, password_hash, created_at) \
             VALUES ($1, $1, $2, $2, $3, 'Bench', 'Player', 'x', 0) RETURNING id",
        )
        .bind(format!("bench{p}"))
        .bind(format!("bench{p}@example.com"))
        .bind(format!("+90555{p:07}"))
        .fetch_one(&db.pool)
        .await?;
        let mut conn = db.pool.acquire().await?;
        wallet::ensure_wallet(&mut conn, id).await?;
        drop(conn);
        let deposit = Transfer::new(
            Account::Payment("bench".into()),
            Account::real(id),
            Kurus::from_minor(1_000_000)?,
            TransferKind::Deposit,
            "bench",
        );
        wallet::commit(&db, &Batch { key: format!("bench:deposit:{id}"), transfers: vec![deposit] }).await?;
    }
    // `KASA_BENCH_BETS_EACH` makes a smaller run (for a profile); the goal is for the default.
    let bets_each: i64 = std::env::var("KASA_BENCH_BETS_EACH").ok().and_then(|v| v.parse().ok()).unwrap_or(BETS_EACH);
    let players: Vec<i64> = sqlx::query_scalar("SELECT id FROM players ORDER BY id").fetch_all(&db.pool).await?;
    let slip = Slip {
        legs: vec![Wanted { selection_id: selection, price }],
        kind: Kind::Single,
        stake_each: 100,
        choice: OddsChoice::Any,
        high_rate: false,
    };
    let tasks: Vec<_> = players
        .chunks(players.len() / 8 + 1)
        .map(|chunk| {
            let (db, slip, chunk) = (db.clone(), slip.clone(), chunk.to_vec());
            tokio::spawn(async move {
                for _ in 0..bets_each {
                    for &p in &chunk {
                        betting::place(&db, p, &slip, kasa::db::now_ms()).await?;
                    }
                }
                anyhow::Ok(())
            })
        })
        .collect();
    for t in tasks {
        t.await??;
    }
    let placing = started.elapsed();
    let bets: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM sb_bets").fetch_one(&db.pool).await?;
    let settle_start = Instant::now();
    let settled = betting::record_result(&db, market, &["1"], false, "operator", None).await?;
    let settling = settle_start.elapsed();
    let check = wallet::check(&db).await?;
    let result = serde_json::json!({
        "bets": bets,
        "settled": settled,
        "settle_seconds": settling.as_secs_f64(),
        "goal_seconds": 10,
        "placing_seconds": placing.as_secs_f64(),
        "ledger_ok": check.is_ok(),
        "load": common::machine().1,
    });
    println!("sportsbook settlement on SQLite: {result}");
    common::write_result(&out_dir, "settlement.json", &result)?;
    std::fs::remove_dir_all(&dir).ok();
    anyhow::ensure!(settled as i64 == bets && check.is_ok(), "every bet settled and the ledger holds");
    Ok(())
}
