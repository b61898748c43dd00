//! `/health/live` and `/health/ready` (issue 33) for the load balancer and the supervisor: live
//! while the process answers; ready only while the database answers, its migrations are this
//! binary's, and the node is not draining (after SIGTERM it answers 503 for the drain delay, so
//! the balancer takes it out before it stops accepting).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::json;

use crate::db::Db;

/// Whether the node is draining (set once the shutdown begins).
#[derive(Debug, Clone, Default)]
pub struct Draining(Arc<AtomicBool>);

impl Draining {
    pub fn start(&self) {
        self.0.store(true, Ordering::SeqCst);
    }

    pub fn is_on(&self) -> bool {
        self.0.load(Ordering::SeqCst)
    }
}

/// Always 200 while the process serves.
pub async fn live() -> Response {
    (StatusCode::OK, Json(json!({ "status": "live" }))).into_response()
}

/// 200 when ready; 503 naming what is not.
pub async fn ready(db: &Db, draining: &Draining) -> Response {
    let problem = if draining.is_on() {
        Some("draining")
    } else {
        match db.migrations_current().await {
            Ok(true) => None,
            Ok(false) => Some("migrations not current"),
            Err(_) => Some("database unavailable"),
        }
    };
    match problem {
        None => (StatusCode::OK, Json(json!({ "status": "ready" }))).into_response(),
        Some(p) => (StatusCode::SERVICE_UNAVAILABLE, Json(json!({ "status": "not ready", "reason": p }))).into_response(),
    }
}
