//! argon2id password hashing, off the async threads.

use argon2::password_hash::phc::PasswordHash;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};
use argon2::{Algorithm, Argon2, Params, Version};

use crate::error::AppError;

fn hasher() -> Argon2<'static> {
    // OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane.
    let params = Params::new(19 * 1024, 2, 1, None).expect("valid argon2 parameters");
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

/// Hashes a password (PHC string).
pub async fn hash(password: String) -> Result<String, AppError> {
    tokio::task::spawn_blocking(move || hasher().hash_password(password.as_bytes()).map(|h| h.to_string()))
        .await
        .map_err(|e| AppError::Internal(anyhow::anyhow!(e)))?
        .map_err(|e| AppError::Internal(anyhow::anyhow!("password hashing failed: {e}")))
}

/// Whether `password` matches the stored PHC hash.
pub async fn verify(password: String, stored: String) -> Result<bool, AppError> {
    tokio::task::spawn_blocking(move || {
        let Ok(parsed) = PasswordHash::new(&stored) else { return false };
        hasher().verify_password(password.as_bytes(), &parsed).is_ok()
    })
    .await
    .map_err(|e| AppError::Internal(anyhow::anyhow!(e)))
}

/// A hash of a random password, verified against when the username is unknown so that an unknown
/// user takes as long to refuse as a wrong password.
pub async fn dummy_hash() -> &'static str {
    static DUMMY: tokio::sync::OnceCell<String> = tokio::sync::OnceCell::const_new();
    DUMMY.get_or_init(|| async { hash(format!("{:032x}", rand::random::<u128>())).await.unwrap_or_default() }).await
}
