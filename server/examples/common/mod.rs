//! What the HTTP benchmarks (`bench_casino`, `bench_studio`, `bench_crash`, `bench_http`) share: the
//! command line, the machine's figures, the result file, a fresh PostgreSQL database, funded players
//! and their game sessions, starting `kasa serve`, the percentiles, and a plain HTTP/1.1 keep-alive
//! client (the load generator speaks it itself, to leave
//! the server as much of the machine as it can). Each example includes it with `mod common;` and
//! uses part of it.
#![allow(dead_code)]

use std::future::Future;
use std::net::SocketAddr;
use std::process::Stdio;
use std::time::{Duration, Instant};

use anyhow::{Context, anyhow, bail, ensure};
use kasa::Db;
use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::process::{Child, Command};

/// `OUT_DIR KASA_BINARY` from the arguments (defaults: `bench-results`, `target/release/kasa`).
pub fn out_dir_and_bin(args: &[String]) -> (String, String) {
    let out_dir = args.first().cloned().unwrap_or_else(|| "bench-results".into());
    let bin = args.get(1).cloned().unwrap_or_else(|| "target/release/kasa".into());
    (out_dir, bin)
}

/// The machine: its cores and the load average now.
pub fn machine() -> (usize, String) {
    let cores = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1);
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default().split(' ').next().unwrap_or("").to_string();
    (cores, load)
}

/// Writes `result` to `{out_dir}/{name}`, pretty, and says where.
pub fn write_result(out_dir: &str, name: &str, result: &Value) -> anyhow::Result<()> {
    let file = format!("{out_dir}/{name}");
    std::fs::write(&file, serde_json::to_string_pretty(result)?)?;
    println!("written to {file}");
    Ok(())
}

/// Runs `bench` on a fresh PostgreSQL database `{prefix}_{pid}` (on the server of
/// `KASA_BENCH_POSTGRES_URL`, default: the local server as `postgres`), dropped afterwards.
pub async fn on_postgres<F, Fut>(prefix: &str, bench: F) -> anyhow::Result<Value>
where
    F: FnOnce(String) -> Fut,
    Fut: Future<Output = anyhow::Result<Value>>,
{
    let base = std::env::var("KASA_BENCH_POSTGRES_URL").unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".into());
    let name = format!("{prefix}_{}", std::process::id());
    let admin = Db::connect(&base).await?;
    sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}"))).execute(&admin.pool).await?;
    let (head, _) = base.rsplit_once('/').ok_or_else(|| anyhow!("a PostgreSQL URL names a database"))?;
    let result = bench(format!("{head}/{name}")).await;
    sqlx::query(sqlx::AssertSqlSafe(format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))).execute(&admin.pool).await?;
    admin.pool.close().await;
    result
}

/// Starts `kasa serve` on the prepared database; its address once it answers.
/// The studio's games need a seed key on a node without `--demo`: `KASA_SEED_KEY`, or a
/// throwaway one for the run, the same for every node it starts (they share the crash chains).
fn seed_key() -> &'static str {
    static KEY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    KEY.get_or_init(|| std::env::var("KASA_SEED_KEY").unwrap_or_else(|_| hex::encode(rand::random::<[u8; 32]>())))
}

pub async fn start_node(bin: &str, url: &str) -> anyhow::Result<(SocketAddr, Child)> {
    let port = std::net::TcpListener::bind("127.0.0.1:0")?.local_addr()?.port();
    let addr: SocketAddr = format!("127.0.0.1:{port}").parse()?;
    let process = Command::new(bin)
        .args(["serve", "--addr", &addr.to_string(), "--database-url", url])
        .env("KASA_LOG", "warn")
        .env("KASA_SEED_KEY", seed_key())
        .stdout(Stdio::null())
        .kill_on_drop(true)
        .spawn()
        .with_context(|| format!("cannot start {bin} (run `make build` first)"))?;
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        if let Ok(mut conn) = Conn::open(addr).await
            && conn.roundtrip(&request("GET", "/api/cms/grouped", &[], None)).await.is_ok()
        {
            return Ok((addr, process));
        }
        ensure!(Instant::now() < deadline, "the node did not start");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Of times in microseconds (at least one): (p50, p99, max) in ms.
pub fn percentiles(mut times: Vec<u32>) -> (f64, f64, f64) {
    times.sort_unstable();
    let pct = |p: f64| times[((times.len() as f64 * p).ceil() as usize).clamp(1, times.len()) - 1] as f64 / 1000.0;
    (pct(0.50), pct(0.99), pct(1.0))
}

/// The bytes of one HTTP/1.1 request on a kept-alive connection.
pub fn raw_request(method: &str, path: &str, headers: &[(&str, &str)], json_body: Option<&str>) -> Vec<u8> {
    let mut head = format!("{method} {path} HTTP/1.1\r\nhost: 127.0.0.1\r\n");
    for (name, value) in headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    if let Some(body) = json_body {
        head.push_str(&format!("content-type: application/json\r\ncontent-length: {}\r\n", body.len()));
    }
    head.push_str("\r\n");
    let mut bytes = head.into_bytes();
    bytes.extend_from_slice(json_body.unwrap_or("").as_bytes());
    bytes
}

/// [`raw_request`] to the API in Turkish (`x-locale: tr` first, then `headers`).
pub fn request(method: &str, path: &str, headers: &[(&str, &str)], json_body: Option<&str>) -> Vec<u8> {
    let mut all = vec![("x-locale", "tr")];
    all.extend_from_slice(headers);
    raw_request(method, path, &all, json_body)
}

/// A kept-alive connection that sends a request and reads its whole answer.
pub struct Conn {
    pub stream: TcpStream,
    pub buf: Vec<u8>,
}

impl Conn {
    pub async fn open(addr: SocketAddr) -> anyhow::Result<Conn> {
        let stream = TcpStream::connect(addr).await?;
        stream.set_nodelay(true)?;
        Ok(Conn { stream, buf: Vec::with_capacity(64 * 1024) })
    }

    pub async fn fill(&mut self) -> anyhow::Result<()> {
        self.buf.reserve(32 * 1024);
        if self.stream.read_buf(&mut self.buf).await? == 0 {
            bail!("the server closed the connection");
        }
        Ok(())
    }

    /// Sends `request`, reads the answer's head; the offset where its body starts.
    pub async fn send(&mut self, request: &[u8]) -> anyhow::Result<usize> {
        self.stream.write_all(request).await?;
        loop {
            if let Some(i) = find(&self.buf, b"\r\n\r\n") {
                return Ok(i + 4);
            }
            self.fill().await?;
        }
    }

    /// Sends `request`, checks the answer is a 200 envelope with `success: true`; returns its body.
    pub async fn roundtrip(&mut self, request: &[u8]) -> anyhow::Result<Vec<u8>> {
        let (status, body) = self.call(request).await?;
        ensure!(
            status == 200 && body.starts_with(br#"{"success":true"#),
            "answered {status} {}",
            String::from_utf8_lossy(&body[..body.len().min(300)])
        );
        Ok(body)
    }

    /// Sends `request`; the answer's status and body, whatever they are.
    pub async fn call(&mut self, request: &[u8]) -> anyhow::Result<(u16, Vec<u8>)> {
        let head_end = self.send(request).await?;
        let head = std::str::from_utf8(&self.buf[..head_end])?.to_string();
        let status: u16 = head.split(' ').nth(1).and_then(|s| s.parse().ok()).ok_or_else(|| anyhow!("no status in {head}"))?;
        let mut length = None;
        for line in head.split("\r\n").skip(1) {
            if let Some((name, value)) = line.split_once(':')
                && name.eq_ignore_ascii_case("content-length")
            {
                length = Some(value.trim().parse::<usize>()?);
            }
        }
        let length = length.ok_or_else(|| anyhow!("an answer without a content length: {head}"))?;
        while self.buf.len() < head_end + length {
            self.fill().await?;
        }
        let body: Vec<u8> = self.buf[head_end..head_end + length].to_vec();
        self.buf.drain(..head_end + length);
        Ok((status, body))
    }
}

pub fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

/// Migrates the database with the demo content and makes `count` players named `{prefix}{n}`:
/// each with 1,000,000 ₺ and a login session; their tokens.
pub async fn players(url: &str, count: usize, prefix: &str) -> anyhow::Result<Vec<String>> {
    use kasa::wallet::{self, Account, Batch, Kurus, Transfer, TransferKind};
    let db = kasa::serve::prepare(url, true).await?;
    let mut tokens = Vec::with_capacity(count);
    for p in 0..count {
        let name = format!("{prefix}{p}");
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO players (username, username_key, email, email_key, phone, name, surname, password_hash, created_at) \
             VALUES ($1, $1, $2, $2, $3, 'Bench', 'Player', 'not-a-hash', $4) RETURNING id",
        )
        .bind(&name)
        .bind(format!("{name}@example.com"))
        .bind(format!("+9055599{p:05}"))
        .bind(kasa::db::now_ms())
        .fetch_one(&db.pool)
        .await?;
        let mut conn = db.pool.acquire().await?;
        wallet::ensure_wallet(&mut conn, id).await?;
        let (_, token) =
            kasa::auth::session::start(&mut conn, id, &kasa::auth::session::Origin::default()).await.map_err(|e| anyhow!("{e}"))?;
        drop(conn);
        let amount = Kurus::from_minor(100_000_000)?;
        let deposit = Transfer::new(Account::Payment("bench".into()), Account::real(id), amount, TransferKind::Deposit, "bench");
        wallet::commit(&db, &Batch { key: format!("bench:deposit:{id}"), transfers: vec![deposit] }).await?;
        tokens.push(token);
    }
    db.pool.close().await;
    Ok(tokens)
}

/// Each player's game session of `game`: the launch (`casino/kasalaunchurl`), then the session
/// (`/games/api/session`) over HTTP.
pub async fn game_sessions(addr: SocketAddr, tokens: &[String], game: &str) -> anyhow::Result<Vec<String>> {
    let mut sessions = Vec::with_capacity(tokens.len());
    let mut conn = Conn::open(addr).await?;
    for token in tokens {
        let auth = format!("Bearer {token}");
        let launch =
            request("POST", "/api/casino/kasalaunchurl", &[("authorization", &auth)], Some(&serde_json::json!({"code": game}).to_string()));
        let url: Value = serde_json::from_slice(&conn.roundtrip(&launch).await?)?;
        let url = url["data"].as_str().ok_or_else(|| anyhow!("no launch URL: {url}"))?;
        let launch_token = url.split("token=").nth(1).and_then(|t| t.split('&').next()).ok_or_else(|| anyhow!("no token in {url}"))?;
        let open = request("POST", "/games/api/session", &[], Some(&serde_json::json!({"token": launch_token}).to_string()));
        let session: Value = serde_json::from_slice(&conn.roundtrip(&open).await?)?;
        let session = session["data"]["sessionToken"].as_str().ok_or_else(|| anyhow!("no session: {session}"))?;
        sessions.push(session.to_string());
    }
    Ok(sessions)
}
