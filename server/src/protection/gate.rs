//! The checks every stake and every deposit passes: a closed account (time-out, self-exclusion)
//! stakes and deposits nothing; a stake over a loss or wager limit, a deposit over a deposit limit,
//! is refused with what is left in each period.
//!
//! Both run inside the caller's write transaction, after the rows that serialise a player's money
//! are locked (a stake: after its wallet move locked the balance rows, so the sums include it and
//! the next stake of the player waits for this one; a deposit: the player's deposit limits locked
//! first), so a burst of parallel stakes or deposits cannot cross a limit together.

use sqlx::AnyConnection;

use super::{Kind, Left, Period, closed, left, store};
use crate::i18n::{Value, Words};
use crate::money::Kurus;

/// Why a stake or a deposit is refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// A time-out or a self-exclusion runs.
    Closed,
    /// It would cross the player's limit of `kind`: what was left before it, by period.
    Over { kind: Kind, left: Vec<Left> },
}

impl Refusal {
    /// In the request's language: "This is over your loss limit. Left: 24 hours ₺50.00 · 7 days ₺300.00."
    pub fn message(&self) -> String {
        let locale = crate::i18n::Locale::current();
        match self {
            Refusal::Closed => crate::i18n::t("protection.closed"),
            Refusal::Over { kind, left } => {
                let parts: Vec<String> = left
                    .iter()
                    .map(|l| {
                        let amount = Kurus::from_minor(l.left).map(|k| crate::i18n::money_in(k, locale)).unwrap_or_default();
                        format!("{} {amount}", crate::i18n::text(l.period.words(), locale))
                    })
                    .collect();
                Words::new("protection.over_limit")
                    .with("{limit}", Value::Plain(crate::i18n::text(&format!("protection.kind_{}", kind.as_str()), locale)))
                    .with("{left}", parts.join(" · "))
                    .render(locale)
            }
        }
    }
}

impl From<Refusal> for crate::error::AppError {
    fn from(r: Refusal) -> Self {
        crate::error::AppError::Refused(r.message())
    }
}

/// Whether any of these closures runs at `now`.
fn any_runs(closures: &[store::ClosureRow], now: i64) -> bool {
    closures.iter().any(|c| closed(c.closure, c.ends_at, c.reopen_asked_at, now).is_some())
}

/// Whether the player's account is closed at `now`.
pub async fn is_closed(conn: &mut AnyConnection, player_id: i64, now: i64) -> Result<bool, sqlx::Error> {
    Ok(any_runs(&store::closures(conn, player_id).await?, now))
}

/// One kind's limits: (period, kuruş).
fn of_kind(limits: &[(Kind, Period, i64)], kind: Kind) -> Vec<(Period, i64)> {
    limits.iter().filter(|l| l.0 == kind).map(|l| (l.1, l.2)).collect()
}

/// What the sums count against a limit of `kind` in `period`: deposits, stakes less wins, stakes.
struct Sums {
    deposited: [i64; 3],
    staked: [i64; 3],
    won: [i64; 3],
}

impl Sums {
    fn used(&self, kind: Kind, period: Period) -> i64 {
        let i = Period::MONEY.iter().position(|&q| q == period).unwrap_or(2);
        match kind {
            Kind::Deposit => self.deposited[i],
            Kind::Loss => self.staked[i] - self.won[i],
            _ => self.staked[i],
        }
    }
}

/// After a stake of `amount` was written in this transaction: refused when the account is closed
/// or the stake takes the player over a loss or wager limit (the caller rolls it all back). One
/// query when the player has no such limit (every stake passes here).
pub async fn stake_in(conn: &mut AnyConnection, player_id: i64, amount: i64, now: i64) -> Result<Option<Refusal>, sqlx::Error> {
    let (closures, limits) = store::guard(conn, player_id).await?;
    if any_runs(&closures, now) {
        return Ok(Some(Refusal::Closed));
    }
    if !limits.iter().any(|l| l.0 != Kind::Deposit) {
        return Ok(None);
    }
    let (staked, won) = store::staked_and_won(conn, player_id, now).await?;
    let sums = Sums { deposited: [0; 3], staked, won };
    for kind in [Kind::Loss, Kind::Wager] {
        let of_kind = of_kind(&limits, kind);
        if of_kind.iter().any(|&(p, limit)| sums.used(kind, p) > limit) {
            // What was left before this stake.
            return Ok(Some(Refusal::Over { kind, left: left(&of_kind, |p| sums.used(kind, p) - amount) }));
        }
    }
    Ok(None)
}

/// Before a deposit of `amount` is written in this transaction: refused when the account is
/// closed or it would take the player over a deposit limit.
pub async fn deposit_in(conn: &mut AnyConnection, player_id: i64, amount: i64, now: i64) -> Result<Option<Refusal>, sqlx::Error> {
    store::lock(conn, player_id, Kind::Deposit).await?;
    let (closures, limits) = store::guard(conn, player_id).await?;
    if any_runs(&closures, now) {
        return Ok(Some(Refusal::Closed));
    }
    let limits = of_kind(&limits, Kind::Deposit);
    if limits.is_empty() {
        return Ok(None);
    }
    let sums = Sums { deposited: store::deposited(conn, player_id, now).await?, staked: [0; 3], won: [0; 3] };
    if limits.iter().any(|&(p, limit)| sums.used(Kind::Deposit, p) + amount > limit) {
        return Ok(Some(Refusal::Over { kind: Kind::Deposit, left: left(&limits, |p| sums.used(Kind::Deposit, p)) }));
    }
    Ok(None)
}

/// What is left of each money limit now, by kind (for the player's page and the deposit form).
pub async fn left_now(conn: &mut AnyConnection, player_id: i64, now: i64) -> Result<Vec<(Kind, Vec<Left>)>, sqlx::Error> {
    let (_, limits) = store::guard(conn, player_id).await?;
    if limits.is_empty() {
        return Ok(Vec::new());
    }
    let (staked, won) = store::staked_and_won(conn, player_id, now).await?;
    let sums = Sums { deposited: store::deposited(conn, player_id, now).await?, staked, won };
    Ok([Kind::Deposit, Kind::Loss, Kind::Wager]
        .into_iter()
        .filter_map(|kind| {
            let of_kind = of_kind(&limits, kind);
            (!of_kind.is_empty()).then(|| (kind, left(&of_kind, |p| sums.used(kind, p))))
        })
        .collect())
}
