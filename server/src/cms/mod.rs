//! Site content: the bootstrap data (cms/grouped, kept in memory until the content changes),
//! content pages, the fingerprint script and log, and the demo content that fills an empty database.
//! Whatever writes content calls [`content_changed`] in its transaction.

pub mod bootstrap;
pub mod cache;
pub mod cli;
pub mod demo;
pub mod fingerprint;
pub mod promotions;
pub mod routes;
pub mod sanitize;
pub mod store;

pub use cache::{ContentCache, content_changed};
pub use routes::router;

use std::sync::Arc;

use axum::extract::FromRef;

use crate::config::Limit;
use crate::db::Db;
use crate::http::client::TrustProxy;

/// What the content area needs of the node (a sub-state of the application state).
#[derive(Clone, Debug)]
pub struct CmsState {
    pub db: Db,
    /// Unauthenticated writes (the fingerprint log) per IP.
    pub write_ip: Limit,
    /// This node's `cms/grouped` answers.
    pub content: Arc<ContentCache>,
    pub trust_proxy: TrustProxy,
}

impl FromRef<CmsState> for TrustProxy {
    fn from_ref(s: &CmsState) -> TrustProxy {
        s.trust_proxy
    }
}

impl FromRef<CmsState> for Db {
    fn from_ref(s: &CmsState) -> Db {
        s.db.clone()
    }
}

impl FromRef<CmsState> for Arc<ContentCache> {
    fn from_ref(s: &CmsState) -> Arc<ContentCache> {
        s.content.clone()
    }
}
