//! Site content: the bootstrap data (cms/grouped), content pages, the fingerprint script and log,
//! and the demo content that fills an empty database.

pub mod demo;
pub mod fingerprint;
pub mod routes;
pub mod store;

pub use routes::router;
