//! The studio's two progressive jackpots, High Cash and Clover Chance, of four levels each: what a
//! bet contributes to each level, and the draw that decides whether a spin wins one.
//!
//! Every slot bet adds `rate` hundred-thousandths of itself to each level. After the slot's own
//! round, the same fair stream decides the jackpots: for each jackpot in turn, four 64-bit numbers
//! (two `u32`s each, high word first), one per level from I to IV; number `r` of a level with odds
//! `o` (kuruş) hits when `⌊r × o / 2^64⌋ < bet`, so a spin's chance is its bet over the odds and a
//! bigger bet has a proportionally bigger chance. The highest level hit is won. A level's odds are
//! its seed over its rate, so on average a level is won when its contributions have doubled its
//! seed: each level returns twice its rate, and the jackpots together 1 % of every bet.

use super::fair::Rng;

/// One level of a jackpot.
#[derive(Debug, Clone, Copy)]
pub struct Level {
    /// I, II, III, IV.
    pub level: &'static str,
    /// The suit it is named after: Clubs, Diamonds, Hearts, Spades.
    pub name: &'static str,
    /// Kuruş: the amount it starts from and is reset to when won.
    pub seed: i64,
    /// Hundred-thousandths of every bet added to it.
    pub rate: i64,
    /// Kuruş: a spin's chance of winning it is its bet over this.
    pub odds: u64,
}

/// A jackpot: its name (as the bootstrap's egtJackpotCards carry it) and its levels I to IV.
#[derive(Debug, Clone, Copy)]
pub struct Jackpot {
    /// The key it is stored under.
    pub key: &'static str,
    pub name: &'static str,
    pub levels: [Level; 4],
}

const fn level(level: &'static str, name: &'static str, seed: i64, rate: i64) -> Level {
    Level { level, name, seed, rate, odds: (seed as u64) * 100_000 / rate as u64 }
}

/// High Cash, then Clover Chance (the order the lobby shows them in).
pub const JACKPOTS: [Jackpot; 2] = [
    Jackpot {
        key: "high-cash",
        name: "High Cash",
        levels: [
            level("I", "Clubs", 5_000, 100),
            level("II", "Diamonds", 50_000, 75),
            level("III", "Hearts", 500_000, 50),
            level("IV", "Spades", 5_000_000, 25),
        ],
    },
    Jackpot {
        key: "clover-chance",
        name: "Clover Chance",
        levels: [
            level("I", "Clubs", 4_000, 100),
            level("II", "Diamonds", 40_000, 75),
            level("III", "Hearts", 400_000, 50),
            level("IV", "Spades", 4_000_000, 25),
        ],
    },
];

/// The jackpot stored under `key`.
pub fn jackpot(key: &str) -> Option<&'static Jackpot> {
    JACKPOTS.iter().find(|j| j.key == key)
}

/// What a bet adds to a level, in thousandths of a kuruş.
pub fn contribution_milli(level: &Level, bet: i64) -> i64 {
    bet * level.rate / 100
}

/// The jackpots' share of the return to player: twice every level's rate (see the module).
pub fn rtp() -> f64 {
    JACKPOTS.iter().flat_map(|j| j.levels.iter()).map(|l| 2.0 * l.rate as f64 / 100_000.0).sum()
}

/// The numbers the stream gives after a slot's round: for each jackpot (in [`JACKPOTS`] order)
/// one 64-bit number per level, I to IV.
pub fn numbers(rng: &mut impl Rng) -> [[u64; 4]; 2] {
    let mut out = [[0u64; 4]; 2];
    for jackpot in &mut out {
        for r in jackpot.iter_mut() {
            *r = (u64::from(rng.next_u32()) << 32) | u64::from(rng.next_u32());
        }
    }
    out
}

/// Whether number `r` hits a level of odds `odds` for a bet of `bet` kuruş.
pub fn hits(r: u64, odds: u64, bet: i64) -> bool {
    (u128::from(r) * u128::from(odds)) >> 64 < u128::try_from(bet.max(0)).unwrap_or(0)
}

/// For each jackpot (in [`JACKPOTS`] order), the index of the level a spin of `bet` kuruş wins
/// (the highest hit), drawn from the stream after the slot's round.
pub fn draw(rng: &mut impl Rng, bet: i64) -> [Option<usize>; 2] {
    let numbers = numbers(rng);
    std::array::from_fn(|j| (0..4).filter(|&i| hits(numbers[j][i], JACKPOTS[j].levels[i].odds, bet)).max())
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Fixed(Vec<u32>);
    impl Rng for Fixed {
        fn next_u32(&mut self) -> u32 {
            self.0.remove(0)
        }
    }

    #[test]
    fn each_level_returns_twice_its_rate_and_all_together_one_percent() {
        for j in JACKPOTS {
            for l in j.levels {
                // Seed over odds equals the rate: the seed's cost matches the contributions.
                assert_eq!(l.seed as u64 * 100_000 / l.odds, l.rate as u64, "{} {}", j.name, l.level);
            }
        }
        assert!((rtp() - 0.01).abs() < 1e-12);
        assert_eq!(contribution_milli(&JACKPOTS[0].levels[0], 100), 100);
    }

    #[test]
    fn a_number_below_bet_over_odds_wins_and_the_highest_level_hit_counts() {
        // 2^64 × 999 / odds(I) is just under a 1,000-kuruş win; III and IV miss with all ones.
        let hit = |odds: u64, bet: u128| ((u128::from(u64::MAX) + 1) * (bet - 1) / u128::from(odds)) as u64;
        let i = hit(JACKPOTS[0].levels[0].odds, 1_000);
        let ii = hit(JACKPOTS[0].levels[1].odds, 1_000);
        let words = |r: u64| [(r >> 32) as u32, r as u32];
        let mut stream = Vec::new();
        for r in [i, ii, u64::MAX, u64::MAX, u64::MAX, u64::MAX, u64::MAX, u64::MAX] {
            stream.extend(words(r));
        }
        assert_eq!(draw(&mut Fixed(stream.clone()), 1_000), [Some(1), None]);
        // A smaller bet misses both.
        assert_eq!(draw(&mut Fixed(stream), 100), [None, None]);
    }
}
