//! The operator's reports from the ledger (`wallet::report`): deposits and withdrawals per method,
//! bets, wins and GGR per provider (the built-in sportsbook is one), bonus cost, NGR, jackpot
//! liability and debts, for a range of Turkey's days and for each day in it.

use serde::Serialize;
use utoipa::ToSchema;

use super::staff::told;
use crate::db::Db;
use crate::error::AppError;
use crate::money::Kurus;
use crate::time::Date;
use crate::wallet;

const DAY_MS: i64 = 86_400_000;
/// Turkey is UTC+3 all year: its day starts at 21:00 UTC the day before.
const TURKEY_OFFSET_MS: i64 = 3 * 3_600_000;
/// The longest range a report covers.
pub const MAX_DAYS: i64 = 92;

/// Totals of a day or of the range, lira.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Totals {
    pub deposits: f64,
    pub withdrawals: f64,
    pub bets: f64,
    pub wins: f64,
    pub ggr: f64,
    pub bonus_cost: f64,
    pub ngr: f64,
}

/// One day's totals.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Day {
    /// YYYY-MM-DD, Turkey's day.
    pub day: String,
    #[serde(flatten)]
    pub totals: Totals,
}

/// An amount by name (a payment method, a provider), lira.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Line {
    pub name: String,
    pub amount: f64,
}

/// Bets, wins and GGR of a provider, lira.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ProviderLine {
    pub provider: String,
    pub bets: f64,
    pub wins: f64,
    pub ggr: f64,
}

/// A report over a range of days.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Report {
    pub from: String,
    pub to: String,
    pub totals: Totals,
    pub days: Vec<Day>,
    pub deposits_by_method: Vec<Line>,
    pub withdrawals_by_method: Vec<Line>,
    pub providers: Vec<ProviderLine>,
    pub adjustments: f64,
    /// What the jackpot levels hold at the range's end.
    pub jackpot_liability: f64,
    pub debts_recorded: f64,
    pub debts_repaid: f64,
    pub debts_outstanding: f64,
}

fn lira(kurus: i64) -> f64 {
    Kurus::from_minor(kurus).unwrap_or(Kurus::ZERO).to_lira()
}

fn sum(map: &std::collections::BTreeMap<String, i64>) -> i64 {
    map.values().sum()
}

fn totals(r: &wallet::Report) -> Totals {
    Totals {
        deposits: lira(sum(&r.deposits)),
        withdrawals: lira(sum(&r.withdrawals)),
        bets: lira(sum(&r.bets)),
        wins: lira(sum(&r.wins)),
        ggr: lira(sum(&r.ggr)),
        bonus_cost: lira(r.bonus_cost),
        ngr: lira(r.ngr),
    }
}

/// When Turkey's day `d` starts, epoch ms.
fn day_start(d: &Date) -> i64 {
    d.days() * DAY_MS - TURKEY_OFFSET_MS
}

/// The report of Turkey's days `from` to `to` (both included, YYYY-MM-DD).
pub async fn report(db: &Db, from: &str, to: &str) -> Result<Report, AppError> {
    let bad = || {
        told(
            axum::http::StatusCode::UNPROCESSABLE_ENTITY,
            "The range is two dates, YYYY-MM-DD, the first not after the second, at most 92 days.",
        )
    };
    let (first, last) = (Date::parse_iso(from).ok_or_else(bad)?, Date::parse_iso(to).ok_or_else(bad)?);
    if last.days() < first.days() || last.days() - first.days() >= MAX_DAYS {
        return Err(bad());
    }
    let whole = wallet::report(db, Some(day_start(&first)), Some(day_start(&last) + DAY_MS)).await?;
    let mut days = Vec::new();
    for n in first.days()..=last.days() {
        let d = Date::from_days(n);
        let r = wallet::report(db, Some(day_start(&d)), Some(day_start(&d) + DAY_MS)).await?;
        days.push(Day { day: d.iso(), totals: totals(&r) });
    }
    let lines =
        |m: &std::collections::BTreeMap<String, i64>| m.iter().map(|(name, v)| Line { name: name.clone(), amount: lira(*v) }).collect();
    let providers = whole
        .bets
        .keys()
        .chain(whole.wins.keys())
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .map(|p| ProviderLine {
            provider: p.clone(),
            bets: lira(whole.bets.get(p).copied().unwrap_or(0)),
            wins: lira(whole.wins.get(p).copied().unwrap_or(0)),
            ggr: lira(whole.ggr.get(p).copied().unwrap_or(0)),
        })
        .collect();
    Ok(Report {
        from: first.iso(),
        to: last.iso(),
        totals: totals(&whole),
        days,
        deposits_by_method: lines(&whole.deposits),
        withdrawals_by_method: lines(&whole.withdrawals),
        providers,
        adjustments: lira(whole.adjustments),
        jackpot_liability: lira(whole.jackpots.liability),
        debts_recorded: lira(whole.debts_recorded),
        debts_repaid: lira(whole.debts_repaid),
        debts_outstanding: lira(whole.debts_outstanding),
    })
}
