//! The crash game's arithmetic (Kasa Aviator): the hash chain its rounds are committed by, the
//! crash point of a round hash, and the multiplier's curve in time. Pure.
//!
//! # Provably fair
//!
//! * **The chain**: a secret 32-byte start `x₀`; `xₖ₊₁ = SHA-256(xₖ)` (of the 32 raw bytes) up to
//!   `x_L`, which is published first (the chain's *commitment*). Round `n` of the chain (1, 2, …)
//!   plays `x_{L−n}`, so rounds use the chain backwards: SHA-256 of a round's hash is the previous
//!   round's hash, and SHA-256 of round 1's is the commitment. Nobody, the house included, can
//!   change a future round's hash without breaking the chain everyone can check.
//! * **The crash point** of a round hash (its 64 lowercase hex characters): `HMAC-SHA256(key =
//!   the hash's hex text, message = "kasa-aviator")`; `h` = its first 52 bits (13 hex digits);
//!   the crash point is `⌊97 × 2⁵² / (2⁵² − h)⌋ / 100`, at least 1.00, at most 10,000.00.
//! * **The return**: for any cash-out target `t` (a multiple of 0.01, up to 10,000), the chance
//!   that the round reaches `t` is `0.97 / t`, so a bet cashed at `t` returns exactly 97 % — whatever
//!   the player's strategy.
//! * **The curve**: `ms` milliseconds after take-off the multiplier is `⌊100 · e^(0.00006 · ms)⌋ / 100`.

use sha2::{Digest, Sha256};

use super::fair::hmac_sha256;

/// The return to player of every cash-out target.
pub const RTP: f64 = 0.97;
/// The most a round can reach, in hundredths (10,000×).
pub const MAX_POINT: u64 = 1_000_000;
/// The curve's growth per millisecond.
pub const GROWTH: f64 = 0.000_06;
/// The HMAC message of the crash point.
pub const SALT: &str = "kasa-aviator";

/// SHA-256 of a hash's 32 bytes: one step along the chain (towards the commitment).
pub fn step(hash: &[u8; 32]) -> [u8; 32] {
    Sha256::digest(hash).into()
}

/// The whole chain from its start: `chain[k]` is `xₖ`, `chain[len]` the commitment.
pub fn chain(start: [u8; 32], len: usize) -> Vec<[u8; 32]> {
    let mut out = Vec::with_capacity(len + 1);
    out.push(start);
    for k in 0..len {
        let next = step(&out[k]);
        out.push(next);
    }
    out
}

/// The crash point of a round hash (hex), in hundredths.
pub fn crash_point(hash_hex: &str) -> u64 {
    let digest = hmac_sha256(hash_hex.as_bytes(), SALT.as_bytes());
    let mut top = [0u8; 8];
    top[1..].copy_from_slice(&digest[..7]);
    // The first 52 bits: the first 7 bytes hold 56, drop the last 4.
    let h = u64::from_be_bytes(top) >> 4;
    point_of(h)
}

/// The crash point (hundredths) of 52 random bits.
pub fn point_of(h: u64) -> u64 {
    let e: u128 = 1 << 52;
    let h = u128::from(h) % e;
    let point = 97 * e / (e - h);
    (point as u64).clamp(100, MAX_POINT)
}

/// The multiplier `ms` milliseconds after take-off, in hundredths.
pub fn multiplier_at(ms: i64) -> u64 {
    if ms <= 0 {
        return 100;
    }
    let m = (100.0 * (GROWTH * ms as f64).exp()).floor();
    if m >= MAX_POINT as f64 { MAX_POINT } else { m as u64 }
}

/// How long after take-off the multiplier reaches `point` hundredths (the first millisecond it
/// shows at least that): the flight of a round crashing there.
pub fn flight_ms(point: u64) -> i64 {
    if point <= 100 {
        return 0;
    }
    let mut ms = ((point as f64 / 100.0).ln() / GROWTH).floor() as i64;
    while ms > 0 && multiplier_at(ms - 1) >= point {
        ms -= 1;
    }
    while multiplier_at(ms) < point {
        ms += 1;
    }
    ms
}

/// The crash game's code in the catalogue.
pub const CODE: &str = "kasa-aviator";
/// The smallest and largest bet, kuruş.
pub const MIN_BET: i64 = 100;
pub const MAX_BET: i64 = 100_000;
/// The game's rhythm: bets taken before take-off, the pause after a crash (ms).
pub const BETTING_MS: i64 = 6_000;
pub const PAUSE_MS: i64 = 3_000;

/// The crash game as the client sees it.
#[derive(Debug, Clone, PartialEq, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CrashInfo {
    pub code: String,
    /// Always `crash`.
    pub kind: String,
    pub name: super::Text,
    pub description: super::Text,
    pub rtp: f64,
    /// Kuruş.
    pub min_bet: i64,
    /// Kuruş.
    pub max_bet: i64,
    /// ×.
    pub max_multiplier: f64,
    /// The most one bet can win, times its stake (the top multiplier).
    pub max_win_x: f64,
    /// The return exactly as paid: auto cash-out, and what a manual cash-out returns.
    pub returns: super::Text,
    pub betting_ms: i64,
    pub pause_ms: i64,
    /// The curve: `⌊100 · e^(growth · ms)⌋ / 100`.
    pub growth: f64,
    /// The fair-play parameters: what recomputes a round's crash point from its hash.
    pub fair: CrashFair,
}

/// What recomputes a crash round from its hash (64 lowercase hex characters): `h` = the first
/// `bits` bits of `HMAC-SHA256(key = the hash's hex text, message = hmacMessage)`; the crash
/// point is `⌊numerator × 2^bits / (2^bits − h)⌋ / 100`, at least 1.00 and at most
/// `maxMultiplier`; SHA-256 of the hash's 32 bytes is the previous round's hash.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CrashFair {
    pub hmac_message: String,
    pub bits: u32,
    pub numerator: u32,
}

impl CrashInfo {
    pub fn new() -> CrashInfo {
        CrashInfo {
            code: CODE.to_string(),
            kind: "crash".to_string(),
            name: super::Text { tr: "Kasa Aviator".to_string(), en: "Kasa Aviator".to_string() },
            description: super::Text {
                tr: "Uçak yükselirken çarpan artar: uçak uçup gitmeden nakit alın. Turda iki bahis, otomatik nakit alma.".to_string(),
                en: "The multiplier climbs as the plane rises: cash out before it flies away. Two bets a round, auto cash-out.".to_string(),
            },
            rtp: RTP,
            min_bet: MIN_BET,
            max_bet: MAX_BET,
            max_multiplier: MAX_POINT as f64 / 100.0,
            max_win_x: MAX_POINT as f64 / 100.0,
            returns: return_note(),
            betting_ms: BETTING_MS,
            pause_ms: PAUSE_MS,
            growth: GROWTH,
            fair: CrashFair { hmac_message: SALT.to_string(), bits: 52, numerator: 97 },
        }
    }
}

impl Default for CrashInfo {
    fn default() -> Self {
        CrashInfo::new()
    }
}

/// What the game returns, auto and manual cash-outs, exactly as paid (the game info, the state).
pub fn return_note() -> super::Text {
    super::Text {
        tr: "Otomatik nakit alma: her hedefte tam %97 (t hedefine ulaşma olasılığı 0,97 / t; kazanç kuruşa aşağı yuvarlanır). \
             Elle nakit alma: bahis, isteğin sunucuda işlendiği andaki çarpanla (veritabanının saatiyle) ödenir, düğmeye basılan andakiyle değil. \
             Beklenen getirisi de %97'dir, ama ekranda görülen çarpan güvence değildir: ağ gecikmesi daha yüksek bir çarpan getirebilir \
             ya da istek uçak düştükten sonra işlenirse bahis kaybedilir."
            .to_string(),
        en: "Auto cash-out: exactly 97% at every target (the chance of reaching a target t is 0.97 / t; winnings are rounded down to the kuruş). \
             Manual cash-out: the bet is paid at the multiplier when the server processes the request (the database's clock), not when the button was pressed. \
             Its expected return is 97% too, but the multiplier seen on screen is not guaranteed: network delay may cash out higher, \
             or the bet is lost if the request is processed after the crash."
            .to_string(),
    }
}

/// What a bet cashed at `multiplier` (hundredths) returns, in kuruş (rounded down).
pub fn payout(amount: i64, multiplier: u64) -> i64 {
    i64::try_from(i128::from(amount) * i128::from(multiplier) / 100).unwrap_or(i64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_chance_of_reaching_a_target_is_97_percent_over_it() {
        // P(point ≥ t) is the share of h with 97·2⁵²/(2⁵²−h) ≥ t, i.e. h ≥ 2⁵² − ⌊97·2⁵²/t⌋.
        let e: u64 = 1 << 52;
        for t in [101u64, 150, 200, 1_000, 10_000, 100_000, 1_000_000] {
            let reach = (97 * u128::from(e) / u128::from(t)) as u64;
            let threshold = e - reach;
            assert!(point_of(threshold) >= t, "{t}");
            assert!(threshold == 0 || point_of(threshold - 1) < t, "{t}");
            let chance = reach as f64 / e as f64;
            assert!((chance * t as f64 / 100.0 - RTP).abs() < 1e-9, "{t}: {chance}");
        }
        assert_eq!(point_of(0), 100, "4/101 of rounds end at 1.00");
        assert_eq!(point_of(e - 1), MAX_POINT);
    }

    #[test]
    fn the_chain_runs_backwards_and_each_hash_gives_its_point() {
        let c = chain([7u8; 32], 5);
        assert_eq!(c.len(), 6);
        for k in 0..5 {
            assert_eq!(step(&c[k]), c[k + 1]);
        }
        // A fixed hash's point, as the module's formula computes it independently.
        let hex = hex::encode(c[3]);
        let d = hmac_sha256(hex.as_bytes(), b"kasa-aviator");
        let h = u64::from_str_radix(&hex::encode(&d[..7])[..13], 16).unwrap();
        assert_eq!(crash_point(&hex), point_of(h));
    }

    #[test]
    fn the_curve_reaches_each_point_at_its_flight_time() {
        assert_eq!(multiplier_at(0), 100);
        assert_eq!(flight_ms(100), 0);
        for p in [101, 150, 200, 241, 1_000, 10_000, 100_000, 1_000_000] {
            let ms = flight_ms(p);
            assert!(multiplier_at(ms) >= p && multiplier_at(ms - 1) < p, "{p}: {ms}");
        }
        // 2× takes about 11.55 s.
        assert!((11_500..11_600).contains(&flight_ms(200)));
        assert_eq!(payout(1_000, 241), 2_410);
        assert_eq!(payout(333, 150), 499);
    }
}
