//! Digitain's static files through the site (spec section 7): its launch URLs have their static
//! host rewritten to `/launch/digitain/` ([`rewrite_static_host`]), and the server proxies
//! `/launch/digitain/*` to the configured static host (`KASA_DIGITAIN_STATIC_URL`,
//! e.g. `https://static.digitain.example`). GET and HEAD only; the answer's status, content type
//! and cache headers pass through; bodies over [`MAX_BODY`] are refused (502), as is a host that
//! does not answer within [`TIMEOUT`]. With no host configured every path answers a plain 404
//! saying so (never the app).

use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::extract::{Path, RawQuery, State};
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;

/// Where the static files are served on the site.
pub const LOCAL_PREFIX: &str = "/launch/digitain/";
/// The largest file passed through.
pub const MAX_BODY: usize = 32 * 1024 * 1024;
/// How long the static host has to answer in full.
pub const TIMEOUT: Duration = Duration::from_secs(30);

/// `url` with every occurrence of the static host `origin` (`https://HOST[:PORT]`, any case)
/// followed by `/` rewritten to [`LOCAL_PREFIX`]; the rest (path, query) is kept.
pub fn rewrite_static_host(url: &str, origin: &str) -> String {
    let origin = origin.trim().trim_end_matches('/');
    if origin.is_empty() {
        return url.to_string();
    }
    let needle = format!("{}/", origin.to_ascii_lowercase());
    let lower = url.to_ascii_lowercase();
    let mut out = String::with_capacity(url.len());
    let mut at = 0;
    while let Some(found) = lower[at..].find(&needle) {
        out.push_str(&url[at..at + found]);
        out.push_str(LOCAL_PREFIX);
        at += found + needle.len();
    }
    out.push_str(&url[at..]);
    out
}

#[derive(Clone)]
struct Proxy {
    origin: Option<Arc<str>>,
    client: reqwest::Client,
}

/// The routes of `/launch/digitain/`, proxying to `origin` (none: 404).
pub fn router<S: Clone + Send + Sync + 'static>(origin: Option<Arc<str>>) -> Router<S> {
    let client = reqwest::Client::builder().timeout(TIMEOUT).redirect(reqwest::redirect::Policy::limited(3)).build().unwrap_or_default();
    let proxy = Proxy { origin: origin.map(|o| Arc::from(o.trim_end_matches('/'))), client };
    Router::new()
        .route("/launch/digitain", get(not_configured_or_missing))
        .route("/launch/digitain/", get(not_configured_or_missing))
        .route("/launch/digitain/{*path}", get(proxy_file))
        .with_state(proxy)
}

fn plain(status: StatusCode, text: &'static str) -> Response {
    (status, [(header::CONTENT_TYPE, "text/plain; charset=utf-8")], text).into_response()
}

async fn not_configured_or_missing(State(proxy): State<Proxy>) -> Response {
    match proxy.origin {
        None => not_configured(),
        Some(_) => plain(StatusCode::NOT_FOUND, "Not found.\n"),
    }
}

fn not_configured() -> Response {
    plain(StatusCode::NOT_FOUND, "Digitain games are not configured on this server (KASA_DIGITAIN_STATIC_URL is not set).\n")
}

async fn proxy_file(State(proxy): State<Proxy>, method: Method, Path(path): Path<String>, RawQuery(query): RawQuery) -> Response {
    let Some(origin) = proxy.origin.as_deref() else {
        return not_configured();
    };
    if path.split('/').any(|seg| seg == ".." || seg == ".") {
        return plain(StatusCode::NOT_FOUND, "Not found.\n");
    }
    let mut url = format!("{origin}/{path}");
    if let Some(q) = query.filter(|q| !q.is_empty()) {
        url.push('?');
        url.push_str(&q);
    }
    let head = method == Method::HEAD;
    let request = if head { proxy.client.head(&url) } else { proxy.client.get(&url) };
    let mut upstream = match request.send().await {
        Ok(r) => r,
        Err(e) => {
            tracing::warn!(error = %e, "digitain static host failed");
            return plain(StatusCode::BAD_GATEWAY, "The game's files could not be loaded.\n");
        }
    };
    if upstream.content_length().is_some_and(|n| n > MAX_BODY as u64) {
        return plain(StatusCode::BAD_GATEWAY, "The game's file is too large.\n");
    }
    let status = StatusCode::from_u16(upstream.status().as_u16()).unwrap_or(StatusCode::BAD_GATEWAY);
    let mut headers = Vec::new();
    for name in [header::CONTENT_TYPE, header::CACHE_CONTROL, header::ETAG, header::LAST_MODIFIED] {
        if let Some(v) = upstream.headers().get(name.as_str()).and_then(|v| HeaderValue::from_bytes(v.as_bytes()).ok()) {
            headers.push((name, v));
        }
    }
    let mut body = Vec::new();
    if !head {
        loop {
            match upstream.chunk().await {
                Ok(Some(chunk)) => {
                    if body.len() + chunk.len() > MAX_BODY {
                        return plain(StatusCode::BAD_GATEWAY, "The game's file is too large.\n");
                    }
                    body.extend_from_slice(&chunk);
                }
                Ok(None) => break,
                Err(e) => {
                    tracing::warn!(error = %e, "digitain static host failed");
                    return plain(StatusCode::BAD_GATEWAY, "The game's files could not be loaded.\n");
                }
            }
        }
    }
    let mut resp = Response::new(Body::from(body));
    *resp.status_mut() = status;
    for (name, value) in headers {
        resp.headers_mut().insert(name, value);
    }
    resp
}

#[cfg(test)]
mod tests {
    use super::rewrite_static_host;

    #[test]
    fn the_static_host_is_rewritten_to_the_local_path_and_the_rest_is_kept() {
        let origin = "https://static.digitain.example";
        assert_eq!(
            rewrite_static_host("https://static.digitain.example/games/roulette/index.html?token=a&lang=tr", origin),
            "/launch/digitain/games/roulette/index.html?token=a&lang=tr"
        );
        assert_eq!(
            rewrite_static_host(
                "HTTPS://Static.Digitain.Example/a.js?cdn=https://static.digitain.example/b",
                "https://static.digitain.example/"
            ),
            "/launch/digitain/a.js?cdn=/launch/digitain/b"
        );
        // Another host, or a host that only starts like it, is left alone.
        assert_eq!(rewrite_static_host("https://other.example/x", origin), "https://other.example/x");
        assert_eq!(rewrite_static_host("https://static.digitain.example.evil/x", origin), "https://static.digitain.example.evil/x");
        assert_eq!(rewrite_static_host("https://static.digitain.example/x", ""), "https://static.digitain.example/x");
    }
}
