//! Who the caller is: password hashing (argon2id), opaque session tokens stored only as a hash, and
//! the extractor that turns `Authorization: Bearer` into the current player (or a 401).

pub mod password;
pub mod session;

pub use session::CurrentPlayer;
