//! The security headers of every answer: the Content-Security-Policy (the site itself, the inline
//! scripts it serves by their hash, the live chat's origin), `nosniff` and the referrer policy.

use base64::Engine as _;
use sha2::{Digest, Sha256};

use crate::helpers::{Engine, TestApp, envelope, spawn_app, spawn_app_configured};

/// The sources of one directive of a policy.
fn directive<'a>(policy: &'a str, name: &str) -> Vec<&'a str> {
    let found = policy.split(';').map(str::trim).find(|d| d.split_whitespace().next() == Some(name));
    found.unwrap_or_else(|| panic!("no {name} in {policy}")).split_whitespace().skip(1).collect()
}

fn sha256_source(text: &str) -> String {
    format!("'sha256-{}'", base64::engine::general_purpose::STANDARD.encode(Sha256::digest(text.as_bytes())))
}

async fn policy_of(app: &TestApp, path: &str) -> String {
    let resp = app.get(path).await;
    resp.headers().get("content-security-policy").unwrap_or_else(|| panic!("{path}: no CSP")).to_str().unwrap().to_string()
}

/// The app's entry script, which `index.html`'s loader fetches from `/assets/` (its list's `entry`).
async fn an_asset(app: &TestApp) -> String {
    let html = app.get("/").await.text().await.unwrap();
    let at = html.find("\"entry\":\"/assets/").expect("index.html lists its entry script in /assets/") + 9;
    html[at..].split('"').next().unwrap().to_string()
}

#[tokio::test]
async fn every_answer_carries_the_security_headers() {
    // Arrange
    let app = spawn_app(Engine::Sqlite).await;
    let asset = an_asset(&app).await;
    let paths = [
        "/",
        "/casino/slot",
        asset.as_str(),
        "/media/logo.svg",
        "/api/cms/grouped",
        "/api/user/balance",
        "/api/no/such/call",
        "/missing.js",
    ];

    for path in paths {
        // Act
        let resp = app.get(path).await;

        // Assert
        let h = resp.headers();
        assert_eq!(h["x-content-type-options"], "nosniff", "{path}");
        assert_eq!(h["referrer-policy"], "strict-origin-when-cross-origin", "{path}");
        let policy = h["content-security-policy"].to_str().unwrap();
        assert_eq!(directive(policy, "default-src"), ["'self'"], "{path}");
        assert_eq!(directive(policy, "frame-ancestors"), ["'self'"], "{path}");
        assert_eq!(directive(policy, "object-src"), ["'none'"], "{path}");
        let scripts = directive(policy, "script-src");
        assert_eq!(scripts[0], "'self'", "{path}");
        assert!(scripts[1..].iter().all(|s| s.starts_with("'sha256-")), "{path}: script-src {scripts:?}");
        assert_eq!(directive(policy, "style-src"), ["'self'", "'unsafe-inline'"], "{path}");
        assert_eq!(directive(policy, "img-src"), ["'self'", "data:", "blob:"], "{path}");
        assert_eq!(directive(policy, "font-src"), ["'self'"], "{path}");
        assert!(!policy.contains('*'), "{path}: a wildcard in {policy}");
    }
}

#[tokio::test]
async fn the_hub_may_be_reached_on_the_site_s_own_websocket_origin() {
    let app = spawn_app(Engine::Sqlite).await;
    let host = app.address.trim_start_matches("http://").to_string();
    let policy = policy_of(&app, "/").await;
    assert_eq!(directive(&policy, "connect-src"), ["'self'".to_string(), format!("ws://{host}"), format!("wss://{host}")]);
}

#[tokio::test]
async fn inline_scripts_run_only_by_their_hash_and_the_fingerprint_collector_is_one_of_them() {
    // Arrange: what the app runs inline: the scripts written in index.html, and the collector of
    // cms/coveryjs, which it inserts as a script element's text.
    let app = spawn_app(Engine::Sqlite).await;
    let html = app.get("/").await.text().await.unwrap();
    let collector = envelope(app.get("/api/cms/coveryjs").await).await["data"].as_str().unwrap().to_string();

    // Act
    let policy = policy_of(&app, "/").await;
    let scripts = directive(&policy, "script-src");

    // Assert
    let mut inline: Vec<&str> = kasa::security_headers::inline_elements(&html, "script");
    inline.push(&collector);
    for text in inline {
        assert!(scripts.contains(&sha256_source(text).as_str()), "no hash of the inline script {text:.60} in {scripts:?}");
    }
    assert_eq!(scripts.len(), 1 + scripts.iter().filter(|s| s.starts_with("'sha256-")).count(), "{scripts:?}");
    assert!(!scripts.contains(&"'unsafe-inline'") && !scripts.contains(&"'unsafe-eval'"), "{scripts:?}");
}

#[tokio::test]
async fn the_configured_live_chat_origin_is_allowed_and_no_other_host() {
    // Arrange
    let app = spawn_app_configured(Engine::Sqlite, |s| s.live_chat_origin = Some("https://chat.example.com".into())).await;

    // Act
    let policy = policy_of(&app, "/dashboard").await;

    // Assert
    for name in ["script-src", "style-src", "img-src", "font-src", "frame-src", "connect-src"] {
        assert!(directive(&policy, name).contains(&"https://chat.example.com"), "{name}: {policy}");
    }
    assert!(directive(&policy, "connect-src").contains(&"wss://chat.example.com"), "{policy}");
    assert_eq!(directive(&policy, "default-src"), ["'self'"]);
    assert_eq!(directive(&policy, "frame-ancestors"), ["'self'"]);
    let hosts: Vec<&str> = policy.split([' ', ';']).filter(|s| s.contains("://")).collect();
    assert!(
        hosts.iter().all(|h| h.ends_with("://chat.example.com") || h.ends_with(app.address.trim_start_matches("http://"))),
        "{hosts:?}"
    );
}
