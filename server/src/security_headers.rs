//! The security headers of every answer (pages, API, files, errors): a Content-Security-Policy that
//! lets a page load only from the site itself and the configured live-chat origin, and be framed
//! only by the site; `X-Content-Type-Options: nosniff`; `Referrer-Policy: strict-origin-when-cross-origin`.
//!
//! The policy is computed once when the router is built, from what the node serves:
//! - scripts: the site's files, the inline `<script>` elements of the app's `index.html` (each by
//!   its SHA-256, so no other inline script runs), the fingerprint collector of `cms/coveryjs`
//!   (which the app runs as an inline script, also by its SHA-256) and the live-chat origin;
//! - styles: the site's files and inline styles (`'unsafe-inline'`). Styles need it because the
//!   app's toasts (sonner) insert their stylesheet as a `<style>` element at run time and the
//!   static shell of `index.html` carries inline CSS; a style runs no script. Listing hashes in
//!   `style-src` instead would switch `'unsafe-inline'` off (CSP 2+) and break those styles;
//! - connections: the site, its own WebSocket origin for the hub (from the request's `Host`, for
//!   browsers whose `'self'` does not cover `ws:`/`wss:`) and the live-chat origin (`https` and `wss`);
//! - images: the site, `data:` and `blob:` URLs and the live-chat origin; fonts: the site and the
//!   live-chat origin; frames: the site and the live-chat origin.
//!
//! The live-chat origin is a setting (`KASA_LIVE_CHAT_ORIGIN`): a security policy is the
//! operator's decision, fixed at start, not site content that an edit could widen.

use axum::http::{HeaderValue, header};
use axum::response::Response;
use base64::Engine as _;
use sha2::{Digest, Sha256};

/// The headers one node adds to its answers.
#[derive(Debug)]
pub struct SecurityHeaders {
    /// The policy up to its last directive, `connect-src`, to which each answer adds its own
    /// WebSocket origin.
    policy: String,
    /// The header of the last `Host` seen: a site answers under one or two names, so the policy is
    /// built once per name instead of on every answer (every balance poll).
    last: std::sync::RwLock<Option<(HeaderValue, HeaderValue)>>,
}

impl SecurityHeaders {
    /// The policy for an app whose `index.html` is `index_html` (`None`: not built), whose inline
    /// scripts besides are `scripts`, with the live chat at `live_chat_origin` (`https://host[:port]`).
    pub fn new(index_html: Option<&str>, scripts: &[&str], live_chat_origin: Option<&str>) -> SecurityHeaders {
        let chat = live_chat_origin.unwrap_or_default();
        let chat_socket = live_chat_origin.map(socket_origin).unwrap_or_default();
        let mut script_src = vec!["'self'".to_string()];
        let inline = index_html.map(|html| inline_elements(html, "script")).unwrap_or_default();
        for hash in inline.into_iter().chain(scripts.iter().copied()).map(hash_source) {
            if !script_src.contains(&hash) {
                script_src.push(hash);
            }
        }
        script_src.push(chat.to_string());
        let directives = [
            ("default-src", "'self'".to_string()),
            ("script-src", script_src.join(" ")),
            ("style-src", format!("'self' 'unsafe-inline' {chat}")),
            ("img-src", format!("'self' data: blob: {chat}")),
            ("font-src", format!("'self' {chat}")),
            ("frame-src", format!("'self' {chat}")),
            ("frame-ancestors", "'self'".to_string()),
            ("base-uri", "'self'".to_string()),
            ("form-action", "'self'".to_string()),
            ("object-src", "'none'".to_string()),
            ("connect-src", format!("'self' {chat} {chat_socket}")),
        ];
        let policy = directives
            .iter()
            .map(|(name, sources)| format!("{name} {}", sources.split_whitespace().collect::<Vec<_>>().join(" ")))
            .collect::<Vec<_>>()
            .join("; ");
        SecurityHeaders { policy, last: std::sync::RwLock::new(None) }
    }

    /// Lets the pages frame these origins too (the configured sportsbooks).
    pub fn with_frames(mut self, origins: &[String]) -> SecurityHeaders {
        if !origins.is_empty() {
            let extra = origins.join(" ");
            self.policy = self.policy.replacen("frame-src 'self'", &format!("frame-src 'self' {extra}"), 1);
        }
        self
    }

    /// The `Content-Security-Policy` header of an answer to a request with this `Host` header.
    fn header_for(&self, host: Option<&HeaderValue>) -> Option<HeaderValue> {
        if let Some(host) = host
            && let Some((seen, value)) = self.last.read().unwrap_or_else(|e| e.into_inner()).as_ref()
            && seen == host
        {
            return Some(value.clone());
        }
        let value = HeaderValue::from_str(&self.policy_for(host.and_then(|h| h.to_str().ok()))).ok()?;
        if let Some(host) = host {
            *self.last.write().unwrap_or_else(|e| e.into_inner()) = Some((host.clone(), value.clone()));
        }
        Some(value)
    }

    /// The policy of an answer to a request for `host` (its `Host` header).
    pub fn policy_for(&self, host: Option<&str>) -> String {
        match host.filter(|h| is_host(h)) {
            Some(h) => format!("{} ws://{h} wss://{h}", self.policy),
            None => self.policy.clone(),
        }
    }
}

impl SecurityHeaders {
    /// Adds the headers to an answer that does not set its own (`host`: the request's `Host`).
    pub fn apply(&self, host: Option<&HeaderValue>, resp: &mut Response) {
        let h = resp.headers_mut();
        if !h.contains_key(header::CONTENT_SECURITY_POLICY)
            && let Some(v) = self.header_for(host)
        {
            h.insert(header::CONTENT_SECURITY_POLICY, v);
        }
        h.entry(header::X_CONTENT_TYPE_OPTIONS).or_insert(HeaderValue::from_static("nosniff"));
        h.entry(header::REFERRER_POLICY).or_insert(HeaderValue::from_static("strict-origin-when-cross-origin"));
    }
}

/// A CSP hash source for an inline element's content: `'sha256-BASE64'`.
pub fn hash_source(content: &str) -> String {
    format!("'sha256-{}'", base64::engine::general_purpose::STANDARD.encode(Sha256::digest(content.as_bytes())))
}

/// The contents of the inline `<tag>` elements of `html` (those without a `src`), as written.
pub fn inline_elements<'a>(html: &'a str, tag: &str) -> Vec<&'a str> {
    let lower = html.to_ascii_lowercase();
    let (open, close) = (format!("<{tag}"), format!("</{tag}"));
    let mut found = Vec::new();
    let mut at = 0;
    while let Some(start) = lower[at..].find(&open).map(|i| at + i) {
        let after_name = start + open.len();
        // `<scripts>` or `<styled>` are other elements.
        if !lower[after_name..].starts_with(|c: char| c == '>' || c.is_ascii_whitespace() || c == '/') {
            at = after_name;
            continue;
        }
        let Some(tag_end) = lower[after_name..].find('>').map(|i| after_name + i) else { break };
        let Some(end) = lower[tag_end..].find(&close).map(|i| tag_end + i) else { break };
        let attributes = &lower[after_name..tag_end];
        let runs_inline = !has_src(attributes) && (tag != "script" || !is_data_block(attributes));
        if runs_inline {
            found.push(&html[tag_end + 1..end]);
        }
        at = end + close.len();
    }
    found
}

/// A `<script>` whose `type` is not JavaScript (the page's bootstrap, `application/json`) holds
/// data the browser never runs: it needs no hash.
fn is_data_block(attributes: &str) -> bool {
    let Some(at) = attributes.find("type=") else { return false };
    let value = attributes[at + 5..].trim_start_matches(['"', '\'']);
    let value = value.split(['"', '\'', ' ', '>']).next().unwrap_or("");
    !matches!(value, "" | "module" | "text/javascript" | "application/javascript")
}

fn has_src(attributes: &str) -> bool {
    attributes.split(|c: char| c.is_ascii_whitespace()).any(|a| a == "src" || a.starts_with("src="))
}

/// The WebSocket origin of an `http(s)` origin: `https://chat.example` -> `wss://chat.example`.
fn socket_origin(origin: &str) -> String {
    match origin.split_once("://") {
        Some(("http", rest)) => format!("ws://{rest}"),
        Some((_, rest)) => format!("wss://{rest}"),
        None => String::new(),
    }
}

/// A `Host` header that is safe to write into the policy: a name or address and an optional port.
fn is_host(host: &str) -> bool {
    !host.is_empty() && host.len() <= 255 && host.bytes().all(|b| b.is_ascii_alphanumeric() || b".-:[]".contains(&b))
}

#[cfg(test)]
mod tests {
    use super::{SecurityHeaders, hash_source, inline_elements};

    const PAGE: &str = "<!doctype html><html><head><style>body{background:#0e1621}</style>\
        <script type=\"module\" crossorigin src=\"/assets/index.js\"></script>\
        <SCRIPT>window.boot = 1;</SCRIPT><scripts>not one</scripts></head><body></body></html>";

    #[test]
    fn inline_elements_are_found_and_elements_with_a_src_are_not() {
        assert_eq!(inline_elements(PAGE, "script"), vec!["window.boot = 1;"]);
        let with_data =
            format!(r#"{PAGE}<script id="bootstrap-data" type="application/json">{{"a":1}}</script><script type="module">run()</script>"#);
        assert_eq!(inline_elements(&with_data, "script"), vec!["window.boot = 1;", "run()"]);
        assert_eq!(inline_elements(PAGE, "style"), vec!["body{background:#0e1621}"]);
    }

    #[test]
    fn a_hash_source_is_the_base64_sha256_of_the_content() {
        // The example of the CSP specification (`alert('Hello, world.');`).
        assert_eq!(hash_source("alert('Hello, world.');"), "'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='");
    }

    #[test]
    fn inline_scripts_run_by_their_hash_and_inline_styles_are_allowed() {
        let policy = SecurityHeaders::new(Some(PAGE), &["collect();"], None).policy_for(None);
        let script_src = policy.split("; ").find(|d| d.starts_with("script-src ")).unwrap();
        assert_eq!(script_src, format!("script-src 'self' {} {}", hash_source("window.boot = 1;"), hash_source("collect();")));
        assert!(!script_src.contains("unsafe-inline"), "{policy}");
        // A hash in style-src would switch 'unsafe-inline' off for the toasts' stylesheet.
        assert!(policy.contains("style-src 'self' 'unsafe-inline';"), "{policy}");
        assert!(!policy.contains(&hash_source("body{background:#0e1621}")), "{policy}");
    }

    #[test]
    fn the_live_chat_origin_is_allowed_where_a_chat_widget_needs_it() {
        let headers = SecurityHeaders::new(None, &[], Some("https://chat.example.com"));
        let policy = headers.policy_for(Some("kasa.bet"));
        for directive in ["script-src", "style-src", "img-src", "font-src", "frame-src", "connect-src"] {
            let d = policy.split("; ").find(|d| d.starts_with(&format!("{directive} "))).unwrap();
            assert!(d.contains(" https://chat.example.com"), "{d}");
        }
        assert!(
            policy.ends_with("connect-src 'self' https://chat.example.com wss://chat.example.com ws://kasa.bet wss://kasa.bet"),
            "{policy}"
        );
        assert!(!policy.contains("default-src 'self' https://chat"), "{policy}");
    }

    #[test]
    fn a_strange_host_header_is_left_out_of_the_policy() {
        let headers = SecurityHeaders::new(None, &[], None);
        assert!(headers.policy_for(Some("evil; script-src *")).ends_with("connect-src 'self'"));
        assert!(headers.policy_for(Some("127.0.0.1:8080")).ends_with("connect-src 'self' ws://127.0.0.1:8080 wss://127.0.0.1:8080"));
    }
}
