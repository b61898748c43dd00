//! Bets of the built-in sportsbook (issue 17): placing a slip (prices checked against the
//! player's choice, stake and payout limits, live bets held for the live delay), settlement from
//! the markets' results (a correction resettles by a rollback of the last payout and a new one,
//! never by editing old transfers), and cash-out.
//!
//! Each bet is a round of the `sportsbook` provider through `rounds`, so its money moves
//! by the wallet's linked transfers between the player's pockets and the book's house account
//! (`kasa admin wallet report` shows the book's GGR) and it is a round in Game History. Every
//! change of a bet is a conditional update of its state, so of two racing changes one wins.
//!
//! Here the limits, the errors and a bet's round; `place` places bets and decides the live ones
//! after their delay, `settle` settles and resettles them, `cash_out` cashes them out, and `legs`
//! reads a bet's legs for the last two.

mod cash_out;
mod closed;
mod legs;
mod place;
mod settle;

use serde::Serialize;

use crate::money::Kurus;
use crate::rounds::{CallError, Move};
use crate::sports::slip::SlipError;
use crate::wallet::WalletError;

pub use cash_out::{QUOTE_COLUMNS, Quote, cash_out, cash_out_value, quote_of, value_now};
pub use closed::{RefundOnClose, refund_closed_players, refund_unstarted, sweep as sweep_closed};
pub use legs::{LEG_COLUMNS, LEG_FROM, leg_of};
pub use place::{OddsChoice, Placed, Slip, Wanted, live_delay_ms, place, resolve_pending};
pub use settle::{record_result, settle_market};

/// The book's provider code in the wallet and the rounds.
pub const PROVIDER: &str = crate::rounds::SPORTSBOOK;
/// Stake limits per bet, kuruş: at least 1 ₺ on each combo, at most 5,000 ₺ in all (500 ₺ on
/// High Rate prices), and at most 250,000 ₺ to win.
pub const MIN_STAKE: i64 = 100;
pub const MAX_STAKE: i64 = 500_000;
pub const MAX_STAKE_HIGH_RATE: i64 = 50_000;
// A player's High Rate bets (not refused) that hold a selection stake at most
// MAX_STAKE_HIGH_RATE in all, however they are split (see `place`).
pub const MAX_PAYOUT: i64 = 25_000_000;
/// The book's margin on a cash-out, basis points.
pub const CASHOUT_MARGIN_BP: i64 = 500;

/// A price the player was not given.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PriceNow {
    pub selection_id: i64,
    /// Decimal odds now.
    pub price: f64,
}

/// Why a bet was refused; nothing of it was written.
#[derive(Debug, thiserror::Error)]
pub enum BetError {
    #[error(transparent)]
    Slip(#[from] SlipError),
    /// A selection is not offered now (its market is suspended, settled or closed).
    #[error("selection {0} is not offered now")]
    NotOffered(i64),
    /// A price moved and the player's choice does not take the new one.
    #[error("the prices changed")]
    PriceChanged(Vec<PriceNow>),
    #[error("the stake is below the minimum")]
    StakeTooLow,
    #[error("the stake is above the maximum {0}")]
    StakeTooHigh(i64),
    /// The player's High Rate stakes on a selection would pass the limit; what is left (kuruş).
    #[error("the High Rate stakes on a selection would pass the limit")]
    HighRateSpent(i64),
    #[error("the potential payout is above the maximum")]
    PayoutTooHigh,
    #[error("not enough money")]
    NotEnoughMoney,
    #[error("no such bet of the player's")]
    NoBet,
    /// The cash-out is not offered now (a market suspended, the bet settled).
    #[error("cash-out is not available")]
    NoCashOut,
    /// The cash-out value fell below the one the player was shown.
    #[error("the cash-out value changed")]
    CashOutChanged(i64),
    #[error(transparent)]
    Call(CallError),
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

/// Whether PostgreSQL chose this work as a deadlock's victim (rolled back: it may go again).
pub(crate) fn is_deadlock(e: &BetError) -> bool {
    let db = match e {
        BetError::Database(d) | BetError::Call(CallError::Database(d)) => d,
        _ => return false,
    };
    matches!(db, sqlx::Error::Database(d) if d.code().as_deref() == Some("40P01"))
}

impl From<CallError> for BetError {
    fn from(e: CallError) -> Self {
        match e {
            CallError::NotEnoughMoney { .. } | CallError::Wallet(WalletError::InsufficientFunds) => BetError::NotEnoughMoney,
            CallError::Database(d) => BetError::Database(d),
            other => BetError::Call(other),
        }
    }
}

impl From<WalletError> for BetError {
    fn from(e: WalletError) -> Self {
        CallError::from(e).into()
    }
}

fn round_move(player_id: i64, bet_id: i64, tx: &str, amount: Kurus) -> Move {
    Move {
        provider: PROVIDER.into(),
        player_id,
        game_code: PROVIDER.into(),
        round_id: format!("sb-{bet_id}"),
        tx_id: format!("sb-{bet_id}-{tx}"),
        amount,
    }
}
