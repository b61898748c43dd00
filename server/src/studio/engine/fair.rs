//! Provably fair randomness: the server seed and its commitment, and the HMAC-SHA256 stream
//! every studio round draws from, so a player can replay any round once the seed is revealed.
//!
//! # The algorithm
//!
//! * **Server seed**: 32 bytes from the operating system's CSPRNG, written as 64 lowercase hex
//!   characters. The *seed text* is that 64-character string.
//! * **Commitment**: `SHA-256(seed text)` as 64 lowercase hex characters, shown to the player
//!   before any round is played with the seed ([`seed_hash`]).
//! * **Client seed**: any text the player chooses; **nonce**: 0, 1, 2, … one per round played
//!   with the same server seed and client seed.
//! * **Stream**: block `counter` (0, 1, 2, …) is
//!   `HMAC-SHA256(key = seed text as ASCII bytes, message = "{client_seed}:{nonce}:{counter}")`
//!   (decimal numbers, UTF-8 text). Each 32-byte block gives eight unsigned 32-bit numbers,
//!   read big-endian from bytes 0–3, 4–7, … 28–31; then the next block is computed.
//! * **A number below `n`** ([`Rng::below`]): take the next 32-bit number `x`; if
//!   `x < 2^32 − (2^32 mod n)` the result is `x mod n`, otherwise `x` is discarded and the next
//!   number is taken (rejection sampling: every result is exactly equally likely).

use std::io::Write as _;

use rand::{RngCore as _, TryRngCore as _};
use sha2::{Digest, Sha256};

/// A source of 32-bit random numbers, with unbiased draws below a bound.
pub trait Rng {
    /// The next uniformly distributed 32-bit number.
    fn next_u32(&mut self) -> u32;

    /// A uniformly distributed number in `0..n`, by rejection sampling (see the module's
    /// documentation); `n == 0` gives 0 without drawing.
    fn below(&mut self, n: u32) -> u32 {
        if n == 0 {
            return 0;
        }
        let span = 1u64 << 32;
        let zone = span - span % u64::from(n);
        loop {
            let x = u64::from(self.next_u32());
            if x < zone {
                return (x % u64::from(n)) as u32;
            }
        }
    }
}

/// SHA-256's block size in bytes (the HMAC key block).
const BLOCK: usize = 64;

/// The provably fair stream of one round: `HMAC-SHA256(server seed, "{client_seed}:{nonce}:{counter}")`,
/// eight big-endian `u32`s per block (see the module's documentation).
#[derive(Clone)]
pub struct FairRng {
    /// SHA-256 with the inner padded key (`key ^ 0x36…`) already absorbed.
    inner: Sha256,
    /// SHA-256 with the outer padded key (`key ^ 0x5c…`) already absorbed.
    outer: Sha256,
    /// The message buffer: `"{client_seed}:{nonce}:"`, the counter is appended per block.
    message: Vec<u8>,
    /// The length of the `"{client_seed}:{nonce}:"` prefix in `message`.
    prefix: usize,
    /// The next block's counter.
    counter: u64,
    /// The current block's numbers.
    words: [u32; 8],
    /// How many of `words` are used.
    used: usize,
}

impl FairRng {
    /// The stream of round `nonce` for this server seed (its text, as revealed) and client seed.
    pub fn new(server_seed: &str, client_seed: &str, nonce: u64) -> Self {
        let (inner, outer) = hmac_states(server_seed.as_bytes());
        let mut message = Vec::with_capacity(client_seed.len() + 48);
        message.extend_from_slice(client_seed.as_bytes());
        // Writing into a Vec cannot fail.
        let _ = write!(message, ":{nonce}:");
        let prefix = message.len();
        FairRng { inner, outer, message, prefix, counter: 0, words: [0; 8], used: 8 }
    }

    /// Computes the next 32-byte block of the stream.
    fn refill(&mut self) {
        self.message.truncate(self.prefix);
        let _ = write!(self.message, "{}", self.counter);
        self.counter += 1;
        let mut inner = self.inner.clone();
        inner.update(&self.message);
        let mut outer = self.outer.clone();
        outer.update(inner.finalize());
        let block = outer.finalize();
        for (word, bytes) in self.words.iter_mut().zip(block.chunks_exact(4)) {
            *word = u32::from_be_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
        }
        self.used = 0;
    }
}

impl Rng for FairRng {
    fn next_u32(&mut self) -> u32 {
        if self.used == self.words.len() {
            self.refill();
        }
        let word = self.words[self.used];
        self.used += 1;
        word
    }
}

/// SHA-256 with HMAC's inner and outer padded keys absorbed (RFC 2104: a key longer than the
/// block is hashed first, a shorter one padded with zeros).
fn hmac_states(key: &[u8]) -> (Sha256, Sha256) {
    let mut block = [0u8; BLOCK];
    if key.len() > BLOCK {
        block[..32].copy_from_slice(&Sha256::digest(key));
    } else {
        block[..key.len()].copy_from_slice(key);
    }
    let mut inner = Sha256::new();
    inner.update(block.map(|b| b ^ 0x36));
    let mut outer = Sha256::new();
    outer.update(block.map(|b| b ^ 0x5c));
    (inner, outer)
}

/// HMAC-SHA256 of `message` under `key` (what [`FairRng`] computes per block; the crash point's).
pub(crate) fn hmac_sha256(key: &[u8], message: &[u8]) -> [u8; 32] {
    let (mut inner, mut outer) = hmac_states(key);
    inner.update(message);
    outer.update(inner.finalize());
    outer.finalize().into()
}

/// A new server seed: 32 bytes from the OS CSPRNG, as 64 lowercase hex characters. Should the OS
/// source fail (it does not on Linux once booted), the thread's CSPRNG (ChaCha, seeded from the OS)
/// fills the bytes instead.
pub fn new_server_seed() -> String {
    let mut bytes = [0u8; 32];
    if rand::rngs::OsRng.try_fill_bytes(&mut bytes).is_err() {
        rand::rng().fill_bytes(&mut bytes);
    }
    hex::encode(bytes)
}

/// The commitment to a server seed: SHA-256 of its text, as 64 lowercase hex characters.
pub fn seed_hash(server_seed: &str) -> String {
    hex::encode(Sha256::digest(server_seed.as_bytes()))
}
