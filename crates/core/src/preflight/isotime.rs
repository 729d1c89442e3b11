//! Whether a text is a timestamp as the pipeline's `dateutil.parser.isoparse` reads one
//! (spec/preflight.md §11.2): a calendar date `YYYY`, `YYYY-MM`, `YYYY-MM-DD` or `YYYYMMDD`,
//! then optionally any one character and a time `hh[:mm[:ss[.ffffff]]]` (or without colons)
//! with an optional zone `Z`, `±hh`, `±hhmm`, `±hh:mm`.

/// A run of 1 or 2 (`want`) ASCII digits at `pos`, as Python's `int()` of a two-character
/// slice reads it.
fn number(s: &[u8], pos: usize, want: usize) -> Option<u32> {
    let end = (pos + want).min(s.len());
    let part = s.get(pos..end)?;
    if part.is_empty() || !part.iter().all(u8::is_ascii_digit) {
        return None;
    }
    std::str::from_utf8(part).ok()?.parse().ok()
}

/// The date part: `(year, month, day, position after it)`.
fn date(s: &[u8]) -> Option<(u32, u32, u32, usize)> {
    if s.len() < 4 {
        return None;
    }
    let year = number(s, 0, 4).filter(|_| s[..4].iter().all(u8::is_ascii_digit))?;
    let mut pos = 4;
    if pos >= s.len() {
        return Some((year, 1, 1, pos));
    }
    let sep = s[pos] == b'-';
    pos += usize::from(sep);
    if s.len() - pos < 2 {
        return None;
    }
    let month = number(s, pos, 2)?;
    pos += 2;
    if pos >= s.len() {
        return sep.then_some((year, month, 1, pos));
    }
    if sep {
        if s[pos] != b'-' {
            return None;
        }
        pos += 1;
    }
    if s.len() - pos < 2 {
        return None;
    }
    Some((year, month, number(s, pos, 2)?, pos + 2))
}

/// A zone: `Z`, or a sign and `hh`, `hhmm` or `hh:mm` (hours to 23, minutes to 59).
fn zone(z: &[u8]) -> bool {
    if z == b"Z" || z == b"z" {
        return true;
    }
    if !matches!(z.len(), 3 | 5 | 6) || !matches!(z[0], b'+' | b'-') {
        return false;
    }
    let Some(hours) = number(z, 1, 2) else {
        return false;
    };
    let minutes = match z.len() {
        3 => Some(0),
        _ => {
            let from = if z[3] == b':' { 4 } else { 3 };
            let rest = &z[from..];
            (!rest.is_empty() && rest.iter().all(u8::is_ascii_digit))
                .then(|| std::str::from_utf8(rest).ok()?.parse::<u32>().ok())
                .flatten()
        }
    };
    minutes.is_some_and(|m| (hours == 0 && m == 0) || (m <= 59 && hours <= 23))
}

/// The time part: `[hour, minute, second, microsecond]`, or `None`.
fn time(t: &[u8]) -> Option<[u32; 4]> {
    if t.len() < 2 {
        return None;
    }
    let mut c = [0u32; 4];
    let (mut pos, mut comp, mut colons) = (0usize, 0usize, false);
    while pos < t.len() && comp < 5 {
        if matches!(t[pos], b'-' | b'+' | b'Z' | b'z') {
            return zone(&t[pos..]).then_some(c);
        }
        if comp == 1 && t[pos] == b':' {
            colons = true;
            pos += 1;
        } else if comp == 2 && colons {
            if t[pos] != b':' {
                return None;
            }
            pos += 1;
        }
        if comp < 3 {
            c[comp] = number(t, pos, 2)?;
            pos += 2;
        } else if comp == 3 && matches!(t[pos], b'.' | b',') {
            let digits = t[pos + 1..]
                .iter()
                .take_while(|b| b.is_ascii_digit())
                .count();
            if digits > 0 {
                pos += 1 + digits;
            }
        }
        comp += 1;
    }
    (pos >= t.len()).then_some(c)
}

fn days_in_month(year: u32, month: u32) -> u32 {
    let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    match month {
        2 if leap => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// True when `isoparse` accepts the text and the date and time exist.
///
/// # Complexity
/// O(n) in the text's length.
pub(super) fn is_timestamp(text: &str) -> bool {
    let s = text.as_bytes();
    if !text.is_ascii() {
        return false;
    }
    let Some((year, month, day, pos)) = date(s) else {
        return false;
    };
    let [hour, minute, second, _] = if pos < s.len() {
        match time(&s[pos + 1..]) {
            Some(c) => c,
            None => return false,
        }
    } else {
        [0; 4]
    };
    let midnight_24 = hour == 24 && minute == 0 && second == 0;
    (1..=9999).contains(&year)
        && (1..=12).contains(&month)
        && day >= 1
        && day <= days_in_month(year, month)
        && (hour <= 23 || midnight_24)
        && minute <= 59
        && second <= 59
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn created_at_is_a_timestamp_as_isoparse_reads_one() {
        for ok in [
            "2023-08-15T12:00:00Z",
            "2021-06-02 14:00:00",
            "2024-01-15",
            "2024-02-29T23:59:59.123456+05:30",
            "20240115T1000",
            "2024",
            "2024-03",
            "2024-01-15T24:00",
        ] {
            assert!(is_timestamp(ok), "{ok}");
        }
        for bad in [
            "",
            "15/01/2024",
            "2023-02-29",
            "2024-13-01",
            "2024-01-15T25:00",
            "2024-01-15T10:00:00+2400",
            "yesterday",
            "202401",
        ] {
            assert!(!is_timestamp(bad), "{bad}");
        }
    }
}
