//! Who the caller is: password hashing (argon2id), opaque session tokens stored only as a hash, the
//! extractor that turns `Authorization: Bearer` into the current player (or a 401), and the game
//! launch tokens and game sessions a game or a provider knows the player by.

pub mod launch;
pub mod password;
pub mod session;

pub use session::CurrentPlayer;

/// What a player's id is offset by in the code players see (and sportsbooks know them by).
pub const USERCODE_BASE: i64 = 1_000_000;

/// The code players see for their account.
pub fn usercode(player_id: i64) -> String {
    (USERCODE_BASE + player_id).to_string()
}
