//! The React app and the demo media, embedded in the binary: static files, and `index.html` for any
//! other path so deep links load the app (except the server's own prefixes and missing files).

use axum::body::Body;
use axum::http::{HeaderMap, HeaderValue, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use rust_embed::{EmbeddedFile, RustEmbed};

#[derive(RustEmbed)]
#[folder = "../web/dist/"]
#[allow_missing = true]
struct WebDist;

#[derive(RustEmbed)]
#[folder = "../content/media/"]
#[allow_missing = true]
struct Media;

/// Path prefixes that belong to the server; an unknown path under them is a 404, never the app.
pub const SERVER_PREFIXES: [&str; 6] = ["/api", "/hub", "/games", "/pay", "/callbacks", "/launch"];

fn under(path: &str, prefix: &str) -> bool {
    path == prefix || path.starts_with(&format!("{prefix}/"))
}

/// Serves a static file, or the app's `index.html` for an app route.
pub async fn fallback(uri: Uri, headers: HeaderMap) -> Response {
    let path = uri.path();
    if SERVER_PREFIXES.iter().any(|p| under(path, p)) {
        return not_found();
    }
    let found = match path.strip_prefix("/media/") {
        Some(rest) => Media::get(rest).map(|f| (f, rest.to_string())),
        None => {
            let rel = path.trim_start_matches('/');
            (!rel.is_empty()).then(|| WebDist::get(rel).map(|f| (f, rel.to_string()))).flatten()
        }
    };
    if let Some((file, name)) = found {
        let immutable = name.starts_with("assets/");
        return serve(file, &name, &headers, immutable);
    }
    let last = path.rsplit('/').next().unwrap_or("");
    if last.contains('.') {
        return not_found();
    }
    match WebDist::get("index.html") {
        Some(file) => serve(file, "index.html", &headers, false),
        None => (StatusCode::SERVICE_UNAVAILABLE, "The web app is not built: run `make build`.").into_response(),
    }
}

fn not_found() -> Response {
    (StatusCode::NOT_FOUND, "Not found").into_response()
}

fn serve(file: EmbeddedFile, name: &str, headers: &HeaderMap, immutable: bool) -> Response {
    let etag = format!("\"{}\"", hex::encode(&file.metadata.sha256_hash()[..16]));
    let cache = if immutable { "public, max-age=31536000, immutable" } else { "no-cache" };
    if headers.get(header::IF_NONE_MATCH).and_then(|v| v.to_str().ok()) == Some(etag.as_str()) {
        return Response::builder()
            .status(StatusCode::NOT_MODIFIED)
            .header(header::ETAG, &etag)
            .header(header::CACHE_CONTROL, cache)
            .body(Body::empty())
            .unwrap_or_default();
    }
    let mime = mime_guess::from_path(name).first_or_octet_stream();
    let mut resp = Response::new(Body::from(file.data.into_owned()));
    let h = resp.headers_mut();
    if let Ok(v) = HeaderValue::from_str(mime.as_ref()) {
        h.insert(header::CONTENT_TYPE, v);
    }
    if let Ok(v) = HeaderValue::from_str(&etag) {
        h.insert(header::ETAG, v);
    }
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    h.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    resp
}
