//! `make bench`: the calls every visitor makes, measured against a bare handler on the same machine
//! in one run, written to `bench-results/http.json`.
//!
//! - `constant`: an axum handler answering a constant JSON body, in its own process (this program
//!   started again with `--constant-server`) with the real server's runtime and connection setup;
//! - `constant_grouped_size`: the same handler with a body as long as `cms/grouped`'s, for
//!   information: what moving that many bytes costs by itself;
//! - `cms_grouped`: `GET /api/cms/grouped`, the bootstrap call of every page load;
//! - `user_balance`: `GET /api/user/balance` with a logged-in player's bearer token (polled every 3 s);
//! - `cms_grouped_gzip`: the bootstrap call as a browser asks for it (`Accept-Encoding: gzip`), for
//!   information;
//!
//! The last three run against the real release binary (`kasa serve --demo` on a fresh SQLite file)
//! as a separate process. The load is closed-loop: 64 keep-alive connections, each sending its next
//! request when the answer to the last one is in, for 5 s after 1 s of warm-up; three rounds through
//! all targets, the median reported. The load generator
//! runs on one thread and speaks plain HTTP/1.1 itself, to leave the server as much of the machine
//! as it can.
//!
//! Usage: `bench_http OUT_DIR KASA_BINARY` (defaults: `bench-results`, `target/release/kasa`);
//! `BENCH_ONLY=cms_grouped,...` measures only those targets (and the constant handler).

mod common;

use std::net::SocketAddr;
use std::process::Stdio;
use std::time::{Duration, Instant};

use anyhow::{Context, anyhow, bail, ensure};
use common::{Conn, find, percentiles, raw_request};
use serde_json::json;
use tokio::io::AsyncBufReadExt;
use tokio::net::TcpListener;
use tokio::process::{Child, Command};

const CONNECTIONS: usize = 64;
const WARM_UP: Duration = Duration::from_secs(1);
const MEASURE: Duration = Duration::from_secs(5);
const ROUNDS: usize = 3;
/// The goals, as shares of the constant handler's requests per second, and the p99 bound.
const GROUPED_GOAL: f64 = 0.60;
const BALANCE_GOAL: f64 = 0.40;
const P99_GOAL_MS: f64 = 10.0;
const CONSTANT_BODY: &str = r#"{"success":true,"message":null,"data":{"status":"ok"}}"#;

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--constant-server") {
        return constant_server(args.get(1).and_then(|n| n.parse().ok()).unwrap_or(0));
    }
    let (out_dir, bin) = common::out_dir_and_bin(&args);
    // The load generator keeps to one thread; the servers are separate processes.
    tokio::runtime::Builder::new_current_thread().enable_all().build()?.block_on(run(&out_dir, &bin))
}

/// One thing to measure: the requests of one operation, sent in turn on one connection; the
/// latency is the whole operation's.
struct Target {
    name: &'static str,
    addr: SocketAddr,
    steps: Vec<Vec<u8>>,
    /// Whether it is held to a goal (the informational ones are not).
    goal: Option<f64>,
}

/// The real server, started from the release binary.
struct Node {
    addr: SocketAddr,
    /// The bearer token of the registered player `benchuser1`.
    token: String,
    _process: Child,
    dir: std::path::PathBuf,
}

async fn run(out_dir: &str, bin: &str) -> anyhow::Result<()> {
    std::fs::create_dir_all(out_dir)?;
    let node = start_node(bin).await?;
    let grouped_size = get_body_len(node.addr, &raw_request("GET", "/api/cms/grouped", &[("x-locale", "tr")], None)).await?;
    let (constant_addr, _constant_process) = start_constant_server(grouped_size).await?;

    let mut targets = vec![
        Target { name: "constant", addr: constant_addr, steps: vec![raw_request("GET", "/constant", &[], None)], goal: None },
        Target {
            name: "constant_grouped_size",
            addr: constant_addr,
            steps: vec![raw_request("GET", "/constant-large", &[], None)],
            goal: None,
        },
        Target {
            name: "cms_grouped",
            addr: node.addr,
            steps: vec![raw_request("GET", "/api/cms/grouped", &[("x-locale", "tr")], None)],
            goal: Some(GROUPED_GOAL),
        },
        Target {
            name: "user_balance",
            addr: node.addr,
            steps: vec![raw_request(
                "GET",
                "/api/user/balance",
                &[("authorization", &format!("Bearer {}", node.token)), ("x-locale", "tr")],
                None,
            )],
            goal: Some(BALANCE_GOAL),
        },
        Target {
            name: "cms_grouped_gzip",
            addr: node.addr,
            steps: vec![raw_request("GET", "/api/cms/grouped", &[("x-locale", "tr"), ("accept-encoding", "gzip")], None)],
            goal: None,
        },
    ];
    // `BENCH_ONLY=name,...` measures those alone (with the constant handler), e.g. to profile one.
    if let Ok(only) = std::env::var("BENCH_ONLY") {
        targets.retain(|t| t.name == "constant" || only.split(',').any(|name| name.trim() == t.name));
    }

    let (cores, load) = common::machine();
    println!(
        "{CONNECTIONS} connections, {:.0} s each after {:.0} s of warm-up, {ROUNDS} rounds, {cores} cores, load average {load} at the start",
        MEASURE.as_secs_f64(),
        WARM_UP.as_secs_f64()
    );
    // Rounds through every target in turn: a slowdown of the machine (another build, a noisy
    // neighbour) hits the constant handler of its round too, and the median round is reported.
    let mut rounds: Vec<Vec<Stats>> = targets.iter().map(|_| Vec::new()).collect();
    for round in 1..=ROUNDS {
        for (i, target) in targets.iter().enumerate() {
            let mut stats = measure(target).await.with_context(|| format!("measuring {}", target.name))?;
            // The constant handler comes first in each round.
            stats.ratio = if i == 0 { 1.0 } else { stats.rps / rounds[0].last().map_or(stats.rps, |c: &Stats| c.rps) };
            println!(
                "round {round}  {:22} {:>8.0} req/s  p50 {:>6.2} ms  p99 {:>6.2} ms  max {:>6.2} ms  {:>5.1}% of constant",
                target.name,
                stats.rps,
                stats.p50_ms,
                stats.p99_ms,
                stats.max_ms,
                stats.ratio * 100.0
            );
            rounds[i].push(stats);
        }
    }
    let mut results = serde_json::Map::new();
    results.insert(
        "setup".into(),
        json!({
            "connections": CONNECTIONS, "warm_up_s": WARM_UP.as_secs_f64(), "measure_s": MEASURE.as_secs_f64(), "rounds": ROUNDS,
            "reported": "the median over the rounds of each number; a ratio is taken against the constant handler of the same round",
            "cores": cores, "load_average_at_start": load,
            "load_generator": "this process, one thread, closed loop, HTTP/1.1 keep-alive, no compression unless the target asks",
            "server": "target/release/kasa serve --demo on a fresh SQLite file, KASA_LOG=warn (no per-request log line)",
            "constant": "an axum handler with a constant JSON body, in its own process, same runtime and connection setup",
            "cms_grouped_bytes": grouped_size,
            "goals": {"cms_grouped_rps_ratio": GROUPED_GOAL, "user_balance_rps_ratio": BALANCE_GOAL, "p99_ms_below": P99_GOAL_MS},
        }),
    );
    println!("median of {ROUNDS} rounds:");
    for (target, stats) in targets.iter().zip(&rounds) {
        let median = |f: fn(&Stats) -> f64| {
            let mut v: Vec<f64> = stats.iter().map(f).collect();
            v.sort_by(f64::total_cmp);
            v[v.len() / 2]
        };
        let (rps, p50, p99, max, ratio) =
            (median(|s| s.rps), median(|s| s.p50_ms), median(|s| s.p99_ms), median(|s| s.max_ms), median(|s| s.ratio));
        let mut entry = json!({
            "req_per_s": round(rps), "p50_ms": round(p50), "p99_ms": round(p99), "max_ms": round(max), "ratio_to_constant": round(ratio),
            "rounds_req_per_s": stats.iter().map(|s| round(s.rps)).collect::<Vec<_>>(),
            "rounds_p99_ms": stats.iter().map(|s| round(s.p99_ms)).collect::<Vec<_>>(),
        });
        let verdict = target.goal.map(|goal| {
            let met = ratio >= goal && p99 < P99_GOAL_MS;
            entry["meets_goal"] = json!(met);
            format!("  (goal {:.0}% and p99 < {P99_GOAL_MS} ms: {})", goal * 100.0, if met { "met" } else { "NOT met" })
        });
        println!(
            "{:22} {:>8.0} req/s  p50 {p50:>6.2} ms  p99 {p99:>6.2} ms  max {max:>6.2} ms  {:>5.1}% of constant{}",
            target.name,
            rps,
            ratio * 100.0,
            verdict.unwrap_or_default()
        );
        results.insert(target.name.into(), entry);
    }
    common::write_result(out_dir, "http.json", &serde_json::Value::Object(results))?;
    let _ = std::fs::remove_dir_all(&node.dir);
    Ok(())
}

fn round(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

impl Conn {
    /// Sends `request`, checks the answer is a 200 envelope with `success: true`; returns the
    /// body's length as sent.
    async fn roundtrip_len(&mut self, request: &[u8]) -> anyhow::Result<usize> {
        let head_end = self.send(request).await?;
        let (status_ok, length, chunked, gzip) = parse_head(std::str::from_utf8(&self.buf[..head_end])?)?;
        let (body_start, body_len, consumed) = match (length, chunked) {
            (Some(n), false) => {
                while self.buf.len() < head_end + n {
                    self.fill().await?;
                }
                (head_end, n, head_end + n)
            }
            (_, true) => loop {
                match chunked_end(&self.buf[head_end..])? {
                    Some((data, end)) => break (head_end, data, head_end + end),
                    None => self.fill().await?,
                }
            },
            (None, false) => bail!("an answer without a length"),
        };
        ensure!(status_ok, "answered {}", String::from_utf8_lossy(&self.buf[..consumed.min(600)]));
        // A gzip body is checked by its magic bytes, a plain one by the envelope's first key.
        let data_start = if chunked { body_start + find(&self.buf[body_start..], b"\r\n").map_or(0, |i| i + 2) } else { body_start };
        let data = &self.buf[data_start..consumed];
        let ok = if gzip { data.starts_with(&[0x1f, 0x8b]) } else { data.starts_with(br#"{"success":true"#) };
        ensure!(ok, "not a successful envelope: {}", String::from_utf8_lossy(&data[..data.len().min(200)]));
        self.buf.drain(..consumed);
        Ok(body_len)
    }
}

/// From an answer's head: whether it is a 200, its content length, whether chunked, whether gzip.
fn parse_head(head: &str) -> anyhow::Result<(bool, Option<usize>, bool, bool)> {
    let status_ok = head.split(' ').nth(1) == Some("200");
    let (mut length, mut chunked, mut gzip) = (None, false, false);
    for line in head.split("\r\n").skip(1) {
        let Some((name, value)) = line.split_once(':') else { continue };
        let value = value.trim();
        if name.eq_ignore_ascii_case("content-length") {
            length = Some(value.parse::<usize>()?);
        } else if name.eq_ignore_ascii_case("transfer-encoding") {
            chunked = value.eq_ignore_ascii_case("chunked");
        } else if name.eq_ignore_ascii_case("content-encoding") {
            gzip = value.eq_ignore_ascii_case("gzip");
        }
    }
    Ok((status_ok, length, chunked, gzip))
}

/// For a chunked body at the start of `buf`: (data bytes, bytes the whole body takes) once complete.
fn chunked_end(buf: &[u8]) -> anyhow::Result<Option<(usize, usize)>> {
    let (mut at, mut data) = (0, 0);
    loop {
        let Some(line_end) = find(&buf[at..], b"\r\n") else { return Ok(None) };
        let size_text = std::str::from_utf8(&buf[at..at + line_end])?;
        let size = usize::from_str_radix(size_text.split(';').next().unwrap_or("").trim(), 16)?;
        at += line_end + 2;
        if size == 0 {
            // No trailers are sent: the body ends with an empty line.
            return Ok((buf.len() >= at + 2).then_some((data, at + 2)));
        }
        if buf.len() < at + size + 2 {
            return Ok(None);
        }
        at += size + 2;
        data += size;
    }
}

async fn get_body_len(addr: SocketAddr, request: &[u8]) -> anyhow::Result<usize> {
    Conn::open(addr).await?.roundtrip_len(request).await
}

struct Stats {
    rps: f64,
    p50_ms: f64,
    p99_ms: f64,
    max_ms: f64,
    /// Of the constant handler's requests per second in the same round.
    ratio: f64,
}

/// Runs the closed loop against a target; counts the operations that began after the warm-up and
/// ended within the measured window.
async fn measure(target: &Target) -> anyhow::Result<Stats> {
    let mut conns = Vec::with_capacity(CONNECTIONS);
    for _ in 0..CONNECTIONS {
        conns.push(Conn::open(target.addr).await?);
    }
    let start = Instant::now();
    let (measure_from, until) = (start + WARM_UP, start + WARM_UP + MEASURE);
    let tasks: Vec<_> = conns
        .into_iter()
        .map(|mut conn| {
            let steps = target.steps.clone();
            tokio::spawn(async move {
                let mut times: Vec<u32> = Vec::with_capacity(64 * 1024);
                loop {
                    let began = Instant::now();
                    if began >= until {
                        break;
                    }
                    for step in &steps {
                        conn.roundtrip_len(step).await?;
                    }
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
    ensure!(!all.is_empty(), "no request completed");
    let n = all.len() as f64;
    let (p50_ms, p99_ms, max_ms) = percentiles(all);
    Ok(Stats { rps: n / MEASURE.as_secs_f64(), p50_ms, p99_ms, max_ms, ratio: 1.0 })
}

/// Starts this program again as the constant server (its large body `large` bytes long); returns
/// its address once it listens.
async fn start_constant_server(large: usize) -> anyhow::Result<(SocketAddr, Child)> {
    let mut child = Command::new(std::env::current_exe()?)
        .args(["--constant-server", &large.to_string()])
        .stdout(Stdio::piped())
        .kill_on_drop(true)
        .spawn()?;
    let stdout = child.stdout.take().ok_or_else(|| anyhow!("no stdout"))?;
    let mut line = String::new();
    tokio::time::timeout(Duration::from_secs(10), tokio::io::BufReader::new(stdout).read_line(&mut line)).await??;
    let addr: SocketAddr = line.trim().parse().with_context(|| format!("the constant server said {line:?}"))?;
    Ok((addr, child))
}

/// The constant server: a multi-threaded runtime as `kasa` builds it, each connection served by
/// hyper's HTTP/1 with a header read timeout and no Nagle delay, as `kasa::serve::run` does.
/// `/constant` answers [`CONSTANT_BODY`], `/constant-large` an envelope `large` bytes long.
fn constant_server(large: usize) -> anyhow::Result<()> {
    use axum::Router;
    use axum::http::header;
    use axum::routing::get;
    use hyper_util::rt::{TokioIo, TokioTimer};
    use hyper_util::service::TowerToHyperService;

    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    runtime.block_on(async {
        let listener = TcpListener::bind("127.0.0.1:0").await?;
        println!("{}", listener.local_addr()?);
        let head = r#"{"success":true,"message":null,"data":""#;
        let tail = r#""}"#;
        let padded = format!("{head}{}{tail}", "x".repeat(large.saturating_sub(head.len() + tail.len())));
        let padded = axum::body::Bytes::from(padded);
        let app = Router::new()
            .route("/constant", get(|| async { ([(header::CONTENT_TYPE, "application/json")], CONSTANT_BODY) }))
            .route("/constant-large", get(move || async move { ([(header::CONTENT_TYPE, "application/json")], padded) }));
        loop {
            let (stream, _) = listener.accept().await?;
            let _ = stream.set_nodelay(true);
            let service = TowerToHyperService::new(app.clone());
            tokio::spawn(async move {
                let mut builder = hyper::server::conn::http1::Builder::new();
                builder.timer(TokioTimer::new()).header_read_timeout(Duration::from_secs(15));
                let _ = builder.serve_connection(TokioIo::new(stream), service).await;
            });
        }
    })
}

/// Starts `kasa serve --demo` on a fresh SQLite file and registers the player `benchuser1`.
async fn start_node(bin: &str) -> anyhow::Result<Node> {
    let dir = std::env::temp_dir().join(format!("kasa-bench-http-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let url = format!("sqlite://{}/kasa.db?mode=rwc", dir.display());
    let port = std::net::TcpListener::bind("127.0.0.1:0")?.local_addr()?.port();
    let addr: SocketAddr = format!("127.0.0.1:{port}").parse()?;
    let process = Command::new(bin)
        .args(["serve", "--addr", &addr.to_string(), "--database-url", &url, "--demo"])
        .env("KASA_LOG", "warn")
        .kill_on_drop(true)
        .spawn()
        .with_context(|| format!("cannot start {bin} (run `make build` first)"))?;
    let base = format!("http://{addr}");
    let http = reqwest::Client::new();
    let deadline = Instant::now() + Duration::from_secs(30);
    while http.get(format!("{base}/api/cms/grouped")).send().await.is_err() {
        ensure!(Instant::now() < deadline, "the node did not start");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let reg: serde_json::Value = http
        .post(format!("{base}/api/auth/register"))
        .json(&json!({"name": "Bench", "surname": "Mark", "username": "benchuser1", "email": "b@example.com", "phone": "905300000009",
            "password": "gizli123", "password2": "gizli123", "isFast": true, "acceptTerms": true}))
        .send()
        .await?
        .json()
        .await?;
    let token = reg["data"]["token"].as_str().ok_or_else(|| anyhow!("registration failed: {reg}"))?.to_string();
    Ok(Node { addr, token, _process: process, dir })
}
