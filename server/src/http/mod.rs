//! HTTP plumbing shared by every area: the client's address, `Accept-Encoding`, request logging
//! without secrets.

pub mod client;
pub mod encoding;
pub mod trace;
