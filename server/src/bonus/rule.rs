//! A bonus's terms (amount, wagering multiple, maximum bet, days) and how much of a stake counts
//! towards wagering in each kind of game.

use serde::{Deserialize, Serialize};

use crate::money::Kurus;

/// The terms a bonus is granted on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Rule {
    /// Kuruş granted.
    pub amount: i64,
    /// The wagering requirement as a multiple of the amount (1 to 100).
    pub wagering: i64,
    /// Kuruş: the largest stake while the bonus is active.
    pub max_bet: i64,
    /// Days to meet the requirement (1 to 365).
    pub days: i64,
}

/// The trial bonus's terms besides its amount (the site's setting): ten times within seven days,
/// stakes of at most 50 ₺.
pub const TRIAL_WAGERING: i64 = 10;
pub const TRIAL_MAX_BET: i64 = 5_000;
pub const TRIAL_DAYS: i64 = 7;

const DAY_MS: i64 = 86_400_000;

impl Rule {
    pub fn trial(amount: Kurus) -> Rule {
        Rule { amount: amount.minor(), wagering: TRIAL_WAGERING, max_bet: TRIAL_MAX_BET, days: TRIAL_DAYS }
    }

    /// Checks the terms; the message names what is wrong.
    pub fn check(&self) -> Result<(), &'static str> {
        if self.amount <= 0 || self.amount > 100_000_000 {
            return Err("the bonus amount is more than 0 and at most 1,000,000 ₺");
        }
        if !(1..=100).contains(&self.wagering) {
            return Err("the wagering multiple is 1 to 100");
        }
        if self.max_bet <= 0 {
            return Err("the maximum bet is more than 0");
        }
        if !(1..=365).contains(&self.days) {
            return Err("the days to wager are 1 to 365");
        }
        Ok(())
    }

    pub fn amount(&self) -> Kurus {
        Kurus::from_minor(self.amount).unwrap_or(Kurus::ZERO)
    }

    /// Kuruş to wager (weighted by contribution) before the bonus becomes real money.
    pub fn requirement(&self) -> i64 {
        self.amount.saturating_mul(self.wagering)
    }

    pub fn expires_at(&self, granted_at: i64) -> i64 {
        granted_at + self.days * DAY_MS
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
