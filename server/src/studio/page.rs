//! The studio game's page, outside `/api/`: `GET /games/{code}/?token=..&lang=tr|en` answers the
//! game (the built `web/dist/games/{slot,ways,roulette,keno,wheel,baccarat,blackjack,crash}/index.html` of its kind, which loads
//! its files from `/games/assets/`)
//! when the launch token is valid for that game, without using it (the game does, by
//! `/games/api/session`); else a clear page in Turkish or English saying the link expired, was
//! used or is not known, and to open the game again from the site. The page may be framed by the
//! site only (`frame-ancestors 'self'`); its own scripts and styles are the site's files.

use std::collections::HashMap;
use std::sync::LazyLock;

use axum::Router;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde::Deserialize;

use super::store::{self, LaunchState};
use crate::db::Db;
use crate::i18n::Locale;
use crate::security_headers::SecurityHeaders;

/// The built game page every studio slot uses.
pub const GAME_HTML: &str = "games/slot/index.html";

/// The built page of a studio game's kind.
fn page_of(code: &str) -> Option<&'static str> {
    use super::engine::{self, TableKind};
    if engine::slot(code).is_some() {
        return Some(GAME_HTML);
    }
    if engine::ways(code).is_some() {
        return Some("games/ways/index.html");
    }
    if code == engine::blackjack::CODE {
        return Some("games/blackjack/index.html");
    }
    if code == engine::crash::CODE {
        return Some("games/crash/index.html");
    }
    engine::table(code).map(|t| match t.kind {
        TableKind::Roulette => "games/roulette/index.html",
        TableKind::Keno => "games/keno/index.html",
        TableKind::Wheel => "games/wheel/index.html",
        TableKind::Baccarat => "games/baccarat/index.html",
    })
}

/// The game page (with and without its trailing slash).
pub fn router() -> Router<Db> {
    Router::new().route("/games/{code}/", get(show)).route("/games/{code}", get(show))
}

#[derive(Debug, Default, Deserialize)]
pub struct PageQuery {
    #[serde(default)]
    pub token: String,
    pub lang: Option<String>,
}

/// Each game page's HTML and the security policy of its page (its inline scripts, if any, by
/// hash; framed by the site only), read once.
static PAGES: LazyLock<HashMap<&'static str, (String, SecurityHeaders)>> = LazyLock::new(|| {
    [
        "games/slot/index.html",
        "games/roulette/index.html",
        "games/keno/index.html",
        "games/wheel/index.html",
        "games/baccarat/index.html",
        "games/crash/index.html",
        "games/ways/index.html",
        "games/blackjack/index.html",
    ]
    .into_iter()
    .filter_map(|path| {
        crate::web::dist_text(path).map(|html| {
            let headers = SecurityHeaders::new(Some(&html), &[], None);
            (path, (html, headers))
        })
    })
    .collect()
});

/// The page's language: the `lang` query, else `Accept-Language`, else Turkish.
fn locale(q: &PageQuery, headers: &HeaderMap) -> Locale {
    if let Some(lang) = q.lang.as_deref().filter(|l| !l.is_empty()) {
        return Locale::parse(lang);
    }
    let accept = headers.get(header::ACCEPT_LANGUAGE).and_then(|v| v.to_str().ok()).unwrap_or("");
    Locale::parse(accept.split(',').next().unwrap_or("").split(';').next().unwrap_or(""))
}

async fn show(State(db): State<Db>, Path(code): Path<String>, Query(q): Query<PageQuery>, headers: HeaderMap) -> Response {
    let lang = locale(&q, &headers);
    let state = match store::peek_launch(&db, q.token.trim()).await {
        Ok(s) => s,
        Err(e) => {
            tracing::error!(error = %e, "the game page failed");
            return notice(lang, Notice::Failed, StatusCode::INTERNAL_SERVER_ERROR);
        }
    };
    match state {
        LaunchState::Valid { game_code, .. } if game_code == code => game(&code, &headers),
        LaunchState::Valid { .. } | LaunchState::Unknown => notice(lang, Notice::Unknown, StatusCode::NOT_FOUND),
        LaunchState::Expired => notice(lang, Notice::Expired, StatusCode::GONE),
        LaunchState::Used => notice(lang, Notice::Used, StatusCode::GONE),
    }
}

fn game(code: &str, headers: &HeaderMap) -> Response {
    let Some((html, security)) = page_of(code).and_then(|p| PAGES.get(p)) else {
        return (StatusCode::SERVICE_UNAVAILABLE, "The studio's games are not built: run `make build`.").into_response();
    };
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
    let mut resp = (StatusCode::OK, html.clone()).into_response();
    let h = resp.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8"));
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    if let Ok(v) = HeaderValue::from_str(&security.policy_for(host)) {
        h.insert(header::CONTENT_SECURITY_POLICY, v);
    }
    resp
}

#[derive(Debug, Clone, Copy)]
enum Notice {
    Expired,
    Used,
    Unknown,
    Failed,
}

struct Words {
    lang: &'static str,
    title: &'static str,
    expired: &'static str,
    used: &'static str,
    unknown: &'static str,
    failed: &'static str,
    again: &'static str,
    back: &'static str,
}

const TR: Words = Words {
    lang: "tr",
    title: "Oyun açılamadı",
    expired: "Bu oyun bağlantısının süresi doldu (bağlantılar 5 dakika geçerlidir).",
    used: "Bu oyun bağlantısı zaten kullanıldı.",
    unknown: "Bu oyun bağlantısı geçersiz.",
    failed: "Oyun şu anda açılamıyor. Lütfen biraz sonra tekrar deneyin.",
    again: "Oyunu siteden yeniden açın.",
    back: "Siteye dön",
};

const EN: Words = Words {
    lang: "en",
    title: "The game could not be opened",
    expired: "This game link has expired (links are valid for 5 minutes).",
    used: "This game link was already used.",
    unknown: "This game link is not valid.",
    failed: "The game cannot be opened right now. Please try again shortly.",
    again: "Open the game again from the site.",
    back: "Return to the site",
};

const STYLE: &str = "*{box-sizing:border-box}html,body{height:100%}body{margin:0;display:flex;align-items:center;justify-content:center;\
background:#0e1621;color:#e8edf7;font:16px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;padding:16px}\
main{max-width:420px;text-align:center}h1{font-size:20px;margin:0 0 8px}p{margin:0 0 8px;color:#b9c3d8}\
a{display:inline-block;margin-top:12px;padding:10px 18px;border-radius:8px;background:#1d9a5b;color:#fff;text-decoration:none;font-weight:600}";

fn notice(lang: Locale, which: Notice, status: StatusCode) -> Response {
    let w = match lang {
        Locale::En => &EN,
        Locale::Tr => &TR,
    };
    let text = match which {
        Notice::Expired => w.expired,
        Notice::Used => w.used,
        Notice::Unknown => w.unknown,
        Notice::Failed => w.failed,
    };
    let html = format!(
        "<!doctype html><html lang=\"{lang}\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">\
         <meta name=\"robots\" content=\"noindex\"><title>{title} · Kasa</title><style>{STYLE}</style></head>\
         <body><main role=\"alert\"><h1>{title}</h1><p>{text}</p><p>{again}</p><a href=\"/\" target=\"_top\">{back}</a></main></body></html>",
        lang = w.lang,
        title = w.title,
        again = w.again,
        back = w.back,
    );
    let mut resp = (status, html).into_response();
    let h = resp.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8"));
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    resp
}
