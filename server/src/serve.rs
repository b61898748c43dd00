//! Running a node: bind, migrate, optionally load the demo content, serve until told to stop.

use std::time::Duration;

use anyhow::Context;
use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::Request;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::sync::watch;
use tower::ServiceExt;

use crate::app::{AppState, build_router};
use crate::cms;
use crate::config::{Config, Settings};
use crate::db::{Db, redact};
use crate::hub::tail;
use crate::studio::seal::SeedKey;

/// Connects to the database, migrates it, loads the demo content into an empty one when asked (and
/// the demo payment methods and casino catalogue when it has none).
pub async fn prepare(database_url: &str, demo: bool) -> anyhow::Result<Db> {
    let db = Db::connect(database_url).await?;
    db.migrate().await?;
    if demo && cms::demo::load_if_empty(&db).await? {
        tracing::info!("the database was empty: demo content loaded");
    }
    // The payment methods and the casino catalogue came after the first demo content: a demo
    // database without any gets them.
    if demo {
        crate::payments::load_demo_if_none(&db).await?;
        crate::casino::load_demo_if_none(&db).await?;
    }
    Ok(db)
}

/// How often a node expires unpaid card deposits (they expire 30 minutes after they start; the page
/// and the callback also expire an overdue one when used).
const CARD_SWEEP_EVERY: Duration = Duration::from_secs(60);
/// How often a node expires the bonuses past their date (a player's own moves expire theirs at once).
const BONUS_SWEEP_EVERY: Duration = Duration::from_secs(60);
/// How often a node ends the sessions at their time limit (a request with one ends it at once).
const SESSION_SWEEP_EVERY: Duration = Duration::from_secs(20);
/// How often a node refunds the unstarted bets a closure left open (its own refunds cut short).
const CLOSED_BETS_SWEEP_EVERY: Duration = Duration::from_secs(60);
/// How often a node deletes identity documents past their retention.
const KYC_SWEEP_EVERY: Duration = Duration::from_secs(3600);
/// How often a node moves the built-in sportsbook's live events on.
const SPORTS_TICK_EVERY: Duration = Duration::from_secs(3);

/// Serves the site on an already bound listener until `shutdown` resolves, tailing the event
/// journal for the hub. On shutdown the hub's clients are told to reconnect (to another node), new
/// connections are refused and requests in flight finish (for at most 30 s).
///
/// Each connection is served by hyper with a header read timeout: a client that sends its request
/// headers too slowly is disconnected (the body and the answer are bounded by the router's deadline).
pub async fn run(listener: TcpListener, state: AppState, shutdown: impl Future<Output = ()> + Send + 'static) -> anyhow::Result<()> {
    let node = state.node_id.clone().unwrap_or_else(|| {
        let host = std::env::var("HOSTNAME").unwrap_or_else(|_| "kasa".into());
        format!("{host}:{}", listener.local_addr().map(|a| a.port()).unwrap_or(0))
    });
    let sweep = tokio::spawn(crate::payments::card::sweep(state.db.clone(), CARD_SWEEP_EVERY));
    let bonus_sweep = tokio::spawn(crate::bonus::sweep(state.db.clone(), BONUS_SWEEP_EVERY));
    let session_sweep = tokio::spawn(crate::auth::session::sweep_time_limits(state.db.clone(), SESSION_SWEEP_EVERY));
    let kyc_sweep = tokio::spawn(crate::kyc::sweep(state.db.clone(), state.documents.clone(), state.kyc_rules, KYC_SWEEP_EVERY));
    let closed_bets_sweep = tokio::spawn(crate::sports::betting::sweep_closed(state.db.clone(), CLOSED_BETS_SWEEP_EVERY));
    let sports_feed = state.sports_feed.map(|speed| tokio::spawn(crate::sports::feed::run(state.db.clone(), SPORTS_TICK_EVERY, speed)));
    let tailer =
        tokio::spawn(tail::run(state.db.clone(), state.hub.clone(), vec![state.content.clone()], node.clone(), state.db.url.clone()));
    // The crash game: the round clock (run by the node holding its lease) and this node's feed.
    let crash = if state.crash.timings.running {
        vec![
            tokio::spawn(crate::studio::crash::clock::run(state.db.clone(), node.clone(), state.crash.timings)),
            tokio::spawn(crate::studio::crash::feed::poll(state.db.clone(), state.crash.clone())),
            tokio::spawn(crate::studio::crash::feed::tick(state.crash.clone())),
        ]
    } else {
        vec![]
    };
    let hub = state.hub.clone();
    let header_timeout = state.edge.header_timeout;
    let (draining, drain_delay) = (state.draining.clone(), state.drain_delay);
    let app = build_router(state);
    // Every connection task holds a receiver: when all are gone, every connection has finished.
    let (stop_tx, stop_rx) = watch::channel(false);
    let mut shutdown = std::pin::pin!(shutdown);
    // Once told to stop, the node is not ready (`/health/ready` 503) and keeps serving for the
    // drain delay, so the load balancer takes it out before it stops accepting.
    let mut drained: Option<std::pin::Pin<Box<tokio::time::Sleep>>> = None;
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(pair) => pair,
                Err(e) => {
                    // Out of file descriptors and the like: wait a little rather than spin.
                    tracing::warn!(error = %e, "accept failed");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            _ = &mut shutdown, if drained.is_none() => {
                draining.start();
                if drain_delay.is_zero() {
                    break;
                }
                tracing::info!(seconds = drain_delay.as_secs(), "draining: not ready, serving until the load balancer lets go");
                drained = Some(Box::pin(tokio::time::sleep(drain_delay)));
                continue;
            }
            _ = async { drained.as_mut().expect("set").await }, if drained.is_some() => break,
        };
        let _ = stream.set_nodelay(true);
        let app = app.clone();
        let service = tower::service_fn(move |mut req: Request<Incoming>| {
            req.extensions_mut().insert(ConnectInfo(peer));
            app.clone().oneshot(req.map(Body::new))
        });
        let mut stop = stop_rx.clone();
        tokio::spawn(async move {
            let mut builder = http1::Builder::new();
            builder.timer(TokioTimer::new()).header_read_timeout(header_timeout);
            let conn = builder.serve_connection(TokioIo::new(stream), TowerToHyperService::new(service)).with_upgrades();
            let mut conn = std::pin::pin!(conn);
            let mut stopping = false;
            loop {
                tokio::select! {
                    result = conn.as_mut() => {
                        if let Err(e) = result {
                            tracing::trace!(error = %e, "connection ended with an error");
                        }
                        break;
                    }
                    _ = stop.changed(), if !stopping => {
                        stopping = true;
                        conn.as_mut().graceful_shutdown();
                    }
                }
            }
            drop(stop);
        });
    }
    drop(listener);
    hub.shutdown();
    // A stopping node gives up the crash game's clock (its lease runs out) and feed at once.
    for task in &crash {
        task.abort();
    }
    let _ = stop_tx.send(true);
    drop(stop_rx);
    if tokio::time::timeout(Duration::from_secs(30), stop_tx.closed()).await.is_err() {
        tracing::warn!("connections still open 30 s after the shutdown began: stopping anyway");
    }
    tailer.abort();
    sweep.abort();
    bonus_sweep.abort();
    session_sweep.abort();
    kyc_sweep.abort();
    closed_bets_sweep.abort();
    if let Some(feed) = sports_feed {
        feed.abort();
    }
    Ok(())
}

/// `kasa serve`: the whole node.
pub async fn serve(config: Config, mut settings: Settings, demo: bool) -> anyhow::Result<()> {
    let listener = TcpListener::bind(config.addr).await.with_context(|| format!("cannot listen on {}", config.addr))?;
    let db = prepare(&config.database_url, demo).await?;
    if settings.payment_callback_secret.is_none() {
        if demo {
            tracing::warn!("KASA_PAYMENT_CALLBACK_SECRET is not set: --demo uses the public development secret for card callbacks");
            settings.payment_callback_secret = Some(crate::payments::card::DEVELOPMENT_SECRET.to_string());
        } else {
            tracing::warn!("KASA_PAYMENT_CALLBACK_SECRET is not set: card deposits are unavailable");
        }
    }
    let db = match settings.seed_key {
        Some(key) => db.with_seed_key(SeedKey::new(key)),
        None if demo => {
            tracing::warn!("KASA_SEED_KEY is not set: --demo seals the studio's server seeds with the public development key");
            db.with_seed_key(SeedKey::development())
        }
        None => {
            tracing::error!(
                "KASA_SEED_KEY is not set: the studio's games and the crash game refuse to play (set 32 random bytes, e.g. openssl rand -hex 32)"
            );
            db.with_seed_key(SeedKey::missing())
        }
    };
    crate::studio::store::seal_plain_secrets(&db).await?;
    if settings.sportsbook_secret.is_none() && settings.betsy_url.is_some() {
        settings.sportsbook_secret = Some(crate::accounts::sportsbooks::site_secret(&db).await?);
    }
    if let Some(addr) = settings.metrics_addr {
        let metrics = TcpListener::bind(addr).await.with_context(|| format!("cannot listen on {addr} for the metrics"))?;
        tracing::info!(%addr, "metrics are served on http://{addr}/metrics");
        let db = db.clone();
        tokio::spawn(async move {
            if let Err(e) = crate::telemetry::serve(metrics, db).await {
                tracing::error!(error = %e, "the metrics listener stopped");
            }
        });
    }
    tracing::info!(addr = %config.addr, database = %redact(&config.database_url), "kasa is serving on http://{}", config.addr);
    run(listener, AppState::from_settings(db, &settings)?, shutdown_signal()).await
}

/// Resolves on SIGTERM or Ctrl-C.
pub async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! { _ = ctrl_c => {}, _ = term => {} }
    tracing::info!("shutting down: finishing requests in flight");
}
