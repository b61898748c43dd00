//! HTTP plumbing shared by every area: the client's address, request logging without secrets.

pub mod client;
pub mod trace;
