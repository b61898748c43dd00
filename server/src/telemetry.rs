//! Metrics in the Prometheus text format (issue 33): one global recorder, installed when a node is
//! told where to serve them (`KASA_METRICS_ADDR`, off by default), and `/metrics` on that address
//! apart from the site. Names follow Prometheus's rules: one `kasa_` prefix, base units (seconds),
//! `_total` counters, and no label that names a player.
//!
//! Areas record with the `metrics` crate's macros where the event happens; without the recorder
//! those calls do nothing.

use std::sync::OnceLock;

use axum::Router;
use axum::extract::State;
use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::get;
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};

use crate::db::Db;

static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();

/// The duration buckets (seconds) of every `_seconds` histogram.
const BUCKETS: [f64; 12] = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 10.0];

/// Installs the process's recorder once (later calls give the same handle) and describes the
/// metrics.
pub fn install() -> PrometheusHandle {
    HANDLE
        .get_or_init(|| {
            let handle = PrometheusBuilder::new()
                .set_buckets_for_metric(Matcher::Suffix("_seconds".into()), &BUCKETS)
                .expect("non-empty buckets")
                .install_recorder()
                .expect("one metrics recorder per process");
            describe();
            handle
        })
        .clone()
}

fn describe() {
    use metrics::{Unit, describe_counter, describe_gauge, describe_histogram};
    describe_counter!("kasa_http_requests_total", "HTTP requests answered, by route template, method and status.");
    describe_histogram!(
        "kasa_http_request_duration_seconds",
        Unit::Seconds,
        "Time to answer an HTTP request, by route template and method."
    );
    describe_gauge!("kasa_hub_connections", "Hub (SignalR) connections open on this node.");
    describe_counter!("kasa_hub_messages_sent_total", "Hub messages sent to this node's connections.");
    describe_gauge!("kasa_journal_lag_seconds", "How old the newest journal event this node's tailer has read was when read.");
    describe_counter!("kasa_wallet_transfers_total", "Ledger transfers written, by kind.");
    describe_counter!("kasa_payment_callbacks_total", "Card gateway callbacks, by outcome.");
    describe_counter!("kasa_provider_callbacks_total", "Game provider wallet calls, by provider and outcome.");
    describe_counter!("kasa_sportsbook_bets_total", "Sportsbook bets placed, by outcome.");
    describe_histogram!("kasa_sportsbook_settlement_duration_seconds", Unit::Seconds, "Time to settle a market's bets.");
    describe_gauge!("kasa_db_pool_connections", "Database pool connections, by state (in_use, idle).");
    describe_counter!("kasa_rate_limit_refusals_total", "Requests refused by a rate limit, by limit.");
}

/// The text `/metrics` answers, with the database pool's gauges read now.
pub fn render(db: &Db) -> String {
    let handle = install();
    let size = db.pool.size() as f64;
    let idle = db.pool.num_idle() as f64;
    metrics::gauge!("kasa_db_pool_connections", "state" => "in_use").set((size - idle).max(0.0));
    metrics::gauge!("kasa_db_pool_connections", "state" => "idle").set(idle);
    handle.run_upkeep();
    handle.render()
}

async fn metrics_text(State(db): State<Db>) -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "text/plain; version=0.0.4; charset=utf-8")], render(&db))
}

/// The metrics listener's router: `GET /metrics` only.
pub fn router(db: Db) -> Router {
    install();
    Router::new().route("/metrics", get(metrics_text)).with_state(db)
}

/// Serves `/metrics` on `listener` until the process ends.
pub async fn serve(listener: tokio::net::TcpListener, db: Db) -> std::io::Result<()> {
    axum::serve(listener, router(db)).await
}

/// A request path as a metric label, with no unbounded values: the server's calls keep their
/// words with each id-like segment (digits, or long) as `{id}`; the app's pages are `app`, its
/// files `static`. A 404's path is `unmatched`.
pub fn route_label(path: &str, status: u16) -> String {
    if status == 404 {
        return "unmatched".into();
    }
    let server = ["/api/", "/admin/api/", "/games/api/", "/callbacks/", "/pay/", "/hub/", "/health/", "/launch/"];
    if !server.iter().any(|p| path.starts_with(p)) {
        let file = path.rsplit('/').next().is_some_and(|last| last.contains('.'));
        return if file || path.starts_with("/assets/") || path.starts_with("/media/") { "static".into() } else { "app".into() };
    }
    path.split('/')
        .take(8)
        .map(|seg| if seg.len() > 24 || seg.chars().any(|c| c.is_ascii_digit()) { "{id}" } else { seg })
        .collect::<Vec<_>>()
        .join("/")
}

/// The middleware that counts and times every request (when the recorder is installed).
pub async fn record(req: axum::extract::Request, next: axum::middleware::Next) -> axum::response::Response {
    let started = std::time::Instant::now();
    let path = req.uri().path().to_string();
    let method = req.method().as_str().to_string();
    let resp = next.run(req).await;
    if HANDLE.get().is_some() {
        let status = resp.status().as_u16();
        let route = route_label(&path, status);
        metrics::counter!("kasa_http_requests_total", "route" => route.clone(), "method" => method.clone(), "status" => status.to_string())
            .increment(1);
        metrics::histogram!("kasa_http_request_duration_seconds", "route" => route, "method" => method)
            .record(started.elapsed().as_secs_f64());
    }
    resp
}

#[cfg(test)]
mod tests {
    use super::route_label;

    #[test]
    fn a_route_label_holds_no_id_token_or_page_of_the_app() {
        assert_eq!(route_label("/api/payment/resume", 200), "/api/payment/resume");
        assert_eq!(route_label("/admin/api/players/42/notes", 200), "/admin/api/players/{id}/notes");
        assert_eq!(route_label("/pay/AbCdEfGhIjKlMnOpQrStUvWxYz0123", 200), "/pay/{id}");
        assert_eq!(route_label("/casino/slots", 200), "app");
        assert_eq!(route_label("/assets/index-3f2a.js", 200), "static");
        assert_eq!(route_label("/api/whatever/else", 404), "unmatched");
    }
}
