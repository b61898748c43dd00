//! Site content: the bootstrap data (cms/grouped, kept in memory until the content changes),
//! content pages, the fingerprint script and log, and the demo content that fills an empty database.
//! Whatever writes content calls [`content_changed`] in its transaction.

pub mod cache;
pub mod demo;
pub mod fingerprint;
pub mod routes;
pub mod store;

pub use cache::{ContentCache, content_changed};
pub use routes::router;
