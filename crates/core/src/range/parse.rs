//! blang v4's range grammar, step by step as `ParseRange` takes it: the text cut into tokens
//! (`splitAndTrim`), the tokens grouped at `||`, wildcards expanded, each token split into an
//! operator and a strictly read version (spec/olm.md §4, the range grammar; see [`super`] for the corners
//! this keeps).

use super::{Comparator, Op, RangeError};
use crate::semver::Version;

/// The alternatives of a range text, each an AND of comparators, after wildcard expansion.
///
/// # Complexity
/// O(n) in the length of the text.
pub(super) fn groups(s: &str) -> Result<Vec<Vec<Comparator>>, RangeError> {
    let parts = split_and_trim(s).tokens;
    let or_parts = split_or_parts(&parts)?;
    let expanded = expand_wildcard_version(&or_parts)?;
    let mut groups = Vec::with_capacity(expanded.len());
    for group in expanded {
        let mut comparators = Vec::with_capacity(group.len());
        for ap in group {
            let (op, v) = split_comparator_version(&ap)?;
            comparators.push(build_version_range(op, v, &ap)?);
        }
        groups.push(comparators);
    }
    Ok(groups)
}

/// The tokens of blang `splitAndTrim`, plus the one-byte pieces it drops.
pub(super) struct Split {
    pub(super) tokens: Vec<String>,
    pub(super) dropped: Vec<String>,
}

/// blang `splitAndTrim`, byte for byte: cut at `' '` unless the last non-space byte was `>`,
/// `<` or `=`; keep only pieces of two bytes or more; remove the spaces inside the pieces.
pub(super) fn split_and_trim(s: &str) -> Split {
    let bytes = s.as_bytes();
    let mut tokens = Vec::new();
    let mut dropped = Vec::new();
    let mut last = 0usize;
    let mut last_char = 0u8;
    let mut keep = |piece: &str, tokens: &mut Vec<String>| {
        // Go keeps `s[last:i]` only when `last < i-1`, i.e. the piece has two bytes or more.
        if piece.len() >= 2 {
            tokens.push(piece.replace(' ', ""));
        } else if piece.len() == 1 {
            dropped.push(piece.to_string());
        }
    };
    for (i, &b) in bytes.iter().enumerate() {
        if b == b' ' && !matches!(last_char, b'>' | b'<' | b'=') {
            // `last` and `i` both sit next to ASCII spaces, so they are char boundaries.
            keep(&s[last..i], &mut tokens);
            last = i + 1;
        } else if b != b' ' {
            last_char = b;
        }
    }
    if last < s.len() {
        keep(&s[last..], &mut tokens);
    }
    Split { tokens, dropped }
}

/// blang `splitORParts`.
pub(super) fn split_or_parts(parts: &[String]) -> Result<Vec<Vec<String>>, RangeError> {
    let mut out = Vec::new();
    let mut last = 0usize;
    for (i, p) in parts.iter().enumerate() {
        if p == "||" {
            if i == 0 {
                return Err(RangeError::FirstIsOr);
            }
            out.push(parts[last..i].to_vec());
            last = i + 1;
        }
    }
    if last == parts.len() {
        return Err(RangeError::LastIsOr);
    }
    out.push(parts[last..].to_vec());
    Ok(out)
}

/// blang `splitComparatorVersion`: cut before the first decimal digit (Go's
/// `unicode.IsDigit`, so any Unicode `Nd` character), trimming the operator.
pub(super) fn split_comparator_version(s: &str) -> Result<(&str, &str), RangeError> {
    match s.char_indices().find(|&(_, c)| is_go_digit(c)) {
        Some((i, _)) => Ok((s[..i].trim(), &s[i..])),
        None => Err(RangeError::NoVersion(s.to_string())),
    }
}

/// blang `buildVersionRange` on the token `token` cut into `op` and `v`.
pub(super) fn build_version_range(
    op: &str,
    v: &str,
    token: &str,
) -> Result<Comparator, RangeError> {
    let Some(op) = Op::parse(op) else {
        return Err(RangeError::Comparator {
            token: token.to_string(),
            op: op.to_string(),
        });
    };
    match Version::parse(v) {
        Ok(version) => Ok(Comparator { op, version }),
        Err(error) => Err(RangeError::Version {
            token: token.to_string(),
            version: v.to_string(),
            error,
        }),
    }
}

/// blang's `wildcardType`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Wildcard {
    None,
    Major,
    Minor,
    Patch,
}

/// blang `getWildcardType`: by the number of dot-separated parts, when the last one is `x`.
pub(super) fn wildcard_type(v: &str) -> Wildcard {
    let parts: Vec<&str> = v.split('.').collect();
    if parts.last() != Some(&"x") {
        return Wildcard::None;
    }
    match parts.len() {
        1 => Wildcard::Major,
        2 => Wildcard::Minor,
        3 => Wildcard::Patch,
        _ => Wildcard::None,
    }
}

/// blang `createVersionFromWildcard`: first `.x.x` to `.x`, first `.x` to `.0`, and a third
/// part `.0` added when only two remain.
pub(super) fn create_version_from_wildcard(v: &str) -> String {
    let v2 = v.replacen(".x.x", ".x", 1).replacen(".x", ".0", 1);
    if v2.split('.').count() == 2 {
        format!("{v2}.0")
    } else {
        v2
    }
}

/// Go `strconv.Atoi` (base 10, optional sign, 64-bit), `None` on any error.
pub(super) fn go_atoi(s: &str) -> Option<i64> {
    let (negative, digits) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let mut n: u64 = 0;
    for b in digits.bytes() {
        n = n.checked_mul(10)?.checked_add(u64::from(b - b'0'))?;
    }
    if negative {
        if n > 1u64 << 63 {
            return None;
        }
        Some((n as i64).wrapping_neg())
    } else {
        i64::try_from(n).ok()
    }
}

/// blang `incrementMajorVersion` / `incrementMinorVersion` (index 0 / 1), `None` where Go
/// returns an error (and blang then uses an empty string). Go's `int` wraps on overflow.
pub(super) fn increment_part(v: &str, index: usize) -> Option<String> {
    let mut parts: Vec<String> = v.split('.').map(str::to_string).collect();
    let part = parts.get_mut(index)?;
    let n = go_atoi(part)?;
    *part = n.wrapping_add(1).to_string();
    Some(parts.join("."))
}

/// blang's per-token step of `expandWildcardVersion`.
pub(super) fn expand_token(ap: &str) -> Result<Vec<String>, RangeError> {
    if !ap.contains('x') {
        return Ok(vec![ap.to_string()]);
    }
    let (op, v) = split_comparator_version(ap)?;
    let wildcard = wildcard_type(v);
    let flat = create_version_from_wildcard(v);
    let mut out = Vec::with_capacity(2);
    let (result_op, increment) = match op {
        ">" => (">=", true),
        ">=" => (">=", false),
        "<" => ("<", false),
        "<=" => ("<", true),
        "" | "=" | "==" => {
            out.push(format!(">={flat}"));
            ("<", true)
        }
        "!=" | "!" => {
            out.push(format!("<{flat}"));
            (">=", true)
        }
        // blang's switch has no default: the operator is lost.
        _ => ("", false),
    };
    let result_version = if increment {
        match wildcard {
            Wildcard::Patch => increment_part(&flat, 1).unwrap_or_default(),
            Wildcard::Minor => increment_part(&flat, 0).unwrap_or_default(),
            Wildcard::Major | Wildcard::None => String::new(),
        }
    } else {
        flat
    };
    out.push(format!("{result_op}{result_version}"));
    Ok(out)
}

/// blang `expandWildcardVersion`.
pub(super) fn expand_wildcard_version(
    groups: &[Vec<String>],
) -> Result<Vec<Vec<String>>, RangeError> {
    let mut out = Vec::with_capacity(groups.len());
    for group in groups {
        let mut new_parts = Vec::with_capacity(group.len());
        for ap in group {
            new_parts.extend(expand_token(ap)?);
        }
        out.push(new_parts);
    }
    Ok(out)
}

/// Go's `unicode.IsDigit`: ASCII digits, and the Unicode `Nd` blocks (Unicode 15).
pub(super) fn is_go_digit(c: char) -> bool {
    if c.is_ascii_digit() {
        return true;
    }
    let u = c as u32;
    if u < 0x100 {
        return false;
    }
    const ND: &[(u32, u32)] = &[
        (0x660, 0x669),
        (0x6F0, 0x6F9),
        (0x7C0, 0x7C9),
        (0x966, 0x96F),
        (0x9E6, 0x9EF),
        (0xA66, 0xA6F),
        (0xAE6, 0xAEF),
        (0xB66, 0xB6F),
        (0xBE6, 0xBEF),
        (0xC66, 0xC6F),
        (0xCE6, 0xCEF),
        (0xD66, 0xD6F),
        (0xDE6, 0xDEF),
        (0xE50, 0xE59),
        (0xED0, 0xED9),
        (0xF20, 0xF29),
        (0x1040, 0x1049),
        (0x1090, 0x1099),
        (0x17E0, 0x17E9),
        (0x1810, 0x1819),
        (0x1946, 0x194F),
        (0x19D0, 0x19D9),
        (0x1A80, 0x1A89),
        (0x1A90, 0x1A99),
        (0x1B50, 0x1B59),
        (0x1BB0, 0x1BB9),
        (0x1C40, 0x1C49),
        (0x1C50, 0x1C59),
        (0xA620, 0xA629),
        (0xA8D0, 0xA8D9),
        (0xA900, 0xA909),
        (0xA9D0, 0xA9D9),
        (0xA9F0, 0xA9F9),
        (0xAA50, 0xAA59),
        (0xABF0, 0xABF9),
        (0xFF10, 0xFF19),
        (0x104A0, 0x104A9),
        (0x10D30, 0x10D39),
        (0x11066, 0x1106F),
        (0x110F0, 0x110F9),
        (0x11136, 0x1113F),
        (0x111D0, 0x111D9),
        (0x112F0, 0x112F9),
        (0x11450, 0x11459),
        (0x114D0, 0x114D9),
        (0x11650, 0x11659),
        (0x116C0, 0x116C9),
        (0x11730, 0x11739),
        (0x118E0, 0x118E9),
        (0x11950, 0x11959),
        (0x11C50, 0x11C59),
        (0x11D50, 0x11D59),
        (0x11DA0, 0x11DA9),
        (0x11F50, 0x11F59),
        (0x16A60, 0x16A69),
        (0x16AC0, 0x16AC9),
        (0x16B50, 0x16B59),
        (0x1D7CE, 0x1D7FF),
        (0x1E140, 0x1E149),
        (0x1E2F0, 0x1E2F9),
        (0x1E4F0, 0x1E4F9),
        (0x1E950, 0x1E959),
        (0x1FBF0, 0x1FBF9),
    ];
    ND.iter().any(|&(a, b)| (a..=b).contains(&u))
}
