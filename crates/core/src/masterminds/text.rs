//! The character classes and the version grammar behind Masterminds' regular expressions,
//! read by hand, and Go's `strconv.ParseUint`.
//!
//! Masterminds matches versions with Go's `regexp` (RE2, leftmost-first). Two of its patterns
//! share one shape, `v?N(\.N)?(\.N)?(-P)?(\+P)?` with `P = [0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*`:
//! `looseSemVerRegex` with `N = [0-9]+`, and `cvRegex` (constraints) with `N = [0-9|x|X|\*]+`
//! (the `|` really is in that class). Nothing in that shape can follow itself ambiguously, so
//! the greedy reading here gives the same match and submatches as Go's engine whenever what
//! follows the version cannot fail (end of pattern, or `\s*`).

use std::fmt;

use crate::semver::go_quote;

/// Go's `\s`: tab, newline, form feed, carriage return and space (not vertical tab).
pub(super) fn is_space(b: u8) -> bool {
    matches!(b, b'\t' | b'\n' | b'\x0c' | b'\r' | b' ')
}

/// `[0-9A-Za-z\-]`: a character of a pre-release or metadata identifier.
pub(super) fn is_ident(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'-'
}

/// The number class of a version's first three parts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Numbers {
    /// `[0-9]`, as in `looseSemVerRegex` (`NewVersion`).
    Digits,
    /// `[0-9|x|X|\*]`, as in `cvRegex` (a constraint's version, wildcards allowed).
    Wildcards,
}

impl Numbers {
    pub(super) fn admits(self, b: u8) -> bool {
        match self {
            Numbers::Digits => b.is_ascii_digit(),
            Numbers::Wildcards => b.is_ascii_digit() || matches!(b, b'|' | b'x' | b'X' | b'*'),
        }
    }
}

/// Byte offsets `start..end` into the text that was matched.
pub(super) type Span = (usize, usize);

/// Where the parts of one matched version lie (the separators `.`, `-`, `+` excluded).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct VersionMatch {
    pub start: usize,
    pub end: usize,
    pub major: Span,
    pub minor: Option<Span>,
    pub patch: Option<Span>,
    pub pre: Option<Span>,
    pub build: Option<Span>,
}

fn run_end(s: &[u8], mut i: usize, admits: impl Fn(u8) -> bool) -> usize {
    while s.get(i).copied().is_some_and(&admits) {
        i += 1;
    }
    i
}

/// `.N` when a dot is followed by at least one number character.
fn dotted(s: &[u8], i: usize, numbers: Numbers) -> Option<Span> {
    if s.get(i) == Some(&b'.') && s.get(i + 1).copied().is_some_and(|b| numbers.admits(b)) {
        Some((i + 1, run_end(s, i + 1, |b| numbers.admits(b))))
    } else {
        None
    }
}

/// `SEP[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*`, taken greedily.
fn identifiers(s: &[u8], i: usize, sep: u8) -> Option<Span> {
    if s.get(i) != Some(&sep) || !s.get(i + 1).copied().is_some_and(is_ident) {
        return None;
    }
    let start = i + 1;
    let mut end = run_end(s, start, is_ident);
    while s.get(end) == Some(&b'.') && s.get(end + 1).copied().is_some_and(is_ident) {
        end = run_end(s, end + 1, is_ident);
    }
    Some((start, end))
}

/// The version pattern matched greedily at `start`, or `None` when it cannot start there.
pub(super) fn match_at(s: &[u8], start: usize, numbers: Numbers) -> Option<VersionMatch> {
    let mut i = start;
    if s.get(i) == Some(&b'v') && s.get(i + 1).copied().is_some_and(|b| numbers.admits(b)) {
        i += 1;
    }
    let major_end = run_end(s, i, |b| numbers.admits(b));
    if major_end == i {
        return None;
    }
    let major = (i, major_end);
    let minor = dotted(s, major_end, numbers);
    let after_minor = minor.map_or(major_end, |m| m.1);
    let patch = dotted(s, after_minor, numbers);
    let after_patch = patch.map_or(after_minor, |p| p.1);
    let pre = identifiers(s, after_patch, b'-');
    let after_pre = pre.map_or(after_patch, |p| p.1);
    let build = identifiers(s, after_pre, b'+');
    let end = build.map_or(after_pre, |b| b.1);
    Some(VersionMatch {
        start,
        end,
        major,
        minor,
        patch,
        pre,
        build,
    })
}

/// The whole of `s` as one version (the anchored pattern `^…$`).
pub(super) fn match_whole(s: &[u8], numbers: Numbers) -> Option<VersionMatch> {
    match_at(s, 0, numbers).filter(|m| m.end == s.len())
}

/// The smallest `p` in `lo..hi` such that `s[p..hi]` is one whole constraint version, which is
/// where Go's leftmost search starts a match that must end at `hi`.
///
/// # Complexity
/// O(hi − lo) time and memory: one right-to-left pass fills, for every start, whether the
/// number part up to the next `-`/`+` and the identifiers after it have the right shape.
pub(super) fn leftmost_whole_suffix(s: &[u8], lo: usize, hi: usize) -> Option<usize> {
    let t = s.get(lo..hi)?;
    let m = t.len();
    let num = |b: u8| Numbers::Wildcards.admits(b);
    // Index m stands for the end of the token in every table.
    let mut next_plus = vec![m; m + 1];
    let mut ident_ok = vec![false; m + 2];
    let mut next_sep = vec![m; m + 1];
    let mut num_ok = vec![false; m + 2];
    let mut dots = vec![0usize; m + 1];
    for i in (0..m).rev() {
        let b = t[i];
        next_plus[i] = if b == b'+' { i } else { next_plus[i + 1] };
        let np = next_plus[i];
        ident_ok[i] = is_ident(b)
            && (i + 1 == np || ident_ok[i + 1] || (t[i + 1] == b'.' && ident_ok[i + 2]));
        next_sep[i] = if b == b'-' || b == b'+' {
            i
        } else {
            next_sep[i + 1]
        };
        let k = next_sep[i];
        num_ok[i] = num(b) && (i + 1 == k || num_ok[i + 1] || (t[i + 1] == b'.' && num_ok[i + 2]));
        dots[i] = if i == k {
            0
        } else {
            dots[i + 1] + usize::from(b == b'.')
        };
    }
    let tail_ok = |k: usize| -> bool {
        match t.get(k) {
            None => true,
            Some(b'+') => ident_ok[k + 1] && next_plus[k + 1] == m,
            Some(_) => {
                let np = next_plus[k + 1];
                ident_ok[k + 1] && (np == m || (ident_ok[np + 1] && next_plus[np + 1] == m))
            }
        }
    };
    let numbers_ok = |i: usize| i < m && num_ok[i] && dots[i] <= 2;
    (0..m)
        .find(|&i| (numbers_ok(i) || (t[i] == b'v' && numbers_ok(i + 1))) && tail_ok(next_sep[i]))
        .map(|i| lo + i)
}

/// How Go's `strconv.ParseUint(s, 10, 64)` fails.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UintErrorKind {
    /// Empty, or not only ASCII digits: `invalid syntax`.
    Syntax,
    /// More than `u64::MAX`: `value out of range`.
    Range,
}

/// A number part that Go's `strconv.ParseUint` rejects; `Display` is Go's message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UintError {
    /// The text that was read as a number.
    pub text: String,
    /// Why Go rejects it: not a number, or out of range.
    pub kind: UintErrorKind,
}

impl fmt::Display for UintError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.kind {
            UintErrorKind::Syntax => "invalid syntax",
            UintErrorKind::Range => "value out of range",
        };
        write!(
            f,
            "strconv.ParseUint: parsing {}: {what}",
            go_quote(&self.text)
        )
    }
}

impl std::error::Error for UintError {}

/// Go's `strconv.ParseUint(s, 10, 64)`: leading zeroes are fine, signs are not.
pub(super) fn parse_uint(s: &str) -> Result<u64, UintError> {
    let fail = |kind| UintError {
        text: s.to_string(),
        kind,
    };
    if s.is_empty() {
        return Err(fail(UintErrorKind::Syntax));
    }
    let mut n: u64 = 0;
    for b in s.bytes() {
        if !b.is_ascii_digit() {
            return Err(fail(UintErrorKind::Syntax));
        }
        n = n
            .checked_mul(10)
            .and_then(|n| n.checked_add(u64::from(b - b'0')))
            .ok_or_else(|| fail(UintErrorKind::Range))?;
    }
    Ok(n)
}

/// `s[a..b]`, or the empty string for a range that is not on character boundaries (never the
/// case for the spans above, which always end next to an ASCII byte).
pub(super) fn slice(s: &str, (a, b): Span) -> &str {
    s.get(a..b).unwrap_or_default()
}
