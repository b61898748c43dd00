//! The studio's refusals as [`AppError`]s: a refused round (a spin, a table round, blackjack) or
//! crash bet answers its status, its message in the request's language, and the balance when it
//! was refused for money.

use axum::http::StatusCode;

use super::SpinError;
use super::crash::CrashError;
use super::engine::StakeError;
use super::views::ShortBalance;
use crate::error::AppError;
use crate::money::Kurus;

/// Not enough money for the round: 400 with the balance.
fn short_of_money(balance: Kurus) -> AppError {
    let data = serde_json::to_value(ShortBalance { balance: balance.to_lira() }).ok();
    AppError::Refusal { status: StatusCode::BAD_REQUEST, key: "studio.not_enough_balance", data }
}

impl From<SpinError> for AppError {
    fn from(e: SpinError) -> AppError {
        match e {
            SpinError::NotEnoughMoney { balance } => short_of_money(balance),
            SpinError::BadBet => AppError::Validation { field: "bet", key: "studio.bad_bet" },
            SpinError::BadStakes(e) => {
                let key = match e {
                    StakeError::Empty => "studio.no_stake",
                    StakeError::TooMany => "studio.too_many_stakes",
                    StakeError::NotABet(_) => "studio.not_a_bet",
                    StakeError::BadAmount(_) => "studio.bad_stake",
                    StakeError::OverLimit => "studio.over_table_limit",
                };
                AppError::Validation { field: "stakes", key }
            }
            SpinError::UnknownGame(_) => AppError::NotFound("casino.unknown_game"),
            SpinError::Call(e) => AppError::from(e),
            SpinError::Database(e) => AppError::from(e),
            e @ SpinError::NoSeed => AppError::Internal(anyhow::anyhow!(e)),
            SpinError::RoundOpen => AppError::Conflict("studio.blackjack_open"),
            SpinError::NoRound => AppError::Conflict("studio.blackjack_no_round"),
            SpinError::NotAllowed => AppError::Conflict("studio.blackjack_not_allowed"),
        }
    }
}

impl From<CrashError> for AppError {
    fn from(e: CrashError) -> AppError {
        match e {
            CrashError::BetsClosed => AppError::Conflict("crash.bets_closed"),
            CrashError::SlotTaken => AppError::Conflict("crash.slot_taken"),
            CrashError::BadAmount => AppError::Validation { field: "amount", key: "crash.bad_amount" },
            CrashError::BadTarget => AppError::Validation { field: "autoCashOut", key: "crash.bad_target" },
            CrashError::NotEnoughMoney { balance } => short_of_money(balance),
            CrashError::NotFlying => AppError::Conflict("crash.not_flying"),
            CrashError::TooLate => AppError::Conflict("crash.too_late"),
            CrashError::NoBet => AppError::Conflict("crash.no_bet"),
            CrashError::Call(e) => AppError::from(e),
            CrashError::Database(e) => AppError::from(e),
        }
    }
}
