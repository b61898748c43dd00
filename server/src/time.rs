//! Time as the site keeps it: epoch milliseconds, ISO 8601 in UTC, and calendar dates.

/// Milliseconds since the Unix epoch: how every time is stored.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_millis() as i64).unwrap_or(0)
}

/// An epoch-millisecond time as ISO 8601 UTC: `2026-11-22T01:16:57Z`.
pub fn iso_utc(ms: i64) -> String {
    let secs = ms.div_euclid(1000);
    let d = Date::from_days(secs.div_euclid(86_400));
    let s = secs.rem_euclid(86_400);
    format!("{}T{:02}:{:02}:{:02}Z", d.iso(), s / 3600, s % 3600 / 60, s % 60)
}

/// An epoch-millisecond time in Turkey's time (UTC+3, no daylight saving since 2016) as
/// `YYYY-MM-DD HH:MM`: how the site shows a moment to players and the operator.
pub fn turkey_minute(ms: i64) -> String {
    let local = iso_utc(ms + 3 * 3_600_000);
    local.get(..16).unwrap_or(&local).replace('T', " ")
}

/// A calendar date (year, month, day) that exists.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Date {
    pub year: i32,
    pub month: u32,
    pub day: u32,
}

impl Date {
    pub fn new(year: i32, month: u32, day: u32) -> Option<Date> {
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
        let days = match month {
            1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
            4 | 6 | 9 | 11 => 30,
            2 if leap => 29,
            2 => 28,
            _ => return None,
        };
        (1..=days).contains(&day).then_some(Date { year, month, day })
    }

    /// Reads `YYYY-MM-DD` (a time part after `T` or a space is ignored).
    pub fn parse_iso(raw: &str) -> Option<Date> {
        let date = raw.trim().split(['T', ' ']).next()?;
        let mut it = date.split('-');
        let (y, m, d) = (it.next()?, it.next()?, it.next()?);
        if it.next().is_some() || y.len() != 4 {
            return None;
        }
        Date::new(y.parse().ok()?, m.parse().ok()?, d.parse().ok()?)
    }

    /// Today in UTC.
    pub fn today() -> Date {
        let days = now_ms() / 86_400_000;
        Date::from_days(days)
    }

    /// The civil date of a count of days since 1970-01-01.
    pub fn from_days(z: i64) -> Date {
        let z = z + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z - era * 146_097;
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
        let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
        let year = (yoe + era * 400 + if month <= 2 { 1 } else { 0 }) as i32;
        Date { year, month, day }
    }

    /// Days since 1970-01-01 (the inverse of [`Date::from_days`]).
    pub fn days(&self) -> i64 {
        let y = i64::from(self.year) - if self.month <= 2 { 1 } else { 0 };
        let era = y.div_euclid(400);
        let yoe = y - era * 400;
        let m = i64::from(self.month);
        let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(self.day) - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        era * 146_097 + doe - 719_468
    }

    /// Full years from `self` to `on`.
    pub fn age_on(&self, on: Date) -> i32 {
        let mut age = on.year - self.year;
        if (on.month, on.day) < (self.month, self.day) {
            age -= 1;
        }
        age
    }

    pub fn iso(&self) -> String {
        format!("{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

/// Runs `pass` every `every`, forever: a node's background sweeps (a pass that overruns delays the
/// next one; passes never pile up).
pub async fn repeat<F, Fut>(every: std::time::Duration, mut pass: F)
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = ()>,
{
    let mut tick = tokio::time::interval(every);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tick.tick().await;
        pass().await;
    }
}
