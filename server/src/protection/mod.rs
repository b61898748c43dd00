//! Player protection (issue 31): the deposit, loss and wager limits a player sets, the session time
//! limit and the reality-check interval, time-outs and self-exclusions that follow the person.
//!
//! The rules, pure here and applied by [`gate`] (every stake, at the rounds layer's one gate, and
//! every deposit) and [`exclusion`]:
//! - Deposit, loss (stakes less wins) and wager limits per 24 hours, 7 days and 30 days, each a
//!   rolling window ending now. Where periods overlap, the lowest remaining amount applies.
//! - A stricter setting (a new limit, a lower one) applies at once. A looser one (a raise, a
//!   removal) waits 24 hours, then applies only if the player confirms it within 7 days; after that
//!   it lapses. The reality-check interval is the exception the issue names: a longer one applies
//!   by itself after 24 hours.
//! - A time-out (24 hours, 7 days, 1 month, 6 weeks) or a self-exclusion (6 months, 1 year, 5
//!   years, permanent) starts at once and cannot be lifted early; after a fixed-term exclusion the
//!   account reopens only when the player asks and 24 hours have passed.

pub mod cli;
pub mod exclusion;
pub mod gate;
pub mod routes;
mod store;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

pub use exclusion::{follow_person_in, lock_person, state as closure_state};
pub use routes::{ProtectionState, router};
pub use store::{accounts_of_number, verified_no as tied_number};

/// What follows a time-out or a self-exclusion outside this area: the sportsbook refuses the
/// player's open bets on events that have not started and gives their stakes back. The
/// application wires it (`state.rs`, the CLI), so protection never imports what implements it.
#[async_trait::async_trait]
pub trait Closing: Send + Sync + std::fmt::Debug {
    /// How many bets were refunded.
    async fn closed(&self, player_id: i64) -> Result<usize, crate::error::AppError>;
}

/// The person behind an e-mail address (its lower-case key), as a closure keeps it: the part after
/// a `+` is dropped (`ayse+kasa@` is `ayse@`), and Gmail's dots too (`a.yse@googlemail.com` is
/// `ayse@gmail.com`), so an address written another way does not carry a new account past it.
pub fn person_email(key: &str) -> String {
    let Some((local, domain)) = key.rsplit_once('@') else { return key.to_string() };
    let local = local.split('+').next().unwrap_or(local);
    if matches!(domain, "gmail.com" | "googlemail.com") {
        format!("{}@gmail.com", local.replace('.', ""))
    } else {
        format!("{local}@{domain}")
    }
}

const HOUR_MS: i64 = 3_600_000;
const DAY_MS: i64 = 24 * HOUR_MS;
/// A looser setting waits this long...
pub const RAISE_WAIT_MS: i64 = DAY_MS;
/// ...and must then be confirmed within this long, or it lapses.
pub const CONFIRM_WITHIN_MS: i64 = 7 * DAY_MS;
/// After a fixed-term exclusion, the account reopens this long after the player asks.
pub const REOPEN_WAIT_MS: i64 = DAY_MS;
/// A session with a time limit is warned this long before it ends.
pub const SESSION_WARNING_MS: i64 = 5 * 60_000;

/// What a limit limits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// Kuruş deposited (pending and confirmed deposits).
    Deposit,
    /// Kuruş staked less kuruş won.
    Loss,
    /// Kuruş staked.
    Wager,
    /// Minutes a session may last.
    Session,
    /// Minutes between reality checks.
    Reality,
}

impl Kind {
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Deposit => "deposit",
            Kind::Loss => "loss",
            Kind::Wager => "wager",
            Kind::Session => "session",
            Kind::Reality => "reality",
        }
    }

    pub fn parse(s: &str) -> Option<Kind> {
        [Kind::Deposit, Kind::Loss, Kind::Wager, Kind::Session, Kind::Reality].into_iter().find(|k| k.as_str() == s)
    }

    /// Money limits have day, week and month; the others one setting.
    pub fn is_money(self) -> bool {
        matches!(self, Kind::Deposit | Kind::Loss | Kind::Wager)
    }
}

/// A money limit's window (rolling, ending now), or `Session` for the minute settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Period {
    Day,
    Week,
    Month,
    Session,
}

impl Period {
    pub const MONEY: [Period; 3] = [Period::Day, Period::Week, Period::Month];

    pub fn as_str(self) -> &'static str {
        match self {
            Period::Day => "day",
            Period::Week => "week",
            Period::Month => "month",
            Period::Session => "session",
        }
    }

    pub fn parse(s: &str) -> Option<Period> {
        [Period::Day, Period::Week, Period::Month, Period::Session].into_iter().find(|p| p.as_str() == s)
    }

    /// The window's length: 24 hours, 7 days, 30 days.
    pub fn window_ms(self) -> i64 {
        match self {
            Period::Day => DAY_MS,
            Period::Week => 7 * DAY_MS,
            Period::Month | Period::Session => 30 * DAY_MS,
        }
    }

    /// The catalogue key of its name ("24 hours", "7 days", "30 days").
    pub fn words(self) -> &'static str {
        match self {
            Period::Day => "protection.period_day",
            Period::Week => "protection.period_week",
            Period::Month => "protection.period_month",
            Period::Session => "protection.period_session",
        }
    }
}

/// Whether `kind` may be set for `period`.
pub fn fits(kind: Kind, period: Period) -> bool {
    kind.is_money() != (period == Period::Session)
}

/// The values a setting may take: kuruş for money (1 ₺ to 10 million ₺), minutes otherwise.
pub fn valid_value(kind: Kind, value: i64) -> bool {
    match kind {
        Kind::Deposit | Kind::Loss | Kind::Wager => (100..=1_000_000_000).contains(&value),
        Kind::Session => (10..=24 * 60).contains(&value),
        Kind::Reality => [15, 30, 60].contains(&value),
    }
}

/// A looser setting waiting for its time (and, but for the reality check, for the player).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pending {
    /// The new value; `None` removes the limit.
    pub value: Option<i64>,
    pub since: i64,
}

impl Pending {
    pub fn from(&self) -> i64 {
        self.since + RAISE_WAIT_MS
    }
    pub fn until(&self) -> i64 {
        self.from() + CONFIRM_WITHIN_MS
    }
}

/// One setting as stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limit {
    pub kind: Kind,
    pub period: Period,
    pub value: Option<i64>,
    pub pending: Option<Pending>,
}

/// `wanted` is stricter than `current`: a limit where there was none, or a lower one.
pub fn is_stricter(wanted: Option<i64>, current: Option<i64>) -> bool {
    match (wanted, current) {
        (Some(w), Some(c)) => w <= c,
        (Some(_), None) => true,
        (None, _) => false,
    }
}

/// What asking for `wanted` does to a setting at `now`.
pub fn ask(limit: Limit, wanted: Option<i64>, now: i64) -> Limit {
    let current = effective(limit, now).value;
    if is_stricter(wanted, current) {
        Limit { value: wanted, pending: None, ..limit }
    } else if wanted == current {
        Limit { value: current, pending: None, ..limit }
    } else {
        Limit { value: current, pending: Some(Pending { value: wanted, since: now }), ..limit }
    }
}

/// Why a confirmation does nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NotYet {
    /// Nothing waits.
    Nothing,
    /// The 24 hours are not over: it can be confirmed from then.
    Wait { from: i64 },
    /// The 7 days to confirm are over.
    Lapsed,
}

/// The player confirms a waiting raise at `now`.
pub fn confirm(limit: Limit, now: i64) -> Result<Limit, NotYet> {
    let p = limit.pending.ok_or(NotYet::Nothing)?;
    if now < p.from() {
        return Err(NotYet::Wait { from: p.from() });
    }
    if now > p.until() {
        return Err(NotYet::Lapsed);
    }
    Ok(Limit { value: p.value, pending: None, ..limit })
}

/// The setting in force at `now`: a lapsed raise forgotten; the reality check's longer interval
/// applied by itself once its 24 hours are over.
pub fn effective(limit: Limit, now: i64) -> Limit {
    match limit.pending {
        Some(p) if limit.kind == Kind::Reality && now >= p.from() => Limit { value: p.value, pending: None, ..limit },
        Some(p) if now > p.until() => Limit { pending: None, ..limit },
        _ => limit,
    }
}

/// What is left of a money limit in one period.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
pub struct Left {
    pub period: Period,
    /// Kuruş.
    pub limit: i64,
    /// Kuruş used in the period.
    pub used: i64,
    /// Kuruş left (never below zero).
    pub left: i64,
}

/// What is left under each of `limits` (one kind's, by period) given what was used in each period.
pub fn left(limits: &[(Period, i64)], used: impl Fn(Period) -> i64) -> Vec<Left> {
    let mut out: Vec<Left> = limits
        .iter()
        .map(|&(period, limit)| {
            let used = used(period).max(0);
            Left { period, limit, used, left: (limit - used).max(0) }
        })
        .collect();
    out.sort_by_key(|l| l.period);
    out
}

/// The lowest remaining amount over the periods (`None`: no limit).
pub fn lowest(left: &[Left]) -> Option<i64> {
    left.iter().map(|l| l.left).min()
}

/// A time-out's or a self-exclusion's length.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub enum Term {
    #[serde(rename = "24h")]
    Hours24,
    #[serde(rename = "7d")]
    Days7,
    #[serde(rename = "1m")]
    Month1,
    #[serde(rename = "6w")]
    Weeks6,
    #[serde(rename = "6m")]
    Months6,
    #[serde(rename = "1y")]
    Year1,
    #[serde(rename = "5y")]
    Years5,
    #[serde(rename = "permanent")]
    Permanent,
}

/// A time-out (short) or a self-exclusion (long).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Closure {
    Timeout,
    Exclusion,
}

impl Closure {
    pub fn as_str(self) -> &'static str {
        match self {
            Closure::Timeout => "timeout",
            Closure::Exclusion => "exclusion",
        }
    }
}

impl Term {
    pub fn parse(s: &str) -> Option<Term> {
        serde_json::from_value(serde_json::Value::String(s.to_string())).ok()
    }

    /// Which kind of closure this term is.
    pub fn closure(self) -> Closure {
        match self {
            Term::Hours24 | Term::Days7 | Term::Month1 | Term::Weeks6 => Closure::Timeout,
            _ => Closure::Exclusion,
        }
    }

    /// When a closure of this term starting at `now` ends (`None`: never). Months and years are
    /// counted in days: a month 30, a year 365 (and one day per leap year in five years).
    pub fn ends(self, now: i64) -> Option<i64> {
        let days = match self {
            Term::Hours24 => 1,
            Term::Days7 => 7,
            Term::Month1 => 30,
            Term::Weeks6 => 42,
            Term::Months6 => 182,
            Term::Year1 => 365,
            Term::Years5 => 5 * 365 + 1,
            Term::Permanent => return None,
        };
        Some(now + days * DAY_MS)
    }
}

/// A closure's state at a moment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Closed {
    /// Runs until then (a time-out or a fixed-term exclusion).
    Until { closure: Closure, until: i64 },
    /// A fixed-term exclusion is over and the player asked to reopen: it reopens `at` (24 hours
    /// after the asking).
    Reopening { at: i64 },
    /// A permanent exclusion.
    Forever,
    /// A fixed-term exclusion is over: the account reopens 24 hours after the player asks.
    AskToReopen { ended: i64 },
}

/// One closure row's state at `now` (`None`: it no longer closes the account).
pub fn closed(closure: Closure, ends_at: Option<i64>, reopen_asked_at: Option<i64>, now: i64) -> Option<Closed> {
    let Some(ends) = ends_at else { return Some(Closed::Forever) };
    if now < ends {
        return Some(Closed::Until { closure, until: ends });
    }
    match (closure, reopen_asked_at) {
        (Closure::Timeout, _) => None,
        (Closure::Exclusion, None) => Some(Closed::AskToReopen { ended: ends }),
        (Closure::Exclusion, Some(asked)) if now < asked.max(ends) + REOPEN_WAIT_MS => {
            Some(Closed::Reopening { at: asked.max(ends) + REOPEN_WAIT_MS })
        }
        (Closure::Exclusion, Some(_)) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_email_written_another_way_is_the_same_person() {
        assert_eq!(person_email("ayse+kasa@example.com"), "ayse@example.com");
        assert_eq!(person_email("a.yse@example.com"), "a.yse@example.com", "dots count outside Gmail");
        assert_eq!(person_email("a.y.se+x@googlemail.com"), "ayse@gmail.com");
        assert_eq!(person_email("ayse@gmail.com"), "ayse@gmail.com");
        assert_eq!(person_email("not-an-address"), "not-an-address");
    }

    const NOW: i64 = 1_800_000_000_000;

    fn limit(value: Option<i64>) -> Limit {
        Limit { kind: Kind::Deposit, period: Period::Day, value, pending: None }
    }

    #[test]
    fn a_lower_limit_or_a_first_one_applies_at_once() {
        assert_eq!(ask(limit(Some(500)), Some(300), NOW), limit(Some(300)));
        assert_eq!(ask(limit(None), Some(300), NOW), limit(Some(300)));
    }

    #[test]
    fn a_raise_or_a_removal_waits_a_day_and_then_for_the_players_confirmation_within_a_week() {
        let raised = ask(limit(Some(300)), Some(800), NOW);
        assert_eq!(raised.value, Some(300), "the old limit stays in force");
        assert_eq!(raised.pending, Some(Pending { value: Some(800), since: NOW }));
        assert_eq!(confirm(raised, NOW + RAISE_WAIT_MS - 1), Err(NotYet::Wait { from: NOW + RAISE_WAIT_MS }));
        assert_eq!(confirm(raised, NOW + RAISE_WAIT_MS), Ok(limit(Some(800))));
        assert_eq!(confirm(raised, NOW + RAISE_WAIT_MS + CONFIRM_WITHIN_MS), Ok(limit(Some(800))));
        assert_eq!(confirm(raised, NOW + RAISE_WAIT_MS + CONFIRM_WITHIN_MS + 1), Err(NotYet::Lapsed));
        assert_eq!(effective(raised, NOW + RAISE_WAIT_MS + CONFIRM_WITHIN_MS + 1), limit(Some(300)), "a lapsed raise is forgotten");
        let removed = ask(limit(Some(300)), None, NOW);
        assert_eq!(confirm(removed, NOW + RAISE_WAIT_MS), Ok(limit(None)));
        assert_eq!(confirm(limit(Some(300)), NOW), Err(NotYet::Nothing));
    }

    #[test]
    fn lowering_while_a_raise_waits_applies_at_once_and_drops_the_raise() {
        let raised = ask(limit(Some(300)), Some(800), NOW);
        assert_eq!(ask(raised, Some(200), NOW + 1), limit(Some(200)));
        assert_eq!(ask(raised, Some(300), NOW + 1), limit(Some(300)), "asking for the limit in force cancels the raise");
    }

    #[test]
    fn a_longer_reality_check_interval_applies_by_itself_after_a_day() {
        let reality = Limit { kind: Kind::Reality, period: Period::Session, value: Some(15), pending: None };
        let longer = ask(reality, Some(60), NOW);
        assert_eq!(effective(longer, NOW + RAISE_WAIT_MS - 1).value, Some(15));
        assert_eq!(effective(longer, NOW + RAISE_WAIT_MS).value, Some(60));
        assert_eq!(ask(reality, Some(30), NOW).value, Some(15), "30 minutes is longer than 15: it waits");
        assert_eq!(ask(longer, Some(15), NOW).pending, None);
    }

    #[test]
    fn the_lowest_remaining_amount_over_overlapping_periods_applies() {
        let used = |p: Period| match p {
            Period::Day => 100,
            Period::Week => 900,
            _ => 950,
        };
        let l = left(&[(Period::Month, 1_000), (Period::Day, 500), (Period::Week, 2_000)], used);
        assert_eq!(
            l.iter().map(|l| (l.period, l.left)).collect::<Vec<_>>(),
            [(Period::Day, 400), (Period::Week, 1_100), (Period::Month, 50)]
        );
        assert_eq!(lowest(&l), Some(50));
        assert_eq!(lowest(&left(&[(Period::Day, 100)], |_| 250)), Some(0), "never below zero");
        assert_eq!(lowest(&[]), None);
    }

    #[test]
    fn a_fixed_term_exclusion_reopens_only_a_day_after_the_player_asks_and_a_time_out_by_itself() {
        let ends = NOW + 10;
        assert_eq!(closed(Closure::Timeout, Some(ends), None, NOW), Some(Closed::Until { closure: Closure::Timeout, until: ends }));
        assert_eq!(closed(Closure::Timeout, Some(ends), None, ends), None);
        assert_eq!(closed(Closure::Exclusion, Some(ends), None, ends + 5), Some(Closed::AskToReopen { ended: ends }));
        let asked = ends + 5;
        assert_eq!(closed(Closure::Exclusion, Some(ends), Some(asked), asked + 1), Some(Closed::Reopening { at: asked + REOPEN_WAIT_MS }));
        assert_eq!(closed(Closure::Exclusion, Some(ends), Some(asked), asked + REOPEN_WAIT_MS), None);
        assert_eq!(closed(Closure::Exclusion, None, Some(asked), asked + 10 * REOPEN_WAIT_MS), Some(Closed::Forever));
        // Asking before the end changes nothing: the wait counts from the end at the earliest.
        assert_eq!(
            closed(Closure::Exclusion, Some(ends), Some(NOW - 100), ends + 1),
            Some(Closed::Reopening { at: ends + REOPEN_WAIT_MS })
        );
    }

    #[test]
    fn terms_are_time_outs_or_exclusions_of_their_length() {
        assert_eq!(Term::parse("24h").map(Term::closure), Some(Closure::Timeout));
        assert_eq!(Term::parse("6w").and_then(|t| t.ends(NOW)), Some(NOW + 42 * DAY_MS));
        assert_eq!(Term::parse("permanent").map(|t| (t.closure(), t.ends(NOW))), Some((Closure::Exclusion, None)));
        assert_eq!(Term::parse("2d"), None);
        assert!(fits(Kind::Deposit, Period::Week) && fits(Kind::Session, Period::Session) && !fits(Kind::Loss, Period::Session));
        assert!(valid_value(Kind::Reality, 30) && !valid_value(Kind::Reality, 20) && !valid_value(Kind::Wager, 0));
    }
}
