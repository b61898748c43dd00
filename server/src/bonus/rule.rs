//! A bonus's terms (amount, wagering multiple, maximum bet, days) and how much of a stake counts
//! towards wagering in each kind of game.

use serde::Serialize;

use crate::money::Kurus;

pub use crate::cms::promotions::Rule;

/// The trial bonus's terms besides its amount (the site's setting): ten times within seven days,
/// stakes of at most 50 ₺.
pub const TRIAL_WAGERING: i64 = 10;
pub const TRIAL_MAX_BET: i64 = 5_000;
pub const TRIAL_DAYS: i64 = 7;

/// The trial bonus's terms.
pub fn trial(amount: Kurus) -> Rule {
    Rule { amount: amount.minor(), wagering: TRIAL_WAGERING, max_bet: TRIAL_MAX_BET, days: TRIAL_DAYS }
}

/// The kind of game a stake was made in, for its contribution to wagering.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum GameClass {
    Slot,
    /// Crash, keno, wheel, bingo and other instant games.
    Instant,
    /// Roulette, blackjack, baccarat and other table games against the house.
    Table,
    /// Live dealer games.
    Live,
}

impl GameClass {
    /// The percentage of a stake counted towards wagering: slots in full, the games where the
    /// house edge is small much less.
    pub fn contribution(self) -> i64 {
        match self {
            GameClass::Slot => 100,
            GameClass::Instant => 50,
            GameClass::Table => 20,
            GameClass::Live => 10,
        }
    }

    /// The part of a stake counted, in kuruş (rounded down).
    pub fn counted(self, stake: Kurus) -> i64 {
        stake.minor().saturating_mul(self.contribution()) / 100
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_count_in_full_and_live_games_a_tenth() {
        let stake = Kurus::from_minor(1_005).unwrap();
        assert_eq!(GameClass::Slot.counted(stake), 1_005);
        assert_eq!(GameClass::Instant.counted(stake), 502);
        assert_eq!(GameClass::Table.counted(stake), 201);
        assert_eq!(GameClass::Live.counted(stake), 100);
    }

    #[test]
    fn a_rule_outside_its_bounds_is_refused() {
        let ok = Rule { amount: 10_000, wagering: 20, max_bet: 5_000, days: 7 };
        assert!(ok.check().is_ok());
        assert_eq!(ok.requirement(), 200_000);
        assert!(Rule { wagering: 0, ..ok }.check().is_err());
        assert!(Rule { amount: 0, ..ok }.check().is_err());
        assert!(Rule { days: 0, ..ok }.check().is_err());
        assert!(Rule { max_bet: 0, ..ok }.check().is_err());
    }
}
