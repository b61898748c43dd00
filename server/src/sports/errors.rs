//! The sportsbook's refusals as [`AppError`]s: a refused slip or cash-out answers its status, its
//! message in the request's language, and what it carries (the prices or the value now).

use axum::http::StatusCode;

use super::betting::{self, BetError};
use super::slip::SlipError;
use crate::error::AppError;
use crate::i18n::t;
use crate::money::Kurus;

/// A message naming amounts in kuruş (`{amount}`, `{left}`), rendered in the request's language.
fn naming(key: &str, amounts: &[(&str, i64)]) -> AppError {
    let message = amounts
        .iter()
        .fold(t(key), |m, (name, minor)| m.replace(name, &Kurus::from_minor(*minor).map(crate::i18n::money).unwrap_or_default()));
    AppError::Refused(message)
}

impl From<BetError> for AppError {
    fn from(e: BetError) -> AppError {
        match e {
            BetError::PriceChanged(prices) => AppError::Refusal {
                status: StatusCode::CONFLICT,
                key: "sportsbook.price_changed",
                data: Some(serde_json::json!({ "prices": prices })),
            },
            BetError::CashOutChanged(value) => AppError::Refusal {
                status: StatusCode::CONFLICT,
                key: "sportsbook.cashout_changed",
                data: Some(serde_json::json!({ "value": Kurus::from_minor(value).map(Kurus::to_lira).unwrap_or(0.0) })),
            },
            BetError::NotOffered(_) => AppError::Conflict("sportsbook.not_offered"),
            BetError::NoCashOut => AppError::Conflict("sportsbook.no_cashout"),
            BetError::NoBet => AppError::NotFound("sportsbook.no_bet"),
            BetError::StakeTooLow => naming("sportsbook.stake_low", &[("{amount}", betting::MIN_STAKE)]),
            BetError::StakeTooHigh(max) => naming("sportsbook.stake_high", &[("{amount}", max)]),
            BetError::HighRateSpent(left) => {
                naming("sportsbook.high_rate_spent", &[("{amount}", betting::MAX_STAKE_HIGH_RATE), ("{left}", left)])
            }
            BetError::PayoutTooHigh => naming("sportsbook.payout_high", &[("{amount}", betting::MAX_PAYOUT)]),
            BetError::NotEnoughMoney => AppError::BadRequest("wallet.insufficient"),
            BetError::Slip(SlipError::SameEvent(_)) => AppError::BadRequest("sportsbook.same_event"),
            BetError::Slip(SlipError::LegCount) => AppError::BadRequest("sportsbook.leg_count"),
            BetError::Slip(_) => AppError::BadRequest("sportsbook.bad_slip"),
            BetError::Call(c) => AppError::from(c),
            BetError::Database(d) => AppError::Database(d),
        }
    }
}
