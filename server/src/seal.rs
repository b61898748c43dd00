//! Sealing the secrets of coming outcomes: a player's server seeds not yet revealed (the current
//! one and the pending next one), the crash chains' secret starts and the crash round bet on or
//! flying (its hash, crash point and crash time, until it crashes) are stored encrypted with
//! ChaCha20-Poly1305 (ring's AEAD) under the node's `KASA_SEED_KEY`, so a copy of the database
//! alone tells no round to come. A sealed value is `s1.` and the base64 (URL alphabet, no padding)
//! of a random 12-byte nonce, the ciphertext and its 16-byte tag; its associated data is the
//! value's public commitment (the seed's SHA-256, the chain's end), so a sealed value moved onto
//! another row does not open.
//!
//! Without `KASA_SEED_KEY`, `--demo` (and the tests) use [`SeedKey::development`], a public key
//! (said so at start); a node serving without `--demo` and without the key has
//! [`SeedKey::missing`]: its studio games and crash game refuse to play (503).

use std::sync::Arc;

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use ring::aead::{Aad, CHACHA20_POLY1305, LessSafeKey, NONCE_LEN, Nonce, UnboundKey};
use sha2::{Digest, Sha256};

/// What every sealed value starts with (the format's version).
pub const PREFIX: &str = "s1.";

/// The key that seals the coming outcomes' secrets, or none (a node that must not play).
#[derive(Clone)]
pub struct SeedKey(Option<Arc<Inner>>);

struct Inner {
    key: LessSafeKey,
    development: bool,
}

impl std::fmt::Debug for SeedKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match &self.0 {
            None => "SeedKey(missing)",
            Some(k) if k.development => "SeedKey(development)",
            Some(_) => "SeedKey([redacted])",
        })
    }
}

/// Why a value could not be sealed or opened.
#[derive(Debug, thiserror::Error)]
pub enum SealError {
    #[error("KASA_SEED_KEY is not set: the studio cannot play")]
    NoKey,
    #[error("a sealed value does not open with this node's KASA_SEED_KEY (a different key, or a changed row)")]
    Unreadable,
}

impl From<SealError> for sqlx::Error {
    fn from(e: SealError) -> Self {
        sqlx::Error::Decode(Box::new(e))
    }
}

impl SeedKey {
    /// A key of 32 bytes (`KASA_SEED_KEY`).
    pub fn new(bytes: [u8; 32]) -> SeedKey {
        SeedKey::make(bytes, false)
    }

    /// The public development key of `--demo` and the tests: it hides nothing from anyone who
    /// has this source, and is never for real play.
    pub fn development() -> SeedKey {
        SeedKey::make(Sha256::digest(b"kasa: the public development seed key, never for real play").into(), true)
    }

    /// No key: sealing and opening fail, the studio refuses to play.
    pub fn missing() -> SeedKey {
        SeedKey(None)
    }

    fn make(bytes: [u8; 32], development: bool) -> SeedKey {
        let key = LessSafeKey::new(UnboundKey::new(&CHACHA20_POLY1305, &bytes).expect("a ChaCha20-Poly1305 key is 32 bytes"));
        SeedKey(Some(Arc::new(Inner { key, development })))
    }

    /// Whether the node has a key (the studio plays).
    pub fn is_set(&self) -> bool {
        self.0.is_some()
    }

    /// Whether it is the public development key.
    pub fn is_development(&self) -> bool {
        self.0.as_ref().is_some_and(|k| k.development)
    }

    /// Reads `KASA_SEED_KEY`: 32 bytes as 64 hex digits or as base64 (either alphabet, padded or
    /// not).
    pub fn parse(raw: &str) -> Option<[u8; 32]> {
        crate::config::key_bytes(raw)
    }

    /// Seals `secret`, bound to its public `commitment`.
    pub fn seal(&self, secret: &str, commitment: &str) -> Result<String, SealError> {
        let inner = self.0.as_ref().ok_or(SealError::NoKey)?;
        let nonce_bytes: [u8; NONCE_LEN] = rand::random();
        let mut data = secret.as_bytes().to_vec();
        inner
            .key
            .seal_in_place_append_tag(Nonce::assume_unique_for_key(nonce_bytes), Aad::from(commitment.as_bytes()), &mut data)
            .map_err(|_| SealError::Unreadable)?;
        let mut out = nonce_bytes.to_vec();
        out.extend_from_slice(&data);
        Ok(format!("{PREFIX}{}", URL_SAFE_NO_PAD.encode(out)))
    }

    /// Opens a value [`SeedKey::seal`] made with the same commitment.
    pub fn open(&self, sealed: &str, commitment: &str) -> Result<String, SealError> {
        let inner = self.0.as_ref().ok_or(SealError::NoKey)?;
        let raw = sealed.strip_prefix(PREFIX).and_then(|b| URL_SAFE_NO_PAD.decode(b).ok()).ok_or(SealError::Unreadable)?;
        if raw.len() < NONCE_LEN {
            return Err(SealError::Unreadable);
        }
        let (nonce, data) = raw.split_at(NONCE_LEN);
        let nonce = Nonce::try_assume_unique_for_key(nonce).map_err(|_| SealError::Unreadable)?;
        let mut data = data.to_vec();
        let plain = inner.key.open_in_place(nonce, Aad::from(commitment.as_bytes()), &mut data).map_err(|_| SealError::Unreadable)?;
        String::from_utf8(plain.to_vec()).map_err(|_| SealError::Unreadable)
    }
}

/// Whether a stored value is sealed (not a plain seed left by an older version).
pub fn is_sealed(value: &str) -> bool {
    value.starts_with(PREFIX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sealed_seed_opens_with_its_key_and_commitment_only() {
        let key = SeedKey::new([7; 32]);
        let sealed = key.seal("the-secret-seed", "commitment").unwrap();
        assert!(sealed.starts_with(PREFIX) && !sealed.contains("the-secret-seed"));
        assert_eq!(key.open(&sealed, "commitment").unwrap(), "the-secret-seed");
        assert!(key.open(&sealed, "another commitment").is_err());
        assert!(SeedKey::new([8; 32]).open(&sealed, "commitment").is_err());
        assert!(SeedKey::missing().open(&sealed, "commitment").is_err());
        assert_ne!(key.seal("the-secret-seed", "commitment").unwrap(), sealed, "a fresh nonce each time");
    }

    #[test]
    fn the_key_is_read_as_hex_or_base64_of_32_bytes() {
        use base64::engine::general_purpose::STANDARD;
        assert_eq!(SeedKey::parse(&"ab".repeat(32)), Some([0xab; 32]));
        assert_eq!(SeedKey::parse(&STANDARD.encode([9u8; 32])), Some([9; 32]));
        assert_eq!(SeedKey::parse(&URL_SAFE_NO_PAD.encode([250u8; 32])), Some([250; 32]));
        assert_eq!(SeedKey::parse("short"), None);
        assert_eq!(SeedKey::parse(&"ab".repeat(31)), None);
        assert_eq!(format!("{:?}", SeedKey::new([1; 32])), "SeedKey([redacted])");
    }
}
