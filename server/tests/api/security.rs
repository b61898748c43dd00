//! Security under concurrency: every code check and limit holds when the requests come as one
//! burst (opened first, released together), as an attacker or a busy Saturday night sends them.

use serde_json::{Value, json};

use crate::accounts::{full_form, registered, with};
use crate::helpers::{Engine, TestApp, burst, burst_at, count_status, envelope, fresh_database, spawn_app_configured};
use crate::on_both_engines;
use kasa::ratelimit::Limit;

const PHONE: &str = "905321234567";

/// A node whose code-check limits are far away, so the code's own attempt count is what stops a burst.
async fn loose_code_limits(engine: Engine) -> TestApp {
    spawn_app_configured(engine, |s| {
        s.limits.code_user = Limit { max: 1000, window_secs: 900 };
        s.limits.code_ip = Limit { max: 1000, window_secs: 900 };
    })
    .await
}

/// `n` six-digit codes, none of them `right`.
fn wrong_codes(right: &str, n: usize) -> Vec<String> {
    let right: u32 = right.parse().unwrap();
    (1..=n as u32).map(|i| format!("{:06}", (right + i * 7919) % 1_000_000)).collect()
}

fn message(answer: &(u16, Value)) -> String {
    answer.1["message"].as_str().unwrap_or_default().to_string()
}

async fn scalar(app: &TestApp, sql: &'static str) -> i64 {
    sqlx::query_scalar(sql).fetch_one(&app.db.pool).await.unwrap()
}

on_both_engines! {
    @with loose_code_limits;
    async fn fifty_parallel_wrong_reset_codes_burn_the_code_and_the_right_one_is_refused_afterwards(app) {
        // Arrange
        registered(&app).await;
        app.post_json("/api/auth/sendresetpassword", &json!({"username": "aysegul1"})).await;
        let right = app.last_code_to("ayse@example.com").await;
        let guesses = wrong_codes(&right, 50);
        let url = app.url("/api/auth/checkresetcode");

        // Act
        let answers = burst(&app, 50, move |i, c| {
            c.post(&url).header("x-locale", "en").json(&json!({"username": "aysegul1", "code": guesses[i]}))
        })
        .await;

        // Assert: five tries were counted, and only those were compared.
        assert_eq!(count_status(&answers, 400), 50, "{answers:?}");
        let evaluated_wrong = answers.iter().filter(|a| message(a) == "The code is incorrect.").count();
        assert!(evaluated_wrong <= 4, "{evaluated_wrong} guesses were compared");
        assert_eq!(scalar(&app, "SELECT attempts FROM one_time_codes").await, 5);
        let late = envelope(app.client.post(app.url("/api/auth/checkresetcode")).header("x-locale", "en")
            .json(&json!({"username": "aysegul1", "code": right})).send().await.unwrap()).await;
        assert_eq!(late["success"], false, "{late}");
        assert_eq!(late["message"], "Too many incorrect attempts. Please request a new code.");
        let changed = app.post_json("/api/auth/changepasswordwithcode",
            &json!({"username": "aysegul1", "code": right, "password": "ele123456", "password2": "ele123456"})).await;
        assert_eq!(changed.status(), 400);
    }
}

on_both_engines! {
    @with loose_code_limits;
    async fn fifty_parallel_wrong_sms_codes_burn_the_code_and_the_right_one_is_refused_afterwards(app) {
        // Arrange
        let token = registered(&app).await;
        app.post_auth("/api/customer/updatephone", &token, &json!({"step": 1, "phone": PHONE})).await;
        let right = app.last_code_to(PHONE).await;
        let guesses = wrong_codes(&right, 50);
        let url = app.url("/api/customer/updatephone");
        let bearer = token.clone();

        // Act
        let answers = burst(&app, 50, move |i, c| {
            c.post(&url).bearer_auth(&bearer).header("x-locale", "en").json(&json!({"step": 2, "phone": PHONE, "code": guesses[i]}))
        })
        .await;

        // Assert
        assert_eq!(count_status(&answers, 400), 50, "{answers:?}");
        let evaluated_wrong = answers.iter().filter(|a| message(a) == "The code is incorrect.").count();
        assert!(evaluated_wrong <= 4, "{evaluated_wrong} guesses were compared");
        assert_eq!(scalar(&app, "SELECT attempts FROM one_time_codes").await, 5);
        let late = app.post_auth("/api/customer/updatephone", &token, &json!({"step": 2, "phone": PHONE, "code": right})).await;
        assert_eq!(late.status(), 400);
        assert_eq!(scalar(&app, "SELECT phone_verified FROM players").await, 0);
    }
}

on_both_engines! {
    async fn reset_code_checks_are_limited_per_username_and_per_ip(app) {
        // Arrange: a reset code exists, so every check below is a real comparison.
        registered(&app).await;
        app.post_json("/api/auth/sendresetpassword", &json!({"username": "aysegul1"})).await;
        let url = app.url("/api/auth/checkresetcode");

        // Act: 30 checks for one username, then 40 new-password calls spread over usernames.
        let per_user = burst(&app, 30, move |_, c| c.post(&url).json(&json!({"username": "aysegul1", "code": "000000x"}))).await;
        let url = app.url("/api/auth/changepasswordwithcode");
        let per_ip = burst(&app, 40, move |i, c| {
            c.post(&url).json(&json!({"username": format!("someone{i:03}"), "code": "123456", "password": "abc12345", "password2": "abc12345"}))
        })
        .await;

        // Assert: 10 per username (the default), 30 per IP in all (10 of them spent above).
        assert_eq!(count_status(&per_user, 429), 20, "{per_user:?}");
        assert_eq!(count_status(&per_user, 400), 10);
        assert_eq!(count_status(&per_ip, 400), 20, "{per_ip:?}");
        assert_eq!(count_status(&per_ip, 429), 20);
    }
}

on_both_engines! {
    async fn fifty_parallel_wrong_passwords_for_one_username_are_evaluated_at_most_five_times(app) {
        // Arrange
        registered(&app).await;
        let url = app.url("/api/auth/login");

        // Act
        let answers = burst(&app, 50, move |i, c| c.post(&url).json(&json!({"username": "aysegul1", "password": format!("yanlis{i:03}")}))).await;

        // Assert
        assert_eq!(count_status(&answers, 400), 5, "{answers:?}");
        assert_eq!(count_status(&answers, 429), 45);
        let right = app.post_json("/api/auth/login", &json!({"username": "aysegul1", "password": "gizli123"})).await;
        assert_eq!(right.status(), 429, "the lock holds for the right password too");
    }
}

on_both_engines! {
    async fn twenty_parallel_guesses_of_the_current_password_are_evaluated_at_most_five_times(app) {
        // Arrange: a logged-in session (a thief's, say) guessing the password on the dashboard.
        let token = registered(&app).await;
        let url = app.url("/api/customer/changepassword");
        let bearer = token.clone();

        // Act
        let answers = burst(&app, 20, move |i, c| {
            c.post(&url).bearer_auth(&bearer).json(&json!({"oldPassword": format!("tahmin{i:03}"), "password": "yeni12345", "confirmPassword": "yeni12345"}))
        })
        .await;

        // Assert: five wrong guesses were checked; then even the right password is locked out.
        assert_eq!(count_status(&answers, 422), 5, "{answers:?}");
        assert_eq!(count_status(&answers, 429), 15);
        let right = app.post_auth("/api/customer/changepassword", &token,
            &json!({"oldPassword": "gizli123", "password": "yeni12345", "confirmPassword": "yeni12345"})).await;
        assert_eq!(right.status(), 429);
        let login = app.post_json("/api/auth/login", &json!({"username": "aysegul1", "password": "gizli123"})).await;
        assert_eq!(login.status(), 429, "the lock is the login's too");
    }
}

on_both_engines! {
    async fn thirty_parallel_sms_requests_to_one_phone_send_one_sms(app) {
        // Arrange
        let token = registered(&app).await;
        let url = app.url("/api/customer/updatephone");

        // Act
        let answers = burst(&app, 30, move |_, c| c.post(&url).bearer_auth(&token).json(&json!({"step": 1, "phone": PHONE}))).await;

        // Assert
        assert_eq!(count_status(&answers, 200), 1, "{answers:?}");
        assert_eq!(count_status(&answers, 429), 29);
        let sent: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM outbox_messages WHERE recipient = $1")
            .bind(PHONE).fetch_one(&app.db.pool).await.unwrap();
        assert_eq!(sent, 1);
    }
}

on_both_engines! {
    async fn forty_parallel_registrations_from_one_ip_create_at_most_ten_players(app) {
        // Act
        let url = app.url("/api/auth/register");
        let answers = burst(&app, 40, move |i, c| {
            c.post(&url).json(&json!({"name": "Deniz", "surname": "Kaya", "username": format!("seri{i:03}ab"),
                "email": format!("seri{i}@example.com"), "phone": format!("9053300{i:05}"), "password": "gizli123",
                "password2": "gizli123", "isFast": true, "acceptTerms": true}))
        })
        .await;

        // Assert
        assert_eq!(count_status(&answers, 200), 10, "{answers:?}");
        assert_eq!(count_status(&answers, 429), 30);
        assert_eq!(scalar(&app, "SELECT COUNT(*) FROM players").await, 10);
    }
}

on_both_engines! {
    async fn thirty_parallel_reset_requests_for_one_player_send_one_email(app) {
        // Arrange: a looser IP limit, so the per-player rule is what is tested.
        registered(&app).await;
        let url = app.url("/api/auth/sendresetpassword");

        // Act
        let answers = burst(&app, 30, move |_, c| c.post(&url).json(&json!({"username": "aysegul1"}))).await;

        // Assert: ten pass the IP limit (all answered alike), one e-mail leaves.
        assert_eq!(count_status(&answers, 200), 10, "{answers:?}");
        assert_eq!(count_status(&answers, 429), 20);
        let mails: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM outbox_messages WHERE recipient = $1")
            .bind("ayse@example.com").fetch_one(&app.db.pool).await.unwrap();
        assert_eq!(mails, 1);
    }
}

on_both_engines! {
    async fn failed_registrations_count_against_the_ip_limit(app) {
        // Arrange
        registered(&app).await;

        // Act: nine probes (four of the taken phone, five of the taken ID number), then a valid registration.
        for i in 0..9 {
            let fresh = json!({"username": format!("probe{i:02}ab"), "email": format!("probe{i}@example.com")});
            let probe = if i < 4 {
                with(full_form(), with(fresh, json!({"PersonalNo": null, "birthDate": null, "birthDateDay": null,
                    "birthDateMonth": null, "birthDateYear": null, "country": null, "isFast": true})))
            } else {
                with(full_form(), with(fresh, json!({"phone": format!("90555000{i:04}")})))
            };
            let resp = app.post_json("/api/auth/register", &probe).await;
            assert_eq!(resp.status(), 409, "probe {i}");
        }
        let valid = with(full_form(), json!({"username": "yenibiri1", "email": "yeni@example.com", "phone": "905559876543", "PersonalNo": "10000000078"}));
        let resp = app.post_json("/api/auth/register", &valid).await;

        // Assert: the probes used up the hour's ten registrations from this IP.
        assert_eq!(resp.status(), 429);
        assert_eq!(scalar(&app, "SELECT COUNT(*) FROM players").await, 1);
    }
}

on_both_engines! {
    async fn sixty_parallel_fingerprint_logs_from_one_ip_store_at_most_thirty(app) {
        // Act
        let url = app.url("/api/cms/fingerprintlog");
        let padding = "x".repeat(15 * 1024);
        let answers = burst(&app, 60, move |i, c| {
            c.post(&url).json(&json!({"visitorId": format!("v{i}"), "components": {"pad": padding}}))
        })
        .await;

        // Assert
        assert_eq!(count_status(&answers, 200), 30, "{answers:?}");
        assert_eq!(count_status(&answers, 429), 30);
        assert_eq!(scalar(&app, "SELECT COUNT(*) FROM fingerprint_logs").await, 30);
    }
}

on_both_engines! {
    async fn an_oversized_body_gets_413_and_a_wrong_content_type_415_changing_nothing(app) {
        // Act
        let big = json!({"visitorId": "v1", "components": {"pad": "x".repeat(100 * 1024)}});
        let too_large = app.client.post(app.url("/api/cms/fingerprintlog")).header("x-locale", "en").json(&big).send().await.unwrap();
        let form = app.client.post(app.url("/api/auth/login")).header("x-locale", "en")
            .header("content-type", "application/x-www-form-urlencoded").body("username=aysegul1&password=gizli123").send().await.unwrap();

        // Assert
        assert_eq!(too_large.status(), 413);
        assert_eq!(envelope(too_large).await["message"], "The data sent is too large.");
        assert_eq!(form.status(), 415);
        assert_eq!(envelope(form).await["message"], "The data must be sent as JSON.");
        assert_eq!(scalar(&app, "SELECT COUNT(*) FROM fingerprint_logs").await, 0);
    }
}

/// A node that gives a client one second for its headers and one for its whole request.
async fn impatient(engine: Engine) -> TestApp {
    spawn_app_configured(engine, |s| {
        let mut edge = s.edge;
        edge.header_timeout = std::time::Duration::from_secs(1);
        edge.request_timeout = std::time::Duration::from_secs(1);
        s.set_edge(edge);
    })
    .await
}

/// Sends `head` and waits for the server to close the connection; returns what it answered.
async fn sent_slowly(app: &TestApp, head: &str) -> (std::time::Duration, String) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut socket = tokio::net::TcpStream::connect(app.address.trim_start_matches("http://")).await.unwrap();
    let start = std::time::Instant::now();
    socket.write_all(head.as_bytes()).await.unwrap();
    let mut answer = Vec::new();
    let read = tokio::time::timeout(std::time::Duration::from_secs(10), socket.read_to_end(&mut answer)).await;
    assert!(read.is_ok(), "the connection was still open after 10 s");
    (start.elapsed(), String::from_utf8_lossy(&answer).to_string())
}

on_both_engines! {
    @with impatient;
    async fn a_request_sent_too_slowly_is_answered_and_closed_after_the_timeout(app) {
        // Act: headers that never end; then a body that never comes.
        let (headers_after, _) = sent_slowly(&app, "POST /api/auth/login HTTP/1.1\r\nHost: kasa\r\nContent-Type: application/json\r\n").await;
        let (body_after, answer) = sent_slowly(&app,
            "POST /api/auth/login HTTP/1.1\r\nHost: kasa\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"user").await;

        // Assert
        assert!(headers_after < std::time::Duration::from_secs(4), "closed after {headers_after:?}");
        assert!(body_after < std::time::Duration::from_secs(4), "closed after {body_after:?}");
        assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    }
}

on_both_engines! {
    async fn pruning_old_events_and_rate_hits_uses_an_index(app) {
        // Arrange: on PostgreSQL, the planner must not fall back to a scan on a small table.
        let mut conn = app.db.pool.acquire().await.unwrap();
        let (explain, plan_of): (&str, fn(&sqlx::any::AnyRow) -> String) = match app.db.engine {
            kasa::db::Engine::Sqlite => ("EXPLAIN QUERY PLAN ", |r| sqlx::Row::try_get::<String, _>(r, 3).unwrap()),
            kasa::db::Engine::Postgres => {
                sqlx::query("SET enable_seqscan = off").execute(&mut *conn).await.unwrap();
                ("EXPLAIN ", |r| sqlx::Row::try_get::<String, _>(r, 0).unwrap())
            }
        };

        for (table, column) in [("events", "created_at"), ("rate_events", "at")] {
            // Act
            let sql = format!("{explain}DELETE FROM {table} WHERE {column} < 1");
            let rows = sqlx::query(sqlx::AssertSqlSafe(sql)).fetch_all(&mut *conn).await.unwrap();
            let plan: Vec<String> = rows.iter().map(plan_of).collect();

            // Assert
            assert!(plan.iter().any(|l| l.to_lowercase().contains("index")), "{table}: {plan:?}");
        }
    }
}

/// Runs the real `kasa` binary on `database_url`, sends 200 logins for unknown usernames released
/// together (the IP limit set out of the way), and returns the node's peak memory (KiB) and the answers.
async fn login_burst_against_the_binary(database_url: &str) -> (u64, Vec<(u16, Value)>) {
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let mut node = tokio::process::Command::new(env!("CARGO_BIN_EXE_kasa"))
        .args(["serve", "--addr", &format!("127.0.0.1:{port}"), "--database-url", database_url])
        .env("KASA_LIMIT_LOGIN_IP", "100000/900")
        .env("KASA_LOG", "warn")
        .kill_on_drop(true)
        .spawn()
        .unwrap();
    let base = format!("http://127.0.0.1:{port}");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    while reqwest::get(format!("{base}/api/auth/form")).await.is_err() {
        assert!(std::time::Instant::now() < deadline, "the node did not start");
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let url = format!("{base}/api/auth/login");
    let answers =
        burst_at(&base, 200, move |i, c| c.post(&url).json(&json!({"username": format!("yok{i:05}"), "password": "yanlis123"}))).await;
    let status = std::fs::read_to_string(format!("/proc/{}/status", node.id().unwrap())).unwrap();
    let peak_kib = status.lines().find(|l| l.starts_with("VmHWM:")).and_then(|l| l.split_whitespace().nth(1)?.parse().ok()).unwrap();
    let _ = node.kill().await;
    (peak_kib, answers)
}

fn assert_hashing_was_bounded(peak_kib: u64, answers: &[(u16, Value)]) {
    let (evaluated, busy) = (count_status(answers, 400), count_status(answers, 503));
    eprintln!("200 parallel logins: peak memory {} MB, {evaluated} evaluated, {busy} refused as busy", peak_kib / 1024);
    assert!(peak_kib < 300 * 1024, "peak memory {} MB", peak_kib / 1024);
    // Each login was either evaluated (a wrong password) or refused at once as busy; none failed.
    assert_eq!(evaluated + busy, 200, "{answers:?}");
    assert!(evaluated >= 2, "{evaluated} evaluated");
}

#[tokio::test]
async fn two_hundred_parallel_logins_keep_the_node_under_300_mb_on_sqlite() {
    let (url, _dir) = fresh_database(Engine::Sqlite).await;
    let (peak, answers) = login_burst_against_the_binary(&url).await;
    assert_hashing_was_bounded(peak, &answers);
}

#[tokio::test]
async fn two_hundred_parallel_logins_keep_the_node_under_300_mb_on_postgres() {
    if !crate::helpers::postgres_available("PostgreSQL run") {
        return;
    }
    let (url, _) = fresh_database(Engine::Postgres).await;
    let (peak, answers) = login_burst_against_the_binary(&url).await;
    assert_hashing_was_bounded(peak, &answers);
}
