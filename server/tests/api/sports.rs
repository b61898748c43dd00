//! The embedded sportsbooks (issue 16): a configured one gets a signed token for the player in the
//! login data and is allowed as a frame by the Content-Security-Policy; none configured, the
//! fields are empty and nothing more may be framed.

use std::sync::Arc;

use kasa::sports::{Book, Sportsbooks};

use crate::accounts::{full_form, register};
use crate::helpers::{Engine, spawn_app, spawn_app_configured};

const SECRET: &str = "the-sportsbook-shared-secret";

fn configured() -> Sportsbooks {
    Sportsbooks::new(
        Some(Book { url: "https://sport.example.com/tr/?skin=kasa".into(), cid: "77".into() }),
        Some(Book { url: "https://betco.example.net/".into(), cid: String::new() }),
        Some(SECRET),
    )
    .unwrap()
}

#[tokio::test]
async fn a_configured_sportsbook_gets_a_signed_token_at_login_and_may_be_framed() {
    // Arrange
    let app = spawn_app_configured(Engine::Sqlite, |state| state.sportsbooks = Arc::new(configured())).await;

    // Act
    let (status, body) = register(&app, &full_form()).await;
    let csp = app.get("/").await.headers()["content-security-policy"].to_str().unwrap().to_string();

    // Assert
    assert_eq!(status, 200, "{body}");
    let data = &body["data"];
    assert_eq!((data["betsyUrl"].as_str(), data["betsyCid"].as_str()), (Some("https://sport.example.com/tr/?skin=kasa"), Some("77")));
    assert_eq!(data["betcoUrl"], "https://betco.example.net/");
    let usercode = data["usercode"].as_str().unwrap().to_string();
    let now = kasa::db::now_ms();
    assert_eq!(configured().verify(data["betsyToken"].as_str().unwrap(), now), Some(("betsy".into(), usercode.clone())));
    assert_eq!(configured().verify(data["betcoToken"].as_str().unwrap(), now), Some(("betco".into(), usercode)));
    let frames = csp.split(';').find(|d| d.trim().starts_with("frame-src")).unwrap();
    assert!(frames.contains("https://sport.example.com") && frames.contains("https://betco.example.net"), "{frames}");
    // The sportsbook's calls take its token as the player's.
    let betsy = data["betsyToken"].as_str().unwrap();
    let balance = app.client.get(app.url("/api/sportsbook/balance")).bearer_auth(betsy).send().await.unwrap();
    assert_eq!(balance.status().as_u16(), 200);
    let betco = data["betcoToken"].as_str().unwrap();
    let other_book = app.client.get(app.url("/api/sportsbook/balance")).bearer_auth(betco).send().await.unwrap();
    assert_eq!(other_book.status().as_u16(), 401, "a Betco token is not this book's");
    // Its last character changed (to another one: a token ending in 0 would stay itself).
    let last = if betsy.ends_with('0') { '1' } else { '0' };
    let forged = format!("{}{last}", &betsy[..betsy.len() - 1]);
    let refused = app.client.get(app.url("/api/sportsbook/balance")).bearer_auth(&forged).send().await.unwrap();
    assert_eq!(refused.status().as_u16(), 401);
}

#[tokio::test]
async fn the_sportsbook_app_is_served_under_its_own_path() {
    // Arrange
    let app = spawn_app(Engine::Sqlite).await;

    // Act
    let page = app.get("/sportsbook/").await;
    let deep = app.get("/sportsbook/live").await;
    let missing = app.get("/sportsbook/assets/nothing.js").await;

    // Assert
    let built = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../web/dist/sportsbook/index.html")).exists();
    let expected = if built { 200 } else { 503 };
    assert_eq!((page.status().as_u16(), deep.status().as_u16()), (expected, expected));
    assert_eq!(missing.status().as_u16(), 404);
}

#[tokio::test]
async fn without_a_sportsbook_the_login_data_has_empty_fields_and_no_sportsbook_may_be_framed() {
    // Arrange
    let app = spawn_app(Engine::Sqlite).await;

    // Act
    let (status, body) = register(&app, &full_form()).await;
    let csp = app.get("/").await.headers()["content-security-policy"].to_str().unwrap().to_string();

    // Assert
    assert_eq!(status, 200, "{body}");
    for field in ["betsyUrl", "betsyCid", "betsyToken", "betcoUrl", "betcoToken"] {
        assert_eq!(body["data"][field], "", "{field}");
    }
    let frames = csp.split(';').find(|d| d.trim().starts_with("frame-src")).unwrap().trim().to_string();
    assert_eq!(frames, "frame-src 'self'");
}

fn built_in(secret: &str) -> Sportsbooks {
    let book = Book { url: kasa::config::BUILT_IN_SPORTSBOOK.into(), cid: kasa::config::BUILT_IN_CID.into() };
    Sportsbooks::new(Some(book), None, Some(secret)).unwrap()
}

#[tokio::test]
async fn the_built_in_sportsbook_frames_from_the_site_itself_for_players_and_visitors() {
    // Arrange
    let app = spawn_app_configured(Engine::Sqlite, |state| state.sportsbooks = Arc::new(built_in(SECRET))).await;

    // Act
    let (status, body) = register(&app, &full_form()).await;
    let visitor = crate::helpers::envelope(app.get("/api/sportsbook/site").await).await;
    let csp = app.get("/").await.headers()["content-security-policy"].to_str().unwrap().to_string();

    // Assert
    assert_eq!(status, 200, "{body}");
    let data = &body["data"];
    assert_eq!((data["betsyUrl"].as_str(), data["betsyCid"].as_str()), (Some("/sportsbook/"), Some("kasa")));
    assert_eq!(data["betcoUrl"], "", "Betco stays off: no betting access");
    let token = data["betsyToken"].as_str().unwrap();
    let balance = app.client.get(app.url("/api/sportsbook/balance")).bearer_auth(token).send().await.unwrap();
    assert_eq!(balance.status().as_u16(), 200);
    assert_eq!(visitor["data"], serde_json::json!({ "betsyUrl": "/sportsbook/", "betsyCid": "kasa" }), "no token for visitors");
    let frames = csp.split(';').find(|d| d.trim().starts_with("frame-src")).unwrap();
    assert_eq!(frames.trim(), "frame-src 'self'", "the site frames only itself");
}

#[tokio::test]
async fn a_sportsbook_token_stops_at_its_sessions_time_limit_before_any_sweep_ends_the_session() {
    // Arrange: a player whose session time limit has just run out (the sweep has not run yet).
    let app = spawn_app_configured(Engine::Sqlite, |state| state.sportsbooks = Arc::new(built_in(SECRET))).await;
    let (status, body) = register(&app, &full_form()).await;
    assert_eq!(status, 200, "{body}");
    let token = body["data"]["betsyToken"].as_str().unwrap().to_string();
    let before = app.client.get(app.url("/api/sportsbook/balance")).bearer_auth(&token).send().await.unwrap();
    sqlx::query("UPDATE sessions SET expires_at = $1").bind(kasa::db::now_ms() - 1).execute(&app.db.pool).await.unwrap();

    // Act
    let after = app.client.get(app.url("/api/sportsbook/balance")).bearer_auth(&token).send().await.unwrap();

    // Assert
    assert_eq!((before.status().as_u16(), after.status().as_u16()), (200, 401));
}

#[tokio::test]
async fn without_a_sportsbook_visitors_get_empty_fields() {
    // Arrange
    let app = spawn_app(Engine::Sqlite).await;

    // Act
    let visitor = crate::helpers::envelope(app.get("/api/sportsbook/site").await).await;

    // Assert
    assert_eq!(visitor["data"], serde_json::json!({ "betsyUrl": "", "betsyCid": "" }));
}

crate::on_both_engines! {
    async fn every_node_signs_with_the_one_site_secret_made_once(app) {
        // Act: two nodes start at once, then one restarts.
        let (a, b) = tokio::join!(
            kasa::accounts::sportsbooks::site_secret(&app.db),
            kasa::accounts::sportsbooks::site_secret(&app.db)
        );
        let again = kasa::accounts::sportsbooks::site_secret(&app.db).await.unwrap();

        // Assert
        let (a, b) = (a.unwrap(), b.unwrap());
        assert_eq!(a, b);
        assert_eq!(a, again);
        assert_eq!(a.len(), 64);
        let token = built_in(&a).token("betsy", "1000001", 0);
        assert_eq!(built_in(&again).verify(&token, 1), Some(("betsy".into(), "1000001".into())));
    }
}
