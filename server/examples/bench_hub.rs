//! `make bench`: how many idle hub connections one node holds, and how long one broadcast
//! notification takes to reach 10,000 connected clients. Runs the real release binary as the
//! node (this process holds the clients) and writes `bench-results/hub.json`.

use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use tokio_tungstenite::tungstenite::Message;

const CLIENTS: usize = 10_000;
const OPEN_CONCURRENCY: usize = 200;

fn rss_kib(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| s.lines().find(|l| l.starts_with("VmRSS:")).and_then(|l| l.split_whitespace().nth(1)?.parse().ok()))
        .unwrap_or(0)
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1);
    let out_dir = args.next().unwrap_or_else(|| "bench-results".into());
    let bin = args.next().unwrap_or_else(|| "target/release/kasa".into());
    std::fs::create_dir_all(&out_dir)?;
    let dir = std::env::temp_dir().join(format!("kasa-bench-hub-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let url = format!("sqlite://{}/kasa.db?mode=rwc", dir.display());
    let port = std::net::TcpListener::bind("127.0.0.1:0")?.local_addr()?.port();
    let mut node = tokio::process::Command::new(&bin)
        .args(["serve", "--addr", &format!("127.0.0.1:{port}"), "--database-url", &url, "--demo"])
        .env("KASA_LOG", "warn")
        // Every client is one session on one address here: lift the per-IP and per-session caps.
        .env("KASA_HUB_MAX_PER_IP", "20000")
        .env("KASA_HUB_MAX_PER_SESSION", "20000")
        .kill_on_drop(true)
        .spawn()?;
    let pid = node.id().unwrap_or(0);
    let base = format!("http://127.0.0.1:{port}");
    let http = reqwest::Client::new();
    let deadline = Instant::now() + Duration::from_secs(30);
    while http.get(format!("{base}/api/cms/grouped")).send().await.is_err() {
        anyhow::ensure!(Instant::now() < deadline, "the node did not start");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let reg: serde_json::Value = http
        .post(format!("{base}/api/auth/register"))
        .json(&serde_json::json!({"name": "Bench", "surname": "Mark", "username": "benchmark1", "email": "bench@example.com",
            "phone": "905300000001", "password": "gizli123", "password2": "gizli123", "isFast": true, "acceptTerms": true}))
        .send()
        .await?
        .json()
        .await?;
    let token = reg["data"]["token"].as_str().ok_or_else(|| anyhow::anyhow!("registration failed: {reg}"))?.to_string();
    let rss_before = rss_kib(pid);

    // Open the clients, OPEN_CONCURRENCY at a time; each completes the handshake, then waits.
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<Instant>();
    let ws_url = format!("ws://127.0.0.1:{port}/hub/frnotify?access_token={token}");
    let opened = Instant::now();
    let sem = std::sync::Arc::new(tokio::sync::Semaphore::new(OPEN_CONCURRENCY));
    let (ready_tx, mut ready_rx) = tokio::sync::mpsc::unbounded_channel::<bool>();
    for _ in 0..CLIENTS {
        let (url, tx, ready, sem) = (ws_url.clone(), tx.clone(), ready_tx.clone(), sem.clone());
        tokio::spawn(async move {
            let permit = sem.acquire_owned().await;
            let Ok((mut ws, _)) = tokio_tungstenite::connect_async(&url).await else {
                let _ = ready.send(false);
                return;
            };
            if ws.send(Message::text("{\"protocol\":\"json\",\"version\":1}\u{1e}")).await.is_err() {
                let _ = ready.send(false);
                return;
            }
            let _ = ws.next().await; // {}\x1e
            drop(permit);
            let _ = ready.send(true);
            while let Some(Ok(msg)) = ws.next().await {
                if let Message::Text(t) = msg {
                    if t.contains("NotifyMessage") {
                        let _ = tx.send(Instant::now());
                    } else if t.contains("\"type\":6") {
                        let _ = ws.send(Message::text("{\"type\":6}\u{1e}")).await;
                    }
                }
            }
        });
    }
    let mut connected = 0usize;
    for _ in 0..CLIENTS {
        if ready_rx.recv().await == Some(true) {
            connected += 1;
        }
    }
    let open_secs = opened.elapsed().as_secs_f64();
    tokio::time::sleep(Duration::from_secs(1)).await;
    let rss_after = rss_kib(pid);
    println!("idle connections held: {connected}/{CLIENTS} (opened in {open_secs:.1} s); node RSS {rss_before} KiB -> {rss_after} KiB");

    // One broadcast, written by another process's code path (the operator command's function).
    let db = kasa::serve::prepare(&url, false).await?;
    let start = Instant::now();
    kasa::notify::send_from_operator(
        &db,
        kasa::notify::Audience::Everyone,
        "Bench",
        "Broadcast to every client",
        kasa::notify::NotificationType::System,
    )
    .await?;
    let mut received = 0usize;
    let mut last = start;
    while received < connected {
        match tokio::time::timeout(Duration::from_secs(30), rx.recv()).await {
            Ok(Some(t)) => {
                received += 1;
                last = last.max(t);
            }
            _ => break,
        }
    }
    let push_ms = (last - start).as_secs_f64() * 1000.0;
    println!("broadcast reached {received}/{connected} clients in {push_ms:.0} ms (SQLite journal poll: 200 ms)");

    let result = serde_json::json!({
        "clients": CLIENTS, "idle_connections_held": connected, "open_seconds": open_secs,
        "node_rss_kib_before": rss_before, "node_rss_kib_after": rss_after,
        "rss_per_connection_bytes": if connected > 0 { (rss_after.saturating_sub(rss_before) * 1024) / connected as u64 } else { 0 },
        "broadcast_received": received, "broadcast_ms_to_last_client": push_ms,
    });
    let file = format!("{out_dir}/hub.json");
    std::fs::write(&file, serde_json::to_string_pretty(&result)?)?;
    println!("written to {file}");
    let _ = node.kill().await;
    let _ = std::fs::remove_dir_all(&dir);
    Ok(())
}
