//! The React app and the demo media, embedded in the binary: static files, and `index.html` for any
//! other path so deep links load the app (except the server's own prefixes and missing files);
//! under `/sportsbook/` the built-in sportsbook's own app the same way, and under `/admin/` the back
//! office's.
//!
//! `index.html`, as an app route's answer, carries the bootstrap (`cms/grouped` in the default
//! language) written in by the content cache, so a first visit renders its content at once.
//!
//! Caching: the hashed files under `/assets/` never change under their name (a year, `immutable`);
//! everything else, `index.html` first, is revalidated by its ETag on every use (`no-cache`).
//! Compression: the build writes `FILE.br` and `FILE.gz` beside each text file of the app
//! (`web/scripts/precompress.mjs`); the variant the request's `Accept-Encoding` prefers is sent as it
//! is, with its `Content-Encoding` (the router's compression layer leaves such an answer alone).

use std::sync::Arc;

use axum::body::Body;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use rust_embed::{EmbeddedFile, RustEmbed};

use crate::cms::ContentCache;
use crate::cms::cache::{HTML, Page};
use crate::http::encoding::{self, Encoding};

#[derive(RustEmbed)]
#[folder = "../web/dist/"]
#[allow_missing = true]
struct WebDist;

#[derive(RustEmbed)]
#[folder = "../content/media/"]
#[allow_missing = true]
struct Media;

/// Path prefixes that belong to the server; an unknown path under them is a 404, never the app.
pub const SERVER_PREFIXES: [&str; 7] = ["/api", "/hub", "/games", "/pay", "/callbacks", "/launch", "/health"];

/// `Cache-Control` of the content-hashed files under `/assets/`.
pub const IMMUTABLE: &str = "public, max-age=31536000, immutable";
/// `Cache-Control` of every other file: kept, but revalidated before each use.
pub const REVALIDATE: &str = "no-cache";

fn under(path: &str, prefix: &str) -> bool {
    path == prefix || path.starts_with(&format!("{prefix}/"))
}

/// The app's `index.html` as built (`None` when the app is not built).
pub fn index_html() -> Option<String> {
    WebDist::get("index.html").map(|f| String::from_utf8_lossy(&f.data).into_owned())
}

/// A built file of the app as text (`games/slot/index.html`), `None` when it is not built.
pub fn dist_text(rel: &str) -> Option<String> {
    WebDist::get(rel).map(|f| String::from_utf8_lossy(&f.data).into_owned())
}

/// Where the studio's games keep their built files (`web/dist/games/assets/`), served as the app's.
const GAME_ASSETS: &str = "/games/assets/";

/// Serves a static file, or the app's `index.html` for an app route.
pub async fn fallback(State(content): State<Arc<ContentCache>>, uri: Uri, headers: HeaderMap) -> Response {
    let path = uri.path();
    if SERVER_PREFIXES.iter().any(|p| under(path, p)) && !path.starts_with(GAME_ASSETS) {
        return not_found();
    }
    if let Some(rest) = path.strip_prefix("/media/") {
        return match Media::get(rest) {
            Some(file) => serve(file, Encoding::Identity, false, rest, &headers, REVALIDATE),
            None => not_found(),
        };
    }
    let rel = path.trim_start_matches('/');
    if rel == "index.html" {
        return app_page(&content, &headers).await;
    }
    if !rel.is_empty() && WebDist::get(rel).is_some() {
        let hashed = ["assets/", "games/assets/", "sportsbook/assets/", "admin/assets/"].iter().any(|p| rel.starts_with(p));
        return serve_app_file(rel, &headers, if hashed { IMMUTABLE } else { REVALIDATE });
    }
    // The built-in sportsbook's own app (framed by the sports pages): its index for its routes.
    if under(path, "/sportsbook") {
        if path.starts_with("/sportsbook/assets/") || path.rsplit('/').next().unwrap_or("").contains('.') {
            return not_found();
        }
        if WebDist::get("sportsbook/index.html").is_none() {
            return (StatusCode::SERVICE_UNAVAILABLE, "The sportsbook is not built: run `make build`.").into_response();
        }
        return serve_app_file("sportsbook/index.html", &headers, REVALIDATE);
    }
    // The back office's own app (issue 32): its index for its routes; its API answers a JSON 404.
    if under(path, "/admin") {
        if under(path, "/admin/api") {
            return crate::error::AppError::NotFound("error.not_found").into_response();
        }
        if path.starts_with("/admin/assets/") || path.rsplit('/').next().unwrap_or("").contains('.') {
            return not_found();
        }
        if WebDist::get("admin/index.html").is_none() {
            return (StatusCode::SERVICE_UNAVAILABLE, "The back office is not built: run `make build`.").into_response();
        }
        return serve_app_file("admin/index.html", &headers, REVALIDATE);
    }
    if path.starts_with(GAME_ASSETS) {
        return not_found();
    }
    let last = path.rsplit('/').next().unwrap_or("");
    if last.contains('.') {
        return not_found();
    }
    app_page(&content, &headers).await
}

/// The app's `index.html` with the bootstrap written in; without it (as built) if the content
/// cannot be read, the app then asks for it.
async fn app_page(content: &ContentCache, headers: &HeaderMap) -> Response {
    let Some(html) = index_html() else {
        return (StatusCode::SERVICE_UNAVAILABLE, "The web app is not built: run `make build`.").into_response();
    };
    match content.page(&html).await {
        Ok(page) => page_response(page, headers),
        Err(e) => {
            tracing::warn!(error = %e, "the bootstrap could not be written into the page: index.html goes as built");
            serve_app_file("index.html", headers, REVALIDATE)
        }
    }
}

/// The page, gzip-compressed when the request accepts it, with an ETag of its own per encoding
/// (304 when the request holds it) and revalidated on every use.
fn page_response(page: Page, headers: &HeaderMap) -> Response {
    let gzip = headers.get(header::ACCEPT_ENCODING).and_then(|v| v.to_str().ok()).is_some_and(|v| encoding::accepts(v, Encoding::Gzip));
    let etag = format!("\"{}{}\"", page.hash, if gzip { "-gz" } else { "" });
    with_etag(&etag, headers, REVALIDATE, true, || page.answer.response_as(HTML, headers.get(header::ACCEPT_ENCODING)))
}

fn not_found() -> Response {
    (StatusCode::NOT_FOUND, "Not found").into_response()
}

/// A file of the app, in the stored encoding the request prefers.
fn serve_app_file(name: &str, headers: &HeaderMap, cache: &'static str) -> Response {
    let stored: Vec<Encoding> =
        [Encoding::Brotli, Encoding::Gzip].into_iter().filter(|e| WebDist::get(&format!("{name}{}", e.file_suffix())).is_some()).collect();
    let accept = headers.get(header::ACCEPT_ENCODING).and_then(|v| v.to_str().ok());
    let encoding = encoding::choose(accept, &stored);
    match WebDist::get(&format!("{name}{}", encoding.file_suffix())) {
        Some(file) => serve(file, encoding, !stored.is_empty(), name, headers, cache),
        None => not_found(),
    }
}

/// `file` (stored in `encoding`) with the type of `name`, its ETag, and `cache`; 304 when the
/// request already holds it. `varies`: other encodings of it exist, so caches key it by `Accept-Encoding`.
fn serve(file: EmbeddedFile, encoding: Encoding, varies: bool, name: &str, headers: &HeaderMap, cache: &'static str) -> Response {
    let etag = format!("\"{}\"", hex::encode(&file.metadata.sha256_hash()[..16]));
    with_etag(&etag, headers, cache, varies, || {
        let mut resp = Response::new(Body::from(file.data.into_owned()));
        let mime = mime_guess::from_path(name).first_or_octet_stream();
        if let Ok(v) = HeaderValue::from_str(mime.as_ref()) {
            resp.headers_mut().insert(header::CONTENT_TYPE, v);
        }
        if encoding != Encoding::Identity {
            resp.headers_mut().insert(header::CONTENT_ENCODING, HeaderValue::from_static(encoding.name()));
        }
        resp
    })
}

/// The answer `make` builds, or 304 when the request already holds `etag`; either with the ETag,
/// `cache`, and (`varies`: other encodings of it exist) `Vary: accept-encoding` for caches.
fn with_etag(etag: &str, headers: &HeaderMap, cache: &'static str, varies: bool, make: impl FnOnce() -> Response) -> Response {
    let held = headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|tag| tag.trim() == etag || tag.trim() == "*"));
    let mut resp = if held {
        let mut resp = Response::new(Body::empty());
        *resp.status_mut() = StatusCode::NOT_MODIFIED;
        resp
    } else {
        make()
    };
    let h = resp.headers_mut();
    if let Ok(v) = HeaderValue::from_str(etag) {
        h.insert(header::ETAG, v);
    }
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    if varies {
        h.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    }
    resp
}
