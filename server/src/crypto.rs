//! Signing and hashing, in one place for every area: HMAC-SHA256 (ring's), SHA-256 in hex, new
//! opaque tokens and what is stored of them, and a comparison that takes the same time whatever
//! the bytes.

use base64::Engine as _;
use ring::hmac;
use sha2::{Digest, Sha256};

/// HMAC-SHA256 (RFC 2104) of `message` under `key`.
pub fn hmac_sha256(key: &[u8], message: &[u8]) -> [u8; 32] {
    let tag = hmac::sign(&hmac::Key::new(hmac::HMAC_SHA256, key), message);
    let mut out = [0u8; 32];
    out.copy_from_slice(tag.as_ref());
    out
}

/// [`hmac_sha256`] as lowercase hex (what signature headers carry).
pub fn hmac_sha256_hex(key: &[u8], message: &[u8]) -> String {
    hex::encode(hmac_sha256(key, message))
}

/// Whether `signature` (hex, either case) is the HMAC-SHA256 of `message` under `key`; compared in
/// constant time.
pub fn verify_hmac_sha256_hex(key: &[u8], message: &[u8], signature: &str) -> bool {
    let Ok(given) = hex::decode(signature.trim()) else {
        return false;
    };
    hmac::verify(&hmac::Key::new(hmac::HMAC_SHA256, key), message, &given).is_ok()
}

/// SHA-256 of `bytes`, lowercase hex.
pub fn sha256_hex(bytes: &[u8]) -> String {
    hex::encode(Sha256::digest(bytes))
}

/// A new opaque token (URL-safe base64 of 32 random bytes).
pub fn new_token() -> String {
    let bytes: [u8; 32] = rand::random();
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

/// What is stored for a token: its SHA-256 in hex (a copy of the database signs nobody in).
pub fn token_hash(token: &str) -> String {
    sha256_hex(token.as_bytes())
}

/// Whether two byte strings are equal, in a time that depends only on their lengths.
pub fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hmac_sha256_matches_rfc_4231() {
        // Test case 2, and test case 6 (a key longer than the block).
        assert_eq!(
            hmac_sha256_hex(b"Jefe", b"what do ya want for nothing?"),
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        );
        assert_eq!(
            hmac_sha256_hex(&[0xaa; 131], b"Test Using Larger Than Block-Size Key - Hash Key First"),
            "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"
        );
        let sig = hmac_sha256_hex(b"k", b"body");
        assert!(verify_hmac_sha256_hex(b"k", b"body", &sig) && verify_hmac_sha256_hex(b"k", b"body", &sig.to_uppercase()));
        assert!(!verify_hmac_sha256_hex(b"k", b"body!", &sig) && !verify_hmac_sha256_hex(b"k", b"body", "zz"));
        assert!(!verify_hmac_sha256_hex(b"k", b"body", ""));
    }

    #[test]
    fn tokens_are_new_each_time_and_stored_only_as_their_hash() {
        let (a, b) = (new_token(), new_token());
        assert_ne!(a, b);
        assert_eq!(a.len(), 43);
        assert_eq!(token_hash(&a).len(), 64);
        assert_ne!(token_hash(&a), a);
        assert!(constant_time_eq(b"abc", b"abc") && !constant_time_eq(b"abc", b"abd") && !constant_time_eq(b"abc", b"ab"));
    }
}
