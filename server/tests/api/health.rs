//! Running it for real (issue 33): `/health/live` and `/health/ready` (ready only while the
//! database answers with this binary's migrations, not while draining), `/metrics` in the
//! Prometheus text format on its own listener, whose counters move when their events happen, a log
//! without colour codes in a pipe, and a backup of a busy SQLite database that restores.

use std::collections::BTreeMap;
use std::time::Duration;

use crate::helpers::{Engine, TestApp, prepared_database, spawn_node_configured};
use crate::on_both_engines;
use crate::rounds::{fund, make_player};

/// The samples of a Prometheus text exposition, each line checked: `# HELP`/`# TYPE` comments, or
/// `name{label="value",...} number`.
fn parse(text: &str) -> BTreeMap<String, f64> {
    let mut out = BTreeMap::new();
    for line in text.lines().filter(|l| !l.is_empty()) {
        if let Some(comment) = line.strip_prefix("# ") {
            assert!(comment.starts_with("HELP ") || comment.starts_with("TYPE "), "an unknown comment: {line}");
            continue;
        }
        let (series, value) = line.rsplit_once(' ').unwrap_or_else(|| panic!("no value: {line}"));
        let value: f64 = value.parse().unwrap_or_else(|_| panic!("not a number: {line}"));
        let name = series.split('{').next().unwrap();
        assert!(name.starts_with("kasa_"), "one prefix for every metric: {line}");
        assert!(name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'), "{line}");
        if let Some(labels) = series.strip_prefix(name) {
            assert!(labels.is_empty() || (labels.starts_with('{') && labels.ends_with('}')), "{line}");
            assert!(!labels.contains("player"), "no per-player label: {line}");
        }
        out.insert(series.to_string(), value);
    }
    out
}

async fn scrape(app: &TestApp, url: &str) -> BTreeMap<String, f64> {
    let resp = app.client.get(url).send().await.unwrap();
    assert_eq!(resp.status(), 200);
    assert!(resp.headers()["content-type"].to_str().unwrap().starts_with("text/plain; version=0.0.4"));
    parse(&resp.text().await.unwrap())
}

fn sum_of(samples: &BTreeMap<String, f64>, prefix: &str) -> f64 {
    samples.iter().filter(|(k, _)| k.starts_with(prefix)).map(|(_, v)| v).sum()
}

on_both_engines! {
    async fn the_metrics_parse_as_prometheus_text_and_their_counters_move_with_their_events(app) {
        // Arrange: the recorder, and /metrics on a listener of its own.
        kasa::telemetry::install();
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}/metrics", listener.local_addr().unwrap());
        tokio::spawn(kasa::telemetry::serve(listener, app.db.clone()));
        let grouped = r#"kasa_http_requests_total{route="/api/cms/grouped",method="GET",status="200"}"#;
        let _ = app.get("/api/cms/grouped").await;
        let before = scrape(&app, &url).await;

        // Act
        let _ = app.get("/api/cms/grouped").await;
        let (player, _) = make_player(&app, "metered").await;
        fund(&app, player, 5_000).await;
        let after = scrape(&app, &url).await;

        // Assert
        assert_eq!(after[grouped], before[grouped] + 1.0, "{after:?}");
        assert!(after.keys().any(|k| k.starts_with("kasa_http_request_duration_seconds_bucket")), "{after:?}");
        let deposits = r#"kasa_wallet_transfers_total{kind="deposit"}"#;
        assert_eq!(after.get(deposits).copied().unwrap_or(0.0), before.get(deposits).copied().unwrap_or(0.0) + 1.0);
        assert!(sum_of(&after, "kasa_db_pool_connections") >= 1.0, "{after:?}");
        assert!(app.get("/metrics").await.status() == 404 || !app.get("/metrics").await.text().await.unwrap().contains("kasa_"), "not on the site's address");
    }
}

#[tokio::test]
async fn a_draining_node_is_live_but_not_ready_until_it_stops() {
    // Arrange: a node that drains for two seconds.
    let (url, dir) = prepared_database(Engine::Sqlite, true).await;
    let mut app = spawn_node_configured(&url, true, dir, |s| s.drain_delay = Duration::from_secs(2)).await;
    let ready_before = app.get("/health/ready").await;
    let ready_status = ready_before.status().as_u16();
    let ready_body: serde_json::Value = ready_before.json().await.unwrap();

    // Act
    app.stop();
    tokio::time::sleep(Duration::from_millis(200)).await;
    let draining = app.get("/health/ready").await;
    let draining_status = draining.status().as_u16();
    let draining_body: serde_json::Value = draining.json().await.unwrap();
    let live = app.get("/health/live").await.status().as_u16();
    tokio::time::sleep(Duration::from_secs(3)).await;
    let gone = app.client.get(app.url("/health/live")).timeout(Duration::from_secs(2)).send().await;

    // Assert
    assert_eq!((ready_status, ready_body["status"].as_str()), (200, Some("ready")));
    assert_eq!(draining_status, 503);
    assert_eq!(draining_body["reason"], "draining");
    assert_eq!(live, 200);
    assert!(gone.is_err(), "the drained node stopped accepting");
}

#[tokio::test]
async fn a_database_behind_this_binarys_migrations_is_not_ready() {
    // Arrange: a node on a database whose last migration is taken back out of the record.
    let (url, dir) = prepared_database(Engine::Sqlite, true).await;
    let app = spawn_node_configured(&url, true, dir, |_| {}).await;
    sqlx::query("DELETE FROM _sqlx_migrations WHERE version = (SELECT MAX(version) FROM _sqlx_migrations)")
        .execute(&app.db.pool)
        .await
        .unwrap();

    // Act
    let resp = app.get("/health/ready").await;

    // Assert
    assert_eq!(resp.status(), 503);
    assert_eq!(resp.json::<serde_json::Value>().await.unwrap()["reason"], "migrations not current");
}

#[tokio::test]
async fn a_log_written_to_a_pipe_carries_no_colour_codes() {
    // Arrange: a node whose log goes to a pipe.
    let dir = std::env::temp_dir().join(format!("kasa-log-{}", uuid::Uuid::new_v4().simple()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut child = tokio::process::Command::new(env!("CARGO_BIN_EXE_kasa"))
        .args(["serve", "--demo"])
        .env("KASA_ADDR", "127.0.0.1:0")
        .env("DATABASE_URL", format!("sqlite://{}/kasa.db?mode=rwc", dir.display()))
        .env("KASA_LOG", "info")
        .env("KASA_LOG_FORMAT", "text")
        .env("KASA_SPORTS_SPEED", "off")
        .stderr(std::process::Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .unwrap();

    // Act: read the log until the node says it serves.
    use tokio::io::AsyncBufReadExt;
    let mut lines = tokio::io::BufReader::new(child.stderr.take().unwrap()).lines();
    let mut log = String::new();
    let read = tokio::time::timeout(Duration::from_secs(60), async {
        while let Ok(Some(line)) = lines.next_line().await {
            log.push_str(&line);
            log.push('\n');
            if line.contains("kasa is serving") {
                break;
            }
        }
    })
    .await;
    let _ = child.kill().await;
    let _ = std::fs::remove_dir_all(&dir);

    // Assert
    assert!(read.is_ok() && log.contains("kasa is serving"), "{log}");
    assert!(!log.contains('\u{1b}'), "no escape codes in a piped log: {log:?}");
}

#[tokio::test]
async fn a_backup_of_a_busy_sqlite_database_restores_with_the_same_balances_rounds_and_bets() {
    // Arrange: a player with money, studio rounds and a sportsbook bet; other players' deposits
    // keep the database busy while the backup runs.
    let app = crate::helpers::spawn_app(Engine::Sqlite).await;
    let (player, token) = make_player(&app, "keeper").await;
    fund(&app, player, 100_000).await;
    let session = app.game_session(&token, "kasa-sultans-gold").await;
    let session = session["sessionToken"].as_str().unwrap().to_string();
    for _ in 0..3 {
        assert_eq!(app.spin(&session, 100, "tr").await.0, 200);
    }
    use crate::sportsbook::betting::{football_events, leg, place, selection};
    let event = football_events(&app, 1).await[0];
    let (home, price, _) = selection(&app, event, "1x2", "1").await;
    let (status, body) =
        place(&app, &token, serde_json::json!({"legs": [leg(home, price)], "kind": "single", "stake": 25, "oddsChoice": "any"})).await;
    assert_eq!(status, 200, "{body}");
    let mut noise = Vec::new();
    for i in 0..4 {
        noise.push(make_player(&app, &format!("noise{i}")).await.0);
    }
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let writer = {
        let (db, stop) = (app.db.clone(), stop.clone());
        tokio::spawn(async move {
            let mut n = 0u64;
            while !stop.load(std::sync::atomic::Ordering::SeqCst) {
                let p = noise[(n % 4) as usize];
                let key = format!("noise:{n}");
                let t = kasa::wallet::Transfer::new(
                    kasa::wallet::Account::Payment("papara".into()),
                    kasa::wallet::Account::real(p),
                    kasa::money::Kurus::from_minor(100).unwrap(),
                    kasa::wallet::TransferKind::Deposit,
                    key.clone(),
                );
                kasa::wallet::commit(&db, &kasa::wallet::Batch { key, transfers: vec![t] }).await.unwrap();
                n += 1;
            }
            n
        })
    };
    tokio::time::sleep(Duration::from_millis(150)).await;
    let dir = std::env::temp_dir().join(format!("kasa-backup-{}", uuid::Uuid::new_v4().simple()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("copy.db");

    // Act: back up while the writer writes, then restore onto a node of its own.
    let bytes = kasa::backup::backup(&app.db, &path).await.unwrap();
    let again = kasa::backup::backup(&app.db, &path).await;
    stop.store(true, std::sync::atomic::Ordering::SeqCst);
    let written = writer.await.unwrap();
    let restored = crate::helpers::spawn_node(&format!("sqlite://{}?mode=rw", path.display()), true, None, Default::default()).await;
    let read = |app: &TestApp, path: &'static str| {
        let (client, url, token) = (app.client.clone(), app.url(path), token.clone());
        async move { client.get(url).bearer_auth(token).send().await.unwrap().json::<serde_json::Value>().await.unwrap()["data"].clone() }
    };

    // Assert
    assert!(bytes > 0 && written > 0, "{bytes} bytes while {written} deposits were written");
    assert!(again.is_err(), "an existing file is never overwritten");
    let check = kasa::wallet::check(&restored.db).await.unwrap();
    assert!(check.is_ok(), "{check}");
    for path in ["/api/sportsbook/balance", "/api/casino/history", "/api/sportsbook/bets"] {
        let (before, after) = (read(&app, path).await, read(&restored, path).await);
        assert!(!before.is_null(), "{path}");
        assert_eq!(before, after, "{path} served the same from the copy");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_deployment_environment_file_names_every_setting_the_server_reads() {
    // Arrange
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
    let env_file = std::fs::read_to_string(format!("{root}/deploy/kasa.env")).unwrap();
    let config = std::fs::read_to_string(format!("{root}/server/src/config.rs")).unwrap()
        + &std::fs::read_to_string(format!("{root}/server/src/cli.rs")).unwrap();

    // Act: every "KASA_…" the server's settings read.
    let read: std::collections::BTreeSet<&str> = config
        .split('"')
        .filter(|s| s.starts_with("KASA_") && s.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_'))
        .collect();

    // Assert
    assert!(read.len() > 30, "{read:?}");
    let missing: Vec<&&str> = read.iter().filter(|k| !env_file.contains(**k)).collect();
    assert!(missing.is_empty(), "deploy/kasa.env does not name {missing:?}");
}
