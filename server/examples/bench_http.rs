//! `make bench`: measures the HTTP paths every visit takes (the bootstrap call, a content page, the
//! app's index.html) against a real node on SQLite, and writes the numbers to `bench-results/`.

use std::time::{Duration, Instant};

use kasa::AppState;
use tokio::net::TcpListener;

const REQUESTS: usize = 2000;
const CONCURRENCY: usize = 16;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let out_dir = std::env::args().nth(1).unwrap_or_else(|| "bench-results".into());
    std::fs::create_dir_all(&out_dir)?;
    let dir = std::env::temp_dir().join(format!("kasa-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let db = kasa::serve::prepare(&format!("sqlite://{}/kasa.db?mode=rwc", dir.display()), true).await?;
    let listener = TcpListener::bind("127.0.0.1:0").await?;
    let base = format!("http://{}", listener.local_addr()?);
    tokio::spawn(kasa::serve::run(listener, AppState::new(db), std::future::pending()));

    let client = reqwest::Client::new();
    let mut results = serde_json::Map::new();
    for (name, path, locale) in [
        ("bootstrap_tr", "/api/cms/grouped", "tr"),
        ("bootstrap_en", "/api/cms/grouped", "en"),
        ("content_page", "/api/cms/content/3", "tr"),
        ("spa_index", "/casino/slot", "tr"),
    ] {
        let stats = measure(&client, &format!("{base}{path}"), locale).await?;
        println!("{name:14} {:>8.0} req/s  p50 {:>6.2} ms  p99 {:>6.2} ms", stats.0, stats.1, stats.2);
        results.insert(name.into(), serde_json::json!({"requests": REQUESTS, "concurrency": CONCURRENCY, "req_per_s": stats.0, "p50_ms": stats.1, "p99_ms": stats.2}));
    }
    let file = format!("{out_dir}/http.json");
    std::fs::write(&file, serde_json::to_string_pretty(&results)?)?;
    println!("written to {file}");
    let _ = std::fs::remove_dir_all(&dir);
    Ok(())
}

async fn measure(client: &reqwest::Client, url: &str, locale: &str) -> anyhow::Result<(f64, f64, f64)> {
    // Warm up.
    for _ in 0..50 {
        client.get(url).header("x-locale", locale).send().await?.bytes().await?;
    }
    let start = Instant::now();
    let mut tasks = Vec::new();
    for _ in 0..CONCURRENCY {
        let (client, url, locale) = (client.clone(), url.to_string(), locale.to_string());
        tasks.push(tokio::spawn(async move {
            let mut times = Vec::with_capacity(REQUESTS / CONCURRENCY);
            for _ in 0..REQUESTS / CONCURRENCY {
                let t = Instant::now();
                let resp = client.get(&url).header("x-locale", &locale).send().await?;
                anyhow::ensure!(resp.status().is_success(), "{url} answered {}", resp.status());
                resp.bytes().await?;
                times.push(t.elapsed());
            }
            anyhow::Ok(times)
        }));
    }
    let mut all: Vec<Duration> = Vec::with_capacity(REQUESTS);
    for t in tasks {
        all.extend(t.await??);
    }
    let elapsed = start.elapsed().as_secs_f64();
    all.sort();
    let pct = |p: f64| all[((all.len() as f64 * p) as usize).min(all.len() - 1)].as_secs_f64() * 1000.0;
    Ok((all.len() as f64 / elapsed, pct(0.50), pct(0.99)))
}
