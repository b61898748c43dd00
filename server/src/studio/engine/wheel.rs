//! The lucky wheel (a TV-style money wheel): 50 segments marked ×2, ×4, ×6, ×12 and ×24; the
//! player stakes on one or more marks, the wheel stops on one segment, and a stake on its mark
//! returns that multiple. Each mark's count is set so every stake returns exactly 96 %
//! (24 × 2 = 12 × 4 = 8 × 6 = 4 × 12 = 2 × 24 = 48 of 50).

use std::sync::LazyLock;

use super::fair::Rng;
use super::games::strip;

/// The marks (what a stake on them returns, the stake included) and how many segments carry each.
pub const MARKS: [(u8, u32); 5] = [(2, 24), (4, 12), (6, 8), (12, 4), (24, 2)];

/// The wheel's 50 segments clockwise from the pointer's rest: each a mark, equal marks spread
/// apart.
pub static SEGMENTS: LazyLock<Vec<u8>> = LazyLock::new(|| strip(&MARKS));

/// Whether `mark` is one of the wheel's marks.
pub fn is_mark(mark: u8) -> bool {
    MARKS.iter().any(|&(m, _)| m == mark)
}

/// A spin: the index of the segment the wheel stops on.
pub fn spin(rng: &mut impl Rng) -> u32 {
    rng.below(SEGMENTS.len() as u32)
}

/// What a stake on `mark` returns when the wheel stops on `segment`.
pub fn returns(mark: u8, stake: i64, segment: u32) -> i64 {
    if SEGMENTS.get(segment as usize) == Some(&mark) { stake * i64::from(mark) } else { 0 }
}

/// The exact return to player of a stake on any mark.
pub fn rtp() -> f64 {
    let n = SEGMENTS.len() as f64;
    MARKS.iter().map(|&(m, c)| f64::from(m) * f64::from(c) / n).fold(f64::INFINITY, f64::min)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_mark_returns_96_percent_exactly() {
        assert_eq!(SEGMENTS.len(), 50);
        for (mark, _) in MARKS {
            let total: i64 = (0..50).map(|s| returns(mark, 100, s)).sum();
            assert_eq!(total, 4_800, "×{mark}");
        }
        assert!((rtp() - 0.96).abs() < 1e-12);
        assert!(!is_mark(3));
    }

    #[test]
    fn equal_marks_are_spread_around_the_wheel() {
        let s = &*SEGMENTS;
        // No two ×24 or ×12 segments side by side (wrapping round).
        for i in 0..s.len() {
            let next = s[(i + 1) % s.len()];
            assert!(!(s[i] >= 12 && s[i] == next), "segments {i} and {} are both ×{}", i + 1, s[i]);
        }
    }
}
