//! One constraint (`>=1.2`, `~1.x`, `!=4.2.x`, …) and how Masterminds checks a version against
//! it, with the reason it gives when the version fails.

use std::cmp::Ordering;
use std::fmt;

use super::version::{compare_prerelease, Version};
use crate::semver::go_quote;

/// A constraint's operator. Masterminds' aliases map to one operator each: none and `=` are
/// [`Operator::Equal`], `=>` is `>=`, `=<` is `<=`, `~>` is `~`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Operator {
    /// No operator or `=`: equal, or like `~` when the version has a wildcard or a missing part.
    Equal,
    /// `!=`.
    NotEqual,
    /// `>`.
    Greater,
    /// `<`.
    Less,
    /// `>=` or `=>`.
    GreaterOrEqual,
    /// `<=` or `=<`.
    LessOrEqual,
    /// `~` or `~>`: same major and minor (same major for `~1`, `~1.x`).
    Tilde,
    /// `^`: same major (same minor below 1.0.0, same patch below 0.1.0).
    Caret,
}

impl Operator {
    /// The operator for its text, as Masterminds' `constraintOps` table has them.
    pub(super) fn from_text(op: &str) -> Option<Operator> {
        Some(match op {
            "" | "=" => Operator::Equal,
            "!=" => Operator::NotEqual,
            ">" => Operator::Greater,
            "<" => Operator::Less,
            ">=" | "=>" => Operator::GreaterOrEqual,
            "<=" | "=<" => Operator::LessOrEqual,
            "~" | "~>" => Operator::Tilde,
            "^" => Operator::Caret,
            _ => return None,
        })
    }
}

/// One constraint of a [`super::Constraints`].
#[derive(Debug, Clone)]
pub struct Constraint {
    /// The operator as written (`""`, `=>`, `~>`, …), kept for printing.
    pub(super) op_text: String,
    pub(super) op: Operator,
    /// The version as written (`1.x`, `v2.3`), without the operator.
    pub(super) orig: String,
    /// The version compared against: wildcards and missing parts read as 0.
    pub(super) con: Version,
    pub(super) dirty: bool,
    pub(super) minor_dirty: bool,
    pub(super) patch_dirty: bool,
}

/// Why a version fails one constraint.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ViolationKind {
    /// The version has a pre-release and the constraint's group names none.
    Prerelease,
    /// `is not equal to`: an `=` constraint's version differs.
    NotEqual,
    /// `is equal to`: a `!=` constraint's version is the one excluded.
    Equal,
    /// `is less than or equal to`: a `>` constraint is not passed.
    LessOrEqual,
    /// `is greater than or equal to`: a `<` constraint is not met.
    GreaterOrEqual,
    /// `is less than`: the version is below a lower bound.
    Less,
    /// `is greater than`: the version is above an upper bound.
    Greater,
    /// `does not have same major version as`: a `~` or `^` constraint's major differs.
    MajorDiffers,
    /// `does not have same major and minor version as`: a `~1.2` constraint's minor differs.
    MajorMinorDiffers,
    /// `^0.y…`: the minor must match.
    MinorDiffersZeroMajor,
    /// `^0.0…`: the minor must be 0.
    MinorDiffers,
    /// `^0.0.z`: the version must equal it.
    PatchDiffers,
}

/// A version failing a constraint; `Display` is Masterminds' message word for word, such as
/// `"1.2.3" is less than "2"`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation {
    /// Which comparison failed (it picks the message).
    pub kind: ViolationKind,
    /// The version checked, as Masterminds prints it.
    pub version: String,
    /// The constraint's version as written, without its operator.
    pub constraint: String,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let v = go_quote(&self.version);
        let c = go_quote(&self.constraint);
        match self.kind {
            ViolationKind::Prerelease => write!(
                f,
                "{v} is a prerelease version and the constraint is only looking for release versions"
            ),
            ViolationKind::NotEqual => write!(f, "{v} is not equal to {c}"),
            ViolationKind::Equal => write!(f, "{v} is equal to {c}"),
            ViolationKind::LessOrEqual => write!(f, "{v} is less than or equal to {c}"),
            ViolationKind::GreaterOrEqual => write!(f, "{v} is greater than or equal to {c}"),
            ViolationKind::Less => write!(f, "{v} is less than {c}"),
            ViolationKind::Greater => write!(f, "{v} is greater than {c}"),
            ViolationKind::MajorDiffers => {
                write!(f, "{v} does not have same major version as {c}")
            }
            ViolationKind::MajorMinorDiffers => {
                write!(f, "{v} does not have same major and minor version as {c}")
            }
            ViolationKind::MinorDiffersZeroMajor => write!(
                f,
                "{v} does not have same minor version as {c}. Expected minor versions to match when constraint major version is 0"
            ),
            ViolationKind::MinorDiffers => {
                write!(f, "{v} does not have same minor version as {c}")
            }
            ViolationKind::PatchDiffers => write!(
                f,
                "{v} does not equal {c}. Expect version and constraint to equal when major and minor versions are 0"
            ),
        }
    }
}

fn ok_or(pass: bool, kind: ViolationKind) -> Result<(), ViolationKind> {
    if pass {
        Ok(())
    } else {
        Err(kind)
    }
}

impl Constraint {
    /// The operator.
    pub fn operator(&self) -> Operator {
        self.op
    }

    /// The version as written, without the operator.
    pub fn version_text(&self) -> &str {
        &self.orig
    }

    /// Masterminds `constraint.check`: a version with a pre-release fails unless
    /// `include_pre`; then the operator's own test.
    pub(super) fn check(&self, v: &Version, include_pre: bool) -> Result<(), ViolationKind> {
        if !v.prerelease().is_empty() && !include_pre {
            return Err(ViolationKind::Prerelease);
        }
        match self.op {
            Operator::Equal if self.dirty => self.tilde(v),
            Operator::Equal => ok_or(v.equal(&self.con), ViolationKind::NotEqual),
            Operator::NotEqual => self.not_equal(v),
            Operator::Greater => self.greater(v),
            Operator::Less => ok_or(v.less_than(&self.con), ViolationKind::GreaterOrEqual),
            Operator::GreaterOrEqual => ok_or(!v.less_than(&self.con), ViolationKind::Less),
            Operator::LessOrEqual => self.less_or_equal(v),
            Operator::Tilde => self.tilde(v),
            Operator::Caret => self.caret(v),
        }
    }

    /// Masterminds `constraintNotEqual`.
    fn not_equal(&self, v: &Version) -> Result<(), ViolationKind> {
        let c = &self.con;
        if self.dirty {
            if c.major() != v.major() {
                return Ok(());
            }
            if c.minor() != v.minor() && !self.minor_dirty {
                return Ok(());
            } else if self.minor_dirty {
                return Err(ViolationKind::Equal);
            } else if c.patch() != v.patch() && !self.patch_dirty {
                return Ok(());
            } else if self.patch_dirty {
                let pre_differs = (!v.prerelease().is_empty() || !c.prerelease().is_empty())
                    && compare_prerelease(v.prerelease(), c.prerelease()) != Ordering::Equal;
                return ok_or(pre_differs, ViolationKind::Equal);
            }
        }
        ok_or(!v.equal(c), ViolationKind::Equal)
    }

    /// Masterminds `constraintGreaterThan`: `>11` needs 12 or more, `>11.1` needs 11.2 or more.
    fn greater(&self, v: &Version) -> Result<(), ViolationKind> {
        let c = &self.con;
        let fail = ViolationKind::LessOrEqual;
        if !self.dirty {
            return ok_or(v.greater_than(c), fail);
        }
        if v.major() > c.major() {
            Ok(())
        } else if v.major() < c.major() || self.minor_dirty {
            Err(fail)
        } else if self.patch_dirty {
            ok_or(v.minor() > c.minor(), fail)
        } else {
            ok_or(v.greater_than(c), fail)
        }
    }

    /// Masterminds `constraintLessThanEqual`: `<=1.1` admits every 1.1.z.
    fn less_or_equal(&self, v: &Version) -> Result<(), ViolationKind> {
        let c = &self.con;
        if !self.dirty {
            return ok_or(!v.greater_than(c), ViolationKind::Greater);
        }
        if v.major() > c.major()
            || (v.major() == c.major() && v.minor() > c.minor() && !self.minor_dirty)
        {
            return Err(ViolationKind::Greater);
        }
        Ok(())
    }

    /// Masterminds `constraintTilde`.
    fn tilde(&self, v: &Version) -> Result<(), ViolationKind> {
        let c = &self.con;
        if v.less_than(c) {
            return Err(ViolationKind::Less);
        }
        // ~0.0.0 (and `*`, `x`) accepts everything from 0.0.0 on.
        if c.major() == 0
            && c.minor() == 0
            && c.patch() == 0
            && !self.minor_dirty
            && !self.patch_dirty
        {
            return Ok(());
        }
        if v.major() != c.major() {
            return Err(ViolationKind::MajorDiffers);
        }
        ok_or(
            v.minor() == c.minor() || self.minor_dirty,
            ViolationKind::MajorMinorDiffers,
        )
    }

    /// Masterminds `constraintCaret`.
    fn caret(&self, v: &Version) -> Result<(), ViolationKind> {
        let c = &self.con;
        if v.less_than(c) {
            return Err(ViolationKind::Less);
        }
        if c.major() > 0 || self.minor_dirty {
            return ok_or(v.major() == c.major(), ViolationKind::MajorDiffers);
        }
        if v.major() > 0 {
            return Err(ViolationKind::MajorDiffers);
        }
        if c.minor() > 0 || self.patch_dirty {
            return ok_or(v.minor() == c.minor(), ViolationKind::MinorDiffersZeroMajor);
        }
        if v.minor() > 0 {
            return Err(ViolationKind::MinorDiffers);
        }
        ok_or(c.patch() == v.patch(), ViolationKind::PatchDiffers)
    }

    /// `op` followed by the version as written, as Masterminds prints a constraint.
    pub(super) fn text(&self) -> String {
        format!("{}{}", self.op_text, self.orig)
    }
}
