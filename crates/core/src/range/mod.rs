//! Version ranges exactly as blang/semver v4.0.0 `ParseRange` reads them: the syntax of OLM's
//! `skipRange` (spec/olm.md §4).
//!
//! The grammar is small and has surprising corners, all reproduced here:
//!
//! - The text is cut at spaces, except that a space after `>`, `<` or `=` does not cut
//!   (`>= 1.0.0` is one token). Pieces one byte long are silently dropped (so the `-` of
//!   `1.2.3 - 2.0.0` vanishes and the range means `=1.2.3 =2.0.0`). An empty range fails with
//!   `Last element in range is '||'`.
//! - A `||` token separates alternatives (OR); the other tokens of an alternative are ANDed.
//! - Any token containing a lowercase `x` is sent through wildcard expansion (`1.2.x` becomes
//!   `>=1.2.0 <1.3.0`, `1.x.x` wrongly becomes `>=1.0.0 <1.1.0`, `!=1.2.x` becomes the
//!   unsatisfiable `<1.2.0 >=1.3.0`, and an `x` inside a pre-release usually breaks the token).
//! - Operators are `=`, `==` or none (equal), `!` and `!=`, `>`, `>=`, `<`, `<=`; versions are
//!   read strictly ([`Version::parse`]). No `~`, `^`, hyphen ranges or commas.
//! - Pre-release versions are compared like any other version (no npm-style gating) and build
//!   metadata is ignored.
//!
//! One file per job: `parse` (blang's grammar: splitting, wildcard expansion, comparators),
//! this file (the parsed [`Range`] and its evaluation), `quirk` ([`quirks`]: the places where
//! blang's reading differs from what a reader expects, with the curator's wording). The tests
//! ported from blang's own tests (spec/olm.md §4) are in the integration tests (`tests/it/range/`), those of the grammar's
//! inner steps in `tests.rs`. Nothing here panics, whatever the input.

mod parse;
mod quirk;
#[cfg(test)]
mod tests;

use std::fmt;

use crate::semver::{go_quote, SemverError, Version};

pub use quirk::{quirks, RangeQuirk};

/// A comparison operator of a range.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Op {
    /// `=`, `==` or no operator.
    Eq,
    /// `!` or `!=`.
    Ne,
    /// `>`.
    Gt,
    /// `>=`.
    Ge,
    /// `<`.
    Lt,
    /// `<=`.
    Le,
}

impl Op {
    /// blang `parseComparator`: the operator for its text, `None` when blang rejects it.
    pub fn parse(s: &str) -> Option<Op> {
        match s {
            "" | "=" | "==" => Some(Op::Eq),
            "!" | "!=" => Some(Op::Ne),
            ">" => Some(Op::Gt),
            ">=" => Some(Op::Ge),
            "<" => Some(Op::Lt),
            "<=" => Some(Op::Le),
            _ => None,
        }
    }

    /// The operator's canonical text (`=` for equality).
    pub fn as_str(self) -> &'static str {
        match self {
            Op::Eq => "=",
            Op::Ne => "!=",
            Op::Gt => ">",
            Op::Ge => ">=",
            Op::Lt => "<",
            Op::Le => "<=",
        }
    }
}

/// One `operator version` condition of a range.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Comparator {
    /// The operator.
    pub op: Op,
    /// The bound, parsed strictly.
    pub version: Version,
}

impl Comparator {
    /// True when `v` satisfies this condition (`v op bound`, build metadata ignored).
    pub fn matches(&self, v: &Version) -> bool {
        let c = v.compare(&self.version);
        match self.op {
            Op::Eq => c.is_eq(),
            Op::Ne => c.is_ne(),
            Op::Gt => c.is_gt(),
            Op::Ge => c.is_ge(),
            Op::Lt => c.is_lt(),
            Op::Le => c.is_le(),
        }
    }
}

impl fmt::Display for Comparator {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.op.as_str(), self.version)
    }
}

/// A parsed range: an OR of alternatives, each an AND of [`Comparator`]s, after wildcard
/// expansion.
///
/// An alternative can be empty (from `|| ||`): blang accepts that text but its range
/// function then crashes when evaluation reaches the empty alternative; see
/// [`Range::contains_checked`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Range {
    groups: Vec<Vec<Comparator>>,
}

/// A range that blang/semver rejects; `Display` is blang's message, word for word (for
/// example `Could not parse Range ">v0.1.0": Could not parse comparator ">v" in ">v0.1.0"`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RangeError {
    /// `First element in range is '||'`.
    FirstIsOr,
    /// `Last element in range is '||'`.
    LastIsOr,
    /// `Could not get version from string: "…"`: a token without a digit.
    NoVersion(String),
    /// `Could not parse Range "tok": Could not parse comparator "op" in "tok"`.
    Comparator {
        /// The token read.
        token: String,
        /// The operator that is not one.
        op: String,
    },
    /// `Could not parse Range "tok": Could not parse version "v" in "tok": <blang's error>`.
    Version {
        /// The token read.
        token: String,
        /// The version text in it.
        version: String,
        /// What blang says of the version.
        error: SemverError,
    },
}

impl fmt::Display for RangeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RangeError::FirstIsOr => f.write_str("First element in range is '||'"),
            RangeError::LastIsOr => f.write_str("Last element in range is '||'"),
            RangeError::NoVersion(s) => {
                write!(f, "Could not get version from string: {}", go_quote(s))
            }
            RangeError::Comparator { token, op } => write!(
                f,
                "Could not parse Range {}: Could not parse comparator {} in {}",
                go_quote(token),
                go_quote(op),
                go_quote(token)
            ),
            RangeError::Version {
                token,
                version,
                error,
            } => write!(
                f,
                "Could not parse Range {}: Could not parse version {} in {}: {error}",
                go_quote(token),
                go_quote(version),
                go_quote(token)
            ),
        }
    }
}

impl std::error::Error for RangeError {}

impl Range {
    /// blang `ParseRange`, with every quirk (see the module documentation).
    ///
    /// # Complexity
    /// O(n) in the length of the text.
    pub fn parse(s: &str) -> Result<Range, RangeError> {
        parse::groups(s).map(|groups| Range { groups })
    }

    /// blang `Range(v)`: true when some alternative has all its conditions satisfied.
    ///
    /// Where blang would crash (an empty alternative from `|| ||` reached during evaluation,
    /// see [`Range::contains_checked`]) this answers `false`.
    pub fn contains(&self, v: &Version) -> bool {
        self.contains_checked(v).unwrap_or(false)
    }

    /// Like [`Range::contains`], but `None` where blang's range function would panic: the
    /// alternatives are tried left to right, and reaching an empty one (from `|| ||`) before
    /// any alternative matched is a nil function call in Go.
    pub fn contains_checked(&self, v: &Version) -> Option<bool> {
        for group in &self.groups {
            if group.is_empty() {
                return None;
            }
            if group.iter().all(|c| c.matches(v)) {
                return Some(true);
            }
        }
        Some(false)
    }

    /// The alternatives (ORed) of ANDed conditions, after wildcard expansion.
    pub fn groups(&self) -> &[Vec<Comparator>] {
        &self.groups
    }
}

/// The expanded form, e.g. `1.2.x || >2.0.0` gives `>=1.2.0 <1.3.0 || >2.0.0` (not blang
/// text: blang v4.0.0 cannot print a range).
impl fmt::Display for Range {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, group) in self.groups.iter().enumerate() {
            if i > 0 {
                f.write_str(" || ")?;
            }
            for (j, c) in group.iter().enumerate() {
                if j > 0 {
                    f.write_str(" ")?;
                }
                write!(f, "{c}")?;
            }
        }
        Ok(())
    }
}
