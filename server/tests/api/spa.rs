//! The web app and media: deep links get `index.html`, the server's prefixes and missing files do not.

use crate::helpers::{Engine, spawn_app};

fn app_built() -> bool {
    std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../web/dist/index.html")).exists()
}

#[tokio::test]
async fn deep_links_load_the_app() {
    assert!(app_built(), "build the web app first (make test does): web/dist/index.html is missing");
    let app = spawn_app(Engine::Sqlite).await;
    for path in ["/", "/casino/slot", "/dashboard/deposit", "/pages/3", "/casino/play/eyJ9"] {
        let resp = app.get(path).await;
        assert_eq!(resp.status(), 200, "{path}");
        assert!(resp.headers()["content-type"].to_str().unwrap().starts_with("text/html"), "{path}");
        let html = resp.text().await.unwrap();
        assert!(html.contains("<div id=\"root\""), "{path} did not get index.html");
    }
}

#[tokio::test]
async fn server_prefixes_and_missing_files_are_404s_not_the_app() {
    let app = spawn_app(Engine::Sqlite).await;
    for path in [
        "/hub/nothing",
        "/games/nothing",
        "/pay/nothing",
        "/callbacks/x/y",
        "/launch/digitain/x",
        "/missing.js",
        "/assets/nope.css",
        "/media/nope.svg",
    ] {
        let resp = app.get(path).await;
        assert_eq!(resp.status(), 404, "{path}");
        let body = resp.text().await.unwrap();
        assert!(!body.contains("<div id=\"root\""), "{path} got the app");
    }
}

#[tokio::test]
async fn demo_media_is_served_with_its_type() {
    let app = spawn_app(Engine::Sqlite).await;
    let resp = app.get("/media/logo.svg").await;
    assert_eq!(resp.status(), 200);
    assert_eq!(resp.headers()["content-type"], "image/svg+xml");
    let etag = resp.headers()["etag"].to_str().unwrap().to_string();
    let again = app.client.get(app.url("/media/logo.svg")).header("if-none-match", etag).send().await.unwrap();
    assert_eq!(again.status(), 304);
}
