//! The test harness: a real `kasa` server on port 0 with its own fresh database (a SQLite file, or a
//! new PostgreSQL database when `KASA_TEST_POSTGRES_URL` is set), and a client that speaks to it.

use std::net::SocketAddr;

use kasa::hub::HubTimings;
use kasa::{AppState, Db};
use reqwest::Response;
use serde_json::Value;
use tokio::net::TcpListener;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Engine {
    Sqlite,
    Postgres,
}

pub struct TestApp {
    pub address: String,
    pub db: Db,
    pub hub: std::sync::Arc<kasa::hub::Hub>,
    pub client: reqwest::Client,
    _dir: Option<tempdir::Dir>,
    shutdown: Option<tokio::sync::oneshot::Sender<()>>,
}

impl Drop for TestApp {
    fn drop(&mut self) {
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
    }
}

pub mod tempdir {
    /// A temporary folder removed when dropped.
    pub struct Dir(pub std::path::PathBuf);
    impl Drop for Dir {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
}

/// The PostgreSQL server to test on, when configured.
pub fn postgres_url() -> Option<String> {
    std::env::var("KASA_TEST_POSTGRES_URL").ok().filter(|s| !s.is_empty())
}

/// Whether a PostgreSQL test can run. Without `KASA_TEST_POSTGRES_URL` it is skipped with a line
/// saying so, except under CI (`CI=true`), where a missing server is a failure, not a pass.
pub fn postgres_available(what: &str) -> bool {
    if postgres_url().is_some() {
        return true;
    }
    assert!(
        !matches!(std::env::var("CI").as_deref(), Ok("true" | "1")),
        "CI=true but KASA_TEST_POSTGRES_URL is not set: {what} cannot run"
    );
    eprintln!("KASA_TEST_POSTGRES_URL is not set: {what} skipped");
    false
}

/// A database URL for a fresh, empty database on `engine` (and the folder to remove afterwards).
pub async fn fresh_database(engine: Engine) -> (String, Option<tempdir::Dir>) {
    let name = format!("kasa_test_{}", uuid::Uuid::new_v4().simple());
    match engine {
        Engine::Sqlite => {
            let dir = std::env::temp_dir().join(&name);
            std::fs::create_dir_all(&dir).unwrap();
            let url = format!("sqlite://{}/kasa.db?mode=rwc", dir.display());
            (url, Some(tempdir::Dir(dir)))
        }
        Engine::Postgres => {
            let base = postgres_url().expect("KASA_TEST_POSTGRES_URL");
            let (server, _) = base.rsplit_once('/').expect("a postgres URL names a database");
            let admin = Db::connect(&base).await.expect("connect to the test PostgreSQL server");
            sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}")))
                .execute(&admin.pool)
                .await
                .expect("create the test database");
            admin.pool.close().await;
            (format!("{server}/{name}"), None)
        }
    }
}

/// A fresh database on `engine` as the server's start leaves it (migrated, and holding the demo
/// content when `demo`), copied from a template: the first test of a build that needs one makes it
/// with `kasa::serve::prepare`, the others copy it (a file copy, or PostgreSQL's `CREATE DATABASE
/// ... TEMPLATE`) instead of migrating and loading the demo again. The server still runs
/// `prepare` on the copy, which finds nothing to do.
pub async fn prepared_database(engine: Engine, demo: bool) -> (String, Option<tempdir::Dir>) {
    let this_build = format!("kasa_test_tpl_{}_", build_key());
    let template = format!("{this_build}{}", if demo { "demo" } else { "bare" });
    match engine {
        Engine::Sqlite => {
            let file = std::env::temp_dir().join(format!("{template}.db"));
            if !file.exists() {
                // Made aside and renamed into place: tests racing to make it each make their own,
                // and every reader finds a whole file or none.
                let (url, _dir) = fresh_database(Engine::Sqlite).await;
                let db = kasa::serve::prepare(&url, demo).await.expect("prepare the template database");
                let part = std::env::temp_dir().join(format!("{template}.{}.part", uuid::Uuid::new_v4().simple()));
                sqlx::query(sqlx::AssertSqlSafe(format!("VACUUM INTO '{}'", part.display())))
                    .execute(&db.pool)
                    .await
                    .expect("write the template database");
                db.pool.close().await;
                std::fs::rename(&part, &file).expect("move the template database into place");
                // Older builds' templates are never used again.
                for old in std::fs::read_dir(std::env::temp_dir()).into_iter().flatten().flatten() {
                    let name = old.file_name().to_string_lossy().into_owned();
                    if name.starts_with("kasa_test_tpl_") && !name.starts_with(&this_build) {
                        let _ = std::fs::remove_file(old.path());
                    }
                }
            }
            let (url, dir) = fresh_database(Engine::Sqlite).await;
            let target = dir.as_ref().expect("a SQLite database has a folder").0.join("kasa.db");
            std::fs::copy(&file, target).expect("copy the template database");
            (url, dir)
        }
        Engine::Postgres => {
            let base = postgres_url().expect("KASA_TEST_POSTGRES_URL");
            let (server, _) = base.rsplit_once('/').expect("a postgres URL names a database");
            let admin = Db::connect(&base).await.expect("connect to the test PostgreSQL server");
            let mut conn = admin.pool.acquire().await.expect("a connection to the test PostgreSQL server");
            // One test makes the template while the others wait; a template half made by a test
            // that died is made again.
            sqlx::query("SELECT pg_advisory_lock(290029)").execute(&mut *conn).await.expect("take the template lock");
            let made: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM pg_database WHERE datname = $1")
                .bind(&template)
                .fetch_one(&mut *conn)
                .await
                .expect("look for the template database");
            if made == 0 {
                let part = format!("{template}_part");
                sqlx::query(sqlx::AssertSqlSafe(format!("DROP DATABASE IF EXISTS {part}"))).execute(&mut *conn).await.unwrap();
                sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE {part}"))).execute(&mut *conn).await.unwrap();
                let db = kasa::serve::prepare(&format!("{server}/{part}"), demo).await.expect("prepare the template database");
                db.pool.close().await;
                sqlx::query(sqlx::AssertSqlSafe(format!("ALTER DATABASE {part} RENAME TO {template}")))
                    .execute(&mut *conn)
                    .await
                    .expect("name the template database");
                // Older builds' templates are never used again.
                let old: Vec<String> = sqlx::query_scalar(
                    "SELECT CAST(datname AS TEXT) FROM pg_database WHERE datname LIKE 'kasa\\_test\\_tpl\\_%' AND datname NOT LIKE $1",
                )
                .bind(format!("{this_build}%"))
                .fetch_all(&mut *conn)
                .await
                .expect("list the older templates");
                for name in old {
                    let _ = sqlx::query(sqlx::AssertSqlSafe(format!("DROP DATABASE IF EXISTS {name}"))).execute(&mut *conn).await;
                }
            }
            sqlx::query("SELECT pg_advisory_unlock(290029)").execute(&mut *conn).await.expect("give the template lock back");
            let name = format!("kasa_test_{}", uuid::Uuid::new_v4().simple());
            sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name} TEMPLATE {template}")))
                .execute(&mut *conn)
                .await
                .expect("copy the template database");
            drop(conn);
            admin.pool.close().await;
            (format!("{server}/{name}"), None)
        }
    }
}

/// What tells one build of the tests from another (the test binary's size and time): a template
/// made by an older build, with older migrations or demo content, is never used.
fn build_key() -> String {
    let exe = std::env::current_exe().expect("the test binary's path");
    let meta = std::fs::metadata(exe).expect("the test binary's metadata");
    let time = meta.modified().ok().and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok()).map(|d| d.as_nanos()).unwrap_or(0);
    format!("{:x}{:x}", meta.len(), time)
}

/// Starts the real server on a random port with a fresh database holding the demo content.
pub async fn spawn_app(engine: Engine) -> TestApp {
    spawn_app_with(engine, true).await
}

pub async fn spawn_app_with(engine: Engine, demo: bool) -> TestApp {
    let (url, dir) = prepared_database(engine, demo).await;
    spawn_node(&url, demo, dir, HubTimings::default()).await
}

/// Starts the real server with a fresh database holding the demo content, its state (limits, the
/// edge, the hub) changed by `configure` first.
pub async fn spawn_app_configured(engine: Engine, configure: impl FnOnce(&mut AppState)) -> TestApp {
    let (url, dir) = prepared_database(engine, true).await;
    spawn_node_configured(&url, true, dir, configure).await
}

/// Starts a node on an existing database (a second node of a cluster, or custom hub timings).
pub async fn spawn_node(url: &str, demo: bool, dir: Option<tempdir::Dir>, timings: HubTimings) -> TestApp {
    spawn_node_configured(url, demo, dir, |state| state.hub = std::sync::Arc::new(kasa::hub::Hub::new(timings))).await
}

pub async fn spawn_node_configured(url: &str, demo: bool, dir: Option<tempdir::Dir>, configure: impl FnOnce(&mut AppState)) -> TestApp {
    let db = kasa::serve::prepare(url, demo).await.expect("prepare the database");
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr: SocketAddr = listener.local_addr().unwrap();
    let (tx, rx) = tokio::sync::oneshot::channel::<()>();
    let mut state = AppState::new(db.clone());
    configure(&mut state);
    let hub = state.hub.clone();
    tokio::spawn(async move {
        let _ = kasa::serve::run(listener, state, async move {
            let _ = rx.await;
        })
        .await;
    });
    TestApp {
        address: format!("http://{addr}"),
        db,
        client: reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap(),
        hub,
        _dir: dir,
        shutdown: Some(tx),
    }
}

impl TestApp {
    /// Stops the node as SIGTERM would (hub clients are told to reconnect).
    pub fn stop(&mut self) {
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.address, path)
    }

    pub async fn get(&self, path: &str) -> Response {
        self.client.get(self.url(path)).send().await.expect("request")
    }

    pub async fn get_locale(&self, path: &str, locale: &str) -> Response {
        self.client.get(self.url(path)).header("x-locale", locale).send().await.expect("request")
    }

    pub async fn post_json(&self, path: &str, body: &Value) -> Response {
        self.client.post(self.url(path)).json(body).send().await.expect("request")
    }
}

/// Fires `n` requests released together, as a burst from one address: each task opens its own
/// connection first (a warm-up call), all wait at a barrier, then each sends `make(i, client)`.
/// Answers come back in order as (status, envelope).
pub async fn burst<F>(app: &TestApp, n: usize, make: F) -> Vec<(u16, Value)>
where
    F: Fn(usize, &reqwest::Client) -> reqwest::RequestBuilder + Send + Sync + 'static,
{
    burst_at(&app.address, n, make).await
}

/// [`burst`] against a server at `base` (`http://HOST:PORT`).
pub async fn burst_at<F>(base: &str, n: usize, make: F) -> Vec<(u16, Value)>
where
    F: Fn(usize, &reqwest::Client) -> reqwest::RequestBuilder + Send + Sync + 'static,
{
    let make = std::sync::Arc::new(make);
    let barrier = std::sync::Arc::new(tokio::sync::Barrier::new(n));
    let warm_up = format!("{base}/api/warm-up");
    let tasks: Vec<_> = (0..n)
        .map(|i| {
            let (make, barrier, warm_up) = (make.clone(), barrier.clone(), warm_up.clone());
            tokio::spawn(async move {
                let client = reqwest::Client::builder().pool_max_idle_per_host(1).build().unwrap();
                let _ = client.get(&warm_up).send().await.expect("warm-up").bytes().await;
                barrier.wait().await;
                let resp = make(i, &client).send().await.expect("request");
                let status = resp.status().as_u16();
                let body: Value = resp.json().await.unwrap_or(Value::Null);
                (status, body)
            })
        })
        .collect();
    let mut out = Vec::with_capacity(n);
    for t in tasks {
        out.push(t.await.expect("burst task"));
    }
    out
}

/// How many answers of a burst had `status`.
pub fn count_status(answers: &[(u16, Value)], status: u16) -> usize {
    answers.iter().filter(|(s, _)| *s == status).count()
}

/// Reads a response as the envelope, checking it has the envelope's three keys.
pub async fn envelope(resp: Response) -> Value {
    let body: Value = resp.json().await.expect("a JSON body");
    assert!(body.get("success").is_some_and(Value::is_boolean), "no success flag: {body}");
    assert!(body.get("message").is_some(), "no message key: {body}");
    assert!(body.get("data").is_some(), "no data key: {body}");
    body
}

/// Declares one test per engine: `NAME::on_sqlite` always, `NAME::on_postgres` when
/// `KASA_TEST_POSTGRES_URL` is set (otherwise it says so and passes, or fails under `CI=true`). `@with SPAWN;` starts the app
/// with another `async fn(Engine) -> TestApp` than `spawn_app`.
#[macro_export]
macro_rules! on_both_engines {
    ($(#[$meta:meta])* async fn $name:ident($app:ident) $body:block) => {
        $crate::on_both_engines!(@with $crate::helpers::spawn_app; async fn $name($app) $body);
    };
    (@with $spawn:path; async fn $name:ident($app:ident) $body:block) => {
        mod $name {
            #[allow(unused_imports)]
            use super::*;
            async fn run($app: $crate::helpers::TestApp) $body

            #[tokio::test]
            async fn on_sqlite() {
                run($spawn($crate::helpers::Engine::Sqlite).await).await;
            }

            #[tokio::test]
            async fn on_postgres() {
                if !$crate::helpers::postgres_available("the PostgreSQL run") {
                    return;
                }
                run($spawn($crate::helpers::Engine::Postgres).await).await;
            }
        }
    };
}

/// Inserts a player straight into `players` and opens their wallet; the player's id.
pub async fn insert_player(app: &TestApp, username: &str) -> i64 {
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO players (username, username_key, email, email_key, phone, name, surname, password_hash, created_at) \
         VALUES ($1, $2, $3, $4, $5, 'Test', 'Player', 'not-a-hash', $6) RETURNING id",
    )
    .bind(username)
    .bind(username.to_lowercase())
    .bind(format!("{username}@example.com"))
    .bind(format!("{}@example.com", username.to_lowercase()))
    .bind(format!("+90555{:07}", username.bytes().fold(7u64, |h, b| h.wrapping_mul(31).wrapping_add(b as u64)) % 10_000_000))
    .bind(kasa::db::now_ms())
    .fetch_one(&app.db.pool)
    .await
    .expect("insert a player");
    let mut conn = app.db.pool.acquire().await.unwrap();
    kasa::wallet::ensure_wallet(&mut conn, id).await.unwrap();
    id
}
