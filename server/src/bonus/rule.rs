//! A bonus's terms (amount, wagering multiple, maximum bet, days, the sportsbook's share) and how
//! much of a stake counts towards wagering in each kind of game.

use serde::Serialize;

use crate::money::Kurus;

pub use crate::cms::promotions::Rule;

/// The trial bonus's terms besides its amount (the site's setting): ten times within seven days,
/// stakes of at most 50 ₺, sportsbook stakes counted in full (the bonus rules page states it).
pub const TRIAL_WAGERING: i64 = 10;
pub const TRIAL_MAX_BET: i64 = 5_000;
pub const TRIAL_DAYS: i64 = 7;
pub const TRIAL_SPORTS_PERCENT: i64 = 100;

/// The trial bonus's terms.
pub fn trial(amount: Kurus) -> Rule {
    Rule {
        amount: amount.minor(),
        wagering: TRIAL_WAGERING,
        max_bet: TRIAL_MAX_BET,
        days: TRIAL_DAYS,
        sports_wagering_percent: TRIAL_SPORTS_PERCENT,
        deposit: None,
    }
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
    /// The sportsbook: its share is a term of each bonus's promotion.
    Sports,
}

impl GameClass {
    /// The percentage of a stake counted towards wagering: slots in full, the games where the
    /// house edge is small much less, the sportsbook what the bonus's promotion states.
    pub fn contribution(self, sports_percent: i64) -> i64 {
        match self {
            GameClass::Slot => 100,
            GameClass::Instant => 50,
            GameClass::Table => 20,
            GameClass::Live => 10,
            GameClass::Sports => sports_percent.clamp(0, 100),
        }
    }

    /// The part of a stake counted, in kuruş (rounded down).
    pub fn counted(self, stake: Kurus, sports_percent: i64) -> i64 {
        stake.minor().saturating_mul(self.contribution(sports_percent)) / 100
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_count_in_full_and_live_games_a_tenth() {
        let stake = Kurus::from_minor(1_005).unwrap();
        assert_eq!(GameClass::Slot.counted(stake, 0), 1_005);
        assert_eq!(GameClass::Instant.counted(stake, 0), 502);
        assert_eq!(GameClass::Table.counted(stake, 0), 201);
        assert_eq!(GameClass::Live.counted(stake, 0), 100);
    }

    #[test]
    fn the_sportsbook_counts_the_share_the_promotion_states() {
        let stake = Kurus::from_minor(1_000).unwrap();
        assert_eq!(GameClass::Sports.counted(stake, 0), 0);
        assert_eq!(GameClass::Sports.counted(stake, 25), 250);
        assert_eq!(GameClass::Sports.counted(stake, 100), 1_000);
    }

    #[test]
    fn a_rule_outside_its_bounds_is_refused() {
        let ok = Rule { amount: 10_000, wagering: 20, max_bet: 5_000, days: 7, sports_wagering_percent: 50, deposit: None };
        assert!(ok.check().is_ok());
        assert_eq!(ok.requirement(), 200_000);
        assert!(Rule { wagering: 0, ..ok }.check().is_err());
        assert!(Rule { amount: 0, ..ok }.check().is_err());
        assert!(Rule { days: 0, ..ok }.check().is_err());
        assert!(Rule { max_bet: 0, ..ok }.check().is_err());
        assert!(Rule { sports_wagering_percent: 101, ..ok }.check().is_err());
        assert!(Rule { sports_wagering_percent: -1, ..ok }.check().is_err());
    }
}
