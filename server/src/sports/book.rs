//! The book's vocabulary (issue 17): sports and the state machine of a market.
//!
//! A market is inactive until it is offered, then active; it is suspended (no bets) around a goal
//! or by an operator and reopens; it ends settled (its result recorded) or cancelled (voided: its
//! bets' legs count at 1.00). A settled market can be corrected (settled again with another
//! result) or voided; nothing leaves the cancelled state.

use serde::{Deserialize, Serialize};

/// The sports the built-in book offers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Sport {
    Football,
    Basketball,
    Tennis,
    Volleyball,
}

impl Sport {
    pub const ALL: [Sport; 4] = [Sport::Football, Sport::Basketball, Sport::Tennis, Sport::Volleyball];

    pub fn as_str(self) -> &'static str {
        match self {
            Sport::Football => "football",
            Sport::Basketball => "basketball",
            Sport::Tennis => "tennis",
            Sport::Volleyball => "volleyball",
        }
    }

    pub fn parse(s: &str) -> Option<Sport> {
        Sport::ALL.into_iter().find(|x| x.as_str() == s)
    }
}

/// A market's state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum MarketState {
    Inactive,
    Active,
    Suspended,
    Settled,
    Cancelled,
}

/// What happens to a market.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MarketEvent {
    /// Offered for betting.
    Open,
    /// No bets for a while (a goal, an operator).
    Suspend,
    /// Betting again, at new prices.
    Reopen,
    /// Its result is recorded (again, for a correction).
    Settle,
    /// Voided.
    Cancel,
}

/// The refused transition.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("a {from:?} market cannot {event:?}")]
pub struct BadTransition {
    pub from: MarketState,
    pub event: MarketEvent,
}

impl MarketState {
    pub fn as_str(self) -> &'static str {
        match self {
            MarketState::Inactive => "inactive",
            MarketState::Active => "active",
            MarketState::Suspended => "suspended",
            MarketState::Settled => "settled",
            MarketState::Cancelled => "cancelled",
        }
    }

    pub fn parse(s: &str) -> Option<MarketState> {
        [MarketState::Inactive, MarketState::Active, MarketState::Suspended, MarketState::Settled, MarketState::Cancelled]
            .into_iter()
            .find(|x| x.as_str() == s)
    }

    /// The state after `event`, or the refusal.
    pub fn next(self, event: MarketEvent) -> Result<MarketState, BadTransition> {
        use MarketEvent as E;
        use MarketState as S;
        let to = match (self, event) {
            (S::Inactive, E::Open) => S::Active,
            (S::Active, E::Suspend) => S::Suspended,
            (S::Suspended, E::Reopen) => S::Active,
            (S::Active | S::Suspended | S::Settled, E::Settle) => S::Settled,
            (S::Inactive | S::Active | S::Suspended | S::Settled, E::Cancel) => S::Cancelled,
            (from, event) => return Err(BadTransition { from, event }),
        };
        Ok(to)
    }

    /// Whether bets are taken.
    pub fn takes_bets(self) -> bool {
        self == MarketState::Active
    }
}

#[cfg(test)]
mod tests {
    use super::MarketEvent as E;
    use super::MarketState as S;
    use super::*;

    #[test]
    fn a_market_opens_suspends_reopens_and_ends_settled_or_cancelled() {
        let path = [E::Open, E::Suspend, E::Reopen, E::Settle, E::Settle, E::Cancel];
        let mut state = S::Inactive;
        let mut seen = vec![state];
        for e in path {
            state = state.next(e).unwrap();
            seen.push(state);
        }
        assert_eq!(seen, [S::Inactive, S::Active, S::Suspended, S::Active, S::Settled, S::Settled, S::Cancelled]);
        assert!(S::Active.takes_bets() && !S::Suspended.takes_bets() && !S::Inactive.takes_bets());
    }

    #[test]
    fn refused_transitions_say_so() {
        for (from, event) in [
            (S::Inactive, E::Suspend),
            (S::Inactive, E::Settle),
            (S::Active, E::Open),
            (S::Active, E::Reopen),
            (S::Suspended, E::Suspend),
            (S::Settled, E::Reopen),
            (S::Settled, E::Open),
            (S::Cancelled, E::Settle),
            (S::Cancelled, E::Reopen),
            (S::Cancelled, E::Cancel),
        ] {
            assert_eq!(from.next(event), Err(BadTransition { from, event }), "{from:?} {event:?}");
        }
    }

    #[test]
    fn names_read_back() {
        for s in [S::Inactive, S::Active, S::Suspended, S::Settled, S::Cancelled] {
            assert_eq!(S::parse(s.as_str()), Some(s));
        }
        for s in Sport::ALL {
            assert_eq!(Sport::parse(s.as_str()), Some(s));
        }
    }
}
