//! Masterminds/semver v3 `NewConstraint`, `Check`, `Validate` and `String`.
//!
//! Parsing follows Masterminds step by step, each regular expression read by hand:
//! 1. `rewriteRange`: every hyphen range `A - B` (spaces required around `-`) becomes
//!    `>= A, <= B ` (`strings.Replace` of the first occurrence of the matched text).
//! 2. The text is split on `||` into OR groups.
//! 3. Each group must be `C ((\s+|,\s*) C)*` with `C = OP \s* VERSION`, else
//!    `improper constraint: "<group>"`.
//! 4. Each `C` becomes a constraint; wildcards (`x`, `X`, `*`) and missing parts make it
//!    "dirty" and read as 0; a version Masterminds' `NewVersion` rejects gives
//!    `constraint parser error`.

use std::fmt;

use super::check::{Constraint, Operator, Violation, ViolationKind};
use super::text::{
    is_space, leftmost_whole_suffix, match_at, match_whole, slice, Numbers, Span, VersionMatch,
};
use super::version::Version;
use crate::semver::go_quote;

/// The longest constraint text read, in bytes. Masterminds has no limit; a ClusterExtension's
/// `version` may hold 64 characters, so this only turns away hostile input.
pub const MAX_CONSTRAINT_LEN: usize = 4096;

/// Masterminds `Constraints`: OR groups of ANDed constraints.
#[derive(Debug, Clone)]
pub struct Constraints {
    groups: Vec<Vec<Constraint>>,
    /// Per group: some constraint of it names a pre-release, so pre-releases may match it.
    contains_pre: Vec<bool>,
    /// Masterminds `IncludePrerelease`: let pre-release versions match every group.
    pub include_prerelease: bool,
}

/// A constraint text Masterminds rejects. `Display` is Masterminds' message word for word.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ConstraintError {
    /// `improper constraint: "<group>"`: an OR group (after hyphen ranges are rewritten) that
    /// is not a list of `OP VERSION` separated by spaces or one comma.
    Improper {
        /// The OR group as written.
        group: String,
    },
    /// `constraint parser error`: the constraint `constraint` (its version as written) is
    /// shaped right but its version does not parse (`1x`, a number over 64 bits,
    /// a pre-release number with a leading zero).
    Parser {
        /// The constraint's version as written.
        constraint: String,
    },
    /// Longer than [`MAX_CONSTRAINT_LEN`] bytes (olm-graph's limit, not Masterminds').
    TooLong {
        /// Its length in bytes.
        len: usize,
    },
}

impl fmt::Display for ConstraintError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConstraintError::Improper { group } => {
                write!(f, "improper constraint: {}", go_quote(group))
            }
            ConstraintError::Parser { .. } => f.write_str("constraint parser error"),
            ConstraintError::TooLong { len } => write!(
                f,
                "version constraint is {len} bytes long; olm-graph reads at most {MAX_CONSTRAINT_LEN}"
            ),
        }
    }
}

impl std::error::Error for ConstraintError {}

fn skip_spaces(s: &[u8], mut i: usize) -> usize {
    while s.get(i).copied().is_some_and(is_space) {
        i += 1;
    }
    i
}

fn skip_non_spaces(s: &[u8], mut i: usize) -> usize {
    while s.get(i).is_some_and(|&b| !is_space(b)) {
        i += 1;
    }
    i
}

/// One match of `\s*(V)\s+-\s+(V)\s*` (Masterminds `constraintRangeRegex`).
struct RangeMatch {
    whole: Span,
    low: Span,
    high: Span,
}

/// `\s+-\s+(V)` right after `at`: where the upper version lies.
fn range_upper(s: &[u8], at: usize) -> Option<Span> {
    if !s.get(at).copied().is_some_and(is_space) {
        return None;
    }
    let dash = skip_spaces(s, at);
    if s.get(dash) != Some(&b'-') || !s.get(dash + 1).copied().is_some_and(is_space) {
        return None;
    }
    let start = skip_spaces(s, dash + 1);
    match_at(s, start, Numbers::Wildcards).map(|m| (start, m.end))
}

/// Every hyphen range, leftmost first and not overlapping, as Go's `FindAllStringSubmatch`.
///
/// The lower version cannot hold a space, so a match ends its first version where a token
/// (a run without spaces) ends; it starts at the leftmost point of that token from which the
/// rest of the token is a whole version, or at the spaces before the token.
///
/// # Complexity
/// O(n) for a text of n bytes: each token is read a bounded number of times.
fn find_ranges(s: &[u8]) -> Vec<RangeMatch> {
    let mut found = Vec::new();
    let mut pos = 0;
    while pos < s.len() {
        let token = skip_spaces(s, pos);
        if token == s.len() {
            break;
        }
        let token_end = skip_non_spaces(s, token);
        let upper = range_upper(s, token_end);
        let lower = upper.and_then(|_| leftmost_whole_suffix(s, token, token_end));
        if let (Some(high), Some(low)) = (upper, lower) {
            let start = if low == token { pos } else { low };
            let end = skip_spaces(s, high.1);
            found.push(RangeMatch {
                whole: (start, end),
                low: (low, token_end),
                high,
            });
            pos = end;
        } else {
            pos = token_end;
        }
    }
    found
}

/// Masterminds `rewriteRange`: each `A - B` becomes `>= A, <= B `.
///
/// Go replaces the first occurrence of each matched text in the text rewritten so far. That is
/// the match itself unless a rewritten range is directly followed by `-`; only then (a text
/// that never parses) is the replacement searched for as Go does.
///
/// # Complexity
/// O(n) for a text of n bytes; O(n·r) for r ranges when a rewritten range is followed by `-`.
fn rewrite_range(text: &str) -> String {
    let bytes = text.as_bytes();
    let ranges = find_ranges(bytes);
    let replacement =
        |r: &RangeMatch| format!(">= {}, <= {} ", slice(text, r.low), slice(text, r.high));
    if ranges.iter().any(|r| bytes.get(r.whole.1) == Some(&b'-')) {
        let mut out = text.to_string();
        for r in &ranges {
            out = out.replacen(slice(text, r.whole), &replacement(r), 1);
        }
        return out;
    }
    let mut out = String::with_capacity(text.len() + 8 * ranges.len());
    let mut done = 0;
    for r in &ranges {
        out.push_str(slice(text, (done, r.whole.0)));
        out.push_str(&replacement(r));
        done = r.whole.1;
    }
    out.push_str(slice(text, (done, text.len())));
    out
}

fn is_op_char(b: u8) -> bool {
    matches!(b, b'=' | b'!' | b'>' | b'<' | b'~' | b'^')
}

fn is_version_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'|' | b'*' | b'.' | b'+' | b'-')
}

/// One `OP \s* VERSION` read at `i`: the operator's span, the version's match, and where it
/// ends. The operator is the whole run of operator characters, the version the whole run of
/// version characters: no other split can be followed by what the grammar allows next.
fn read_constraint(s: &[u8], i: usize) -> Option<(Span, VersionMatch)> {
    let mut op_end = i;
    while s.get(op_end).copied().is_some_and(is_op_char) {
        op_end += 1;
    }
    let op = s.get(i..op_end)?;
    Operator::from_text(std::str::from_utf8(op).ok()?)?;
    let start = skip_spaces(s, op_end);
    let mut end = start;
    while s.get(end).copied().is_some_and(is_version_char) {
        end += 1;
    }
    let m = match_whole(s.get(start..end)?, Numbers::Wildcards)?;
    Some((
        (i, op_end),
        VersionMatch {
            start: start + m.start,
            end: start + m.end,
            major: (start + m.major.0, start + m.major.1),
            minor: m.minor.map(|(a, b)| (start + a, start + b)),
            patch: m.patch.map(|(a, b)| (start + a, start + b)),
            pre: m.pre.map(|(a, b)| (start + a, start + b)),
            build: m.build.map(|(a, b)| (start + a, start + b)),
        },
    ))
}

/// The constraints of one OR group, each as its text from the operator to the end of its
/// version, when the group has the shape `validConstraintRegex` demands; `None` otherwise.
///
/// # Complexity
/// O(n) for a group of n bytes.
fn split_group(group: &str) -> Option<Vec<Span>> {
    let s = group.as_bytes();
    let mut found = Vec::new();
    let mut i = skip_spaces(s, 0);
    loop {
        let (op, version) = read_constraint(s, i)?;
        found.push((op.0, version.end));
        let after = skip_spaces(s, version.end);
        if after == s.len() {
            return Some(found);
        }
        if s[after] == b',' {
            i = skip_spaces(s, after + 1);
        } else if after > version.end {
            i = after;
        } else {
            return None;
        }
    }
}

fn is_wildcard(part: &str) -> bool {
    matches!(part, "x" | "X" | "*")
}

/// Masterminds `parseConstraint`: one `OP VERSION` (spaces around allowed). The empty text is
/// Masterminds' special case `*` (`NewConstraint` never passes it).
pub(super) fn parse_constraint(text: &str) -> Result<Constraint, ConstraintError> {
    if text.is_empty() {
        return Ok(Constraint {
            op_text: String::new(),
            op: Operator::Equal,
            orig: String::new(),
            con: Version::new(0, 0, 0, "", ""),
            dirty: true,
            minor_dirty: false,
            patch_dirty: false,
        });
    }
    let s = text.as_bytes();
    let improper = || ConstraintError::Improper {
        group: text.to_string(),
    };
    let start = skip_spaces(s, 0);
    let (op, m) = read_constraint(s, start).ok_or_else(improper)?;
    if skip_spaces(s, m.end) != s.len() {
        return Err(improper());
    }
    let major = slice(text, m.major);
    let minor = m.minor.map(|p| slice(text, p));
    let patch = m.patch.map(|p| slice(text, p));
    // The pre-release with its dash, as the regular expression's group 6 holds it.
    let pre = m
        .pre
        .map_or(String::new(), |p| format!("-{}", slice(text, p)));
    let (version, dirty, minor_dirty, patch_dirty) = if is_wildcard(major) {
        (format!("0.0.0{pre}"), true, false, false)
    } else if minor.is_none_or(is_wildcard) {
        (format!("{major}.0.0{pre}"), true, true, false)
    } else if patch.is_none_or(is_wildcard) {
        let minor = minor.unwrap_or_default();
        (format!("{major}.{minor}.0{pre}"), true, false, true)
    } else {
        (
            slice(text, (m.start, m.end)).to_string(),
            false,
            false,
            false,
        )
    };
    let orig = slice(text, (m.start, m.end)).to_string();
    let con = Version::parse(&version).map_err(|_| ConstraintError::Parser {
        constraint: orig.clone(),
    })?;
    let op_text = slice(text, op).to_string();
    Ok(Constraint {
        op: Operator::from_text(&op_text).ok_or_else(improper)?,
        op_text,
        orig,
        con,
        dirty,
        minor_dirty,
        patch_dirty,
    })
}

impl Constraints {
    /// Masterminds `NewConstraint`: comma or space between constraints is AND, `||` is OR,
    /// `A - B` is `>=A <=B`, `~`, `^`, wildcards `x`/`X`/`*` in any part, `v` prefixes.
    ///
    /// # Complexity
    /// O(n) for a text of n bytes (see [`MAX_CONSTRAINT_LEN`]).
    pub fn parse(text: &str) -> Result<Constraints, ConstraintError> {
        if text.len() > MAX_CONSTRAINT_LEN {
            return Err(ConstraintError::TooLong { len: text.len() });
        }
        let rewritten = rewrite_range(text);
        let mut groups = Vec::new();
        let mut contains_pre = Vec::new();
        for group in rewritten.split("||") {
            let spans = split_group(group).ok_or_else(|| ConstraintError::Improper {
                group: group.to_string(),
            })?;
            let mut constraints = Vec::with_capacity(spans.len());
            for span in spans {
                constraints.push(parse_constraint(slice(group, span))?);
            }
            contains_pre.push(constraints.iter().any(|c| !c.con.prerelease().is_empty()));
            groups.push(constraints);
        }
        Ok(Constraints {
            groups,
            contains_pre,
            include_prerelease: false,
        })
    }

    /// The OR groups, each a list of ANDed constraints.
    pub fn groups(&self) -> &[Vec<Constraint>] {
        &self.groups
    }

    fn include_pre(&self, group: usize) -> bool {
        self.include_prerelease || self.contains_pre.get(group).copied().unwrap_or(false)
    }

    /// Masterminds `Check`: some OR group whose every constraint the version meets. A version
    /// with a pre-release meets a group only when a constraint of that group names a
    /// pre-release (or [`Constraints::include_prerelease`] is set).
    pub fn check(&self, v: &Version) -> bool {
        self.groups.iter().enumerate().any(|(i, group)| {
            let include = self.include_pre(i);
            group.iter().all(|c| c.check(v, include).is_ok())
        })
    }

    /// Masterminds `Validate`: `Ok(())` when [`Constraints::check`] holds, else every reason
    /// in group order (the pre-release reason once).
    pub fn validate(&self, v: &Version) -> Result<(), Vec<Violation>> {
        let mut reasons = Vec::new();
        let mut prerelease_reported = false;
        let violation = |kind, c: &Constraint| Violation {
            kind,
            version: v.to_string(),
            constraint: c.orig.clone(),
        };
        for (i, group) in self.groups.iter().enumerate() {
            let include = self.include_pre(i);
            let mut all_met = true;
            for c in group {
                if !include && !v.prerelease().is_empty() {
                    if !prerelease_reported {
                        reasons.push(violation(ViolationKind::Prerelease, c));
                        prerelease_reported = true;
                    }
                    all_met = false;
                } else if let Err(kind) = c.check(v, include) {
                    reasons.push(violation(kind, c));
                    all_met = false;
                }
            }
            if all_met {
                return Ok(());
            }
        }
        Err(reasons)
    }
}

impl fmt::Display for Constraints {
    /// Masterminds `String`: constraints of a group joined by a space, groups by ` || `.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let groups: Vec<String> = self
            .groups
            .iter()
            .map(|g| g.iter().map(Constraint::text).collect::<Vec<_>>().join(" "))
            .collect();
        f.write_str(&groups.join(" || "))
    }
}

#[cfg(test)]
mod tests;
