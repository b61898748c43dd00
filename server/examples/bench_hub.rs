//! `make bench`: one node holding 50,000 idle hub connections (the node's RSS growth per
//! connection), and how long one broadcast notification takes to reach them (p50, p99 and the
//! last client). Runs the real release binary as the node on PostgreSQL (LISTEN/NOTIFY wakes it;
//! `KASA_BENCH_PG`, default the local server) and holds the clients in this process, spread over
//! several loopback source addresses (one address has fewer ephemeral ports than that). The
//! process's file limit is raised here (the node inherits it), not on the machine. Writes
//! `bench-results/hub.json`. `KASA_BENCH_HUB_CLIENTS` changes the count.

use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use tokio_tungstenite::tungstenite::Message;

const DEFAULT_CLIENTS: usize = 50_000;
const OPEN_CONCURRENCY: usize = 256;
/// Connections per loopback source address (below the ephemeral port range's size).
const PER_SOURCE: usize = 20_000;

/// Raises this process's open-file limit (soft and hard, as root may) so the clients and the
/// node (which inherits it) can hold their sockets.
fn raise_file_limit(want: u64) -> u64 {
    let mut lim = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
    unsafe {
        libc::getrlimit(libc::RLIMIT_NOFILE, &mut lim);
        let raised = libc::rlimit { rlim_cur: want, rlim_max: want.max(lim.rlim_max) };
        if libc::setrlimit(libc::RLIMIT_NOFILE, &raised) != 0 {
            let soft = libc::rlimit { rlim_cur: lim.rlim_max, rlim_max: lim.rlim_max };
            libc::setrlimit(libc::RLIMIT_NOFILE, &soft);
        }
        libc::getrlimit(libc::RLIMIT_NOFILE, &mut lim);
    }
    lim.rlim_cur
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

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
    let clients: usize = std::env::var("KASA_BENCH_HUB_CLIENTS").ok().and_then(|v| v.parse().ok()).unwrap_or(DEFAULT_CLIENTS);
    let limit = raise_file_limit((clients as u64) * 2 + 10_000);
    // Each side holds one descriptor per connection: a machine whose hard limit cannot be raised
    // (no CAP_SYS_RESOURCE) caps the count, and the result says so.
    let wanted = clients;
    let clients = clients.min((limit as usize).saturating_sub(2_000));
    println!("open-file limit {limit}: {clients} of the {wanted} connections asked for");
    let dir = std::env::temp_dir().join(format!("kasa-bench-hub-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let pg = std::env::var("KASA_BENCH_PG").unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432".into());
    let dbname = format!("kasa_bench_hub_{}", std::process::id());
    let admin = kasa::Db::connect(&format!("{pg}/postgres")).await?;
    sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE {dbname}"))).execute(&admin.pool).await?;
    let url = format!("{pg}/{dbname}");
    let port = std::net::TcpListener::bind("127.0.0.1:0")?.local_addr()?.port();
    let mut node = tokio::process::Command::new(&bin)
        .args(["serve", "--addr", &format!("127.0.0.1:{port}"), "--database-url", &url, "--demo"])
        .env("KASA_LOG", "warn")
        // Every client is one session on one address here: lift the per-IP and per-session caps.
        .env("KASA_HUB_MAX_PER_IP", "1000000")
        .env("KASA_HUB_MAX_PER_SESSION", "1000000")
        .env("KASA_SPORTS_SPEED", "off")
        .kill_on_drop(true)
        .spawn()?;
    let pid = node.id().unwrap_or(0);
    let base = format!("http://127.0.0.1:{port}");
    let http = reqwest::Client::new();
    let deadline = Instant::now() + Duration::from_secs(90);
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
    for i in 0..clients {
        let (url, tx, ready, sem) = (ws_url.clone(), tx.clone(), ready_tx.clone(), sem.clone());
        // 127.0.0.2, 127.0.0.3, …: each source address has its own ephemeral ports.
        let source = std::net::SocketAddr::from(([127, 0, 0, 2 + (i / PER_SOURCE) as u8], 0));
        let server = std::net::SocketAddr::from(([127, 0, 0, 1], port));
        tokio::spawn(async move {
            let permit = sem.acquire_owned().await;
            let connect = async {
                let socket = tokio::net::TcpSocket::new_v4()?;
                socket.bind(source)?;
                let stream = socket.connect(server).await?;
                tokio_tungstenite::client_async(url.as_str(), stream).await.map_err(std::io::Error::other)
            };
            let Ok((mut ws, _)) = connect.await else {
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
    for _ in 0..clients {
        if ready_rx.recv().await == Some(true) {
            connected += 1;
        }
    }
    let open_secs = opened.elapsed().as_secs_f64();
    tokio::time::sleep(Duration::from_secs(1)).await;
    let rss_after = rss_kib(pid);
    println!("idle connections held: {connected}/{clients} (opened in {open_secs:.1} s); node RSS {rss_before} KiB -> {rss_after} KiB");

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
    let mut latencies = Vec::with_capacity(connected);
    while latencies.len() < connected {
        match tokio::time::timeout(Duration::from_secs(30), rx.recv()).await {
            Ok(Some(t)) => latencies.push((t - start).as_secs_f64() * 1000.0),
            _ => break,
        }
    }
    latencies.sort_by(|a, b| a.total_cmp(b));
    let received = latencies.len();
    let (p50, p99, last) = (percentile(&latencies, 0.5), percentile(&latencies, 0.99), latencies.last().copied().unwrap_or(0.0));
    println!("broadcast reached {received}/{connected} clients: p50 {p50:.0} ms, p99 {p99:.0} ms, last {last:.0} ms (PostgreSQL NOTIFY)");

    let result = serde_json::json!({
        "clients_asked": wanted, "file_limit": limit, "clients": clients, "idle_connections_held": connected, "open_seconds": open_secs,
        "node_rss_kib_before": rss_before, "node_rss_kib_after": rss_after,
        "rss_per_connection_bytes": if connected > 0 { (rss_after.saturating_sub(rss_before) * 1024) / connected as u64 } else { 0 },
        "broadcast_received": received, "broadcast_p50_ms": p50, "broadcast_p99_ms": p99, "broadcast_ms_to_last_client": last,
    });
    let file = format!("{out_dir}/hub.json");
    std::fs::write(&file, serde_json::to_string_pretty(&result)?)?;
    println!("written to {file}");
    let _ = node.kill().await;
    let _ = node.wait().await;
    drop(db);
    let _ = sqlx::query(sqlx::AssertSqlSafe(format!("DROP DATABASE IF EXISTS {dbname} WITH (FORCE)"))).execute(&admin.pool).await;
    let _ = std::fs::remove_dir_all(&dir);
    Ok(())
}
