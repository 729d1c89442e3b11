//! Today's date, the default of every `--as-of`.

use std::time::{SystemTime, UNIX_EPOCH};

use olm_graph_core::support::Date;

/// Today in UTC, from the system clock (1970-01-01 if the clock is before it).
pub fn today() -> Date {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let days = i64::try_from(secs / 86_400).unwrap_or(0);
    Date::from_days_since_epoch(days).unwrap_or(Date::EPOCH)
}
