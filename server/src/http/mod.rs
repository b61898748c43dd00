//! HTTP plumbing shared by every area: the client's address, `Accept-Encoding`, request logging
//! without secrets, the history pages' days and paging.

pub mod client;
pub mod encoding;
pub mod history;
pub mod trace;
