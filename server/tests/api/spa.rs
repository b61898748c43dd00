//! The web app and media: deep links get `index.html`, the server's prefixes and missing files do
//! not; hashed assets are cached for a year and come precompressed, `index.html` is revalidated.

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

/// The names of the app's built files under `/assets/`, sorted.
fn asset_names() -> Vec<String> {
    let assets = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../web/dist/assets"));
    let mut names: Vec<String> = std::fs::read_dir(assets)
        .expect("build the web app first (make test does): web/dist/assets is missing")
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// A script of `/assets/` that the build precompressed.
fn precompressed_asset() -> String {
    let names = asset_names();
    let js = names.iter().find(|n| n.ends_with(".js") && names.contains(&format!("{n}.br")) && names.contains(&format!("{n}.gz")));
    format!("/assets/{}", js.expect("no precompressed script in web/dist/assets: build the app with `npm run build`"))
}

fn first_asset_with(suffix: &str) -> Option<String> {
    asset_names().into_iter().find(|n| n.ends_with(suffix)).map(|n| format!("/assets/{n}"))
}

fn decompress(encoding: &str, body: &[u8]) -> Vec<u8> {
    use std::io::Read;
    let mut out = Vec::new();
    match encoding {
        "br" => brotli_decompressor::Decompressor::new(body, 4096).read_to_end(&mut out).unwrap(),
        "gzip" => flate2::read::GzDecoder::new(body).read_to_end(&mut out).unwrap(),
        other => panic!("unexpected encoding {other}"),
    };
    out
}

#[tokio::test]
async fn hashed_assets_are_cached_for_a_year_and_index_html_is_revalidated() {
    assert!(app_built(), "build the web app first (make test does): web/dist/index.html is missing");
    let app = spawn_app(Engine::Sqlite).await;
    let asset = precompressed_asset();

    let resp = app.get(&asset).await;
    assert_eq!(resp.status(), 200);
    assert_eq!(resp.headers()["cache-control"], "public, max-age=31536000, immutable");

    for path in ["/", "/index.html", "/casino/slot", "/pages/3"] {
        let resp = app.get(path).await;
        assert_eq!(resp.status(), 200, "{path}");
        assert_eq!(resp.headers()["cache-control"], "no-cache", "{path}");
        assert!(resp.headers().contains_key("etag"), "{path}");
    }
}

#[tokio::test]
async fn assets_come_precompressed_as_the_request_prefers_and_decompress_to_the_file() {
    // Arrange
    let app = spawn_app(Engine::Sqlite).await;
    let asset = precompressed_asset();
    let plain = app.get(&asset).await;
    assert!(plain.headers().get("content-encoding").is_none(), "no Accept-Encoding, no encoding");
    assert_eq!(plain.headers()["vary"], "accept-encoding");
    let plain_type = plain.headers()["content-type"].clone();
    let plain = plain.bytes().await.unwrap();

    for (accept, expected) in [
        ("gzip, deflate, br, zstd", Some("br")),
        ("br", Some("br")),
        ("gzip", Some("gzip")),
        ("br;q=0, gzip", Some("gzip")),
        ("br;q=0.5, gzip;q=0.9", Some("gzip")),
        ("identity", None),
        ("br;q=0, gzip;q=0", None),
    ] {
        // Act
        let resp = app.client.get(app.url(&asset)).header("accept-encoding", accept).send().await.unwrap();

        // Assert: the chosen variant, keyed by Accept-Encoding, of the same type, and exactly the file once decoded.
        assert_eq!(resp.status(), 200, "{accept}");
        assert_eq!(resp.headers()["vary"], "accept-encoding", "{accept}");
        assert_eq!(resp.headers()["content-type"], plain_type, "{accept}");
        assert_eq!(resp.headers()["cache-control"], "public, max-age=31536000, immutable", "{accept}");
        let encoding = resp.headers().get("content-encoding").map(|v| v.to_str().unwrap().to_string());
        assert_eq!(encoding.as_deref(), expected, "{accept}");
        let body = resp.bytes().await.unwrap();
        match expected {
            Some(encoding) => {
                assert!(body.len() < plain.len(), "{accept}: not smaller");
                assert_eq!(decompress(encoding, &body), plain, "{accept}: decoded once it is the file");
            }
            None => assert_eq!(body, plain, "{accept}"),
        }
    }
}

#[tokio::test]
async fn a_precompressed_variant_has_its_own_etag_and_is_revalidated_by_it() {
    let app = spawn_app(Engine::Sqlite).await;
    let asset = precompressed_asset();
    let br = app.client.get(app.url(&asset)).header("accept-encoding", "br").send().await.unwrap();
    let gz = app.client.get(app.url(&asset)).header("accept-encoding", "gzip").send().await.unwrap();
    let (br_tag, gz_tag) = (br.headers()["etag"].clone(), gz.headers()["etag"].clone());
    assert_ne!(br_tag, gz_tag);

    let again = app.client.get(app.url(&asset)).header("accept-encoding", "br").header("if-none-match", br_tag).send().await.unwrap();
    assert_eq!(again.status(), 304);
    let other = app.client.get(app.url(&asset)).header("accept-encoding", "br").header("if-none-match", gz_tag).send().await.unwrap();
    assert_eq!(other.status(), 200);
}

#[tokio::test]
async fn fonts_and_images_are_never_compressed_on_the_fly() {
    let app = spawn_app(Engine::Sqlite).await;
    // (The compression layer's rule itself is tested in `kasa::app`; here on what the build has.)
    for file in [".woff2", ".webp", ".avif", ".png", ".jpg"].iter().filter_map(|s| first_asset_with(s)) {
        let resp = app.client.get(app.url(&file)).header("accept-encoding", "gzip, br").send().await.unwrap();
        assert_eq!(resp.status(), 200, "{file}");
        assert!(resp.headers().get("content-encoding").is_none(), "{file} was compressed");
    }
}

#[tokio::test]
async fn a_deep_links_page_comes_gzip_compressed_with_an_etag_of_its_own() {
    // Arrange
    let app = spawn_app(Engine::Sqlite).await;
    let plain = app.client.get(app.url("/casino/slot")).header("accept-encoding", "identity").send().await.unwrap();
    assert!(plain.headers().get("content-encoding").is_none());
    let plain_tag = plain.headers()["etag"].clone();
    let plain = plain.bytes().await.unwrap();

    // Act
    let resp = app.client.get(app.url("/casino/slot")).header("accept-encoding", "gzip, br").send().await.unwrap();

    // Assert: the same page, compressed, its own ETag, revalidated by it.
    assert_eq!(resp.headers()["content-encoding"], "gzip");
    assert_eq!(resp.headers()["cache-control"], "no-cache");
    assert_eq!(resp.headers()["vary"], "accept-encoding");
    assert!(resp.headers()["content-type"].to_str().unwrap().starts_with("text/html"));
    let tag = resp.headers()["etag"].clone();
    assert_ne!(tag, plain_tag);
    assert_eq!(decompress("gzip", &resp.bytes().await.unwrap()), plain);
    let again =
        app.client.get(app.url("/casino/slot")).header("accept-encoding", "gzip, br").header("if-none-match", tag).send().await.unwrap();
    assert_eq!(again.status(), 304);
}

/// The JSON of the page's bootstrap block (`<script id="bootstrap-data" type="application/json">`).
fn page_bootstrap(html: &str) -> serde_json::Value {
    let open = r#"<script id="bootstrap-data" type="application/json">"#;
    let start = html.find(open).expect("the page carries no bootstrap") + open.len();
    let end = start + html[start..].find("</script>").unwrap();
    serde_json::from_str(&html[start..end]).expect("the bootstrap block is JSON")
}

#[tokio::test]
async fn every_page_of_the_app_carries_the_bootstrap_the_grouped_call_answers_in_turkish() {
    // Arrange
    let app = spawn_app(Engine::Sqlite).await;
    let grouped: serde_json::Value =
        app.client.get(app.url("/api/cms/grouped")).header("x-locale", "tr").send().await.unwrap().json().await.unwrap();
    assert_eq!(grouped["success"], true);

    for path in ["/", "/pages/3", "/dashboard", "/index.html"] {
        // Act
        let html = app.get(path).await.text().await.unwrap();

        // Assert: the same envelope, written once, in place of the page's mark, so the popup's
        // inline script after it reads it while the page is parsed.
        assert_eq!(page_bootstrap(&html), grouped, "{path}");
        assert_eq!(html.matches("id=\"bootstrap-data\"").count(), 1, "{path}");
        assert!(!html.contains("<!--bootstrap-data-->"), "{path}");
        let block = html.find("id=\"bootstrap-data\"").unwrap();
        let after = &html[block + html[block..].find("</script>").unwrap() + "</script>".len()..];
        assert!(after.trim_start().starts_with("<script>"), "{path}: the popup's script follows the block");
        assert!(after.contains("getElementById('bootstrap-data')"), "{path}");
    }
}
