//! Running a node: bind, migrate, optionally load the demo content, serve until told to stop.

use std::net::SocketAddr;

use anyhow::Context;
use tokio::net::TcpListener;

use crate::app::{AppState, build_router};
use crate::cms;
use crate::config::Config;
use crate::db::{Db, redact};
use crate::hub::tail;

/// Connects to the database, migrates it, loads the demo content into an empty one when asked.
pub async fn prepare(database_url: &str, demo: bool) -> anyhow::Result<Db> {
    let db = Db::connect(database_url).await?;
    db.migrate().await?;
    if demo && cms::demo::load_if_empty(&db).await? {
        tracing::info!("the database was empty: demo content loaded");
    }
    Ok(db)
}

/// Serves the site on an already bound listener until `shutdown` resolves, tailing the event
/// journal for the hub. On shutdown the hub's clients are told to reconnect (to another node), new
/// connections are refused and requests in flight finish.
pub async fn run(listener: TcpListener, state: AppState, shutdown: impl Future<Output = ()> + Send + 'static) -> anyhow::Result<()> {
    let node = std::env::var("KASA_NODE_ID").ok().filter(|s| !s.is_empty()).unwrap_or_else(|| {
        let host = std::env::var("HOSTNAME").unwrap_or_else(|_| "kasa".into());
        format!("{host}:{}", listener.local_addr().map(|a| a.port()).unwrap_or(0))
    });
    let tailer = tokio::spawn(tail::run(state.db.clone(), state.hub.clone(), node, state.db.url.clone()));
    let hub = state.hub.clone();
    let app = build_router(state).into_make_service_with_connect_info::<SocketAddr>();
    let result = axum::serve(listener, app)
        .with_graceful_shutdown(async move {
            shutdown.await;
            hub.shutdown();
        })
        .await
        .context("the server stopped with an error");
    tailer.abort();
    result
}

/// `kasa serve`: the whole node.
pub async fn serve(config: Config, demo: bool) -> anyhow::Result<()> {
    let listener = TcpListener::bind(config.addr).await.with_context(|| format!("cannot listen on {}", config.addr))?;
    let db = prepare(&config.database_url, demo).await?;
    tracing::info!(addr = %config.addr, database = %redact(&config.database_url), "kasa is serving on http://{}", config.addr);
    run(listener, AppState::from_env(db)?, shutdown_signal()).await
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
