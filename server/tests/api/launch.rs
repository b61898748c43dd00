//! The outside providers' launch calls (issue 15): each with its own fields, login required, a bad
//! field named (422), an unknown game refused, and with no configured credentials a clear
//! 'provider not available' failure in the request's language (400, success false). Digitain's
//! static files under `/launch/digitain/`: a plain 404 when no static host is configured, the
//! host's file (status, type, query passed) when one is. On both engines.

use serde_json::{Value, json};

use crate::helpers::{Engine, TestApp, envelope, spawn_app_configured};
use crate::on_both_engines;
use crate::rounds::make_player;

/// Every launch call with a good body for a listed game of its provider, and the provider's name.
fn calls() -> Vec<(&'static str, Value, &'static str)> {
    let egt = |code: &str| json!({"platform": 1, "gameCode": code, "language": "tr", "lobbyUrl": "/casino"});
    vec![
        ("/api/casino/dtlaunchurl", json!({"code": "dg-turkish-roulette"}), "Digitain"),
        ("/api/casino/emlaunchurl", json!({"code": "em-lightning-roulette", "productId": 12}), "EveryMatrix"),
        ("/api/casino/amusnetlaunchurl", json!({"code": "amn-super-hot-100", "isMobile": false}), "Amusnet"),
        ("/api/casino/egtlaunchurl", egt("egt-flaming-fruits-40"), "EGT Digital"),
        ("/api/casino/hub88launchurl", egt("hub-mines"), "Hub88"),
        ("/api/casino/softgamingslaunchurl", json!({"system": "961", "pageCode": "sg-book-of-sands", "isMobile": 0}), "SoftGamings"),
    ]
}

impl TestApp {
    /// A launch call: (status, envelope).
    async fn launch_call(&self, path: &str, token: Option<&str>, body: &Value, locale: &str) -> (u16, Value) {
        let mut req = self.client.post(self.url(path)).header("x-locale", locale).json(body);
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        let resp = req.send().await.unwrap();
        let status = resp.status().as_u16();
        (status, envelope(resp).await)
    }
}

on_both_engines! {
    async fn each_unconfigured_provider_answers_a_clear_not_available_failure_in_the_players_language(app) {
        // Arrange
        let (_, token) = make_player(&app, "deniz").await;

        for (path, body, name) in calls() {
            // Act
            let (tr_status, tr) = app.launch_call(path, Some(&token), &body, "tr").await;
            let (en_status, en) = app.launch_call(path, Some(&token), &body, "en").await;

            // Assert: 400 with success false and the provider named; nothing pretends to launch.
            assert_eq!((tr_status, en_status), (400, 400), "{path}: {tr} {en}");
            assert_eq!(tr, json!({"success": false, "message": format!("{name} şu anda kullanılamıyor: oyunları açılamaz."), "data": null}), "{path}");
            assert_eq!(en, json!({"success": false, "message": format!("{name} is not available right now: its games cannot be opened."), "data": null}), "{path}");
        }
    }
}

on_both_engines! {
    async fn an_unknown_game_or_another_providers_game_is_refused_clearly(app) {
        // Arrange
        let (_, token) = make_player(&app, "ekin").await;
        let egt = |code: &str| json!({"platform": 2, "gameCode": code, "language": "en", "lobbyUrl": "https://kasa.example/casino"});
        let cases = [
            ("/api/casino/dtlaunchurl", json!({"code": "no-such-game"})),
            ("/api/casino/emlaunchurl", json!({"code": "no-such-game", "productId": "12"})),
            ("/api/casino/amusnetlaunchurl", json!({"code": "egt-flaming-fruits-40", "isMobile": true})),
            ("/api/casino/egtlaunchurl", egt("amn-super-hot-100")),
            ("/api/casino/hub88launchurl", egt("kasa-sultans-gold")),
            ("/api/casino/softgamingslaunchurl", json!({"system": 961, "pageCode": "no-such-game", "isMobile": 1})),
        ];

        for (path, body) in cases {
            // Act
            let (tr_status, tr) = app.launch_call(path, Some(&token), &body, "tr").await;
            let (en_status, en) = app.launch_call(path, Some(&token), &body, "en").await;

            // Assert
            assert_eq!((tr_status, en_status), (400, 400), "{path}: {tr} {en}");
            assert_eq!(tr, json!({"success": false, "message": "Böyle bir oyun yok.", "data": null}), "{path}");
            assert_eq!(en["message"], "There is no such game.", "{path}");
        }
    }
}

on_both_engines! {
    async fn every_field_is_checked_and_a_bad_one_is_named(app) {
        // Arrange
        let (_, token) = make_player(&app, "ferhat").await;
        let egt = json!({"platform": 1, "gameCode": "egt-royal-sevens", "language": "tr", "lobbyUrl": "/casino"});
        let with = |base: &Value, key: &str, value: Value| {
            let mut b = base.clone();
            if value.is_null() { b.as_object_mut().unwrap().remove(key); } else { b[key] = value; }
            b
        };
        let sg = json!({"system": "961", "pageCode": "sg-book-of-sands", "isMobile": 1});
        let cases: Vec<(&str, Value, &str)> = vec![
            ("/api/casino/dtlaunchurl", json!({}), "code"),
            ("/api/casino/dtlaunchurl", json!({"code": "  "}), "code"),
            ("/api/casino/dtlaunchurl", json!({"code": "x".repeat(101)}), "code"),
            ("/api/casino/emlaunchurl", json!({"code": "em-auto-roulette"}), "productId"),
            ("/api/casino/emlaunchurl", json!({"code": "em-auto-roulette", "productId": true}), "productId"),
            ("/api/casino/emlaunchurl", json!({"productId": 12}), "code"),
            ("/api/casino/amusnetlaunchurl", json!({"code": "amn-super-hot-100"}), "isMobile"),
            ("/api/casino/amusnetlaunchurl", json!({"code": "amn-super-hot-100", "isMobile": "yes"}), "isMobile"),
            ("/api/casino/egtlaunchurl", with(&egt, "platform", json!(3)), "platform"),
            ("/api/casino/egtlaunchurl", with(&egt, "platform", Value::Null), "platform"),
            ("/api/casino/egtlaunchurl", with(&egt, "gameCode", Value::Null), "gameCode"),
            ("/api/casino/egtlaunchurl", with(&egt, "language", json!("türkçe")), "language"),
            ("/api/casino/egtlaunchurl", with(&egt, "lobbyUrl", json!("javascript:alert(1)")), "lobbyUrl"),
            ("/api/casino/hub88launchurl", with(&egt, "lobbyUrl", json!("//evil.example")), "lobbyUrl"),
            ("/api/casino/hub88launchurl", with(&egt, "language", Value::Null), "language"),
            ("/api/casino/softgamingslaunchurl", with(&sg, "system", Value::Null), "system"),
            ("/api/casino/softgamingslaunchurl", with(&sg, "pageCode", json!("")), "pageCode"),
            ("/api/casino/softgamingslaunchurl", with(&sg, "isMobile", json!(true)), "isMobile"),
            ("/api/casino/softgamingslaunchurl", with(&sg, "isMobile", json!(2)), "isMobile"),
        ];

        for (path, body, field) in cases {
            // Act
            let (status, answer) = app.launch_call(path, Some(&token), &body, "en").await;

            // Assert
            assert_eq!(status, 422, "{path} {body}: {answer}");
            assert_eq!(answer["success"], false);
            assert_eq!(answer["data"]["field"], field, "{path} {body}: {answer}");
            assert!(answer["message"].as_str().is_some_and(|m| !m.is_empty()), "{answer}");
        }
        // A body that is not JSON: 400 with a message.
        let resp = app.client.post(app.url("/api/casino/egtlaunchurl")).bearer_auth(&token)
            .header("content-type", "application/json").body("{not json").send().await.unwrap();
        assert_eq!(resp.status().as_u16(), 400);
        assert_eq!(envelope(resp).await["success"], false);
        // The SoftGamings isMobile message speaks of 1 and 0, in Turkish too.
        let (_, tr) = app.launch_call("/api/casino/softgamingslaunchurl", Some(&token), &with(&sg, "isMobile", json!(5)), "tr").await;
        assert_eq!(tr["message"], "isMobile 1 (mobil) ya da 0 (masaüstü) olmalıdır.");
    }
}

on_both_engines! {
    async fn every_launch_call_needs_a_login(app) {
        for (path, body, _) in calls() {
            // Act
            let (status, answer) = app.launch_call(path, None, &body, "en").await;
            let (stale_status, _) = app.launch_call(path, Some("not-a-session-token"), &body, "en").await;

            // Assert
            assert_eq!((status, stale_status), (401, 401), "{path}: {answer}");
            assert_eq!(answer["success"], false);
        }
    }
}

on_both_engines! {
    async fn the_lobby_carries_a_games_system_and_product_id_for_its_launch(app) {
        // Act
        let resp = app.post_json("/api/casino/games", &json!({"search": "Book of Sands", "live": false})).await;
        let sands = envelope(resp).await;
        let resp = app.post_json("/api/casino/games", &json!({"search": "Lightning Roulette", "live": true})).await;
        let lightning = envelope(resp).await;

        // Assert
        let find = |answer: &Value, code: &str| {
            answer["data"].as_array().unwrap().iter().flat_map(|l| l.as_array().unwrap().iter()).find(|g| g["gameCode"] == code).cloned().unwrap()
        };
        let sg = find(&sands, "sg-book-of-sands");
        assert_eq!((sg["system"].as_str(), sg.get("productId")), (Some("961"), None), "{sg}");
        let em = find(&lightning, "em-lightning-roulette");
        assert_eq!((em["productId"].as_str(), em.get("system")), (Some("12"), None), "{em}");
    }
}

/// A tiny static host: `/static/games/app.js` (its query written into the file), else 404.
async fn static_host() -> String {
    use axum::extract::RawQuery;
    use axum::routing::get;
    let app = axum::Router::new().route(
        "/static/games/app.js",
        get(|RawQuery(q): RawQuery| async move {
            ([("content-type", "text/javascript"), ("cache-control", "max-age=60")], format!("console.log('{}');", q.unwrap_or_default()))
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        let _ = axum::serve(listener, app).await;
    });
    format!("http://{addr}/static")
}

#[tokio::test]
async fn digitain_files_answer_a_plain_404_when_no_static_host_is_configured() {
    // Arrange
    let app = spawn_app_configured(Engine::Sqlite, |_| {}).await;

    for path in ["/launch/digitain/games/roulette/index.html?token=a", "/launch/digitain/", "/launch/digitain"] {
        // Act
        let resp = app.get(path).await;
        let status = resp.status().as_u16();
        let kind = resp.headers()["content-type"].to_str().unwrap().to_string();
        let text = resp.text().await.unwrap();

        // Assert: not the app's page.
        assert_eq!(status, 404, "{path}");
        assert!(kind.starts_with("text/plain"), "{path}: {kind}");
        assert!(text.contains("Digitain games are not configured"), "{path}: {text}");
        assert!(!text.to_ascii_lowercase().contains("<!doctype html"));
    }
}

#[tokio::test]
async fn digitain_files_come_from_the_configured_static_host() {
    // Arrange
    let host = static_host().await;
    let app = spawn_app_configured(Engine::Sqlite, |s| s.digitain_static_url = Some(host.clone().into())).await;

    // Act
    let resp = app.get("/launch/digitain/games/app.js?v=3&lang=tr").await;
    let (status, headers) = (resp.status().as_u16(), resp.headers().clone());
    let body = resp.text().await.unwrap();
    let missing = app.get("/launch/digitain/games/missing.js").await.status().as_u16();
    let escape = app.get("/launch/digitain/games/../../secret").await.status().as_u16();

    // Assert: the file, its type and cache header, the query passed on; a missing file is the host's 404.
    assert_eq!(status, 200, "{body}");
    assert_eq!(body, "console.log('v=3&lang=tr');");
    assert_eq!(headers["content-type"], "text/javascript");
    assert_eq!(headers["cache-control"], "max-age=60");
    assert_eq!(missing, 404);
    assert_eq!(escape, 404);
}
