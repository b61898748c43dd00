//! The `kasa` command itself: bad configuration stops it with one line; the operator's commands.

use std::process::Command;

use serde_json::{Value, json};

use crate::helpers::{Engine, envelope, fresh_database, spawn_app};

fn kasa(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_kasa")).args(args).env_remove("DATABASE_URL").env("KASA_LOG", "error").output().expect("run kasa")
}

fn one_line_error(out: &std::process::Output) -> String {
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr).trim().to_string();
    assert_eq!(err.lines().count(), 1, "more than one line: {err}");
    assert!(err.starts_with("kasa: error: "), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    err
}

#[test]
fn an_unknown_database_scheme_stops_kasa_with_one_line() {
    let err = one_line_error(&kasa(&["migrate", "--database-url", "mysql://root@localhost/kasa"]));
    assert!(err.contains("unknown database URL scheme"), "{err}");
}

#[test]
fn an_unreachable_database_stops_kasa_with_one_line() {
    let err = one_line_error(&kasa(&["migrate", "--database-url", "postgres://postgres@127.0.0.1:1/kasa"]));
    assert!(err.contains("cannot connect to the database") && err.contains("refused"), "{err}");
}

#[test]
fn a_bad_setting_stops_kasa_with_one_line_naming_it() {
    let out = Command::new(env!("CARGO_BIN_EXE_kasa"))
        .args(["serve", "--addr", "127.0.0.1:0", "--database-url", "sqlite://unused.db"])
        .env("KASA_HUB_MAX_PER_IP", "none")
        .output()
        .expect("run kasa");
    let err = one_line_error(&out);
    assert!(err.contains("KASA_HUB_MAX_PER_IP") && err.contains("'none'"), "{err}");
}

#[test]
fn a_port_in_use_stops_kasa_with_one_line() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = taken.local_addr().unwrap().to_string();
    let dir = std::env::temp_dir().join(format!("kasa-cli-{}", uuid::Uuid::new_v4().simple()));
    let url = format!("sqlite://{}/k.db?mode=rwc", dir.display());
    let err = one_line_error(&kasa(&["serve", "--addr", &addr, "--database-url", &url]));
    assert!(err.contains("cannot listen on"), "{err}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn the_help_explains_every_subcommand() {
    let out = kasa(&["--help"]);
    let text = String::from_utf8_lossy(&out.stdout);
    for sub in ["serve", "migrate", "outbox", "admin", "openapi"] {
        assert!(text.contains(sub), "{sub} missing from --help");
    }
    let serve = String::from_utf8_lossy(&kasa(&["serve", "--help"]).stdout).to_string();
    for opt in ["--addr", "--database-url", "--demo", "KASA_ADDR", "DATABASE_URL"] {
        assert!(serve.contains(opt), "{opt} missing from serve --help");
    }
}

#[tokio::test]
async fn the_outbox_lists_messages_newest_first_as_json() {
    // Arrange: a player asks for an SMS code.
    let app = spawn_app(Engine::Sqlite).await;
    let reg = envelope(
        app.post_json(
            "/api/auth/register",
            &json!({"name": "Ece", "surname": "Kurt", "username": "ecekurt1", "email": "ece@example.com",
        "phone": "905301112233", "password": "gizli123", "password2": "gizli123", "isFast": true, "acceptTerms": true}),
        )
        .await,
    )
    .await;
    let token = reg["data"]["token"].as_str().unwrap();
    app.post_auth("/api/customer/updatephone", token, &json!({"step": 1, "phone": "905301112233"})).await;
    app.post_json("/api/auth/sendresetpassword", &json!({"username": "ecekurt1"})).await;
    let url = app.db.url.clone();

    // Act
    let out = kasa(&["outbox", "--json", "--database-url", &url]);

    // Assert
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let list: Value = serde_json::from_slice(&out.stdout).unwrap();
    let list = list.as_array().unwrap();
    assert_eq!(list.len(), 2);
    assert_eq!(list[0]["channel"], "email");
    assert_eq!(list[0]["recipient"], "ece@example.com");
    assert_eq!(list[1]["channel"], "sms");
    assert_eq!(list[1]["recipient"], "905301112233");
    assert!(list[1]["text"].as_str().unwrap().chars().filter(char::is_ascii_digit).count() >= 6);
}

#[tokio::test]
async fn admin_wallet_adjust_is_recorded_and_check_names_a_tampered_wallet() {
    let (url, _dir) = fresh_database(Engine::Sqlite).await;
    let app = crate::helpers::spawn_node(&url, true, None, Default::default()).await;
    envelope(
        app.post_json(
            "/api/auth/register",
            &json!({"name": "Can", "surname": "Er", "username": "caner123", "email": "can@example.com",
        "phone": "905301112244", "password": "gizli123", "password2": "gizli123", "isFast": true, "acceptTerms": true}),
        )
        .await,
    )
    .await;

    let adjust = kasa(&[
        "admin",
        "wallet",
        "adjust",
        "--player",
        "caner123",
        "--amount",
        "125,50",
        "--reason",
        "Havale iadesi",
        "--database-url",
        &url,
    ]);
    assert!(adjust.status.success(), "{}", String::from_utf8_lossy(&adjust.stderr));
    let ok = kasa(&["admin", "wallet", "check", "--database-url", &url]);
    assert!(ok.status.success(), "{}", String::from_utf8_lossy(&ok.stdout));
    let reason: String =
        sqlx::query_scalar("SELECT reason FROM transfers WHERE kind = 'adjustment'").fetch_one(&app.db.pool).await.unwrap();
    assert_eq!(reason, "Havale iadesi");

    let refused =
        kasa(&["admin", "wallet", "adjust", "--player", "caner123", "--amount", "-1000", "--reason", "x", "--database-url", &url]);
    one_line_error(&refused);
    // An amount is never guessed or rounded: "1.000" could be one lira or a thousand, 10,004 has a third decimal.
    for inexact in ["1.000", "10,004", "49999.999"] {
        let refused =
            kasa(&["admin", "wallet", "adjust", "--player", "caner123", "--amount", inexact, "--reason", "x", "--database-url", &url]);
        one_line_error(&refused);
    }

    let report = kasa(&["admin", "wallet", "report", "--from", "2020-01-01", "--json", "--database-url", &url]);
    assert!(report.status.success(), "{}", String::from_utf8_lossy(&report.stderr));
    let report: Value = serde_json::from_slice(&report.stdout).unwrap();
    assert_eq!(report["adjustments"], 12_550);
    let text = kasa(&["admin", "wallet", "report", "--database-url", &url]);
    assert!(String::from_utf8_lossy(&text.stdout).contains("125,50 ₺"), "{}", String::from_utf8_lossy(&text.stdout));
    one_line_error(&kasa(&["admin", "wallet", "report", "--from", "23.11.2026", "--database-url", &url]));

    sqlx::query("UPDATE account_balances SET posted = posted + 1 WHERE pocket = 'real'").execute(&app.db.pool).await.unwrap();
    let bad = kasa(&["admin", "wallet", "check", "--database-url", &url]);
    assert!(!bad.status.success());
    let report = String::from_utf8_lossy(&bad.stdout);
    assert!(report.contains("caner123") && report.contains("do not sum to zero"), "{report}");
}

#[tokio::test]
async fn the_operator_changes_payment_methods_by_export_and_import_and_players_see_it_at_once() {
    // Arrange: a site with the demo methods.
    let (url, _dir) = fresh_database(Engine::Sqlite).await;
    let app = crate::helpers::spawn_node(&url, true, None, Default::default()).await;
    let token = crate::accounts::registered(&app).await;
    let exported = kasa(&["admin", "payments", "methods", "export", "--database-url", &url]);
    assert!(exported.status.success(), "{}", String::from_utf8_lossy(&exported.stderr));
    let mut methods: Value = serde_json::from_slice(&exported.stdout).unwrap();
    assert_eq!(methods.as_array().unwrap().len(), 5);

    // Act: the card deposit's maximum raised, the e-wallet deposit switched off, a new method added.
    let list = methods.as_array_mut().unwrap();
    let card = list.iter_mut().find(|m| m["code"] == "card").unwrap();
    card["max"] = json!(30000);
    let ewallet = list.iter_mut().find(|m| m["id"] == 3).unwrap();
    ewallet["enabled"] = json!(false);
    let mut extra = list.iter().find(|m| m["id"] == 1).unwrap().clone();
    extra["id"] = json!(9);
    extra["code"] = json!("fast_havale");
    extra["title"] = json!({"tr": "Hızlı Havale", "en": "Fast Transfer"});
    list.push(extra);
    let file = _dir.as_ref().expect("a SQLite folder").0.join("methods.json");
    std::fs::write(&file, serde_json::to_string(&methods).unwrap()).unwrap();
    let imported = kasa(&["admin", "payments", "methods", "import", file.to_str().unwrap(), "--database-url", &url]);

    // Assert: the players' list changed at once.
    assert!(imported.status.success(), "{}", String::from_utf8_lossy(&imported.stderr));
    assert!(String::from_utf8_lossy(&imported.stdout).contains("1 added, 5 updated"));
    let listed = deposit_methods(&app, &token).await;
    let listed = listed["data"].as_array().unwrap();
    let ids: Vec<i64> = listed.iter().map(|m| m["id"].as_i64().unwrap()).collect();
    assert_eq!(ids, vec![1, 2, 9]);
    assert_eq!(listed[1]["max"], 30000.0);
    assert_eq!(listed[2]["title"], "Hızlı Havale");
}

#[tokio::test]
async fn an_import_that_changes_a_methods_code_or_is_broken_changes_nothing() {
    let (url, _dir) = fresh_database(Engine::Sqlite).await;
    let app = crate::helpers::spawn_node(&url, true, None, Default::default()).await;
    let token = crate::accounts::registered(&app).await;
    let exported = kasa(&["admin", "payments", "methods", "export", "--database-url", &url]);
    let mut methods: Value = serde_json::from_slice(&exported.stdout).unwrap();
    methods[0]["max"] = json!(40000);
    methods[1]["code"] = json!("other_card");
    let file = _dir.as_ref().expect("a SQLite folder").0.join("methods.json");
    std::fs::write(&file, serde_json::to_string(&methods).unwrap()).unwrap();

    let refused = kasa(&["admin", "payments", "methods", "import", file.to_str().unwrap(), "--database-url", &url]);
    let error = one_line_error(&refused);
    assert!(error.contains("cannot change"), "{error}");
    std::fs::write(&file, "[{\"id\": 1}]").unwrap();
    one_line_error(&kasa(&["admin", "payments", "methods", "import", file.to_str().unwrap(), "--database-url", &url]));

    let listed = deposit_methods(&app, &token).await;
    assert_eq!(listed["data"][0]["max"], 50000.0, "the first method kept its limit");
    assert_eq!(listed["data"][1]["id"], 2);
}

#[tokio::test]
async fn a_disabled_method_is_hidden_from_players_until_enabled_again() {
    let (url, _dir) = fresh_database(Engine::Sqlite).await;
    let app = crate::helpers::spawn_node(&url, true, None, Default::default()).await;
    let token = crate::accounts::registered(&app).await;

    assert!(kasa(&["admin", "payments", "methods", "disable", "2", "--database-url", &url]).status.success());
    let listed = deposit_methods(&app, &token).await;
    assert!(listed["data"].as_array().unwrap().iter().all(|m| m["id"] != 2));
    one_line_error(&kasa(&["admin", "payments", "methods", "disable", "77", "--database-url", &url]));

    assert!(kasa(&["admin", "payments", "methods", "enable", "2", "--database-url", &url]).status.success());
    let listed = deposit_methods(&app, &token).await;
    assert!(listed["data"].as_array().unwrap().iter().any(|m| m["id"] == 2));
    let list = kasa(&["admin", "payments", "methods", "list", "--database-url", &url]);
    assert!(String::from_utf8_lossy(&list.stdout).contains("#2 deposit"), "{}", String::from_utf8_lossy(&list.stdout));
}

/// The deposit methods a logged-in player is offered.
async fn deposit_methods(app: &crate::helpers::TestApp, token: &str) -> Value {
    envelope(app.client.get(app.url("/api/payment/methods?type=1")).bearer_auth(token).send().await.unwrap()).await
}

/// `kasa admin ...` with the test servers' documents folder.
fn kasa_with_documents(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_kasa"))
        .args(args)
        .env_remove("DATABASE_URL")
        .env("KASA_LOG", "error")
        .env("KASA_DOCUMENTS_DIR", std::env::temp_dir().join("kasa-documents"))
        .output()
        .expect("run kasa")
}

#[tokio::test]
async fn the_operator_lists_and_shows_identity_documents_and_excludes_a_player_from_the_shell_never_shortening_it() {
    // Arrange: a player with a passport uploaded.
    let (url, _dir) = fresh_database(Engine::Sqlite).await;
    let app = crate::helpers::spawn_node(&url, true, None, Default::default()).await;
    let token = crate::accounts::registered_as(&app, "deniz456", "905301112255").await;
    let png = b"\x89PNG\r\n\x1a\n-a-passport-page".to_vec();
    let (uploaded, _) = crate::kyc::upload(&app, &token, "identity", "passport", Some("front"), png.clone(), "p.png").await;
    assert_eq!(uploaded, 200);
    let out = std::env::temp_dir().join(format!("kasa-doc-{}.png", uuid::Uuid::new_v4().simple()));
    let out_text = out.display().to_string();

    // Act
    let listed = kasa_with_documents(&["admin", "kyc", "list", "--database-url", &url]);
    let shown = kasa_with_documents(&["admin", "kyc", "show", "--id", "1", "--out", &out_text, "--database-url", &url]);
    let bad_state = kasa_with_documents(&["admin", "kyc", "list", "--state", "lost", "--database-url", &url]);
    let excluded = kasa(&["admin", "player", "exclude", "--player", "deniz456", "--term", "6m", "--database-url", &url]);
    let shorter = kasa(&["admin", "player", "exclude", "--player", "deniz456", "--term", "24h", "--database-url", &url]);
    let bad_term = kasa(&["admin", "player", "exclude", "--player", "deniz456", "--term", "forever-ish", "--database-url", &url]);
    let offer = kasa(&[
        "admin",
        "notify",
        "--player",
        "deniz456",
        "--type",
        "bonus",
        "--title",
        "Bonus",
        "--note",
        "Come back",
        "--database-url",
        &url,
    ]);
    let service = kasa(&[
        "admin",
        "notify",
        "--player",
        "deniz456",
        "--type",
        "system",
        "--title",
        "Hesap",
        "--note",
        "Bilgi",
        "--database-url",
        &url,
    ]);
    let login = app
        .client
        .post(app.url("/api/auth/login"))
        .header("x-locale", "en")
        .json(&json!({"username": "deniz456", "password": "gizli123"}))
        .send()
        .await
        .unwrap();
    let login_status = login.status().as_u16();
    let login_body = envelope(login).await;

    // Assert
    let listed = String::from_utf8_lossy(&listed.stdout).to_string();
    assert!(listed.contains("#1 player") && listed.contains("identity passport front pending"), "{listed}");
    assert!(shown.status.success(), "{}", String::from_utf8_lossy(&shown.stderr));
    assert!(String::from_utf8_lossy(&shown.stdout).contains("mime image/png"), "{}", String::from_utf8_lossy(&shown.stdout));
    assert_eq!(std::fs::read(&out).unwrap(), png, "the file as the player sent it");
    let _ = std::fs::remove_file(&out);
    assert!(one_line_error(&bad_state).contains("unknown state 'lost'"));
    assert!(excluded.status.success(), "{}", String::from_utf8_lossy(&excluded.stderr));
    assert!(
        String::from_utf8_lossy(&excluded.stdout).starts_with("deniz456: exclusion until "),
        "{}",
        String::from_utf8_lossy(&excluded.stdout)
    );
    // A shorter term beside the running one changes nothing: the operator cannot lift it early.
    assert!(shorter.status.success(), "{}", String::from_utf8_lossy(&shorter.stderr));
    assert!(one_line_error(&bad_term).contains("unknown term"));
    assert!(one_line_error(&offer).contains("no bonus offer may reach them"), "no marketing reaches a closed account");
    assert!(service.status.success(), "a service message still may: {}", String::from_utf8_lossy(&service.stderr));
    assert_eq!(login_status, 403, "{login_body}");
    assert_eq!(login_body["data"]["closure"], "exclusion", "{login_body}");
    let until = login_body["data"]["until"].as_i64().unwrap();
    assert!(until - kasa::db::now_ms() > 150 * 86_400_000, "still the six months: {login_body}");
    let sessions: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM sessions WHERE ended_at IS NULL").fetch_one(&app.db.pool).await.unwrap();
    assert_eq!(sessions, 0, "the player's sessions ended");
}
