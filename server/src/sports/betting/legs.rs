//! A bet's legs as the book has them, and what their markets' results make of each: read by
//! settlement, by cash-out and by My Bets.

use sqlx::{AnyConnection, Row};

use super::BetError;
use crate::sports::slip::{self, Kind, Leg, LegResult};

/// A bet's legs and how it is priced: (legs as the slip has them, their results, the combos).
pub(super) async fn bet_shape(conn: &mut AnyConnection, bet_id: i64) -> Result<(Vec<Leg>, Vec<LegResult>, Kind, i64), BetError> {
    let row = sqlx::query("SELECT kind, stake_each FROM sb_bets WHERE id = $1").bind(bet_id).fetch_one(&mut *conn).await?;
    let kind: Kind = serde_json::from_str(&row.try_get::<String, _>(0)?).unwrap_or(Kind::Combo);
    let stake_each: i64 = row.try_get(1)?;
    let (legs, results) = legs_of(conn, bet_id).await?;
    Ok((legs, results, kind, stake_each))
}

/// The leg columns [`leg_of`] reads, in order, and where they come from.
pub const LEG_COLUMNS: &str = "l.event_id, l.selection_id, l.price, s.result, m.state";
pub const LEG_FROM: &str = "sb_legs l JOIN sb_selections s ON s.id = l.selection_id JOIN sb_markets m ON m.id = l.market_id";

/// A leg, and what its market's result makes of it, from a row holding [`LEG_COLUMNS`] from
/// column `at` on.
pub fn leg_of(r: &sqlx::any::AnyRow, at: usize) -> Result<(Leg, LegResult), sqlx::Error> {
    let leg = Leg { event_id: r.try_get(at)?, selection_id: r.try_get(at + 1)?, price: r.try_get(at + 2)? };
    let (result, market_state): (Option<String>, String) = (r.try_get(at + 3)?, r.try_get(at + 4)?);
    let result = match (market_state.as_str(), result.as_deref()) {
        ("cancelled", _) | (_, Some("void")) => LegResult::Void,
        (_, Some("won")) => LegResult::Won,
        (_, Some("lost")) => LegResult::Lost,
        _ => LegResult::Open,
    };
    Ok((leg, result))
}

/// A bet's legs and what their markets' results make of each.
pub(super) async fn legs_of(conn: &mut AnyConnection, bet_id: i64) -> Result<(Vec<Leg>, Vec<LegResult>), BetError> {
    let sql = format!("SELECT {LEG_COLUMNS} FROM {LEG_FROM} WHERE l.bet_id = $1 ORDER BY l.idx");
    let rows = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(bet_id).fetch_all(&mut *conn).await?;
    let mut legs = Vec::new();
    let mut results = Vec::new();
    for r in rows {
        let (leg, result) = leg_of(&r, 0)?;
        legs.push(leg);
        results.push(result);
    }
    Ok((legs, results))
}

pub(super) fn combos_of(kind: Kind, legs: &[Leg]) -> Vec<Vec<usize>> {
    if kind == Kind::Single { vec![vec![0]] } else { slip::expand(kind, legs).unwrap_or_default() }
}
