//! The bootstrap answer (`cms/grouped`) kept in memory: built once per content locale as the
//! finished JSON bytes, plain and gzip-compressed (what browsers ask for), and served from there
//! until the content changes, or for at most [`MAX_AGE`] (the studio's jackpots it carries grow
//! with every spin). An answer past its age is rebuilt by one request while the others are still
//! served it; after a content change every request waits for the new one.
//!
//! The app's page carries the same answer in the default language ([`ContentCache::page`]), built
//! with it, so a first visit renders the site's content without waiting for a call.
//!
//! A change of content is announced by [`content_changed`], written to the event journal in the
//! same transaction as the change. Every node's journal tailer hands that internal event to its
//! node's cache (never to a player's socket), which drops what it holds; the next request builds
//! it again. A change written without [`content_changed`] is not seen until the next announced
//! change or the node's restart.

use std::collections::HashMap;
use std::convert::Infallible;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, RwLock};

use anyhow::ensure;
use axum::body::{Body, Bytes};
use axum::http::{HeaderValue, Request, Response, header};
use sha2::{Digest, Sha256};
use tower::ServiceExt;
use tower_http::compression::{Compression, CompressionLevel};

use super::bootstrap::{self, LiveJackpots};
use crate::db::Db;
use crate::error::Envelope;
use crate::http::encoding::{self, Encoding};
use crate::journal::{self, Event, InternalListener};

/// Announces a change of the site content to every node, which then rebuilds its `cms/grouped`.
/// Call it on the connection of the transaction that changes the content: the announcement commits
/// (or rolls back) with the change.
pub async fn content_changed(conn: &mut sqlx::AnyConnection) -> Result<(), sqlx::Error> {
    journal::publish(conn, None, None, journal::CONTENT_CHANGED, "").await?;
    Ok(())
}

/// How long an answer is served before it is built again even without a content change: the
/// live jackpot levels in egtJackpotCards are at most this old.
pub const MAX_AGE: std::time::Duration = std::time::Duration::from_secs(5);

/// This node's `cms/grouped` answers, one per content locale.
#[derive(Debug)]
pub struct ContentCache {
    db: Db,
    /// The studio's jackpots, live.
    live_jackpots: LiveJackpots,
    /// Moves on at every content change; answers built at an older version are not served.
    version: AtomicU64,
    current: RwLock<Option<Arc<Snapshot>>>,
    /// One build at a time: the burst of requests after a change costs one build, not one each.
    building: tokio::sync::Mutex<()>,
    /// How many times the answers were built (read from the database).
    builds: AtomicU64,
    /// How long an answer is served without a change ([`MAX_AGE`]).
    max_age: std::time::Duration,
}

#[derive(Debug)]
struct Snapshot {
    version: u64,
    built_at: std::time::Instant,
    /// The whole envelope, by content locale; "tr" is always there.
    by_locale: HashMap<String, Answer>,
    /// The app's page with the default language's envelope written in, made at its first request.
    page: tokio::sync::OnceCell<Page>,
}

/// One locale's envelope as JSON bytes (or the app's page), plain and gzip-compressed.
#[derive(Debug, Clone, Default)]
pub struct Answer {
    pub plain: Bytes,
    pub gzip: Bytes,
}

/// The app's page (`index.html` with the bootstrap written in) and the hash its ETags are made of.
#[derive(Debug, Clone)]
pub struct Page {
    pub answer: Answer,
    /// The first 16 bytes of the plain page's SHA-256, in hex.
    pub hash: String,
}

impl Answer {
    /// The HTTP response: the compressed bytes when the request accepts gzip (the compression
    /// layer leaves a response that has a `content-encoding` alone), else the plain ones.
    pub fn response(self, accept_encoding: Option<&HeaderValue>) -> axum::response::Response {
        self.response_as(JSON, accept_encoding)
    }

    /// The same, of `content_type`.
    pub fn response_as(self, content_type: &'static str, accept_encoding: Option<&HeaderValue>) -> axum::response::Response {
        let gzip = accept_encoding.and_then(|v| v.to_str().ok()).is_some_and(|v| encoding::accepts(v, Encoding::Gzip));
        let mut resp = Response::new(Body::from(if gzip { self.gzip } else { self.plain }));
        let headers = resp.headers_mut();
        headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
        if gzip {
            headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
            headers.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
        }
        resp
    }
}

impl Snapshot {
    /// The answer for a requested language: its own when the site has it, else Turkish.
    fn answer(&self, requested: &str) -> Answer {
        self.by_locale.get(requested).or_else(|| self.by_locale.get("tr")).cloned().unwrap_or_default()
    }
}

impl ContentCache {
    /// An empty cache of the content in `db`, with the studio's jackpots read by `live_jackpots`.
    pub fn new(db: Db, live_jackpots: LiveJackpots) -> ContentCache {
        ContentCache {
            db,
            live_jackpots,
            version: AtomicU64::new(0),
            current: RwLock::new(None),
            building: tokio::sync::Mutex::new(()),
            builds: AtomicU64::new(0),
            max_age: MAX_AGE,
        }
    }

    /// The same, its answers aging after `max_age` (tests).
    pub fn with_max_age(db: Db, live_jackpots: LiveJackpots, max_age: std::time::Duration) -> ContentCache {
        ContentCache { max_age, ..ContentCache::new(db, live_jackpots) }
    }

    /// The `cms/grouped` envelope for `requested` (a lower-cased language code).
    pub async fn grouped(&self, requested: &str) -> anyhow::Result<Answer> {
        Ok(self.snapshot().await?.answer(requested))
    }

    /// The app's page, `index_html` with the default language's `cms/grouped` envelope written
    /// in ([`with_bootstrap`]): made once per build of the answers, as they are.
    pub async fn page(&self, index_html: &str) -> anyhow::Result<Page> {
        let snapshot = self.snapshot().await?;
        let page = snapshot
            .page
            .get_or_try_init(|| async {
                let html = Bytes::from(with_bootstrap(index_html, &snapshot.answer(DEFAULT_LOCALE).plain));
                let gzip = gzip(html.clone(), HTML).await?;
                let hash = hex::encode(&Sha256::digest(&html)[..16]);
                anyhow::Ok(Page { answer: Answer { plain: html, gzip }, hash })
            })
            .await?;
        Ok(page.clone())
    }

    /// The answers of the current content version, built if they are missing or aged.
    async fn snapshot(&self) -> anyhow::Result<Arc<Snapshot>> {
        if let Some(snapshot) = self.fresh() {
            return Ok(snapshot);
        }
        // Only aged (no content change since): the request that takes the build rebuilds it,
        // the others meanwhile get the aged answer instead of waiting.
        let _turn = match (self.building.try_lock(), self.current_version()) {
            (Ok(turn), _) => turn,
            (Err(_), Some(aged)) => return Ok(aged),
            (Err(_), None) => self.building.lock().await,
        };
        if let Some(snapshot) = self.fresh() {
            return Ok(snapshot);
        }
        // Read before the database: a change announced during the build leaves this snapshot
        // behind the version, so it is built again rather than served stale.
        let version = self.version.load(Ordering::Acquire);
        let snapshot = Arc::new(build(&self.db, self.live_jackpots, version).await?);
        self.builds.fetch_add(1, Ordering::Relaxed);
        *self.current.write().unwrap_or_else(|e| e.into_inner()) = Some(snapshot.clone());
        Ok(snapshot)
    }

    /// The answers built at the current content version, however old.
    fn current_version(&self) -> Option<Arc<Snapshot>> {
        let snapshot = self.current.read().unwrap_or_else(|e| e.into_inner()).clone()?;
        (snapshot.version == self.version.load(Ordering::Acquire)).then_some(snapshot)
    }

    fn fresh(&self) -> Option<Arc<Snapshot>> {
        self.current_version().filter(|s| s.built_at.elapsed() < self.max_age)
    }

    /// Forgets the answers; the next request builds them from the database.
    pub fn invalidate(&self) {
        self.version.fetch_add(1, Ordering::AcqRel);
        *self.current.write().unwrap_or_else(|e| e.into_inner()) = None;
    }

    /// How many times the answers were built since the node started.
    pub fn builds(&self) -> u64 {
        self.builds.load(Ordering::Relaxed)
    }
}

impl InternalListener for ContentCache {
    fn internal_event(&self, ev: &Event) {
        if ev.command == journal::CONTENT_CHANGED {
            tracing::debug!(event = ev.id, "site content changed: cms/grouped will be built again");
            self.invalidate();
        }
    }

    fn tailer_started(&self) {
        self.invalidate();
    }
}

/// Every content locale's answer, read from the database.
async fn build(db: &Db, live_jackpots: LiveJackpots, version: u64) -> anyhow::Result<Snapshot> {
    let mut locales: Vec<String> = super::store::languages(db).await?.into_iter().map(|l| l.locale).collect();
    if !locales.iter().any(|l| l == "tr") {
        locales.push("tr".to_string());
    }
    let built_at = std::time::Instant::now();
    let mut by_locale = HashMap::with_capacity(locales.len());
    for locale in locales {
        let bootstrap = bootstrap::bootstrap(db, &locale, live_jackpots).await?;
        let json = Bytes::from(serde_json::to_vec(&Envelope::ok(bootstrap))?);
        let gzip = gzip(json.clone(), JSON).await?;
        by_locale.insert(locale, Answer { plain: json, gzip });
    }
    Ok(Snapshot { version, built_at, by_locale, page: tokio::sync::OnceCell::new() })
}

/// The language of the bootstrap the app's page carries (the app's default).
const DEFAULT_LOCALE: &str = "tr";
const JSON: &str = "application/json";
/// The type of the app's page.
pub const HTML: &str = "text/html; charset=utf-8";
/// The id of the element of the app's page that carries the bootstrap (read by the app at start).
pub const PAGE_BOOTSTRAP_ID: &str = "bootstrap-data";

/// Where the page wants its data block: the comment is replaced by it, so the page's inline script
/// after it (the start-up popup's) can read it while the page is parsed.
pub const PAGE_BOOTSTRAP_MARK: &str = "<!--bootstrap-data-->";

/// `html` with `envelope` (JSON) in a data block in place of [`PAGE_BOOTSTRAP_MARK`], or at the end
/// of its body without one. Every `<` of the JSON (only ever inside a string) is written `\u003c`,
/// so no text of the content can end the block or open markup: the block holds data the browser
/// never runs.
pub fn with_bootstrap(html: &str, envelope: &[u8]) -> String {
    let json = String::from_utf8_lossy(envelope).replace('<', "\\u003c");
    let block = format!(r#"<script id="{PAGE_BOOTSTRAP_ID}" type="application/json">{json}</script>"#);
    let at = html.find(PAGE_BOOTSTRAP_MARK).map(|at| (at, PAGE_BOOTSTRAP_MARK.len())).or_else(|| html.rfind("</body>").map(|at| (at, 0)));
    match at {
        Some((at, len)) => format!("{}{block}{}", &html[..at], &html[at + len..]),
        None => format!("{html}{block}"),
    }
}

/// `body` (of `content_type`) gzip-compressed (at the best level: it is done once per change), by
/// the same compression the router applies to other answers.
async fn gzip(body: Bytes, content_type: &'static str) -> anyhow::Result<Bytes> {
    let answer = tower::service_fn(move |_: Request<Body>| {
        let body = body.clone();
        async move {
            let mut resp = Response::new(Body::from(body));
            resp.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
            Ok::<_, Infallible>(resp)
        }
    });
    let request = Request::builder().header(header::ACCEPT_ENCODING, "gzip").body(Body::empty())?;
    let resp = Compression::new(answer).quality(CompressionLevel::Best).oneshot(request).await?;
    ensure!(resp.headers().get(header::CONTENT_ENCODING).is_some_and(|v| v == "gzip"), "the answer was not compressed");
    Ok(axum::body::to_bytes(Body::new(resp.into_body()), usize::MAX).await?)
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::ContentCache;

    /// A SQLite database in a temporary folder named after `name`, with the demo content.
    async fn demo_db(name: &str) -> (std::path::PathBuf, crate::db::Db) {
        let dir = std::env::temp_dir().join(format!("{name}-{}", std::process::id()));
        let db = crate::db::Db::connect(&format!("sqlite://{}/kasa.db?mode=rwc", dir.display())).await.unwrap();
        db.migrate().await.unwrap();
        assert!(super::super::demo::load_if_empty(&db).await.unwrap());
        (dir, db)
    }

    /// No studio jackpots (the studio's are above the content area).
    fn no_jackpots(_: &crate::db::Db) -> futures_util::future::BoxFuture<'_, sqlx::Result<Vec<serde_json::Value>>> {
        Box::pin(async { Ok(Vec::new()) })
    }

    /// Twenty requests for the Turkish answer at once.
    async fn twenty_at_once(cache: &Arc<ContentCache>) -> Vec<super::Answer> {
        let asks: Vec<_> = (0..20)
            .map(|_| {
                tokio::spawn({
                    let c = cache.clone();
                    async move { c.grouped("tr").await.unwrap() }
                })
            })
            .collect();
        let mut answers = Vec::new();
        for ask in asks {
            answers.push(ask.await.unwrap());
        }
        answers
    }

    #[tokio::test]
    async fn the_database_is_read_once_per_change_however_many_ask() {
        // Arrange: a database with the demo content.
        let (dir, db) = demo_db("kasa-cache").await;
        let cache = Arc::new(ContentCache::new(db, no_jackpots));

        // Act and assert: both languages and an unknown one come from one build.
        let tr = cache.grouped("tr").await.unwrap();
        let en = cache.grouped("en").await.unwrap();
        assert_eq!(cache.grouped("de").await.unwrap().plain, tr.plain);
        assert_ne!(tr.plain, en.plain);
        assert_eq!(cache.builds(), 1);

        // A change: twenty requests at once cause one build.
        cache.invalidate();
        assert!(twenty_at_once(&cache).await.iter().all(|a| a.plain == tr.plain));
        assert_eq!(cache.builds(), 2);
        let _ = std::fs::remove_dir_all(dir);
    }

    #[tokio::test]
    async fn an_aged_answer_is_rebuilt_once_while_the_other_requests_get_it() {
        // Arrange: answers that age after 50 ms, built once, then aged.
        let (dir, db) = demo_db("kasa-cache-aged").await;
        let cache = Arc::new(ContentCache::with_max_age(db, no_jackpots, std::time::Duration::from_millis(50)));
        let first = cache.grouped("tr").await.unwrap();
        tokio::time::sleep(std::time::Duration::from_millis(80)).await;

        // Act: twenty requests at once.
        let answers = twenty_at_once(&cache).await;

        // Assert: one rebuild served them all (the aged answer or the new one, the same content).
        assert_eq!(cache.builds(), 2);
        assert!(answers.iter().all(|a| a.plain == first.plain));
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn no_text_of_the_content_can_end_the_pages_data_block() {
        // Arrange: an envelope whose texts try to close the block and run a script.
        let envelope = serde_json::json!({ "data": { "title": "</script><script>alert(1)</script><!--" } }).to_string();
        let html = "<html><body><div id=\"root\"></div></body></html>";

        // Act
        let page = super::with_bootstrap(html, envelope.as_bytes());

        // Assert: one block, at the end of the body, whose text reads back as the same JSON.
        assert_eq!(page.matches("</script>").count(), 1, "{page}");
        assert!(page.ends_with("</script></body></html>"), "{page}");
        let start = page.find(r#"type="application/json">"#).unwrap() + r#"type="application/json">"#.len();
        let text = &page[start..page.find("</script>").unwrap()];
        assert!(!text.contains('<'));
        let read: serde_json::Value = serde_json::from_str(text).unwrap();
        assert_eq!(read.to_string(), envelope);
    }

    #[test]
    fn the_data_block_takes_the_place_the_page_marks_for_it() {
        // Arrange: a page whose inline script after the mark reads the block.
        let html = "<html><body><div id=\"root\"></div><!--bootstrap-data--><script>read()</script></body></html>";

        // Act
        let page = super::with_bootstrap(html, br#"{"data":{}}"#);

        // Assert
        assert_eq!(
            page,
            r#"<html><body><div id="root"></div><script id="bootstrap-data" type="application/json">{"data":{}}</script><script>read()</script></body></html>"#
        );
    }

    #[tokio::test]
    async fn the_page_carries_the_default_languages_answer_and_is_made_once_per_build() {
        // Arrange
        let (dir, db) = demo_db("kasa-cache-page").await;
        let cache = Arc::new(ContentCache::new(db, no_jackpots));
        let html = "<!doctype html><html><body><div id=\"root\"></div></body></html>";

        // Act: twenty pages at once, then the Turkish answer.
        let asks: Vec<_> = (0..20)
            .map(|_| {
                tokio::spawn({
                    let c = cache.clone();
                    async move { c.page(html).await.unwrap() }
                })
            })
            .collect();
        let mut pages = Vec::new();
        for ask in asks {
            pages.push(ask.await.unwrap());
        }
        let tr = cache.grouped("tr").await.unwrap();

        // Assert: one build; every page is the same, with the Turkish answer written in.
        assert_eq!(cache.builds(), 1);
        assert!(pages.iter().all(|p| p.answer.plain == pages[0].answer.plain && p.answer.gzip == pages[0].answer.gzip));
        let expected = super::with_bootstrap(html, &tr.plain);
        assert_eq!(std::str::from_utf8(&pages[0].answer.plain).unwrap(), expected);
        let _ = std::fs::remove_dir_all(dir);
    }
}
