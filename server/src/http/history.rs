//! The history pages' filter, read one way for all of them: a range of days and a page in the
//! query string (Game History, Financial Activities) or a page in the body (Session History,
//! notifications).

use axum::extract::{FromRequestParts, Query};
use axum::http::request::Parts;
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};

use crate::error::AppError;
use crate::time::Date;

/// The most rows one page holds.
pub const MAX_TAKE: i64 = 100;
const DAY_MS: i64 = 86_400_000;

/// `from`, `to`, `skip` and `take` in a history page's query string.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct HistoryParams {
    /// First day, YYYY-MM-DD (UTC), included.
    pub from: Option<String>,
    /// Last day, YYYY-MM-DD (UTC), included.
    pub to: Option<String>,
    /// Rows to skip (0 when missing).
    pub skip: Option<i64>,
    /// 20 when missing, at most 100.
    pub take: Option<i64>,
}

/// The days asked for, as epoch milliseconds `[from, to)`: from the first day's first millisecond
/// to the last day's end; an end left open reaches as far as the table does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Days {
    pub from: i64,
    pub to: i64,
}

impl Days {
    /// Every day.
    pub const ALL: Days = Days { from: i64::MIN, to: i64::MAX };

    /// Reads `from` and `to` (YYYY-MM-DD, UTC, both included; blank is open). A day that is not
    /// one refuses the field that holds it.
    pub fn parse(from: Option<&str>, to: Option<&str>) -> Result<Days, AppError> {
        let from = day(from, "from")?.unwrap_or(i64::MIN);
        let to = day(to, "to")?.map(|first_ms| first_ms + DAY_MS).unwrap_or(i64::MAX);
        Ok(Days { from, to })
    }

    /// The range's ends, `None` where it is open.
    pub fn bounds(&self) -> (Option<i64>, Option<i64>) {
        ((self.from != i64::MIN).then_some(self.from), (self.to != i64::MAX).then_some(self.to))
    }
}

/// A day's first millisecond (UTC); `None` when blank.
fn day(raw: Option<&str>, field: &'static str) -> Result<Option<i64>, AppError> {
    raw.map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| Date::parse_iso(s).map(|d| d.days() * DAY_MS).ok_or(AppError::Validation { field, key: "error.bad_date" }))
        .transpose()
}

/// A page of a list: `skip` rows (never fewer than none), then at most `take` (1 to [`MAX_TAKE`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Paging {
    pub skip: i64,
    pub take: i64,
}

impl Paging {
    /// The page asked for, `take` falling back to `default_take` and both kept in bounds.
    pub fn new(skip: Option<i64>, take: Option<i64>, default_take: i64) -> Paging {
        Paging { skip: skip.unwrap_or(0).max(0), take: take.unwrap_or(default_take).clamp(1, MAX_TAKE) }
    }
}

/// A history page's query string read: the days and the page (20 rows when `take` is missing).
/// A query that does not parse, or a day that is not one, is refused with the envelope.
#[derive(Clone, Copy, Debug)]
pub struct History {
    pub days: Days,
    pub page: Paging,
}

impl<S: Send + Sync> FromRequestParts<S> for History {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, AppError> {
        let Query(q) = Query::<HistoryParams>::from_request_parts(parts, state).await.map_err(|rejection| {
            tracing::debug!(%rejection, "rejected history query");
            AppError::BadRequest("error.bad_query")
        })?;
        Ok(History { days: Days::parse(q.from.as_deref(), q.to.as_deref())?, page: Paging::new(q.skip, q.take, 20) })
    }
}

/// The body of a paged list: `skip` and `take` (each list says its own default `take`).
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct PageBody {
    /// Rows to skip (0 when missing).
    #[serde(default)]
    #[schema(nullable = false)]
    pub skip: Option<i64>,
    /// At most 100; when missing, 20 for sessions and 100 for notifications.
    #[serde(default)]
    #[schema(nullable = false)]
    pub take: Option<i64>,
}

impl PageBody {
    pub fn paging(&self, default_take: i64) -> Paging {
        Paging::new(self.skip, self.take, default_take)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_range_of_days_includes_the_whole_last_day() {
        let days = Days::parse(Some("2026-01-02"), Some(" 2026-01-02 ")).unwrap();
        assert_eq!(days.to - days.from, DAY_MS);
        assert_eq!(days.from % DAY_MS, 0);
    }

    #[test]
    fn blank_days_leave_the_range_open() {
        assert_eq!(Days::parse(None, Some("  ")).unwrap(), Days::ALL);
    }

    #[test]
    fn a_day_that_is_not_one_is_refused_on_its_own_field() {
        assert!(matches!(Days::parse(Some("2026-02-30"), None), Err(AppError::Validation { field: "from", .. })));
        assert!(matches!(Days::parse(None, Some("yesterday")), Err(AppError::Validation { field: "to", .. })));
    }

    #[test]
    fn a_page_stays_within_its_bounds() {
        assert_eq!(Paging::new(Some(-5), Some(1_000), 20), Paging { skip: 0, take: MAX_TAKE });
        assert_eq!(Paging::new(None, Some(0), 20), Paging { skip: 0, take: 1 });
        assert_eq!(Paging::new(Some(40), None, 20), Paging { skip: 40, take: 20 });
        assert_eq!(PageBody::default().paging(100), Paging { skip: 0, take: 100 });
    }
}
