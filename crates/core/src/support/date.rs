//! Calendar days (`YYYY-MM-DD`, proleptic Gregorian), as lifecycle blobs write their dates.
//!
//! A small civil-date type rather than a date crate: the blobs need parsing with validation
//! (leap years included), comparison and "the day after", and nothing of time zones. Day
//! numbers count from 1970-01-01 (Howard Hinnant's `days_from_civil`), so the CLI can turn the
//! system clock into today without a dependency.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// One calendar day between 0000-01-01 and 9999-12-31.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    year: u16,
    month: u8,
    day: u8,
}

/// Why a text is not a `YYYY-MM-DD` day.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DateError(pub String);

impl fmt::Display for DateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for DateError {}

fn is_leap(year: u16) -> bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
}

/// Days in `month` (1-12) of `year`.
fn month_days(year: u16, month: u8) -> u8 {
    match month {
        2 if is_leap(year) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

impl Date {
    /// 1970-01-01, day 0 of [`Date::days_since_epoch`].
    pub const EPOCH: Date = Date {
        year: 1970,
        month: 1,
        day: 1,
    };

    /// The day, when it exists (year 0-9999, month 1-12, day within the month).
    pub fn new(year: u16, month: u8, day: u8) -> Option<Date> {
        let valid = year <= 9999 && (1..=12).contains(&month);
        (valid && day >= 1 && day <= month_days(year, month)).then_some(Date { year, month, day })
    }

    /// The year.
    ///
    /// # Complexity
    /// O(1).
    pub fn year(self) -> u16 {
        self.year
    }

    /// The month, 1 to 12.
    ///
    /// # Complexity
    /// O(1).
    pub fn month(self) -> u8 {
        self.month
    }

    /// The day of the month, from 1.
    ///
    /// # Complexity
    /// O(1).
    pub fn day(self) -> u8 {
        self.day
    }

    /// The next calendar day (`None` after 9999-12-31).
    pub fn next_day(self) -> Option<Date> {
        if self.day < month_days(self.year, self.month) {
            return Some(Date {
                day: self.day + 1,
                ..self
            });
        }
        if self.month < 12 {
            return Some(Date {
                month: self.month + 1,
                day: 1,
                ..self
            });
        }
        Date::new(self.year.checked_add(1)?, 1, 1)
    }

    /// Days since 1970-01-01 (negative before it).
    pub fn days_since_epoch(self) -> i64 {
        let (m, d) = (i64::from(self.month), i64::from(self.day));
        let y = i64::from(self.year) - i64::from(m <= 2);
        let era = y.div_euclid(400);
        let yoe = y - era * 400;
        let doy = (153 * (m + if m > 2 { -3 } else { 9 }) + 2) / 5 + d - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        era * 146_097 + doe - 719_468
    }

    /// The day `days` after 1970-01-01, when it is within years 0-9999.
    pub fn from_days_since_epoch(days: i64) -> Option<Date> {
        let z = days.checked_add(719_468)?;
        let era = z.div_euclid(146_097);
        let doe = z - era * 146_097;
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = doy - (153 * mp + 2) / 5 + 1;
        let month = if mp < 10 { mp + 3 } else { mp - 9 };
        let year = yoe + era * 400 + i64::from(month <= 2);
        Date::new(
            u16::try_from(year).ok()?,
            u8::try_from(month).ok()?,
            u8::try_from(day).ok()?,
        )
    }
}

impl FromStr for Date {
    type Err = DateError;

    /// Exactly `YYYY-MM-DD`: four, two and two ASCII digits, and a day that exists.
    fn from_str(text: &str) -> Result<Date, DateError> {
        let b = text.as_bytes();
        let shape = b.len() == 10
            && b[4] == b'-'
            && b[7] == b'-'
            && b.iter()
                .enumerate()
                .all(|(i, c)| i == 4 || i == 7 || c.is_ascii_digit());
        if !shape {
            return Err(DateError(format!("{text:?} is not a YYYY-MM-DD date")));
        }
        let num = |r: std::ops::Range<usize>| text[r].parse::<u16>().unwrap_or(0);
        let (y, m, d) = (num(0..4), num(5..7), num(8..10));
        u8::try_from(m)
            .ok()
            .zip(u8::try_from(d).ok())
            .and_then(|(m, d)| Date::new(y, m, d))
            .ok_or_else(|| DateError(format!("{text:?} is not a day of the calendar")))
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

impl Serialize for Date {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Date {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Date, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(text: &str) -> Date {
        text.parse().unwrap()
    }

    #[test]
    fn leap_days_exist_only_in_leap_years() {
        assert!("2024-02-29".parse::<Date>().is_ok());
        assert!("2000-02-29".parse::<Date>().is_ok());
        assert!("1900-02-29".parse::<Date>().is_err());
        assert!("2026-02-29".parse::<Date>().is_err());
    }

    #[test]
    fn only_the_exact_shape_parses() {
        for bad in [
            "2026-1-01",
            "2026-13-01",
            "2026-04-31",
            "2026-00-10",
            "2026-01-00",
            "26-01-01",
            "2026/01/01",
            "2026-01-01T00:00",
            "２０２６-01-01",
            "",
        ] {
            assert!(bad.parse::<Date>().is_err(), "{bad}");
        }
        assert_eq!(d("0000-01-01").to_string(), "0000-01-01");
    }

    #[test]
    fn the_day_after_crosses_months_years_and_leap_days() {
        assert_eq!(d("2027-01-05").next_day(), Some(d("2027-01-06")));
        assert_eq!(d("2024-02-28").next_day(), Some(d("2024-02-29")));
        assert_eq!(d("2024-02-29").next_day(), Some(d("2024-03-01")));
        assert_eq!(d("2025-02-28").next_day(), Some(d("2025-03-01")));
        assert_eq!(d("2026-12-31").next_day(), Some(d("2027-01-01")));
        assert_eq!(d("9999-12-31").next_day(), None);
    }

    #[test]
    fn day_numbers_round_trip_from_the_epoch() {
        assert_eq!(d("1970-01-01").days_since_epoch(), 0);
        assert_eq!(d("2000-03-01").days_since_epoch(), 11_017);
        assert_eq!(Date::from_days_since_epoch(20_418), Some(d("2025-11-26")));
        let mut day = d("1999-12-25");
        for _ in 0..1000 {
            let next = day.next_day().unwrap();
            assert_eq!(next.days_since_epoch(), day.days_since_epoch() + 1);
            assert_eq!(
                Date::from_days_since_epoch(next.days_since_epoch()),
                Some(next)
            );
            day = next;
        }
        assert_eq!(Date::from_days_since_epoch(i64::MAX), None);
        assert_eq!(Date::from_days_since_epoch(-800_000), None);
    }
}
