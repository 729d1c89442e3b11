//! Masterminds/semver v3 versions: `NewVersion` (lenient, coercing), `StrictNewVersion`, `New`
//! and `Compare`, with Masterminds' error texts.

use std::cmp::Ordering;
use std::fmt;

use super::text::{match_whole, parse_uint, slice, Numbers, UintError};

/// A version as Masterminds/semver v3 holds it: three numbers, and the pre-release and
/// metadata as text (dot-separated identifiers, without the `-` and `+`).
///
/// There is no `Ord`: Masterminds' `Compare` is not a total order on every value [`Version::new`]
/// accepts (`New` validates nothing), so compare with [`Version::compare`].
#[derive(Debug, Clone)]
pub struct Version {
    major: u64,
    minor: u64,
    patch: u64,
    pre: String,
    metadata: String,
    original: String,
}

/// A version Masterminds rejects. `Display` is Masterminds' message word for word (it does not
/// repeat the version); [`VersionError::version`] gives the text that was read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum VersionError {
    /// `version string empty` (`StrictNewVersion` only).
    Empty,
    /// `invalid semantic version`: not of the shape `v1`, `1.2`, `1.2.3-pre+meta`.
    InvalidSemVer {
        /// The text read.
        version: String,
    },
    /// `invalid characters in version`: a number part that is not only digits (strict).
    InvalidCharacters {
        /// The text read.
        version: String,
    },
    /// `version segment starts with 0`: a leading zero in a number (strict) or in a numeric
    /// pre-release identifier.
    SegmentStartsZero {
        /// The text read.
        version: String,
    },
    /// `invalid metadata string`: an empty identifier or a character outside `[0-9A-Za-z-]`.
    InvalidMetadata {
        /// The text read.
        version: String,
    },
    /// `invalid prerelease string`: an empty identifier or a character outside `[0-9A-Za-z-]`.
    InvalidPrerelease {
        /// The text read.
        version: String,
    },
    /// `error parsing version segment: strconv.ParseUint: …` (`NewVersion`: a number too large).
    Segment {
        /// The text read.
        version: String,
        /// Go's error on the number.
        error: UintError,
    },
    /// `strconv.ParseUint: …` (`StrictNewVersion`: an empty or too large number).
    Number {
        /// The text read.
        version: String,
        /// Go's error on the number.
        error: UintError,
    },
}

impl VersionError {
    /// The text that failed to parse.
    pub fn version(&self) -> &str {
        match self {
            VersionError::Empty => "",
            VersionError::InvalidSemVer { version }
            | VersionError::InvalidCharacters { version }
            | VersionError::SegmentStartsZero { version }
            | VersionError::InvalidMetadata { version }
            | VersionError::InvalidPrerelease { version }
            | VersionError::Segment { version, .. }
            | VersionError::Number { version, .. } => version,
        }
    }
}

impl fmt::Display for VersionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VersionError::Empty => f.write_str("version string empty"),
            VersionError::InvalidSemVer { .. } => f.write_str("invalid semantic version"),
            VersionError::InvalidCharacters { .. } => f.write_str("invalid characters in version"),
            VersionError::SegmentStartsZero { .. } => f.write_str("version segment starts with 0"),
            VersionError::InvalidMetadata { .. } => f.write_str("invalid metadata string"),
            VersionError::InvalidPrerelease { .. } => f.write_str("invalid prerelease string"),
            VersionError::Segment { error, .. } => {
                write!(f, "error parsing version segment: {error}")
            }
            VersionError::Number { error, .. } => write!(f, "{error}"),
        }
    }
}

impl std::error::Error for VersionError {}

/// Why a pre-release or metadata text is not valid (the version is filled in by the caller).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum IdentifierProblem {
    StartsZero,
    InvalidPrerelease,
    InvalidMetadata,
}

impl IdentifierProblem {
    fn into_error(self, version: &str) -> VersionError {
        let version = version.to_string();
        match self {
            IdentifierProblem::StartsZero => VersionError::SegmentStartsZero { version },
            IdentifierProblem::InvalidPrerelease => VersionError::InvalidPrerelease { version },
            IdentifierProblem::InvalidMetadata => VersionError::InvalidMetadata { version },
        }
    }
}

fn only_digits(s: &str) -> bool {
    s.bytes().all(|b| b.is_ascii_digit())
}

fn only_allowed(s: &str) -> bool {
    s.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
}

/// Masterminds `validatePrerelease`: non-empty identifiers of `[0-9A-Za-z-]`, numeric ones
/// without a leading zero.
fn validate_prerelease(pre: &str) -> Result<(), IdentifierProblem> {
    for part in pre.split('.') {
        if part.is_empty() {
            return Err(IdentifierProblem::InvalidPrerelease);
        } else if only_digits(part) {
            if part.len() > 1 && part.starts_with('0') {
                return Err(IdentifierProblem::StartsZero);
            }
        } else if !only_allowed(part) {
            return Err(IdentifierProblem::InvalidPrerelease);
        }
    }
    Ok(())
}

/// Masterminds `validateMetadata`: non-empty identifiers of `[0-9A-Za-z-]`.
fn validate_metadata(metadata: &str) -> Result<(), IdentifierProblem> {
    if metadata
        .split('.')
        .any(|part| part.is_empty() || !only_allowed(part))
    {
        return Err(IdentifierProblem::InvalidMetadata);
    }
    Ok(())
}

impl Version {
    /// Masterminds `New`: a version from its parts, not validated (the pre-release and metadata
    /// are taken as given, without `-` and `+`).
    pub fn new(major: u64, minor: u64, patch: u64, pre: &str, metadata: &str) -> Version {
        let mut v = Version {
            major,
            minor,
            patch,
            pre: pre.to_string(),
            metadata: metadata.to_string(),
            original: String::new(),
        };
        v.original = v.to_string();
        v
    }

    /// Masterminds `NewVersion` with its default `CoerceNewVersion = true`: an optional `v`,
    /// one to three numbers (missing ones are 0, leading zeroes are dropped), then an optional
    /// `-pre-release` and `+metadata`.
    pub fn parse(text: &str) -> Result<Version, VersionError> {
        let invalid = || VersionError::InvalidSemVer {
            version: text.to_string(),
        };
        let m = match_whole(text.as_bytes(), Numbers::Digits).ok_or_else(invalid)?;
        let number = |span| {
            parse_uint(slice(text, span)).map_err(|error| VersionError::Segment {
                version: text.to_string(),
                error,
            })
        };
        let major = number(m.major)?;
        let minor = m.minor.map(number).transpose()?.unwrap_or(0);
        let patch = m.patch.map(number).transpose()?.unwrap_or(0);
        let pre = m.pre.map_or("", |s| slice(text, s));
        let metadata = m.build.map_or("", |s| slice(text, s));
        if !pre.is_empty() {
            validate_prerelease(pre).map_err(|p| p.into_error(text))?;
        }
        if !metadata.is_empty() {
            validate_metadata(metadata).map_err(|p| p.into_error(text))?;
        }
        Ok(Version {
            major,
            minor,
            patch,
            pre: pre.to_string(),
            metadata: metadata.to_string(),
            original: text.to_string(),
        })
    }

    /// Masterminds `StrictNewVersion`: exactly `MAJOR.MINOR.PATCH[-pre][+metadata]`, no `v`,
    /// no leading zeroes.
    pub fn parse_strict(text: &str) -> Result<Version, VersionError> {
        if text.is_empty() {
            return Err(VersionError::Empty);
        }
        let version = || text.to_string();
        let mut parts: Vec<&str> = text.splitn(3, '.').collect();
        if parts.len() != 3 {
            return Err(VersionError::InvalidSemVer { version: version() });
        }
        let mut metadata = "";
        if let Some((rest, meta)) = parts[2].split_once('+') {
            metadata = meta;
            parts[2] = rest;
            validate_metadata(metadata).map_err(|p| p.into_error(text))?;
        }
        let mut pre = "";
        if let Some((rest, p)) = parts[2].split_once('-') {
            pre = p;
            parts[2] = rest;
            validate_prerelease(pre).map_err(|p| p.into_error(text))?;
        }
        for p in &parts {
            if !only_digits(p) {
                return Err(VersionError::InvalidCharacters { version: version() });
            }
            if p.len() > 1 && p.starts_with('0') {
                return Err(VersionError::SegmentStartsZero { version: version() });
            }
        }
        let number = |p: &str| {
            parse_uint(p).map_err(|error| VersionError::Number {
                version: version(),
                error,
            })
        };
        Ok(Version {
            major: number(parts[0])?,
            minor: number(parts[1])?,
            patch: number(parts[2])?,
            pre: pre.to_string(),
            metadata: metadata.to_string(),
            original: text.to_string(),
        })
    }

    /// The first number.
    pub fn major(&self) -> u64 {
        self.major
    }

    /// The second number (0 when not written).
    pub fn minor(&self) -> u64 {
        self.minor
    }

    /// The third number (0 when not written).
    pub fn patch(&self) -> u64 {
        self.patch
    }

    /// The pre-release without its `-` (empty for a release).
    pub fn prerelease(&self) -> &str {
        &self.pre
    }

    /// The metadata without its `+`.
    pub fn metadata(&self) -> &str {
        &self.metadata
    }

    /// The text the version was parsed from (for [`Version::new`], its `Display` text).
    pub fn original(&self) -> &str {
        &self.original
    }

    /// Masterminds `Compare`: the three numbers, then a version with a pre-release below one
    /// without, then the pre-release identifiers one by one; metadata never counts.
    pub fn compare(&self, other: &Version) -> Ordering {
        self.major
            .cmp(&other.major)
            .then(self.minor.cmp(&other.minor))
            .then(self.patch.cmp(&other.patch))
            .then_with(|| match (self.pre.is_empty(), other.pre.is_empty()) {
                (true, true) => Ordering::Equal,
                (true, false) => Ordering::Greater,
                (false, true) => Ordering::Less,
                (false, false) => compare_prerelease(&self.pre, &other.pre),
            })
    }

    /// Masterminds `LessThan`: below `other` by [`Version::compare`].
    pub fn less_than(&self, other: &Version) -> bool {
        self.compare(other) == Ordering::Less
    }

    /// Masterminds `GreaterThan`: above `other` by [`Version::compare`].
    pub fn greater_than(&self, other: &Version) -> bool {
        self.compare(other) == Ordering::Greater
    }

    /// Masterminds `Equal`: equal by [`Version::compare`], so metadata is ignored.
    pub fn equal(&self, other: &Version) -> bool {
        self.compare(other) == Ordering::Equal
    }
}

impl fmt::Display for Version {
    /// `MAJOR.MINOR.PATCH[-pre][+metadata]`, without any `v` the original had.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}.{}", self.major, self.minor, self.patch)?;
        if !self.pre.is_empty() {
            write!(f, "-{}", self.pre)?;
        }
        if !self.metadata.is_empty() {
            write!(f, "+{}", self.metadata)?;
        }
        Ok(())
    }
}

impl From<&crate::semver::Version> for Version {
    /// What operator-controller's `NewVersionRange` hands to Masterminds for a bundle version:
    /// `New(major, minor, patch, strings.Join(pre, "."), strings.Join(build, "."))`.
    fn from(v: &crate::semver::Version) -> Version {
        let pre: Vec<String> = v.pre.iter().map(|p| p.to_string()).collect();
        Version::new(
            v.major,
            v.minor,
            v.patch,
            &pre.join("."),
            &v.build.join("."),
        )
    }
}

/// Masterminds `comparePrerelease`: dot-separated parts compared one by one, a missing part
/// counting as the empty string.
pub(super) fn compare_prerelease(a: &str, b: &str) -> Ordering {
    let mut left = a.split('.');
    let mut right = b.split('.');
    loop {
        match (left.next(), right.next()) {
            (None, None) => return Ordering::Equal,
            (l, r) => {
                let d = compare_pre_part(l.unwrap_or(""), r.unwrap_or(""));
                if d != Ordering::Equal {
                    return d;
                }
            }
        }
    }
}

/// Masterminds `comparePrePart`, quirks included: parts that parse as unsigned 64-bit numbers
/// compare as numbers and sort below the others, which compare bytewise; two different texts
/// of the same number (`01`, `1`) never compare equal.
fn compare_pre_part(s: &str, o: &str) -> Ordering {
    if s == o {
        return Ordering::Equal;
    }
    if s.is_empty() {
        return Ordering::Less;
    }
    if o.is_empty() {
        return Ordering::Greater;
    }
    match (parse_uint(s), parse_uint(o)) {
        (Err(_), Err(_)) => {
            if s.as_bytes() > o.as_bytes() {
                Ordering::Greater
            } else {
                Ordering::Less
            }
        }
        (Ok(_), Err(_)) => Ordering::Less,
        (Err(_), Ok(_)) => Ordering::Greater,
        (Ok(si), Ok(oi)) => {
            if si > oi {
                Ordering::Greater
            } else {
                Ordering::Less
            }
        }
    }
}
