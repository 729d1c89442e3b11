//! A ClusterExtension's `spec.source.catalog.version` as OLM v1 reads it.
//!
//! - The API server admits the field first: at most 64 characters, and the CRD's CEL rule
//!   `self.matches("^(…)$")` with the message `invalid version expression`
//!   (operator-controller's CRD, spec/olm.md §8, §10). That pattern is stricter than
//!   Masterminds in places (no hyphen ranges, no leading zeroes) and has typos that decide
//!   what passes (`\*]` for `*` in some positions), all reproduced by [`admit_version`].
//! - operator-controller then parses it with `compare.NewVersionRange`, which is Masterminds'
//!   `NewConstraint`, and checks a bundle's version by handing its blang parts to Masterminds'
//!   `New` ([`VersionRange`]). The release is not part of that version.

use std::fmt;

use super::check::Violation;
use super::constraint::{ConstraintError, Constraints};
use super::text::is_space;
use super::version::Version;
use crate::semver::go_quote;

/// The CRD's `maxLength` for `spec.source.catalog.version`.
pub const VERSION_MAX_CHARS: usize = 64;

/// The API server refuses the ClusterExtension; `Display` is the API server's field error.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AdmissionError {
    /// Over [`VERSION_MAX_CHARS`] characters.
    TooLong {
        /// The version field as written.
        version: String,
        /// How many characters it has.
        chars: usize,
    },
    /// The CEL rule's pattern does not match.
    InvalidExpression {
        /// The version field as written.
        version: String,
    },
}

impl fmt::Display for AdmissionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AdmissionError::TooLong { .. } => write!(
                f,
                "spec.source.catalog.version: Too long: may not be more than {VERSION_MAX_CHARS} bytes"
            ),
            AdmissionError::InvalidExpression { .. } => f.write_str(
                "spec.source.catalog.version: Invalid value: \"string\": invalid version expression",
            ),
        }
    }
}

impl std::error::Error for AdmissionError {}

/// Whether the API server admits `version` as `spec.source.catalog.version` (the empty
/// string is the field left out, which is always admitted).
///
/// # Complexity
/// O(n) to count the characters; the pattern is then matched on at most 64 bytes, by sets of
/// offsets, in O(64³) steps at worst (under 1 ms measured).
pub fn admit_version(version: &str) -> Result<(), AdmissionError> {
    if version.is_empty() {
        return Ok(());
    }
    let chars = version.chars().count();
    if chars > VERSION_MAX_CHARS {
        return Err(AdmissionError::TooLong {
            version: version.to_string(),
            chars,
        });
    }
    let m = Matcher {
        t: version.as_bytes(),
    };
    if m.expression().0[version.len()] {
        Ok(())
    } else {
        Err(AdmissionError::InvalidExpression {
            version: version.to_string(),
        })
    }
}

/// The offsets (0 ..= length) a pattern can end at, given where it may start.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Reach(Vec<bool>);

impl Reach {
    fn union(mut self, other: &Reach) -> Reach {
        for (a, b) in self.0.iter_mut().zip(&other.0) {
            *a |= *b;
        }
        self
    }
}

/// Membership in the CEL rule's regular language, by sets of reachable offsets (no
/// backtracking, so no blow-up; the text is at most 64 bytes).
struct Matcher<'a> {
    t: &'a [u8],
}

impl Matcher<'_> {
    fn none(&self) -> Reach {
        Reach(vec![false; self.t.len() + 1])
    }

    fn class(&self, at: &Reach, pred: impl Fn(u8) -> bool) -> Reach {
        let mut out = self.none();
        for (i, &b) in self.t.iter().enumerate() {
            if at.0[i] && pred(b) {
                out.0[i + 1] = true;
            }
        }
        out
    }

    fn lit(&self, at: &Reach, lit: &[u8]) -> Reach {
        let mut out = self.none();
        for i in 0..self.t.len() {
            if at.0[i] && self.t[i..].starts_with(lit) {
                out.0[i + lit.len()] = true;
            }
        }
        out
    }

    /// `(f)*`: everything reachable by zero or more rounds of `f`.
    fn star(&self, at: &Reach, f: &dyn Fn(&Reach) -> Reach) -> Reach {
        let mut all = at.clone();
        let mut frontier = at.clone();
        loop {
            let next = f(&frontier);
            let mut fresh = self.none();
            let mut any = false;
            for i in 0..next.0.len() {
                if next.0[i] && !all.0[i] {
                    fresh.0[i] = true;
                    all.0[i] = true;
                    any = true;
                }
            }
            if !any {
                return all;
            }
            frontier = fresh;
        }
    }

    fn spaces(&self, at: &Reach) -> Reach {
        self.star(at, &|r| self.class(r, is_space))
    }

    /// `(=||!=|>|<|>=|=>|<=|=<|~|~>|\^)`: the empty operator included.
    fn operator(&self, at: &Reach) -> Reach {
        ["=", "!=", ">", "<", ">=", "=>", "<=", "=<", "~", "~>", "^"]
            .iter()
            .fold(at.clone(), |acc, op| {
                acc.union(&self.lit(at, op.as_bytes()))
            })
    }

    /// `0|[1-9]\d*|x|X|<star>` where `<star>` is `\*` or, in three places, the typo `\*]`.
    fn number(&self, at: &Reach, star: &[u8]) -> Reach {
        let nonzero = self.class(at, |b| (b'1'..=b'9').contains(&b));
        let digits = self.star(&nonzero, &|r| self.class(r, |b| b.is_ascii_digit()));
        self.lit(at, b"0")
            .union(&digits)
            .union(&self.lit(at, b"x"))
            .union(&self.lit(at, b"X"))
            .union(&self.lit(at, star))
    }

    /// `[0-9A-Za-z\-]+(\.[0-9A-Za-z\-]+)*`.
    fn identifiers(&self, at: &Reach) -> Reach {
        let ident = |r: &Reach| {
            let one = self.class(r, |b| b.is_ascii_alphanumeric() || b == b'-');
            self.star(&one, &|x| {
                self.class(x, |b| b.is_ascii_alphanumeric() || b == b'-')
            })
        };
        let first = ident(at);
        self.star(&first, &|r| ident(&self.lit(r, b".")))
    }

    /// `v?MAJOR(\.MINOR)?(\.PATCH)?(-P)?(\+P)?` with the major given and the star texts of
    /// the minor and patch alternatives.
    fn version(&self, major: Reach, minor_star: &[u8], patch_star: &[u8]) -> Reach {
        let minor = major
            .clone()
            .union(&self.number(&self.lit(&major, b"."), minor_star));
        let patch = minor
            .clone()
            .union(&self.number(&self.lit(&minor, b"."), patch_star));
        let pre = patch
            .clone()
            .union(&self.identifiers(&self.lit(&patch, b"-")));
        pre.clone().union(&self.identifiers(&self.lit(&pre, b"+")))
    }

    /// The first constraint: `\s*OP\s*(v?(0|[1-9]\d*|[x|X|\*])…)\s*`.
    fn first(&self, at: &Reach) -> Reach {
        let v_at = self.spaces(&self.operator(&self.spaces(at)));
        let prefixed = v_at.clone().union(&self.lit(&v_at, b"v"));
        let major = self
            .number(&prefixed, b"*")
            .union(&self.class(&prefixed, |b| b == b'|'));
        self.spaces(&self.version(major, b"*]", b"*"))
    }

    /// A further constraint: `(?:\s+|,\s*|\s*\|\|\s*)OP\s*(v?(0|[1-9]\d*|x|X|\*])…)\s*`.
    fn item(&self, at: &Reach) -> Reach {
        let spaces = self.spaces(at);
        let separated = self
            .spaces(&self.class(at, is_space))
            .union(&self.spaces(&self.lit(at, b",")))
            .union(&self.spaces(&self.lit(&spaces, b"||")));
        let v_at = self.spaces(&self.operator(&separated));
        let prefixed = v_at.clone().union(&self.lit(&v_at, b"v"));
        let major = self.number(&prefixed, b"*]");
        self.spaces(&self.version(major, b"*", b"*]"))
    }

    /// The whole pattern from offset 0.
    fn expression(&self) -> Reach {
        let mut start = self.none();
        start.0[0] = true;
        let first = self.first(&start);
        self.star(&first, &|r| self.item(r))
    }
}

/// operator-controller's `compare.NewVersionRange`: the Masterminds constraint that bundle
/// versions are checked against.
#[derive(Debug, Clone)]
pub struct VersionRange {
    text: String,
    constraints: Constraints,
}

/// A version range operator-controller cannot parse; `Display` is its resolution error,
/// `desired version range "<range>" is invalid: <Masterminds' message>`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum VersionRangeError {
    /// Masterminds rejects the range.
    Invalid {
        /// The range as written.
        range: String,
        /// Masterminds' reason.
        error: ConstraintError,
    },
}

impl fmt::Display for VersionRangeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VersionRangeError::Invalid { range, error } => write!(
                f,
                "desired version range {} is invalid: {error}",
                go_quote(range)
            ),
        }
    }
}

impl std::error::Error for VersionRangeError {}

impl VersionRange {
    /// Parse `spec.source.catalog.version` (Masterminds `NewConstraint`).
    ///
    /// # Complexity
    /// O(n) for a text of n bytes.
    pub fn parse(text: &str) -> Result<VersionRange, VersionRangeError> {
        let constraints = Constraints::parse(text).map_err(|error| VersionRangeError::Invalid {
            range: text.to_string(),
            error,
        })?;
        Ok(VersionRange {
            text: text.to_string(),
            constraints,
        })
    }

    /// The text as written.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The range as Masterminds parsed it, to check versions against.
    pub fn constraints(&self) -> &Constraints {
        &self.constraints
    }

    /// Whether a bundle's version (blang, release excluded) is in the range.
    pub fn contains(&self, version: &crate::semver::Version) -> bool {
        self.constraints.check(&Version::from(version))
    }

    /// Why a bundle's version is not in the range (Masterminds `Validate`).
    pub fn explain(&self, version: &crate::semver::Version) -> Result<(), Vec<Violation>> {
        self.constraints.validate(&Version::from(version))
    }
}
